import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Flex, Form, Result, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { domainsApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { useFoldersQuery } from '../../api/queries.ts';
import { usePeriodGate } from '../../components/periodGate.ts';
import { UpgradeNotice } from '../../components/UpgradeNotice.tsx';
import {
  domainKeys,
  domainsFull,
  useCustomDomains,
  useDomainsAccess,
} from '../../features/domains/useCustomDomains.ts';
import { isLocked, useAccountStore } from '../../stores/account.ts';
import { DomainCard, type Gate } from './DomainCard.tsx';
import { DomainField, normalisedOrTyped } from './DomainField.tsx';

/** The add form: one domain, checked as the server checks it before anything is sent. */
function AddDomain({ full, gate }: { full: boolean; gate: Gate }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ domain: string }>();
  const add = useMutation({
    mutationFn: (typed: string) => domainsApi.add({ domain: normalisedOrTyped(typed) }),
    onSuccess: async () => {
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: domainKeys.all });
      message.success(t('domains.added'));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.field === 'domain') {
        form.setFields([{ name: 'domain', errors: [errorText(error)] }]);
      } else message.error(errorText(error));
    },
  });
  return (
    <Form<{ domain: string }>
      form={form}
      name="domain-add"
      layout="vertical"
      requiredMark={false}
      className="domain-add"
      initialValues={{ domain: '' }}
      disabled={full}
      onFinish={({ domain }) => gate(() => add.mutate(domain))}
    >
      <Flex gap={8} align="start" wrap>
        <div style={{ flex: '1 1 280px', maxWidth: 480 }}>
          <DomainField label={t('domains.domain')} />
        </div>
        <Button
          type="primary"
          htmlType="submit"
          loading={add.isPending}
          data-testid="domain-add"
          className="domain-add-button"
        >
          {t('domains.add')}
        </Button>
      </Flex>
    </Form>
  );
}

/**
 * Custom domain (the console contract account/custom-domain): the account's own domains for watch pages and
 * embeds. Each is added, proven by a TXT record and routed by a CNAME, then verified or failed; it may be
 * retried, cancelled, removed or reset to a new domain (the old one serves until the new one is verified),
 * bound to a folder and given a favicon. "cnameCount above 0 enables custom domains, and VIP status is
 * needed to load the domain list"; from Frozen on the period gate asks to renew instead.
 */
export function CustomDomain() {
  const { t } = useTranslation();
  const account = useAccountStore((s) => s.account);
  const access = useDomainsAccess();
  const list = useCustomDomains();
  const folders = useFoldersQuery();
  const periodGate = usePeriodGate();
  const gate: Gate = (action) => (isLocked(account, 'customDomain') ? periodGate(action) : action());

  const title = <Typography.Title level={4}>{t('route.custom-domain')}</Typography.Title>;
  const intro = <Typography.Paragraph type="secondary">{t('domains.intro')}</Typography.Paragraph>;
  if (!access.known) return <Skeleton active />;
  if (!access.canList) {
    return (
      <div className="custom-domain-page">
        {title}
        {intro}
        <UpgradeNotice
          className="domains-upgrade"
          title={t('errors.domain_not_allowed')}
          action={t('domains.upgrade')}
        />
      </div>
    );
  }
  if (list.error) return <Result status="error" title={errorText(list.error)} />;
  if (!list.data) return <Skeleton active />;
  const { list: domains, cap } = list.data;
  const full = domainsFull(domains, cap);
  return (
    <div className="custom-domain-page">
      <Flex justify="space-between" align="center" wrap gap={8}>
        {title}
        <Typography.Text type="secondary" data-testid="domain-usage">
          {t('domains.usage', { used: domains.length, cap })}
        </Typography.Text>
      </Flex>
      {intro}
      {full && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('errors.domains_too_many')} />}
      <AddDomain full={full} gate={gate} />
      {domains.length === 0 ? (
        <Empty description={t('domains.empty')} />
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          {domains.map((domain) => (
            <DomainCard key={domain.id} domain={domain} all={domains} folders={folders.data ?? []} gate={gate} />
          ))}
        </Space>
      )}
    </div>
  );
}

import type { CustomDomain, Folder } from '@leadreel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Form, Modal, Popconfirm, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { domainsApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { useRowAction } from '../../api/queries.ts';
import { RemoveButton } from '../../components/RemoveButton.tsx';
import { displayDomain } from '../../features/domains/punycode.ts';
import { domainKeys } from '../../features/domains/useCustomDomains.ts';
import { ImagePick } from '../../features/images/ImagePick.tsx';
import { CopyButton } from '../../features/share/CopyButton.tsx';
import { formatDateMinute } from '../../format.ts';
import { DomainFailReasons } from './DomainFailReasons.tsx';
import { DomainField, normalisedOrTyped } from './DomainField.tsx';

/** Runs a user action, or asks to renew first when the plan's period closed custom domains. */
export type Gate = (action: () => void) => void;

const STATUS_COLORS = { verifying: 'processing', verified: 'success', fail: 'error' } as const;

type DnsRecord = { type: 'CNAME' | 'TXT'; name: string; value: string };

/** The two records the owner publishes: the CNAME that routes the domain here, the TXT that proves it is theirs. */
function RecordsTable({ domain }: { domain: CustomDomain }) {
  const { t } = useTranslation();
  const records: DnsRecord[] = [
    { type: 'CNAME', name: domain.cname, value: domain.cnameValue },
    { type: 'TXT', name: domain.txtName, value: domain.txtValue },
  ];
  const cell = (text: string, copy: string) => (
    <Flex gap={8} align="center" wrap>
      <Typography.Text code style={{ wordBreak: 'break-all' }}>
        {text}
      </Typography.Text>
      <CopyButton text={text} label={copy} size="small" />
    </Flex>
  );
  return (
    <Table<DnsRecord>
      className="domain-records"
      size="small"
      rowKey="type"
      pagination={false}
      dataSource={records}
      aria-label={t('domains.records')}
      columns={[
        { title: t('domains.recordType'), dataIndex: 'type', key: 'type', width: 90 },
        {
          title: t('domains.recordName'),
          key: 'name',
          render: (_, record) => cell(record.name, t('domains.copyName')),
        },
        {
          title: t('domains.recordValue'),
          key: 'value',
          render: (_, record) => cell(record.value, t('domains.copyValue')),
        },
      ]}
    />
  );
}

/** Reset: the new domain to verify in this one's place; this one keeps serving until then. */
function ResetModal({ domain, onClose }: { domain: CustomDomain; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ domain: string }>();
  const reset = useMutation({
    mutationFn: (typed: string) => domainsApi.reset({ id: domain.id, domain: normalisedOrTyped(typed) }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: domainKeys.all });
      message.success(t('domains.resetDone'));
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.field === 'domain') {
        form.setFields([{ name: 'domain', errors: [errorText(error)] }]);
      } else message.error(errorText(error));
    },
  });
  const shown = displayDomain(domain.cname);
  return (
    <Modal
      open
      title={t('domains.resetTitle', { domain: shown })}
      okText={t('domains.resetOk')}
      cancelText={t('domains.cancelDialog')}
      confirmLoading={reset.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('domains.resetHelp', { domain: shown })} />
      <Form<{ domain: string }>
        form={form}
        name={`domain-reset-${domain.id}`}
        layout="vertical"
        requiredMark={false}
        initialValues={{ domain: '' }}
        onFinish={({ domain: typed }) => reset.mutate(typed)}
      >
        <DomainField label={t('domains.resetNew')} autoFocus />
      </Form>
    </Modal>
  );
}

function StatusLine({ domain }: { domain: CustomDomain }) {
  const { t } = useTranslation();
  const parts = [
    domain.checkedAt === null
      ? t('domains.notChecked')
      : t('domains.checkedAt', { time: formatDateMinute(domain.checkedAt) }),
  ];
  if (domain.verifiedAt !== null) parts.push(t('domains.verifiedAt', { time: formatDateMinute(domain.verifiedAt) }));
  if (domain.status === 'verifying' && domain.nextCheckAt !== null) {
    parts.push(t('domains.nextCheckAt', { time: formatDateMinute(domain.nextCheckAt) }));
  }
  return (
    <Typography.Text type="secondary" data-testid="domain-checked">
      {parts.join(' · ')}
    </Typography.Text>
  );
}

/** One domain: its state, the records to publish, and what can be done with it. */
export function DomainCard({
  domain,
  all,
  folders,
  gate,
}: {
  domain: CustomDomain;
  all: CustomDomain[];
  folders: Folder[];
  gate: Gate;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [resetting, setResetting] = useState(false);
  const shown = displayDomain(domain.cname);
  const replaces = all.find((other) => other.id === domain.replacesId);
  const replacedBy = all.find((other) => other.replacesId === domain.id);
  const done = (text: string) => () => message.success(t(text));
  const retry = useRowAction(domainKeys.all, () => domainsApi.retry(domain.id), done('domains.retried'));
  const cancel = useRowAction(domainKeys.all, () => domainsApi.cancel(domain.id), done('domains.cancelled'));
  const remove = useRowAction(domainKeys.all, () => domainsApi.remove(domain.id), done('domains.removed'));
  const bind = useRowAction(
    domainKeys.all,
    (folderId: string | null) => domainsApi.bindFolder({ id: domain.id, folderId }),
    done('domains.folderSaved'),
  );
  const favicon = async (image: string) => {
    await domainsApi.favicon({ id: domain.id, image });
    await queryClient.invalidateQueries({ queryKey: domainKeys.all });
    message.success(t('domains.faviconSaved'));
  };

  return (
    <Card
      className="domain-card"
      data-testid="domain-card"
      title={
        <Flex gap={8} align="center" wrap>
          <span className="domain-name">{shown}</span>
          {shown !== domain.cname && <Typography.Text type="secondary">({domain.cname})</Typography.Text>}
          <Tag color={STATUS_COLORS[domain.status]} data-testid="domain-status">
            {t(`domains.status.${domain.status}`)}
          </Tag>
          {domain.active && <Tag color="green">{t('domains.active')}</Tag>}
        </Flex>
      }
      extra={
        <Flex gap={8} wrap justify="end">
          {/* docs/product.md: "Retrying a verifying or failed domain checks it at once". */}
          {domain.status !== 'verified' && (
            <Button size="small" loading={retry.isPending} onClick={() => gate(() => retry.mutate())}>
              {t(domain.status === 'fail' ? 'domains.retry' : 'domains.checkNow')}
            </Button>
          )}
          {/* Cancelling, like removing, stays open in every period: it only gives something up. */}
          {domain.status === 'verifying' && (
            <Popconfirm
              title={t('domains.cancelConfirm')}
              okText={t('domains.cancel')}
              cancelText={t('domains.cancelDialog')}
              onConfirm={() => cancel.mutate()}
            >
              <Button size="small" loading={cancel.isPending}>
                {t('domains.cancel')}
              </Button>
            </Popconfirm>
          )}
          {!replacedBy && (
            <Button size="small" onClick={() => gate(() => setResetting(true))}>
              {t('domains.reset')}
            </Button>
          )}
          <RemoveButton
            title={t('domains.removeConfirm', { domain: shown })}
            label={t('domains.remove')}
            cancelText={t('domains.cancelDialog')}
            onConfirm={() => remove.mutate()}
            loading={remove.isPending}
          />
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        {replaces && (
          <Alert type="info" showIcon title={t('domains.replaces', { domain: displayDomain(replaces.cname) })} />
        )}
        {replacedBy && (
          <Alert type="info" showIcon title={t('domains.replacedBy', { domain: displayDomain(replacedBy.cname) })} />
        )}
        {domain.status === 'fail' && domain.failReasons.length > 0 && (
          <Alert
            type="error"
            showIcon
            title={t('domains.failReason')}
            description={<DomainFailReasons reasons={domain.failReasons} />}
          />
        )}
        {/* The records stay on show once verified: the domain is checked again daily and must keep them. */}
        <RecordsTable domain={domain} />
        {domain.status !== 'verified' && (
          <Flex vertical gap={4}>
            <Typography.Text type="secondary" className="domain-propagation">
              {t('domains.propagation')}
            </Typography.Text>
            <Typography.Text type="secondary">{t('domains.apexNote')}</Typography.Text>
          </Flex>
        )}
        <StatusLine domain={domain} />
        <div className="domain-settings">
          <Form layout="vertical" requiredMark={false}>
            <Form.Item label={t('domains.folder')} extra={t('domains.folderHelp')} htmlFor={`folder-${domain.id}`}>
              <Select<string>
                id={`folder-${domain.id}`}
                aria-label={t('domains.folder')}
                allowClear
                placeholder={t('domains.noFolder')}
                value={domain.folderId ?? undefined}
                loading={bind.isPending}
                options={folders.map((folder) => ({ value: folder.folderId, label: folder.name }))}
                onChange={(folderId) => gate(() => bind.mutate(folderId ?? null))}
                style={{ maxWidth: 320 }}
              />
            </Form.Item>
            <Form.Item label={t('domains.favicon')} extra={t('domains.faviconHelp')}>
              <Flex gap={12} align="center">
                {domain.faviconUrl && (
                  <img className="domain-favicon" src={domain.faviconUrl} alt={t('domains.favicon')} width={32} />
                )}
                <ImagePick
                  label={t('domains.uploadFavicon')}
                  testId="domain-favicon-input"
                  gate={gate}
                  upload={({ base64 }) => favicon(base64)}
                />
              </Flex>
            </Form.Item>
          </Form>
        </div>
      </Flex>
      {resetting && <ResetModal domain={domain} onClose={() => setResetting(false)} />}
    </Card>
  );
}

import { API_KEY_NAME_MAX, API_KEYS_MAX, type ApiKey, type ApiKeyWithSecret } from '@leadreel/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Result,
  Skeleton,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { apiKeysApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { domainKey } from '../../api/keys.ts';
import { useRowAction } from '../../api/queries.ts';
import { RemoveButton } from '../../components/RemoveButton.tsx';
import { UpgradeNotice } from '../../components/UpgradeNotice.tsx';
import { CopyButton } from '../../features/share/CopyButton.tsx';
import { formatDate, formatDateMinute } from '../../format.ts';

const keys = { all: domainKey('api keys') };

/** Asks the new key's name, makes it, and hands its secret over to be shown once. */
function CreateModal({ onClose, onCreated }: { onClose: () => void; onCreated: (key: ApiKeyWithSecret) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string }>();
  const create = useMutation({
    mutationFn: (name: string) => apiKeysApi.create({ name }),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: keys.all });
      onCreated(created);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.field === 'name') {
        form.setFields([{ name: 'name', errors: [errorText(error)] }]);
      } else message.error(errorText(error));
    },
  });
  return (
    <Modal
      open
      title={t('apiKeys.createTitle')}
      okText={t('apiKeys.createOk')}
      cancelText={t('apiKeys.cancel')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<{ name: string }>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ name: '' }}
        onFinish={({ name }) => create.mutate(name.trim())}
      >
        <Form.Item
          name="name"
          label={t('apiKeys.name')}
          extra={t('apiKeys.nameHelp')}
          rules={[
            { required: true, whitespace: true, message: t('errors.api_key_name_required') },
            { max: API_KEY_NAME_MAX, message: t('errors.api_key_name_too_long') },
          ]}
        >
          <Input placeholder={t('apiKeys.namePlaceholder')} maxLength={API_KEY_NAME_MAX} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The secret of a key just made or rotated: shown this once, with copy. */
function SecretModal({ apiKey, onClose }: { apiKey: ApiKeyWithSecret; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('apiKeys.secretTitle', { name: apiKey.name })}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('apiKeys.done')}
        </Button>
      }
    >
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('apiKeys.secretWarning')} />
      <Flex gap={8} align="center" wrap>
        <Typography.Text code data-testid="api-key-secret" style={{ wordBreak: 'break-all' }}>
          {apiKey.secret}
        </Typography.Text>
        <CopyButton text={apiKey.secret} label={t('apiKeys.copySecret')} type="primary" />
      </Flex>
    </Modal>
  );
}

/** One key's Rotate and Revoke, each after its confirm; Rotate only while the plan allows keys. */
function KeyActions({
  apiKey,
  allowed,
  onSecret,
}: {
  apiKey: ApiKey;
  allowed: boolean;
  onSecret: (key: ApiKeyWithSecret) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rotate = useRowAction(keys.all, () => apiKeysApi.rotate(apiKey.id), onSecret);
  const revoke = useRowAction(
    keys.all,
    () => apiKeysApi.revoke(apiKey.id),
    () => message.success(t('apiKeys.revoked')),
  );
  return (
    <Flex gap={8} wrap>
      {allowed && (
        <Popconfirm
          title={t('apiKeys.rotateConfirm')}
          okText={t('apiKeys.rotate')}
          cancelText={t('apiKeys.cancel')}
          onConfirm={() => rotate.mutate()}
        >
          <Button size="small" data-testid="api-key-rotate" loading={rotate.isPending}>
            {t('apiKeys.rotate')}
          </Button>
        </Popconfirm>
      )}
      <RemoveButton
        title={t('apiKeys.revokeConfirm')}
        label={t('apiKeys.revoke')}
        cancelText={t('apiKeys.cancel')}
        onConfirm={() => revoke.mutate()}
        loading={revoke.isPending}
        testId="api-key-revoke"
      />
    </Flex>
  );
}

/**
 * API access (the console contract account/api-access): the account's keys for the public API, made,
 * rotated and revoked here. A secret is shown once, when made or rotated. A plan without canUseApiKey
 * sees the upgrade notice instead, and may still revoke keys made before.
 */
export function ApiAccess() {
  const { t, i18n } = useTranslation();
  const list = useQuery({ queryKey: keys.all, queryFn: apiKeysApi.list });
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<ApiKeyWithSecret | null>(null);

  if (list.error) return <Result status="error" title={errorText(list.error)} />;
  if (!list.data) return <Skeleton active />;
  const { allowed, list: apiKeys } = list.data;
  const full = apiKeys.length >= API_KEYS_MAX;
  const columns: TableColumnsType<ApiKey> = [
    { title: t('apiKeys.column.name'), dataIndex: 'name', key: 'name', ellipsis: true },
    {
      title: t('apiKeys.column.prefix'),
      key: 'prefix',
      render: (_, apiKey) => <Typography.Text code>{`${apiKey.prefix}…`}</Typography.Text>,
    },
    { title: t('apiKeys.column.created'), key: 'created', render: (_, apiKey) => formatDate(apiKey.createdAt) },
    {
      title: t('apiKeys.column.lastUsed'),
      key: 'lastUsed',
      render: (_, apiKey) => (apiKey.lastUsedAt === null ? t('apiKeys.never') : formatDateMinute(apiKey.lastUsedAt)),
    },
    {
      title: t('apiKeys.column.actions'),
      key: 'actions',
      render: (_, apiKey) => <KeyActions apiKey={apiKey} allowed={allowed} onSecret={setSecret} />,
    },
  ];
  return (
    <div className="api-access-page">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4}>{t('route.api-access')}</Typography.Title>
        {allowed && (
          <Button type="primary" data-testid="api-key-create" disabled={full} onClick={() => setCreating(true)}>
            {t('apiKeys.create')}
          </Button>
        )}
      </Flex>
      <Typography.Paragraph type="secondary">{t('apiKeys.intro')}</Typography.Paragraph>
      {/* The console and the API share one origin, so this page's origin is the API's. */}
      <Typography.Paragraph>
        <Typography.Text type="secondary">
          {t('apiKeys.endpoint', { baseUrl: `${window.location.origin}/api/v1` })}
        </Typography.Text>{' '}
        {/* The reference in the console's language: Scalar's own words in Chinese at /docs/zh. */}
        <Typography.Link
          href={i18n.language === 'zh_CN' ? '/api/v1/docs/zh' : '/api/v1/docs'}
          target="_blank"
          rel="noopener"
        >
          {t('apiKeys.reference')}
        </Typography.Link>
      </Typography.Paragraph>
      {!allowed && (
        <UpgradeNotice
          className="api-keys-upgrade"
          style={{ marginBottom: 16 }}
          title={t('errors.api_key_not_allowed')}
          action={t('apiKeys.upgrade')}
        />
      )}
      {allowed && full && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('errors.api_keys_too_many')} />
      )}
      {(allowed || apiKeys.length > 0) && (
        <Table<ApiKey>
          rowKey="id"
          aria-label={t('route.api-access')}
          columns={columns}
          dataSource={apiKeys}
          pagination={false}
          locale={{ emptyText: <Empty description={t('apiKeys.empty')} /> }}
        />
      )}
      {creating && <CreateModal onClose={() => setCreating(false)} onCreated={setSecret} />}
      {secret && <SecretModal apiKey={secret} onClose={() => setSecret(null)} />}
    </div>
  );
}

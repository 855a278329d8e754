import {
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
  type WebhookWithSecret,
} from '@leadreel/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Result,
  Skeleton,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { webhooksApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { domainKey, routeKey } from '../../api/keys.ts';
import { useRowAction } from '../../api/queries.ts';
import { UpgradeNotice } from '../../components/UpgradeNotice.tsx';
import { CopyButton } from '../../features/share/CopyButton.tsx';
import { formatDateSecond } from '../../format.ts';
import { i18n } from '../../i18n/index.ts';

/**
 * A new endpoint's events: what viewers do (leads, clicks). The ends of viewings, which come one per play,
 * and the owner's own videos becoming playable and ready are asked for.
 */
const DEFAULT_EVENTS: WebhookEvent[] = ['lead.created', 'contact.clicked'];

const LOG_PAGE_SIZE = 10;
const keys = {
  all: domainKey('webhooks'),
  list: routeKey('webhooks.list'),
  log: (id: string, page: number) => routeKey('webhooks.deliveries', { id, page, pageSize: LOG_PAGE_SIZE }),
};

type EndpointForm = { url: string; events: WebhookEvent[]; enabled: boolean };

/** How a delivery ended, in words: the HTTP status, or why there was none. */
function outcome(delivery: WebhookDelivery) {
  if (delivery.error) return i18n.t(`webhooks.error.${delivery.error}`);
  return delivery.statusCode === null ? '—' : `HTTP ${delivery.statusCode}`;
}

function StateTag({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  const color = { delivered: 'green', failed: 'red', pending: 'gold' }[delivery.status];
  return <Tag color={color}>{t(`webhooks.state.${delivery.status}`)}</Tag>;
}

/** One endpoint's deliveries, newest first: time, event, answer, attempts, state. */
function DeliveryLog({ endpointId }: { endpointId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const resend = useMutation({
    mutationFn: (delivery: WebhookDelivery) => webhooksApi.redeliver(delivery.id),
    onSuccess: (sent) => {
      if (sent.status === 'delivered') message.success(t('webhooks.resent', { result: outcome(sent) }));
      else message.error(t('webhooks.resendFailed', { result: outcome(sent) }));
      return queryClient.invalidateQueries({ queryKey: keys.all });
    },
    // Braces: antd's message is a thenable the mutation would wait on until the toast closes.
    onError: (error) => {
      message.error(errorText(error));
    },
  });
  const log = useQuery({
    queryKey: keys.log(endpointId, page),
    queryFn: () => webhooksApi.deliveries(endpointId, page, LOG_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const columns: TableColumnsType<WebhookDelivery> = [
    { title: t('webhooks.log.time'), key: 'time', render: (_, delivery) => formatDateSecond(delivery.createdAt) },
    { title: t('webhooks.log.event'), key: 'event', render: (_, delivery) => <code>{delivery.event}</code> },
    { title: t('webhooks.log.result'), key: 'result', render: (_, delivery) => outcome(delivery) },
    { title: t('webhooks.log.attempts'), dataIndex: 'attempts', key: 'attempts', width: 100 },
    {
      title: t('webhooks.log.state'),
      key: 'state',
      width: 120,
      render: (_, delivery) => <StateTag delivery={delivery} />,
    },
    {
      title: '',
      key: 'resend',
      width: 100,
      // A pending delivery is still being retried by the queue.
      render: (_, delivery) =>
        delivery.status !== 'pending' && (
          <Button
            size="small"
            type="link"
            data-testid="webhook-resend"
            loading={resend.isPending && resend.variables?.id === delivery.id}
            onClick={() => resend.mutate(delivery)}
          >
            {t('webhooks.resend')}
          </Button>
        ),
    },
  ];
  return (
    <Table<WebhookDelivery>
      size="small"
      className="webhook-log"
      aria-label={t('webhooks.log.title')}
      rowKey="id"
      loading={log.isLoading}
      columns={columns}
      dataSource={log.data?.list ?? []}
      locale={{ emptyText: t('webhooks.log.empty') }}
      pagination={{
        current: page,
        pageSize: LOG_PAGE_SIZE,
        total: log.data?.total ?? 0,
        hideOnSinglePage: true,
        onChange: setPage,
      }}
    />
  );
}

/** Adds or edits an endpoint: its URL, the events it receives, whether it is on. */
function EndpointModal({
  editing,
  onClose,
  onCreated,
}: {
  editing: WebhookEndpoint | 'new';
  onClose: () => void;
  onCreated: (created: WebhookWithSecret) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<EndpointForm>();
  const save = useMutation({
    mutationFn: (values: EndpointForm) =>
      editing === 'new' ? webhooksApi.create(values) : webhooksApi.update({ id: editing.id, ...values }),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: keys.list });
      message.success(t('webhooks.saved'));
      if ('secret' in saved) onCreated(saved as WebhookWithSecret);
      onClose();
    },
    onError: (error) => {
      const field = error instanceof ApiError ? error.field?.split('.')[0] : undefined;
      if (field === 'url' || field === 'events') form.setFields([{ name: field, errors: [errorText(error)] }]);
      else message.error(errorText(error));
    },
  });
  const initial: EndpointForm =
    editing === 'new'
      ? { url: '', events: [...DEFAULT_EVENTS], enabled: true }
      : { url: editing.url, events: editing.events, enabled: editing.enabled };
  return (
    <Modal
      open
      title={editing === 'new' ? t('webhooks.addTitle') : t('webhooks.editTitle')}
      okText={t('webhooks.save')}
      cancelText={t('webhooks.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<EndpointForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initial}
        onFinish={(values) => save.mutate({ ...values, url: values.url.trim() })}
      >
        <Form.Item
          name="url"
          label={t('webhooks.url')}
          extra={t('webhooks.urlHelp')}
          rules={[{ required: true, whitespace: true, message: t('errors.webhook_url_invalid') }]}
        >
          <Input placeholder="https://hooks.example.com/leadreel" maxLength={WEBHOOK_URL_MAX} />
        </Form.Item>
        <Form.Item
          name="events"
          label={t('webhooks.events')}
          rules={[{ required: true, type: 'array', min: 1, message: t('errors.webhook_events_required') }]}
        >
          <Checkbox.Group
            options={WEBHOOK_EVENTS.map((event) => ({
              value: event,
              label: t(`webhooks.event.${event.replace('.', '_')}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('webhooks.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The signing secret, shown once after it is made. */
function SecretModal({ secret, onClose }: { secret: WebhookWithSecret; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('webhooks.secretTitle')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('webhooks.done')}
        </Button>
      }
    >
      <Typography.Paragraph>{t('webhooks.secretHelp')}</Typography.Paragraph>
      <Flex gap={8} align="center" wrap>
        <Typography.Text code data-testid="webhook-secret">
          {secret.secret}
        </Typography.Text>
        <CopyButton text={secret.secret} label={t('webhooks.copySecret')} />
      </Flex>
    </Modal>
  );
}

function EndpointCard({
  endpoint,
  onEdit,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  onEdit: () => void;
  onSecret: (secret: WebhookWithSecret) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [tested, setTested] = useState<WebhookDelivery | null>(null);
  const test = useRowAction(keys.all, () => webhooksApi.sendTest(endpoint.id), setTested);
  const roll = useRowAction(keys.all, () => webhooksApi.rollSecret(endpoint.id), onSecret);
  const remove = useRowAction(
    keys.all,
    () => webhooksApi.remove(endpoint.id),
    () => message.success(t('webhooks.deleted')),
  );
  return (
    <Card
      className="webhook-endpoint"
      data-testid="webhook-endpoint"
      title={
        <Typography.Text code ellipsis={{ tooltip: endpoint.url }}>
          {endpoint.url}
        </Typography.Text>
      }
      extra={
        <Tag color={endpoint.enabled ? 'green' : 'default'}>
          {endpoint.enabled ? t('webhooks.on') : t('webhooks.off')}
        </Tag>
      }
    >
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        {endpoint.events.map((event) => (
          <Tag key={event}>{event}</Tag>
        ))}
        <Typography.Text type="secondary">{t('webhooks.secretHint', { hint: endpoint.secretHint })}</Typography.Text>
      </Flex>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Button type="primary" data-testid="webhook-send-test" loading={test.isPending} onClick={() => test.mutate()}>
          {t('webhooks.sendTest')}
        </Button>
        <Button data-testid="webhook-edit" onClick={onEdit}>
          {t('webhooks.edit')}
        </Button>
        <Popconfirm
          title={t('webhooks.rollConfirm')}
          okText={t('webhooks.roll')}
          cancelText={t('webhooks.cancel')}
          onConfirm={() => roll.mutate()}
        >
          <Button data-testid="webhook-roll-secret" loading={roll.isPending}>
            {t('webhooks.roll')}
          </Button>
        </Popconfirm>
        <Popconfirm
          title={t('webhooks.deleteConfirm')}
          okText={t('webhooks.delete')}
          okButtonProps={{ danger: true }}
          cancelText={t('webhooks.cancel')}
          onConfirm={() => remove.mutate()}
        >
          <Button danger data-testid="webhook-delete" loading={remove.isPending}>
            {t('webhooks.delete')}
          </Button>
        </Popconfirm>
      </Flex>
      {tested && (
        <Alert
          className="webhook-test-result"
          data-testid="webhook-test-result"
          style={{ marginBottom: 12 }}
          showIcon
          type={tested.status === 'delivered' ? 'success' : 'error'}
          title={t(tested.status === 'delivered' ? 'webhooks.testDelivered' : 'webhooks.testFailed', {
            result: outcome(tested),
          })}
        />
      )}
      <Typography.Title level={5}>{t('webhooks.log.title')}</Typography.Title>
      <DeliveryLog endpointId={endpoint.id} />
    </Card>
  );
}

/**
 * Webhooks: endpoints that receive signed POSTs when a lead arrives or a viewer clicks a
 * contact button, with a test event and each endpoint's delivery log. A paid plan's: webhooks carry the
 * lead details Free masks, so a Free account sees the upgrade notice.
 */
export function Webhooks() {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: keys.list, queryFn: webhooksApi.list });
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [secret, setSecret] = useState<WebhookWithSecret | null>(null);

  if (list.error) return <Result status="error" title={errorText(list.error)} />;
  if (!list.data) return <Skeleton active />;
  const { allowed, list: endpoints } = list.data;
  return (
    <div className="webhooks-page">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4}>{t('route.webhooks')}</Typography.Title>
        <Button type="primary" data-testid="webhook-add" disabled={!allowed} onClick={() => setEditing('new')}>
          {t('webhooks.add')}
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary">{t('webhooks.intro')}</Typography.Paragraph>
      {!allowed && (
        <UpgradeNotice
          className="webhooks-upgrade"
          style={{ marginBottom: 16 }}
          title={t('errors.webhooks_not_allowed')}
          action={t('webhooks.upgrade')}
        />
      )}
      {endpoints.length === 0 ? (
        <Empty description={t('webhooks.empty')} />
      ) : (
        <Flex vertical gap={16}>
          {endpoints.map((endpoint) => (
            <EndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              onEdit={() => setEditing(endpoint)}
              onSecret={setSecret}
            />
          ))}
        </Flex>
      )}
      {editing && <EndpointModal editing={editing} onClose={() => setEditing(null)} onCreated={setSecret} />}
      {secret && <SecretModal secret={secret} onClose={() => setSecret(null)} />}
    </div>
  );
}

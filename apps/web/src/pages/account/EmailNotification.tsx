import type { NoticeEmail, NotificationSettings } from '@leadreel/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Form, Input, Skeleton, Space, Switch, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { routeKey } from '../../api/keys.ts';
import { isLocked, useAccountStore } from '../../stores/account.ts';
import { SendCodeButton } from '../auth/SendCodeButton.tsx';

const keys = { notice: routeKey('account.noticeEmail'), settings: routeKey('account.notification') };

/** Email notifications stop from Frozen on, and their settings are read-only then (docs/product.md). */
const useNotificationsLocked = () =>
  isLocked(
    useAccountStore((s) => s.account),
    'emailNotifications',
  );

/** Where lead mail goes: the sign-in email until another address is proved with a code mailed to it. */
function NoticeEmailCard() {
  const locked = useNotificationsLocked();
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ email: string; code: string }>();
  const notice = useQuery({ queryKey: keys.notice, queryFn: accountApi.noticeEmail });
  const [editing, setEditing] = useState(false);
  const change = useMutation({
    mutationFn: (body: { email: string; code?: string }) => accountApi.changeNoticeEmail(body),
    onSuccess: (data: NoticeEmail) => {
      queryClient.setQueryData(keys.notice, data);
      message.success(t('notifications.noticeChanged', { email: data.noticeEmail }));
      form.resetFields();
      setEditing(false);
    },
    // Braces: antd's message is a thenable the mutation would wait on until the toast closes.
    onError: (error) => {
      message.error(errorText(error));
    },
  });

  return (
    <Card title={t('notifications.noticeTitle')} style={{ maxWidth: 640 }}>
      <Typography.Paragraph type="secondary">{t('notifications.noticeHelp')}</Typography.Paragraph>
      {notice.data ? (
        <Flex gap={8} align="center" wrap style={{ marginBottom: editing ? 16 : 0 }} data-testid="notice-email">
          <Typography.Text strong>{notice.data.noticeEmail}</Typography.Text>
          {notice.data.isSignInEmail && <Tag>{t('notifications.signInEmail')}</Tag>}
          {!editing && !locked && (
            <Button type="link" onClick={() => setEditing(true)}>
              {t('notifications.change')}
            </Button>
          )}
          {!notice.data.isSignInEmail && !editing && !locked && (
            <Button
              type="link"
              loading={change.isPending}
              onClick={() => change.mutate({ email: notice.data.signInEmail })}
            >
              {t('notifications.useSignIn')}
            </Button>
          )}
        </Flex>
      ) : (
        <Skeleton active paragraph={{ rows: 1 }} />
      )}
      {editing && !locked && (
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => change.mutate({ email: values.email, code: values.code })}
        >
          <Form.Item
            name="email"
            label={t('notifications.newEmail')}
            rules={[
              { required: true, message: t('errors.email_required') },
              { type: 'email', message: t('errors.email_invalid') },
            ]}
          >
            <Input type="email" autoComplete="email" maxLength={254} />
          </Form.Item>
          <Form.Item label={t('auth.code')} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item
                name="code"
                noStyle
                rules={[{ required: true, pattern: /^\d{6}$/, message: t('errors.code_incomplete') }]}
              >
                <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" aria-label={t('auth.code')} />
              </Form.Item>
              <SendCodeButton form={form} send={(email) => accountApi.noticeEmailCode({ email })} />
            </Space.Compact>
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={change.isPending}>
              {t('notifications.confirm')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setEditing(false);
              }}
            >
              {t('notifications.cancel')}
            </Button>
          </Space>
        </Form>
      )}
    </Card>
  );
}

/** Which events mail the account (the console contract global-settings email-notification). */
function EventsCard() {
  const { t } = useTranslation();
  const locked = useNotificationsLocked();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: keys.settings, queryFn: accountApi.notification });
  const [draft, setDraft] = useState<NotificationSettings | null>(null);
  useEffect(() => {
    if (settings.data) setDraft(settings.data);
  }, [settings.data]);
  const save = useMutation({
    mutationFn: accountApi.saveNotification,
    onSuccess: (data) => {
      queryClient.setQueryData(keys.settings, data);
      message.success(t('notifications.saved'));
    },
    // Braces: antd's message is a thenable the mutation would wait on until the toast closes.
    onError: (error) => {
      message.error(errorText(error));
    },
  });
  if (!draft) return <Skeleton active />;
  const row = (key: keyof NotificationSettings, title: string, help: string) => (
    <Flex gap={16} align="start" style={{ marginBottom: 16 }}>
      <Switch
        checked={draft[key]}
        disabled={locked}
        onChange={(checked) => setDraft({ ...draft, [key]: checked })}
        aria-label={title}
      />
      <div>
        <Typography.Text strong>{title}</Typography.Text>
        <br />
        <Typography.Text type="secondary">{help}</Typography.Text>
      </div>
    </Flex>
  );
  return (
    <Card title={t('notifications.eventsTitle')} style={{ maxWidth: 640 }}>
      {row('newLead', t('notifications.newLead'), t('notifications.newLeadHelp'))}
      {row('dailyDigest', t('notifications.digest'), t('notifications.digestHelp'))}
      <Button type="primary" loading={save.isPending} disabled={locked} onClick={() => save.mutate(draft)}>
        {t('notifications.save')}
      </Button>
    </Card>
  );
}

export function EmailNotification() {
  const { t } = useTranslation();
  const locked = useNotificationsLocked();
  return (
    <Flex vertical gap={16}>
      {locked && <Alert type="warning" showIcon style={{ maxWidth: 640 }} title={t('notifications.locked')} />}
      <NoticeEmailCard />
      <EventsCard />
    </Flex>
  );
}

import { DELETION_NOTE_MAX, DELETION_REASONS, type DeletionReason } from '@leadreel/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, Flex, Form, Input, Radio, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { routeKey } from '../../api/keys.ts';
import { formatDate } from '../../format.ts';

const key = routeKey('account.deletion');

type Values = { reason?: DeletionReason; note: string; agreed: boolean; phrase: string };

/**
 * delete-account and its confirmation dialog; the console contract "reason, agreement, typed confirmation, then a
 * submitted request"; the console contract "requires ticking the agreement and typing a confirmation phrase". While a
 * deletion is pending (signing in during the grace period leads here) the page offers to cancel it.
 */
export function DeleteAccount() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [done, setDone] = useState<number | null>(null);
  const deletion = useQuery({ queryKey: key, queryFn: accountApi.deletion });
  const values = Form.useWatch([], form);
  const phrase = deletion.data?.phrase ?? '';
  // The server compares the same way (case and surrounding spaces aside); this only enables the button.
  const ready =
    Boolean(values?.reason) &&
    values?.agreed === true &&
    (values?.phrase ?? '').trim().toLowerCase() === phrase.toLowerCase();

  const request = useMutation({
    mutationFn: accountApi.requestDeletion,
    onSuccess: (data) => {
      // The request revoked every session, this one too: the next call answers 403 and leads to the sign-in.
      setDone(data.deleteAfter);
    },
    onError: (error) => {
      message.error(errorText(error));
    },
  });
  const cancel = useMutation({
    mutationFn: accountApi.cancelDeletion,
    onSuccess: (data) => {
      queryClient.setQueryData(key, data);
      // Every query that failed while the account was locked is asked again.
      void queryClient.invalidateQueries();
      message.success(t('deleteAccount.cancelled'));
    },
    onError: (error) => {
      message.error(errorText(error));
    },
  });

  const submit = (fields: Values) => {
    if (!deletion.data) return;
    const date = formatDate(Date.now() + deletion.data.graceDays * 86_400_000);
    modal.confirm({
      title: t('deleteAccount.confirmTitle'),
      content: t('deleteAccount.confirmText', { date }),
      okText: t('deleteAccount.submit'),
      okButtonProps: { danger: true },
      width: 360,
      onOk: () =>
        request.mutate({
          reason: fields.reason as DeletionReason,
          note: fields.note ?? '',
          agreed: true,
          phrase: fields.phrase,
        }),
    });
  };

  if (done !== null) {
    return (
      <Card title={t('deleteAccount.title')} style={{ maxWidth: 640 }}>
        <Alert type="success" showIcon title={t('deleteAccount.requested', { date: formatDate(done * 1000) })} />
      </Card>
    );
  }
  if (!deletion.data) {
    return (
      <Card title={t('deleteAccount.title')} style={{ maxWidth: 640 }}>
        {deletion.isError ? (
          <Alert type="error" showIcon title={errorText(deletion.error)} />
        ) : (
          <Skeleton active paragraph={{ rows: 4 }} />
        )}
      </Card>
    );
  }
  if (deletion.data.pending) {
    return (
      <Card title={t('deleteAccount.title')} style={{ maxWidth: 640 }}>
        <Flex vertical gap={16} align="start">
          <Alert
            type="warning"
            showIcon
            title={t('deleteAccount.scheduled', { date: formatDate(deletion.data.deleteAfter * 1000) })}
            description={t('deleteAccount.scheduledHelp')}
          />
          <Button type="primary" loading={cancel.isPending} onClick={() => cancel.mutate()}>
            {t('deleteAccount.cancel')}
          </Button>
        </Flex>
      </Card>
    );
  }
  return (
    <Card title={t('deleteAccount.title')} style={{ maxWidth: 640 }}>
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ margin: 0 }}>{t('deleteAccount.intro')}</Typography.Paragraph>
        <Alert type="warning" showIcon title={t('deleteAccount.grace', { count: deletion.data.graceDays })} />
        <Alert
          type="info"
          showIcon
          title={t('deleteAccount.exportTitle')}
          description={
            <Flex vertical gap={8} align="start">
              <span>{t('deleteAccount.exportHelp')}</span>
              <Button href={deletion.data.exportUrl} target="_blank" rel="noopener">
                {t('deleteAccount.export')}
              </Button>
            </Flex>
          }
        />
        <Form form={form} layout="vertical" onFinish={submit} initialValues={{ note: '', agreed: false, phrase: '' }}>
          <Form.Item name="reason" label={t('deleteAccount.reason')}>
            <Radio.Group>
              <Flex vertical gap={4}>
                {DELETION_REASONS.map((reason) => (
                  <Radio key={reason} value={reason}>
                    {t(`deleteAccount.reasons.${reason}`)}
                  </Radio>
                ))}
              </Flex>
            </Radio.Group>
          </Form.Item>
          <Form.Item name="note" label={t('deleteAccount.note')}>
            <Input.TextArea maxLength={DELETION_NOTE_MAX} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
          <Form.Item name="agreed" valuePropName="checked">
            <Checkbox>{t('deleteAccount.agree')}</Checkbox>
          </Form.Item>
          <Form.Item name="phrase" label={t('deleteAccount.phrase', { phrase })}>
            <Input autoComplete="off" spellCheck={false} aria-label={t('deleteAccount.phrase', { phrase })} />
          </Form.Item>
          <Button type="primary" danger htmlType="submit" disabled={!ready} loading={request.isPending}>
            {t('deleteAccount.submit')}
          </Button>
        </Form>
      </Flex>
    </Card>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { authApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { queryKeys } from '../../api/queries.ts';
import { requiredPasswordRules } from '../auth/validation.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';

/** One form for change-password (old + new + confirm) and set-password (new + confirm). */
function PasswordForm({ mode }: { mode: 'change' | 'set' }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const submit = async (values: { oldPassword?: string; newPassword: string }) => {
    setBusy(true);
    try {
      if (mode === 'change') {
        await authApi.changePassword({ oldPassword: values.oldPassword ?? '', newPassword: values.newPassword });
        message.success(t('auth.changeDone'));
        form.resetFields();
      } else {
        await authApi.setPassword({ newPassword: values.newPassword });
        message.success(t('auth.setDone'));
        await queryClient.invalidateQueries({ queryKey: queryKeys.account });
        navigate('/account/change-password', { replace: true });
      }
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card style={{ maxWidth: 520 }}>
      {mode === 'set' && <Typography.Paragraph type="secondary">{t('auth.setSubtitle')}</Typography.Paragraph>}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        {mode === 'change' && (
          <Form.Item name="oldPassword" label={t('auth.oldPassword')} rules={requiredPasswordRules(t)}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        )}
        <NewPasswordFields
          name="newPassword"
          label={t('auth.newPassword')}
          confirmLabel={t('auth.confirmNewPassword')}
        />
        <Button type="primary" htmlType="submit" loading={busy}>
          {mode === 'change' ? t('auth.changeSubmit') : t('auth.setSubmit')}
        </Button>
      </Form>
    </Card>
  );
}

export const ChangePassword = () => <PasswordForm mode="change" />;
export const SetPassword = () => <PasswordForm mode="set" />;

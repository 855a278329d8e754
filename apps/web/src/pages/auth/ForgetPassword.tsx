import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { authApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { PublicFooter, PublicShell } from './PublicShell.tsx';
import { emailRules } from './validation.ts';

export function ForgetPassword() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const submit = async ({ email }: { email: string }) => {
    setBusy(true);
    try {
      await authApi.findPassword({ email });
      message.success(t('auth.codeSent', { email }));
      navigate(`/reset-password?email=${encodeURIComponent(email)}`);
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicShell title={t('auth.forgetTitle')} subtitle={t('auth.forgetSubtitle')}>
      <Form layout="vertical" onFinish={submit} requiredMark={false} size="large">
        <Form.Item name="email" label={t('auth.email')} rules={emailRules(t)}>
          <Input autoComplete="email" placeholder={t('auth.emailPlaceholder')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('auth.sendResetCode')}
        </Button>
      </Form>
      <PublicFooter>
        <Link to="/login">{t('auth.backToLogin')}</Link>
      </PublicFooter>
    </PublicShell>
  );
}

import { App, Button, Divider, Form, Input } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { authApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { useEntryGuard, useSignedIn } from '../../app/session.ts';
import { usePublicConfig } from '../../app/useBrand.ts';
import { PublicFooter, PublicShell } from './PublicShell.tsx';
import { emailRules, requiredPasswordRules } from './validation.ts';

// Only when the server has Google sign-in configured: most sign-in screens never fetch it.
const GoogleButton = lazy(() => import('./GoogleButton.tsx').then((m) => ({ default: m.GoogleButton })));

export function Login() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const signedIn = useSignedIn();
  useEntryGuard();
  const config = usePublicConfig();

  const submit = async (values: { email: string; password: string }) => {
    setBusy(true);
    try {
      const { accessToken } = await authApi.login(values);
      signedIn(accessToken);
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicShell title={t('auth.signInTitle')} subtitle={t('auth.signInSubtitle')}>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} size="large">
        <Form.Item name="email" label={t('auth.email')} rules={emailRules(t)}>
          <Input autoComplete="email" placeholder={t('auth.emailPlaceholder')} />
        </Form.Item>
        <Form.Item name="password" label={t('auth.password')} rules={requiredPasswordRules(t)}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <div style={{ textAlign: 'right', marginTop: -12, marginBottom: 16 }}>
          <Link to="/forget-password">{t('auth.forgot')}</Link>
        </div>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('auth.signIn')}
        </Button>
      </Form>
      {config?.googleClientId && (
        <>
          <Divider plain>{t('auth.or')}</Divider>
          <Suspense fallback={null}>
            <GoogleButton clientId={config.googleClientId} />
          </Suspense>
        </>
      )}
      <PublicFooter>
        {t('auth.noAccount')} <Link to="/register">{t('auth.createAccount')}</Link>
      </PublicFooter>
    </PublicShell>
  );
}

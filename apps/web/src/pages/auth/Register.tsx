import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { authApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { useEntryGuard, useSignedIn } from '../../app/session.ts';
import { CodeField, NewPasswordFields } from './fields.tsx';
import { PublicFooter, PublicShell } from './PublicShell.tsx';
import { emailRules } from './validation.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function Register() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const signedIn = useSignedIn();
  useEntryGuard();
  const ref = params.get('ref') ?? undefined;

  const submit = async (values: { email: string; code: string; password: string }) => {
    setBusy(true);
    try {
      const answer = await authApi.signup({
        email: values.email,
        code: values.code,
        password: values.password,
        ref: ref && UUID.test(ref) ? ref : undefined,
      });
      signedIn(answer.accessToken, true);
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicShell title={t('auth.registerTitle')} subtitle={t('auth.registerSubtitle')}>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} size="large">
        <Form.Item name="email" label={t('auth.email')} rules={emailRules(t)}>
          <Input autoComplete="email" placeholder={t('auth.emailPlaceholder')} />
        </Form.Item>
        <CodeField form={form} scene="signup" />
        <NewPasswordFields name="password" label={t('auth.password')} confirmLabel={t('auth.confirmPassword')} />
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('auth.register')}
        </Button>
      </Form>
      <PublicFooter>
        {t('auth.haveAccount')} <Link to="/login">{t('auth.signIn')}</Link>
      </PublicFooter>
    </PublicShell>
  );
}

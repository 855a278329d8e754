import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { CodeField, NewPasswordFields } from './fields.tsx';
import { PublicFooter, PublicShell } from './PublicShell.tsx';
import { emailRules } from './validation.ts';

export function ResetPassword() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);

  const submit = async (values: { email: string; code: string; password: string }) => {
    setBusy(true);
    try {
      await authApi.resetPassword({ email: values.email, code: values.code, password: values.password });
      message.success(t('auth.resetDone'));
      navigate('/login', { replace: true });
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicShell title={t('auth.resetTitle')}>
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        size="large"
        initialValues={{ email: params.get('email') ?? '' }}
      >
        <Form.Item name="email" label={t('auth.email')} rules={emailRules(t)}>
          <Input autoComplete="email" />
        </Form.Item>
        <CodeField form={form} scene="reset" />
        <NewPasswordFields name="password" label={t('auth.newPassword')} confirmLabel={t('auth.confirmNewPassword')} />
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('auth.resetSubmit')}
        </Button>
      </Form>
      <PublicFooter>
        <Link to="/login">{t('auth.backToLogin')}</Link>
      </PublicFooter>
    </PublicShell>
  );
}

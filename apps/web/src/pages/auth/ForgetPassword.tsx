import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { authApi } from '../../api/endpoints.ts';
import { EmailField, FormNotice, type Notice, SubmitButton, useFields } from './form.tsx';
import { PublicFooter, PublicShell } from './PublicShell.tsx';
import { emailCheck } from './validation.ts';

export function ForgetPassword() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const form = useFields({ email: emailCheck });

  const submit = async ({ email }: { email: string }) => {
    setBusy(true);
    setNotice(null);
    try {
      await authApi.findPassword({ email });
      const sent: Notice = { success: 'auth.codeSent', values: { email } };
      navigate(`/reset-password?email=${encodeURIComponent(email)}`, { state: { notice: sent } });
    } catch (error) {
      setNotice({ error });
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicShell title={t('auth.forgetTitle')} subtitle={t('auth.forgetSubtitle')}>
      <form className="auth-form" onSubmit={form.onSubmit(submit)} noValidate>
        <EmailField field={form.field('email')} />
        <FormNotice notice={notice} />
        <SubmitButton busy={busy}>{t('auth.sendResetCode')}</SubmitButton>
      </form>
      <PublicFooter>
        <Link to="/login">{t('auth.backToLogin')}</Link>
      </PublicFooter>
    </PublicShell>
  );
}

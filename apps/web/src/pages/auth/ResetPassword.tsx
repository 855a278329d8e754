import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../../api/endpoints.ts';
import { CODE_FORM_CHECKS, CODE_FORM_DEPENDENTS, CodeField, NewPasswordFields } from './CodeFields.tsx';
import { Field, FormNotice, type Notice, SubmitButton, useFields, useNotice } from './form.tsx';
import { PublicFooter, PublicShell } from './PublicShell.tsx';

export function ResetPassword() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useNotice();
  const form = useFields(CODE_FORM_CHECKS, {
    initial: { email: params.get('email') ?? '' },
    dependents: CODE_FORM_DEPENDENTS,
  });

  const submit = async (values: { email: string; code: string; password: string }) => {
    setBusy(true);
    setNotice(null);
    try {
      await authApi.resetPassword({ email: values.email, code: values.code, password: values.password });
      const done: Notice = { success: 'auth.resetDone' };
      navigate('/login', { replace: true, state: { notice: done } });
    } catch (error) {
      setNotice({ error });
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicShell title={t('auth.resetTitle')}>
      <form className="auth-form" onSubmit={form.onSubmit(submit)} noValidate>
        <Field label={t('auth.email')} field={form.field('email')} autoComplete="email" />
        <CodeField
          field={form.field('code')}
          scene="reset"
          email={async () => (await form.validate(['email']))?.email ?? null}
          onNotice={setNotice}
        />
        <NewPasswordFields
          password={form.field('password')}
          confirm={form.field('confirm')}
          label={t('auth.newPassword')}
          confirmLabel={t('auth.confirmNewPassword')}
        />
        <FormNotice notice={notice} />
        <SubmitButton busy={busy}>{t('auth.resetSubmit')}</SubmitButton>
      </form>
      <PublicFooter>
        <Link to="/login">{t('auth.backToLogin')}</Link>
      </PublicFooter>
    </PublicShell>
  );
}

import { UUID_PATTERN } from '@leadreel/shared/text';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { authApi } from '../../api/endpoints.ts';
import { useEntryGuard, useSignedIn } from '../../app/session.ts';
import { CODE_FORM_CHECKS, CODE_FORM_DEPENDENTS, CodeField, NewPasswordFields } from './CodeFields.tsx';
import { EmailField, FormNotice, type Notice, SubmitButton, useFields } from './form.tsx';
import { PublicFooter, PublicShell } from './PublicShell.tsx';

export function Register() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const signedIn = useSignedIn();
  useEntryGuard();
  const ref = params.get('ref') ?? undefined;
  const form = useFields(CODE_FORM_CHECKS, { dependents: CODE_FORM_DEPENDENTS });

  const submit = async (values: { email: string; code: string; password: string }) => {
    setBusy(true);
    setNotice(null);
    try {
      const answer = await authApi.signup({
        email: values.email,
        code: values.code,
        password: values.password,
        ref: ref && UUID_PATTERN.test(ref.toLowerCase()) ? ref.toLowerCase() : undefined,
      });
      signedIn(answer.accessToken, true);
    } catch (error) {
      setNotice({ error });
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicShell title={t('auth.registerTitle')} subtitle={t('auth.registerSubtitle')}>
      <form className="auth-form" onSubmit={form.onSubmit(submit)} noValidate>
        <EmailField field={form.field('email')} />
        <CodeField
          field={form.field('code')}
          scene="signup"
          email={async () => (await form.validate(['email']))?.email ?? null}
          onNotice={setNotice}
        />
        <NewPasswordFields
          password={form.field('password')}
          confirm={form.field('confirm')}
          label={t('auth.password')}
          confirmLabel={t('auth.confirmPassword')}
        />
        <FormNotice notice={notice} />
        <SubmitButton busy={busy}>{t('auth.register')}</SubmitButton>
      </form>
      <PublicFooter>
        {t('auth.haveAccount')} <Link to="/login">{t('auth.signIn')}</Link>
      </PublicFooter>
    </PublicShell>
  );
}

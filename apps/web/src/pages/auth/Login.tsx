import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { authApi } from '../../api/endpoints.ts';
import { useEntryGuard, useSignedIn } from '../../app/session.ts';
import { usePublicConfig } from '../../app/useBrand.ts';
import { EmailField, Field, FormNotice, SubmitButton, useFields, useNotice } from './form.tsx';
import { isCodeRequired, LoginCode } from './LoginCode.tsx';
import { PublicFooter, PublicShell } from './PublicShell.tsx';
import { emailCheck, requiredPasswordCheck } from './validation.ts';

// Only when the server has Google sign-in configured: most sign-in screens never fetch it.
const GoogleButton = lazy(() => import('./GoogleButton.tsx').then((m) => ({ default: m.GoogleButton })));

export function Login() {
  const { t } = useTranslation();
  const [notice, setNotice] = useNotice();
  const [busy, setBusy] = useState(false);
  const signedIn = useSignedIn();
  useEntryGuard();
  const config = usePublicConfig();
  const form = useFields({ email: emailCheck, password: requiredPasswordCheck });
  const [stepUp, setStepUp] = useState<{ email: string; password: string } | null>(null);

  const submit = async (values: { email: string; password: string }) => {
    setBusy(true);
    setNotice(null);
    try {
      const { accessToken } = await authApi.login(values);
      signedIn(accessToken);
    } catch (error) {
      if (isCodeRequired(error)) setStepUp(values);
      else setNotice({ error });
    } finally {
      setBusy(false);
    }
  };

  if (stepUp) return <LoginCode credentials={stepUp} onSignedIn={signedIn} onBack={() => setStepUp(null)} />;

  return (
    <PublicShell title={t('auth.signInTitle')} subtitle={t('auth.signInSubtitle')}>
      <form className="auth-form" onSubmit={form.onSubmit(submit)} noValidate>
        <EmailField field={form.field('email')} />
        <Field
          label={t('auth.password')}
          field={form.field('password')}
          type="password"
          autoComplete="current-password"
        />
        <div className="auth-forgot">
          <Link to="/forget-password">{t('auth.forgot')}</Link>
        </div>
        <FormNotice notice={notice} />
        <SubmitButton busy={busy}>{t('auth.signIn')}</SubmitButton>
      </form>
      {config?.googleClientId && (
        <>
          <div className="auth-divider">{t('auth.or')}</div>
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

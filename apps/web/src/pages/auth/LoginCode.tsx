import { CODE_RESEND_SECONDS } from '@leadreel/shared/contracts/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { authApi } from '../../api/endpoints.ts';
import { useCodeSender } from './codeSender.ts';
import { Field, FormNotice, SubmitButton, useFields, useNotice } from './form.tsx';
import { PublicFooter, PublicShell } from './PublicShell.tsx';
import { codeCheck } from './validation.ts';

/** The server's answer to a sign-in from a browser it does not know while guesses have locked the address. */
export const isCodeRequired = (error: unknown) => error instanceof ApiError && error.code === 'login_code_required';

/**
 * The second step of such a sign-in: the code mailed to the owner, with the password already typed. The
 * server says the same whether or not the password was right (so a guesser learns nothing), hence the
 * "if". Asking again re-sends the password; should the lock have ended meanwhile, that signs in at once.
 */
export function LoginCode({
  credentials,
  onSignedIn,
  onBack,
}: {
  credentials: { email: string; password: string };
  onSignedIn: (accessToken: string) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [notice, setNotice] = useNotice();
  const [busy, setBusy] = useState(false);
  const form = useFields({ code: codeCheck });
  const { seconds, blocked, send } = useCodeSender(async () => {
    try {
      onSignedIn((await authApi.login(credentials)).accessToken);
      return { resendAfter: 0 };
    } catch (error) {
      if (isCodeRequired(error)) return { resendAfter: CODE_RESEND_SECONDS };
      throw error;
    }
  }, CODE_RESEND_SECONDS);

  const resend = async () => {
    setNotice(null);
    try {
      await send(credentials.email);
      setNotice({ success: 'auth.signInCodeSent', values: { email: credentials.email } });
    } catch (error) {
      setNotice({ error });
    }
  };

  const submit = async ({ code }: { code: string }) => {
    setBusy(true);
    setNotice(null);
    try {
      onSignedIn((await authApi.login({ ...credentials, code })).accessToken);
    } catch (error) {
      setNotice({ error });
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicShell
      title={t('auth.signInCodeTitle')}
      subtitle={t('auth.signInCodeSubtitle', { email: credentials.email })}
    >
      <form className="auth-form" onSubmit={form.onSubmit(submit)} noValidate>
        <Field
          label={t('auth.code')}
          field={form.field('code')}
          inputMode="numeric"
          maxLength={6}
          autoComplete="one-time-code"
          placeholder={t('auth.codePlaceholder')}
          addon={
            <button type="button" className="auth-button auth-send-code" onClick={resend} disabled={blocked}>
              {seconds > 0 ? t('auth.resendIn', { seconds }) : t('auth.resendCode')}
            </button>
          }
        />
        <FormNotice notice={notice} />
        <SubmitButton busy={busy}>{t('auth.signIn')}</SubmitButton>
      </form>
      <PublicFooter>
        <button type="button" className="auth-text-button" onClick={onBack}>
          {t('auth.backToLogin')}
        </button>
      </PublicFooter>
    </PublicShell>
  );
}

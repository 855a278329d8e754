import { CODE_RESEND_SECONDS, type VerifyScene } from '@leadreel/shared';
import { App, Button, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { authApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';

/** A reset code goes through find-password, whose answer is the same whether or not the account exists. */
const sendFor = (scene: VerifyScene, email: string) =>
  scene === 'reset' ? authApi.findPassword({ email }) : authApi.sendCode({ email, scene });

/**
 * Sends a 6-digit code and counts down until another may be sent (spec §4: resend has a countdown). `send`
 * replaces the public code call for a signed-in user's own codes (a new notice email).
 */
export function SendCodeButton({
  form,
  scene,
  send: sendCode = (email) => sendFor(scene ?? 'signup', email),
}: {
  form: FormInstance;
  scene?: VerifyScene;
  send?: (email: string) => Promise<{ resendAfter: number }>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [seconds, setSeconds] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);

  const send = async () => {
    let email: string;
    try {
      email = (await form.validateFields(['email'])).email;
    } catch {
      return;
    }
    setSending(true);
    try {
      const answer = await sendCode(email);
      setSeconds(answer.resendAfter);
      message.success(t('auth.codeSent', { email }));
    } catch (error) {
      // A code was sent a moment ago (another tab, a reload): count down what the server says is left.
      if (error instanceof ApiError && error.code === 'code_resend_too_soon') {
        setSeconds(Math.ceil(error.retryAfter ?? CODE_RESEND_SECONDS));
      }
      message.error(errorText(error));
    } finally {
      setSending(false);
    }
  };

  return (
    // Disabled while sending rather than `loading`: antd 6.6 can keep a button's spinner when its loading
    // and disabled flip in the same render (the code answers in milliseconds), leaving "Resend in 50 s"
    // spinning for the whole countdown.
    <Button onClick={send} disabled={sending || seconds > 0} style={{ minWidth: 130 }}>
      {seconds > 0 ? t('auth.resendIn', { seconds }) : t('auth.sendCode')}
    </Button>
  );
}

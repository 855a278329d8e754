import { CODE_RESEND_SECONDS } from '@leadreel/shared/contracts/auth';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client.ts';

/**
 * Sends a 6-digit code and counts down until another may be sent (resend has a countdown). Throws
 * what the send threw, for the screen to say; a code sent a moment ago (another tab, a reload) still counts
 * down what the server says is left.
 */
export function useCodeSender(
  sendCode: (email: string) => Promise<{ resendAfter: number }>,
  /** Seconds left when the screen opens on a code just sent (the sign-in code screen). */
  initialSeconds = 0,
) {
  const [seconds, setSeconds] = useState(initialSeconds);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);

  const send = async (email: string) => {
    setSending(true);
    try {
      const answer = await sendCode(email);
      setSeconds(answer.resendAfter);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'code_resend_too_soon') {
        setSeconds(Math.ceil(error.retryAfter ?? CODE_RESEND_SECONDS));
      }
      throw error;
    } finally {
      setSending(false);
    }
  };

  return { seconds, blocked: sending || seconds > 0, send };
}

import type { Config } from '../../config.ts';
import { badRequest, unavailable } from '../../errors.ts';

/**
 * Where each provider checks a token. Both answer the same siteverify form (`secret`, `response`, `remoteip`)
 * with `{ success, "error-codes" }`: https://developers.cloudflare.com/turnstile/get-started/server-side-validation/
 * and https://docs.hcaptcha.com/#verify-the-user-response-server-side
 */
const SITEVERIFY = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
} as const;

/** Checks a viewer's challenge token; throws when it is missing or the provider does not accept it. */
export type CaptchaCheck = (token: string | undefined, remoteIp: string) => Promise<void>;

/** The installation's challenge check, or null when it asks for none (CAPTCHA_PROVIDER unset). */
export function createCaptchaCheck(
  config: Pick<Config, 'CAPTCHA_PROVIDER' | 'CAPTCHA_SECRET_KEY' | 'CAPTCHA_VERIFY_URL'>,
): CaptchaCheck | null {
  const provider = config.CAPTCHA_PROVIDER;
  const secret = config.CAPTCHA_SECRET_KEY;
  if (!provider || !secret) return null;
  const url = config.CAPTCHA_VERIFY_URL ?? SITEVERIFY[provider];
  return async (token, remoteIp) => {
    if (!token) throw badRequest('captcha_required', 'captcha');
    let answer: { success?: unknown };
    try {
      const response = await fetch(url, {
        method: 'POST',
        body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
      answer = (await response.json()) as { success?: unknown };
    } catch {
      // The provider cannot say; the viewer can send again in a moment, and nothing unchecked is stored.
      throw unavailable('captcha_unavailable');
    }
    if (answer.success !== true) throw badRequest('captcha_invalid', 'captcha');
  };
}

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

/** The script that draws each provider's widget (explicit rendering: the player draws it when the form shows). */
const SCRIPT = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
  hcaptcha: 'https://js.hcaptcha.com/1/api.js?render=explicit&recaptchacompat=off',
} as const;

/** Where each provider's script, frames and styles come from, for the public pages' CSP (its documentation's). */
const SOURCES = {
  turnstile: 'https://challenges.cloudflare.com',
  hcaptcha: 'https://hcaptcha.com https://*.hcaptcha.com',
} as const;

/** The challenge the inquiry forms show: the provider, its site key, its script, and the origins it uses. */
export type FormChallenge = { provider: 'turnstile' | 'hcaptcha'; siteKey: string; script: string; sources: string };

/** The installation's form challenge, or null when it asks for none. CAPTCHA_SCRIPT_URL serves another script. */
export function formChallenge(
  config: Pick<Config, 'CAPTCHA_PROVIDER' | 'CAPTCHA_SITE_KEY' | 'CAPTCHA_SCRIPT_URL'>,
): FormChallenge | null {
  const provider = config.CAPTCHA_PROVIDER;
  if (!provider || !config.CAPTCHA_SITE_KEY) return null;
  const script = config.CAPTCHA_SCRIPT_URL ?? SCRIPT[provider];
  const sources = config.CAPTCHA_SCRIPT_URL ? new URL(script).origin : SOURCES[provider];
  return { provider, siteKey: config.CAPTCHA_SITE_KEY, script, sources };
}

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

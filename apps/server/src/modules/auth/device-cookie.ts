import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * OWASP's device cookie (https://owasp.org/www-community/Slow_Down_Online_Guessing_Attacks_with_Device_Cookies):
 * a browser that has signed in to an account gets a signed cookie naming that account; failed sign-ins
 * it sends count against that device only. The value is `<nonce>.<expires>.<mac>`, the MAC binding the
 * account id, the nonce and the expiry, so a cookie copied to another account's name, edited or expired
 * is simply not a device cookie. Nothing is stored per device but its failure count.
 */
export const DEVICE_COOKIE_DAYS = 365;

export type DeviceCookie = { name: string; value: string; maxAgeSeconds: number };

/** One cookie per account, so one browser can be a known device of several accounts. */
function cookieName(accountId: string, secure: boolean): string {
  const id = createHash('sha256').update(accountId).digest('base64url').slice(0, 16);
  // __Secure- makes browsers refuse the cookie unless it was set over https with Secure.
  return `${secure ? '__Secure-' : ''}lr_device_${id}`;
}

/** `loadSecret` is asked once, on first use (the key lives in the database, shared by every process). */
export function createDeviceCookies(options: { loadSecret: () => Promise<Buffer>; secure: boolean }) {
  let secret: Promise<Buffer> | undefined;
  const mac = async (accountId: string, nonce: string, expires: number) => {
    secret ??= options.loadSecret().catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
    return createHmac('sha256', await secret)
      .update(`device-cookie\n${accountId}\n${nonce}\n${expires}`)
      .digest();
  };

  return {
    async issue(accountId: string, now: Date): Promise<DeviceCookie> {
      const nonce = randomBytes(16).toString('base64url');
      const maxAgeSeconds = DEVICE_COOKIE_DAYS * 86_400;
      const expires = Math.floor(now.getTime() / 1000) + maxAgeSeconds;
      const signature = (await mac(accountId, nonce, expires)).toString('base64url');
      return { name: cookieName(accountId, options.secure), value: `${nonce}.${expires}.${signature}`, maxAgeSeconds };
    },

    /** The device's nonce when `cookies` hold a valid, unexpired device cookie of this account; else null. */
    async deviceOf(accountId: string, cookies: Record<string, string>, now: Date): Promise<string | null> {
      const name = cookieName(accountId, options.secure);
      const value = Object.hasOwn(cookies, name) ? cookies[name] : undefined;
      if (!value || value.length > 200) return null;
      const [nonce, expiresText, signature, extra] = value.split('.');
      if (!nonce || !expiresText || !signature || extra !== undefined || !/^\d{1,12}$/.test(expiresText)) return null;
      const expires = Number(expiresText);
      if (expires * 1000 <= now.getTime()) return null;
      const expected = await mac(accountId, nonce, expires);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return nonce;
    },
  };
}
export type DeviceCookies = ReturnType<typeof createDeviceCookies>;

/** The request's cookies; a malformed pair is skipped, never an error. */
export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = Object.create(null);
  if (!header) return cookies;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    if (name && !Object.hasOwn(cookies, name)) cookies[name] = value;
  }
  return cookies;
}

/** The Set-Cookie line of an auth cookie: sent to the auth routes only, out of reach of scripts. */
export function serializeDeviceCookie(cookie: DeviceCookie, secure: boolean): string {
  return [
    `${cookie.name}=${cookie.value}`,
    'Path=/api/auth',
    `Max-Age=${cookie.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/**
 * The reset cookie: a random name for the browser that asks for a reset code, so the code it is mailed
 * works only there (verification.service.ts). It lives as long as a code.
 */
export function resetCookieName(secure: boolean): string {
  return `${secure ? '__Secure-' : ''}lr_reset`;
}

/** The browser's reset nonce when it sent a well-formed one, else a new one. */
export function resetNonce(cookies: Record<string, string>, secure: boolean): string {
  const name = resetCookieName(secure);
  const value = Object.hasOwn(cookies, name) ? cookies[name] : undefined;
  return value && /^[A-Za-z0-9_-]{22}$/.test(value) ? value : randomBytes(16).toString('base64url');
}

export function serializeResetCookie(nonce: string, maxAgeSeconds: number, secure: boolean): string {
  return serializeDeviceCookie({ name: resetCookieName(secure), value: nonce, maxAgeSeconds }, secure);
}

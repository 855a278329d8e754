import { describe, expect, it } from 'vitest';
import { createDeviceCookies, parseCookies, resetNonce, serializeDeviceCookie } from './device-cookie.ts';

const key = Buffer.alloc(32, 7);
const now = new Date('2026-11-24T00:00:00Z');
const devices = createDeviceCookies({ loadSecret: async () => key, secure: false });
const ACCOUNT = '0b0d1f8e-2c3a-4e5f-8a9b-0c1d2e3f4a5b';
const OTHER = '1c1e2a9f-3d4b-4f60-9bac-1d2e3f4a5b6c';

describe('device cookies', () => {
  it('names the account it was issued for, and no other', async () => {
    const cookie = await devices.issue(ACCOUNT, now);
    expect(await devices.deviceOf(ACCOUNT, { [cookie.name]: cookie.value }, now)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await devices.deviceOf(OTHER, { [cookie.name]: cookie.value }, now)).toBeNull();
    const other = await devices.issue(OTHER, now);
    expect(await devices.deviceOf(ACCOUNT, { [cookie.name]: other.value }, now)).toBeNull();
  });

  it('is refused once expired, edited or signed with another key', async () => {
    const cookie = await devices.issue(ACCOUNT, now);
    const later = new Date(now.getTime() + cookie.maxAgeSeconds * 1000);
    expect(await devices.deviceOf(ACCOUNT, { [cookie.name]: cookie.value }, later)).toBeNull();
    const [nonce, expires, mac] = cookie.value.split('.') as [string, string, string];
    for (const value of [
      `${nonce}.${Number(expires) + 1}.${mac}`,
      `x${nonce}.${expires}.${mac}`,
      `${nonce}.${expires}`,
      '',
    ]) {
      expect(await devices.deviceOf(ACCOUNT, { [cookie.name]: value }, now), value).toBeNull();
    }
    const elsewhere = createDeviceCookies({ loadSecret: async () => Buffer.alloc(32, 8), secure: false });
    expect(await elsewhere.deviceOf(ACCOUNT, { [cookie.name]: cookie.value }, now)).toBeNull();
  });

  it('is HttpOnly, SameSite=Lax and scoped to the auth routes; Secure with its prefix over https', async () => {
    const secure = createDeviceCookies({ loadSecret: async () => key, secure: true });
    const cookie = await secure.issue(ACCOUNT, now);
    expect(cookie.name).toMatch(/^__Secure-lr_device_/);
    expect(serializeDeviceCookie(cookie, true)).toBe(
      `${cookie.name}=${cookie.value}; Path=/api/auth; Max-Age=${cookie.maxAgeSeconds}; HttpOnly; SameSite=Lax; Secure`,
    );
  });
});

describe('cookie header parsing', () => {
  it('keeps the first of each name and skips what is malformed, prototype names included', () => {
    const cookies = parseCookies('a=1; b=two=2; =x; junk; a=3; __proto__=p; constructor=c');
    expect(Object.entries(cookies)).toEqual([
      ['a', '1'],
      ['b', 'two=2'],
      ['__proto__', 'p'],
      ['constructor', 'c'],
    ]);
    expect(Object.getPrototypeOf(cookies)).toBeNull();
    expect(parseCookies(undefined)).toEqual({});
  });

  it('keeps a well-formed reset nonce and replaces anything else', () => {
    const nonce = 'AAAAAAAAAAAAAAAAAAAAAA';
    expect(resetNonce({ lr_reset: nonce }, false)).toBe(nonce);
    expect(resetNonce({ lr_reset: 'short' }, false)).not.toBe('short');
    expect(resetNonce({ lr_reset: nonce }, true)).not.toBe(nonce);
  });
});

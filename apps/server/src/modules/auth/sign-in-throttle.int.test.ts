import { CODE_MAX_ATTEMPTS, CODE_TTL_SECONDS } from '@leadreel/shared';
import { describe, expect, it } from 'vitest';
import {
  browser,
  createTestApp,
  get,
  lastCode,
  mailsTo,
  signUp,
  type TestApp,
  useTestApp,
  useTestDatabase,
} from '../../../test/helpers.ts';
import { serverSecret } from '../../lib/server-secret.ts';
import { RESET_MAILS_PER_HOUR } from '../../modules/auth/auth.service.ts';
import { createDeviceCookies } from '../../modules/auth/device-cookie.ts';
import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from '../../modules/auth/login-throttle.ts';

const database = useTestDatabase();
const t = useTestApp({}, { database });

type Attempt = { email: string; password: string; ip?: string; cookie?: string };

async function login(app: TestApp, { email, password, ip = '203.0.113.200', cookie }: Attempt) {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    headers: cookie ? { cookie } : {},
    payload: { email, password },
  });
  const setCookie = response.headers['set-cookie'];
  return {
    status: response.statusCode,
    body: response.json(),
    retryAfter: response.headers['retry-after'],
    setCookie: Array.isArray(setCookie) ? setCookie[0] : setCookie,
  };
}

/** The `name=value` a browser sends back for a Set-Cookie line. */
const cookiePair = (setCookie: string | undefined) => {
  if (!setCookie) throw new Error('no device cookie was set');
  return setCookie.split(';')[0] as string;
};

/** Ten wrong passwords for `email` from ten addresses, as a botnet would send them. */
async function guessFromTenAddresses(email: string, prefix: string) {
  for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
    const wrong = await login(t, { email, password: `guess number ${i}`, ip: `${prefix}.${i}` });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('login_incorrect');
  }
}

/** An account whose owner signed in once from a browser, which keeps the device cookie. */
async function ownerWithDevice() {
  const owner = await signUp(t);
  const first = await login(t, { email: owner.email, password: owner.password });
  expect(first.status).toBe(200);
  return { ...owner, device: cookiePair(first.setCookie) };
}

describe('sign-in throttling with device cookies (OWASP)', () => {
  it('gives a signed-in browser an HttpOnly, SameSite=Lax device cookie for the auth routes only', async () => {
    const owner = await signUp(t);
    const { setCookie } = await login(t, { email: owner.email, password: owner.password });
    expect(setCookie).toMatch(/^lr_device_[A-Za-z0-9_-]{16}=[A-Za-z0-9_-]+\.\d+\.[A-Za-z0-9_-]+; /);
    expect(setCookie).toContain('; Path=/api/auth');
    expect(setCookie).toContain('; HttpOnly');
    expect(setCookie).toContain('; SameSite=Lax');
    expect(setCookie).not.toContain('Secure');
  });

  it('marks the cookie Secure (and __Secure-) when the public address is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://videos.example.test' }, { database });
    try {
      const owner = await signUp(secure);
      const { setCookie } = await login(secure, { email: owner.email, password: owner.password });
      expect(setCookie).toMatch(/^__Secure-lr_device_/);
      expect(setCookie).toContain('; Secure');
    } finally {
      await secure.close();
    }
  });

  it('lets the owner sign in from their browser after ten failures from ten addresses', async () => {
    const owner = await ownerWithDevice();
    await guessFromTenAddresses(owner.email, '198.51.100');

    const fromOwnersBrowser = await login(t, { email: owner.email, password: owner.password, cookie: owner.device });
    expect(fromOwnersBrowser.status).toBe(200);
    expect((await get(t.app, '/api/account/detail', fromOwnersBrowser.body.data.accessToken)).status).toBe(200);
    // The browser keeps a fresh cookie that works as well as the first.
    const again = await login(t, {
      email: owner.email,
      password: owner.password,
      cookie: cookiePair(fromOwnersBrowser.setCookie),
    });
    expect(again.status).toBe(200);
  });

  it('asks an unknown browser for a mailed code while the account is locked for them, instead of refusing the password', async () => {
    const owner = await ownerWithDevice();
    await guessFromTenAddresses(owner.email, '198.51.101');
    const before = (await mailsTo(t.outbox, owner.email)).length;

    // A guesser's wrong password gets the same answer as the owner's right one, and mails nothing.
    const guesser = await login(t, { email: owner.email, password: 'one more guess', ip: '198.51.101.99' });
    expect(guesser.status).toBe(401);
    expect(guesser.body).toMatchObject({ statusCode: 401, error: 'login_code_required' });
    expect(await mailsTo(t.outbox, owner.email)).toHaveLength(before);

    const newPhone = browser(t.app, '192.0.2.7');
    const first = await newPhone.post('/api/auth/login', { email: owner.email, password: owner.password });
    expect(first.body).toMatchObject({ statusCode: 401, error: 'login_code_required' });
    const mails = await mailsTo(t.outbox, owner.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.subject).toContain('sign-in code');
    const code = await lastCode(t.outbox, owner.email);

    const signedIn = await newPhone.post('/api/auth/login', { email: owner.email, password: owner.password, code });
    expect(signedIn.status).toBe(200);
    expect((await get(t.app, '/api/account/detail', signedIn.body.data.accessToken)).status).toBe(200);
    // The phone is now a known device: no code next time, while other unknown browsers still step up.
    expect((await newPhone.post('/api/auth/login', { email: owner.email, password: owner.password })).status).toBe(200);
    expect((await login(t, { email: owner.email, password: owner.password, ip: '192.0.2.9' })).body.error).toBe(
      'login_code_required',
    );
    // The guesses cost the owner's known browser nothing.
    expect((await login(t, { email: owner.email, password: owner.password, cookie: owner.device })).status).toBe(200);

    // The lock lasts its time, then unknown browsers sign in with the password alone.
    t.clock.advance(LOGIN_LOCK_MS);
    expect((await login(t, { email: owner.email, password: owner.password, ip: '192.0.2.7' })).status).toBe(200);
  });

  it('takes a sign-in code only with the right password, in the browser it was mailed for, and says why not', async () => {
    const owner = await ownerWithDevice();
    await guessFromTenAddresses(owner.email, '198.51.105');
    const newPhone = browser(t.app, '192.0.2.40');
    await newPhone.post('/api/auth/login', { email: owner.email, password: owner.password });
    const code = await lastCode(t.outbox, owner.email);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    // Bad codes are refused by the contract.
    for (const bad of ['', '12345', '1234567', '12a456', '123\u00004', 123456]) {
      const response = await newPhone.post('/api/auth/login', {
        email: owner.email,
        password: owner.password,
        code: bad,
      });
      expect({ bad, status: response.status }).toEqual({ bad, status: 400 });
    }
    // Another browser cannot use it: it asked for no code.
    const elsewhere = await browser(t.app, '198.51.105.50').post('/api/auth/login', {
      email: owner.email,
      password: owner.password,
      code,
    });
    expect(elsewhere.body).toMatchObject({ statusCode: 400, error: 'code_not_requested' });
    // The right code with a wrong password is no sign-in.
    const wrongPassword = await newPhone.post('/api/auth/login', { email: owner.email, password: 'nope nope', code });
    expect(wrongPassword.body).toMatchObject({ statusCode: 401, error: 'login_incorrect' });
    // A wrong password never gets a real code, so its code screen can only fail.
    const guesser = browser(t.app, '198.51.105.51');
    await guesser.post('/api/auth/login', { email: owner.email, password: 'a wrong guess' });
    expect(
      (await guesser.post('/api/auth/login', { email: owner.email, password: 'a wrong guess', code })).body.error,
    ).toBe('code_incorrect');

    const errors: string[] = [];
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) {
      const response = await newPhone.post('/api/auth/login', {
        email: owner.email,
        password: owner.password,
        code: wrongCode,
      });
      errors.push(response.body.error);
    }
    expect(errors).toEqual([...Array(CODE_MAX_ATTEMPTS - 1).fill('code_incorrect'), 'code_attempts_exceeded']);
    const burned = await newPhone.post('/api/auth/login', { email: owner.email, password: owner.password, code });
    expect(burned.body.error).toBe('code_attempts_exceeded');
  });

  it('says a sign-in code expired when it did, and mails a new one on asking again', async () => {
    const owner = await ownerWithDevice();
    await guessFromTenAddresses(owner.email, '198.51.106');
    const newPhone = browser(t.app, '192.0.2.41');
    await newPhone.post('/api/auth/login', { email: owner.email, password: owner.password });
    const code = await lastCode(t.outbox, owner.email);
    const tooSoon = await newPhone.post('/api/auth/login', { email: owner.email, password: owner.password });
    expect(tooSoon.body.error).toBe('code_resend_too_soon');

    t.clock.advance(CODE_TTL_SECONDS * 1000);
    const late = await newPhone.post('/api/auth/login', { email: owner.email, password: owner.password, code });
    expect(late.body).toMatchObject({ statusCode: 400, error: 'code_expired' });
    expect((await newPhone.post('/api/auth/login', { email: owner.email, password: owner.password })).body.error).toBe(
      'login_code_required',
    );
    const fresh = await lastCode(t.outbox, owner.email);
    expect(
      (await newPhone.post('/api/auth/login', { email: owner.email, password: owner.password, code: fresh })).status,
    ).toBe(200);
  });

  it('answers an unknown address the same way as a known one', async () => {
    const email = 'nobody-here@example.test';
    await guessFromTenAddresses(email, '198.51.102');
    expect((await login(t, { email, password: 'one more guess' })).body.error).toBe('login_code_required');
  });

  it('counts a forged, expired or other account’s device cookie as no device cookie', async () => {
    const owner = await ownerWithDevice();
    const other = await ownerWithDevice();
    const ownerId = (await get(t.app, '/api/account/detail', owner.token)).body.data.userId as string;
    await guessFromTenAddresses(owner.email, '198.51.103');

    const [name, value] = owner.device.split('=') as [string, string];
    const [nonce, expires, signature] = value.split('.') as [string, string, string];
    const devices = createDeviceCookies({ loadSecret: () => serverSecret(t.db, 'device-cookie'), secure: false });
    const yearsAgo = new Date(t.clock.now().getTime() - 2 * 365 * 86_400_000);
    const expired = await devices.issue(ownerId, yearsAgo);
    const otherValue = other.device.split('=')[1];
    const refused = {
      'a changed signature': `${name}=${nonce}.${expires}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`,
      'a changed expiry': `${name}=${nonce}.${Number(expires) + 86_400}.${signature}`,
      'an expired cookie': `${expired.name}=${expired.value}`,
      'another account’s cookie': other.device,
      'another account’s cookie under this account’s name': `${name}=${otherValue}`,
    };
    for (const [what, cookie] of Object.entries(refused)) {
      const response = await login(t, { email: owner.email, password: owner.password, cookie });
      expect({ what, status: response.status, error: response.body.error }).toEqual({
        what,
        status: 401,
        error: 'login_code_required',
      });
    }
    expect((await login(t, { email: owner.email, password: owner.password, cookie: owner.device })).status).toBe(200);
  });

  it('knows the browser that signed up as a device of the account', async () => {
    const email = `signed-up-${Date.now()}@example.test`;
    const laptop = browser(t.app, '192.0.2.30');
    await laptop.post('/api/auth/verify-code', { email, scene: 'signup' });
    const code = await lastCode(t.outbox, email);
    expect((await laptop.post('/api/auth/signup', { email, password: 'first password 1', code })).status).toBe(200);
    await guessFromTenAddresses(email, '198.51.104');
    expect((await laptop.post('/api/auth/login', { email, password: 'first password 1' })).status).toBe(200);
  });

  it('counts failures from a known device against that device only', async () => {
    const owner = await ownerWithDevice();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      const wrong = await login(t, { email: owner.email, password: `typo ${i}`, cookie: owner.device });
      expect(wrong.status).toBe(401);
    }
    const locked = await login(t, { email: owner.email, password: owner.password, cookie: owner.device });
    expect(locked.body.error).toBe('login_locked');
    // Another browser, known or not, is not affected by that device's failures.
    expect((await login(t, { email: owner.email, password: owner.password, ip: '192.0.2.8' })).status).toBe(200);
  });
});

describe('password reset under a flood', () => {
  /** Reset requests for `email` from `addresses` addresses, `each` from every one, none keeping cookies. */
  async function floodResets(email: string, prefix: string, addresses: number, each: number) {
    for (let a = 0; a < addresses; a++) {
      for (let i = 0; i < each; i++) {
        const asked = await browser(t.app, `${prefix}.${a}`).post('/api/auth/find-password', { email });
        expect(asked.status).toBe(200);
      }
    }
  }

  it('mails the owner at most the hour’s allowance, and the owner’s browser still gets its code and resets', async () => {
    const owner = await signUp(t);
    const ownersBrowser = browser(t.app, '192.0.2.20');
    expect((await ownersBrowser.post('/api/auth/login', { email: owner.email, password: owner.password })).status).toBe(
      200,
    );
    const before = (await mailsTo(t.outbox, owner.email)).length;

    await floodResets(owner.email, '198.51.110', 8, 3);
    const flooded = (await mailsTo(t.outbox, owner.email)).length;
    expect(flooded - before).toBe(RESET_MAILS_PER_HOUR.account);

    expect((await ownersBrowser.post('/api/auth/find-password', { email: owner.email })).status).toBe(200);
    expect(await mailsTo(t.outbox, owner.email)).toHaveLength(flooded + 1);
    const code = await lastCode(t.outbox, owner.email);
    // Wrong guesses and fresh requests from elsewhere neither burn nor replace the owner's code.
    const guesser = browser(t.app, '198.51.111.1');
    for (let i = 0; i < 6; i++) {
      const guess = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      const wrong = await guesser.post('/api/auth/reset-password', {
        email: owner.email,
        code: guess,
        password: 'taken over 123',
      });
      // Past the address's allowance for other browsers, they are told to wait.
      expect(wrong.body.error).toBe(i < CODE_MAX_ATTEMPTS ? 'code_incorrect' : 'code_tries_locked');
    }
    await floodResets(owner.email, '198.51.112', 1, 2);

    const reset = await ownersBrowser.post('/api/auth/reset-password', {
      email: owner.email,
      code,
      password: 'a new secret 123',
    });
    expect(reset.status).toBe(200);
    expect((await login(t, { email: owner.email, password: 'a new secret 123' })).status).toBe(200);
  });

  it('takes a code in whichever browser the owner reads mail in', async () => {
    const owner = await signUp(t);
    const asking = browser(t.app, '192.0.2.21');
    await asking.post('/api/auth/find-password', { email: owner.email });
    const code = await lastCode(t.outbox, owner.email);
    const mailReader = browser(t.app, '192.0.2.23');
    const reset = await mailReader.post('/api/auth/reset-password', {
      email: owner.email,
      code,
      password: 'read it on my phone 1',
    });
    expect(reset.status).toBe(200);
    expect((await login(t, { email: owner.email, password: 'read it on my phone 1' })).status).toBe(200);
    // Used is used, in either browser, and said so.
    for (const someone of [asking, mailReader]) {
      const again = await someone.post('/api/auth/reset-password', {
        email: owner.email,
        code,
        password: 'again 12345',
      });
      expect(again.body).toMatchObject({ statusCode: 400, error: 'code_used' });
    }
  });

  it('names the real reason a reset code is refused', async () => {
    const owner = await signUp(t);
    const somewhere = browser(t.app, '192.0.2.24');
    const none = await somewhere.post('/api/auth/reset-password', {
      email: owner.email,
      code: '123456',
      password: 'x 1234567',
    });
    expect(none.body).toMatchObject({ statusCode: 400, error: 'code_not_requested' });

    const asking = browser(t.app, '192.0.2.25');
    await asking.post('/api/auth/find-password', { email: owner.email });
    const code = await lastCode(t.outbox, owner.email);
    t.clock.advance(CODE_TTL_SECONDS * 1000);
    for (const someone of [asking, browser(t.app, '192.0.2.26')]) {
      const late = await someone.post('/api/auth/reset-password', {
        email: owner.email,
        code,
        password: 'late 1234567',
      });
      expect(late.body).toMatchObject({ statusCode: 400, error: 'code_expired' });
    }
  });

  it('caps wrong tries from other browsers per address, and the asking browser’s code still works', async () => {
    const owner = await signUp(t);
    const asking = browser(t.app, '192.0.2.27');
    await asking.post('/api/auth/find-password', { email: owner.email });
    const code = await lastCode(t.outbox, owner.email);

    // A guesser asking for codes of their own does not multiply tries at the owner's code.
    const errors: string[] = [];
    for (let i = 0; i < CODE_MAX_ATTEMPTS + 2; i++) {
      const guesser = browser(t.app, `198.51.115.${i}`);
      await guesser.post('/api/auth/find-password', { email: owner.email });
      const guess = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      const wrong = await guesser.post('/api/auth/reset-password', {
        email: owner.email,
        code: guess,
        password: 'x 1234567',
      });
      errors.push(wrong.body.error);
    }
    expect(errors.every((error) => error === 'code_incorrect')).toBe(true);
    const stranger = await browser(t.app, '192.0.2.28').post('/api/auth/reset-password', {
      email: owner.email,
      code,
      password: 'not my code 123',
    });
    expect(stranger.status).toBe(429);
    expect(stranger.body.error).toBe('code_tries_locked');

    const reset = await asking.post('/api/auth/reset-password', {
      email: owner.email,
      code,
      password: 'still mine 123',
    });
    expect(reset.status).toBe(200);
  });

  it('keeps mails for a new device when one address floods, and a reset makes that browser a known device', async () => {
    const owner = await signUp(t);
    const before = (await mailsTo(t.outbox, owner.email)).length;
    await guessFromTenAddresses(owner.email, '198.51.113');
    await floodResets(owner.email, '198.51.114', 1, 6);
    expect(await mailsTo(t.outbox, owner.email)).toHaveLength(before + RESET_MAILS_PER_HOUR.address);

    const newLaptop = browser(t.app, '192.0.2.22');
    await newLaptop.post('/api/auth/find-password', { email: owner.email });
    expect(await mailsTo(t.outbox, owner.email)).toHaveLength(before + RESET_MAILS_PER_HOUR.address + 1);
    const code = await lastCode(t.outbox, owner.email);
    expect(
      (await newLaptop.post('/api/auth/reset-password', { email: owner.email, code, password: 'fresh start 123' }))
        .status,
    ).toBe(200);
    // Sign-in from unknown clients is still locked by the guesses, but not from the browser that reset.
    expect((await login(t, { email: owner.email, password: 'fresh start 123' })).body.error).toBe(
      'login_code_required',
    );
    expect((await newLaptop.post('/api/auth/login', { email: owner.email, password: 'fresh start 123' })).status).toBe(
      200,
    );
  });
});

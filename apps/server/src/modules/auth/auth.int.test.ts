import { CODE_RESEND_SECONDS, CODE_TTL_SECONDS } from '@leadreel/shared';
import { describe, expect, it } from 'vitest';
import { browser, get, lastCode, mailsTo, post, signUp, uniqueEmail, useTestApp } from '../../../test/helpers.ts';

const t = useTestApp();
const countAccounts = async () =>
  Number(
    (
      await t.db
        .selectFrom('account')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('sign-up with an email code', () => {
  it('creates the account with a default folder, answers a token that works, and mails the code', async () => {
    const email = uniqueEmail();
    const sent = await post(t.app, '/api/auth/verify-code', { email: email.toUpperCase(), scene: 'signup' });
    expect(sent).toEqual({ status: 200, body: { statusCode: 200, data: { resendAfter: CODE_RESEND_SECONDS } } });
    const [mail] = await mailsTo(t.outbox, email);
    expect(mail?.subject).toBe('Your LeadReel sign-up code');
    const code = await lastCode(t.outbox, email);

    const signup = await post(t.app, '/api/auth/signup', { email, password: 'a good password', code });
    expect(signup.status).toBe(200);
    expect(signup.body.data.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const detail = await get(t.app, '/api/account/detail', signup.body.data.accessToken);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      email,
      isReferer: false,
      refererId: null,
      vipPeriod: 'normal-period',
      videoTotal: 0,
      privileges: { canUseBranding: false, cnameCount: 0 },
      storageAndTraffic: { usedStorage: 0, usedTraffic: 0 },
    });
    const folder = await t.db
      .selectFrom('folder')
      .select(['id', 'name'])
      .where('id', '=', detail.body.data.defaultFolderId)
      .executeTakeFirst();
    expect(folder?.name).toBe('Default');

    const vip = await get(t.app, '/api/pay/vip-user-info', signup.body.data.accessToken);
    expect(vip.body.data).toMatchObject({ product: { type: 'Free' }, isVip: false, isTrial: false });
  });

  it('stores no plaintext token and no plaintext code', async () => {
    const { token } = await signUp(t);
    const sessions = await t.db.selectFrom('session').select('token_hash').execute();
    expect(sessions.some((s) => s.token_hash === token)).toBe(false);
    const codes = await t.db.selectFrom('verification_code').select('code_hash').execute();
    expect(codes.every((c) => !/^\d{6}$/.test(c.code_hash))).toBe(true);
  });

  it('refuses a second code within 60 seconds and allows it after', async () => {
    const email = uniqueEmail();
    expect((await post(t.app, '/api/auth/verify-code', { email, scene: 'signup' })).status).toBe(200);
    const again = await post(t.app, '/api/auth/verify-code', { email, scene: 'signup' });
    expect(again.status).toBe(429);
    expect(again.body.error).toBe('code_resend_too_soon');
    t.clock.advance(CODE_RESEND_SECONDS * 1000);
    expect((await post(t.app, '/api/auth/verify-code', { email, scene: 'signup' })).status).toBe(200);
  });

  it('rejects an expired code and writes nothing', async () => {
    const email = uniqueEmail();
    await post(t.app, '/api/auth/verify-code', { email, scene: 'signup' });
    const code = await lastCode(t.outbox, email);
    t.clock.advance(CODE_TTL_SECONDS * 1000 + 1);
    const before = await countAccounts();
    const signup = await post(t.app, '/api/auth/signup', { email, password: 'a good password', code });
    expect(signup.body).toMatchObject({ statusCode: 400, error: 'code_expired' });
    expect(await countAccounts()).toBe(before);
  });

  it('burns the code after 5 wrong tries, even for the right code afterwards', async () => {
    const email = uniqueEmail();
    await post(t.app, '/api/auth/verify-code', { email, scene: 'signup' });
    const code = await lastCode(t.outbox, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const errors: string[] = [];
    for (let i = 0; i < 5; i++) {
      errors.push(
        (await post(t.app, '/api/auth/signup', { email, password: 'a good password', code: wrong })).body.error,
      );
    }
    expect(errors).toEqual([
      'code_incorrect',
      'code_incorrect',
      'code_incorrect',
      'code_incorrect',
      'code_attempts_exceeded',
    ]);
    const right = await post(t.app, '/api/auth/signup', { email, password: 'a good password', code });
    expect(right.body.error).toBe('code_attempts_exceeded');
  });

  it('does not send a code to a registered address, and refuses its signup', async () => {
    const { email } = await signUp(t);
    t.clock.advance(CODE_RESEND_SECONDS * 1000);
    const sent = await post(t.app, '/api/auth/verify-code', { email, scene: 'signup' });
    expect(sent.status).toBe(200);
    const last = (await mailsTo(t.outbox, email)).at(-1);
    expect(last?.subject).toBe('You already have a LeadReel account');
    expect(last?.text).not.toMatch(/^\d{6}$/m);
  });

  it('a code used once cannot create a second account', async () => {
    const email = uniqueEmail();
    await post(t.app, '/api/auth/verify-code', { email, scene: 'signup' });
    const code = await lastCode(t.outbox, email);
    const [a, b] = await Promise.all([
      post(t.app, '/api/auth/signup', { email, password: 'a good password', code }),
      post(t.app, '/api/auth/signup', { email, password: 'a good password', code }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    const rows = await t.db.selectFrom('account').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
  });

  it('mails in Simplified Chinese when the console is in Chinese, and remembers the language', async () => {
    const email = uniqueEmail();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-code',
      headers: { 'x-language': 'zh_CN' },
      payload: { email, scene: 'signup' },
    });
    expect(response.statusCode).toBe(200);
    const [mail] = await mailsTo(t.outbox, email);
    expect(mail?.subject).toBe('您的 LeadReel 注册验证码');
    const code = await lastCode(t.outbox, email);
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'x-language': 'zh_CN' },
      payload: { email, password: 'a good password', code },
    });
    const detail = await get(t.app, '/api/account/detail', signup.json().data.accessToken);
    expect(detail.body.data.language).toBe('zh_CN');
  });
});

describe('codes for a new email address', () => {
  it('need a signed-in account and go to the new address', async () => {
    const newAddress = uniqueEmail('new-address');
    const anonymous = await post(t.app, '/api/auth/verify-code', { email: newAddress, scene: 'change-email' });
    expect(anonymous.body).toMatchObject({ statusCode: 403, error: 'unauthorized' });
    expect(await mailsTo(t.outbox, newAddress)).toHaveLength(0);

    const { token } = await signUp(t);
    const sent = await post(t.app, '/api/auth/verify-code', { email: newAddress, scene: 'change-email' }, token);
    expect(sent.status).toBe(200);
    expect((await mailsTo(t.outbox, newAddress)).at(-1)?.subject).toBe('Confirm your new LeadReel email address');
    expect(await lastCode(t.outbox, newAddress)).toMatch(/^\d{6}$/);
  });
});

describe('sign-in, tokens and sign-out', () => {
  it('answers the same message for a wrong password and an unknown email', async () => {
    const { email } = await signUp(t);
    const wrongPassword = await post(t.app, '/api/auth/login', { email, password: 'not the password' });
    const unknown = await post(t.app, '/api/auth/login', { email: uniqueEmail(), password: 'not the password' });
    expect(wrongPassword).toEqual(unknown);
    expect(wrongPassword.body).toEqual({
      statusCode: 401,
      error: 'login_incorrect',
      message: 'The account or password is incorrect',
    });
  });

  it('logs in case-insensitively and logout revokes only that token', async () => {
    const { email, password, token: first } = await signUp(t);
    const login = await post(t.app, '/api/auth/login', { email: email.toUpperCase(), password });
    expect(login.status).toBe(200);
    const second = login.body.data.accessToken;
    expect((await post(t.app, '/api/auth/logout', undefined, second)).status).toBe(200);
    const revoked = await get(t.app, '/api/account/detail', second);
    expect(revoked).toEqual({
      status: 403,
      body: { statusCode: 403, error: 'unauthorized', message: 'Please sign in again' },
    });
    expect((await get(t.app, '/api/account/detail', first)).status).toBe(200);
    expect((await post(t.app, '/api/auth/logout', undefined, second)).status).toBe(403);
  });

  it('refuses missing, malformed and unknown tokens with 403', async () => {
    for (const header of [undefined, 'Bearer', 'Basic abc', 'Bearer nope', `Bearer ${'a'.repeat(43)}`]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/account/detail',
        headers: header ? { authorization: header } : {},
      });
      expect(response.statusCode, String(header)).toBe(403);
      expect(response.json().error).toBe('unauthorized');
    }
  });

  it('ends a session after the idle lifetime and after the absolute lifetime', async () => {
    const { token } = await signUp(t);
    const check = async (tok: string) => (await post(t.app, '/api/channel/check-token', { token: tok })).body.data;
    const { expireTime } = await check(token);
    expect(expireTime).toBeGreaterThan(29 * 86400);
    expect(expireTime).toBeLessThanOrEqual(30 * 86400);
    t.clock.advance(31 * 86400_000);
    expect((await get(t.app, '/api/account/detail', token)).status).toBe(403);
    expect(await check(token)).toEqual({ expireTime: 0 });

    // Used every 20 days, a session still ends 90 days after sign-in.
    const { token: active } = await signUp(t);
    for (let day = 20; day < 90; day += 20) {
      t.clock.advance(20 * 86400_000);
      expect((await get(t.app, '/api/account/detail', active)).status, `day ${day}`).toBe(200);
    }
    t.clock.advance(20 * 86400_000);
    expect((await get(t.app, '/api/account/detail', active)).status).toBe(403);
  });

  it('check-token answers 0 for a revoked token', async () => {
    const { token } = await signUp(t);
    await post(t.app, '/api/auth/logout', undefined, token);
    expect((await post(t.app, '/api/channel/check-token', { token })).body.data).toEqual({ expireTime: 0 });
  });
});

describe('passwords', () => {
  it('resets a forgotten password with a code; old sessions and the old password stop working', async () => {
    const { email, token } = await signUp(t);
    const owner = browser(t.app);
    const asked = await owner.post('/api/auth/find-password', { email });
    const unknown = await browser(t.app).post('/api/auth/find-password', { email: uniqueEmail() });
    expect(asked).toEqual(unknown);
    const code = await lastCode(t.outbox, email);
    expect((await mailsTo(t.outbox, email)).at(-1)?.subject).toBe('Your LeadReel password reset code');
    const reset = await owner.post('/api/auth/reset-password', { email, code, password: 'a brand new secret' });
    expect(reset.status).toBe(200);
    expect((await get(t.app, '/api/account/detail', token)).status).toBe(403);
    expect((await post(t.app, '/api/auth/login', { email, password: 'correct horse battery' })).status).toBe(401);
    expect((await post(t.app, '/api/auth/login', { email, password: 'a brand new secret' })).status).toBe(200);
  });

  it('a reset code for an unknown address never works', async () => {
    const email = uniqueEmail();
    await post(t.app, '/api/auth/find-password', { email });
    expect(await mailsTo(t.outbox, email)).toHaveLength(0);
    const reset = await post(t.app, '/api/auth/reset-password', { email, code: '123456', password: 'whatever123' });
    expect(reset.status).toBe(400);
    expect(await t.db.selectFrom('account').select('id').where('email', '=', email).execute()).toHaveLength(0);
  });

  it('changing the password ends the other sessions but keeps this one', async () => {
    const { email, password, token } = await signUp(t);
    const other = (await post(t.app, '/api/auth/login', { email, password })).body.data.accessToken;
    const wrong = await post(
      t.app,
      '/api/auth/change-password',
      { oldPassword: 'wrong one!', newPassword: 'x'.repeat(9) },
      token,
    );
    expect(wrong.body).toMatchObject({ statusCode: 400, error: 'old_password_incorrect', field: 'oldPassword' });
    const changed = await post(
      t.app,
      '/api/auth/change-password',
      { oldPassword: password, newPassword: 'another secret' },
      token,
    );
    expect(changed.status).toBe(200);
    expect((await get(t.app, '/api/account/detail', token)).status).toBe(200);
    expect((await get(t.app, '/api/account/detail', other)).status).toBe(403);
    expect((await post(t.app, '/api/auth/login', { email, password: 'another secret' })).status).toBe(200);
  });

  it('set-password is refused when the account already has one', async () => {
    const { token } = await signUp(t);
    const response = await post(t.app, '/api/auth/set-password', { newPassword: 'something long' }, token);
    expect(response.body).toMatchObject({ statusCode: 409, error: 'password_already_set' });
  });
});

describe('referrers', () => {
  it('binds a referrer once, never to oneself, never for a referrer', async () => {
    const referrer = await signUp(t);
    const referrerId = (await get(t.app, '/api/account/detail', referrer.token)).body.data.userId;
    const user = await signUp(t);
    const userId = (await get(t.app, '/api/account/detail', user.token)).body.data.userId;

    expect((await post(t.app, '/api/auth/bind-referrer', { ref: userId }, user.token)).body.error).toBe(
      'referrer_self',
    );
    const unknown = await post(
      t.app,
      '/api/auth/bind-referrer',
      { ref: '00000000-0000-4000-8000-000000000000' },
      user.token,
    );
    expect(unknown.body).toMatchObject({ statusCode: 404, error: 'referrer_not_found' });
    expect((await post(t.app, '/api/auth/bind-referrer', { ref: referrerId }, user.token)).status).toBe(200);
    expect((await get(t.app, '/api/account/detail', user.token)).body.data.refererId).toBe(referrerId);
    const third = await signUp(t);
    const thirdId = (await get(t.app, '/api/account/detail', third.token)).body.data.userId;
    const again = await post(t.app, '/api/auth/bind-referrer', { ref: thirdId }, user.token);
    expect(again.body).toMatchObject({ statusCode: 409, error: 'referrer_already_bound' });

    await t.db.updateTable('account').set({ is_referrer: true }).where('id', '=', thirdId).execute();
    const asReferrer = await post(t.app, '/api/auth/bind-referrer', { ref: referrerId }, third.token);
    expect(asReferrer.body).toMatchObject({ statusCode: 409, error: 'referrer_is_referrer' });
    expect((await get(t.app, '/api/account/detail', third.token)).body.data.refererId).toBeNull();
  });

  it('refuses a referral loop, between two accounts or along a longer chain', async () => {
    const accounts = await Promise.all([signUp(t), signUp(t), signUp(t)]);
    const [a, b, c] = await Promise.all(
      accounts.map(async (account) => ({
        token: account.token,
        id: (await get(t.app, '/api/account/detail', account.token)).body.data.userId as string,
      })),
    );
    if (!a || !b || !c) throw new Error('three accounts expected');
    // A refers B, B refers C.
    expect((await post(t.app, '/api/auth/bind-referrer', { ref: a.id }, b.token)).status).toBe(200);
    expect((await post(t.app, '/api/auth/bind-referrer', { ref: b.id }, c.token)).status).toBe(200);
    for (const ref of [b.id, c.id]) {
      const loop = await post(t.app, '/api/auth/bind-referrer', { ref }, a.token);
      expect(loop.body).toMatchObject({ statusCode: 409, error: 'referrer_loop' });
    }
    expect((await get(t.app, '/api/account/detail', a.token)).body.data.refererId).toBeNull();
  });

  it('binds the ref given at sign-up, and ignores an unknown one', async () => {
    const referrer = await signUp(t);
    const referrerId = (await get(t.app, '/api/account/detail', referrer.token)).body.data.userId;
    for (const [ref, expected] of [
      [referrerId, referrerId],
      ['00000000-0000-4000-8000-000000000000', null],
    ]) {
      const email = uniqueEmail();
      await post(t.app, '/api/auth/verify-code', { email, scene: 'signup' });
      const code = await lastCode(t.outbox, email);
      const signup = await post(t.app, '/api/auth/signup', { email, password: 'a good password', code, ref });
      expect(signup.status).toBe(200);
      const detail = await get(t.app, '/api/account/detail', signup.body.data.accessToken);
      expect(detail.body.data.refererId).toBe(expected);
    }
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, signUp, type TestApp, uniqueEmail } from '../../../test/helpers.ts';

// Google is a third party we cannot reach: the test serves a JWKS the way Google does and signs tokens
// with its own key, so the real verification code runs (https://www.googleapis.com/oauth2/v3/certs).
const CLIENT_ID = 'leadreel-test.apps.googleusercontent.com';
let jwksServer: Server;
let t: TestApp;
let sign: (
  claims: Record<string, unknown>,
  options?: { audience?: string; issuer?: string; expiresIn?: string },
) => Promise<string>;
let foreignSign: typeof sign;

beforeAll(async () => {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  jwksServer = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  const port = (jwksServer.address() as AddressInfo).port;
  const makeSigner =
    (key: CryptoKey): typeof sign =>
    async (claims, options = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(options.issuer ?? 'https://accounts.google.com')
        .setAudience(options.audience ?? CLIENT_ID)
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '1h')
        .sign(key);
  sign = makeSigner(privateKey);
  foreignSign = makeSigner(other.privateKey);
  t = await createTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` });
});
afterAll(async () => {
  await t.close();
  jwksServer.close();
});

describe('sign-in with Google', () => {
  it('creates an account without a password on first sign-in and finds it the next time', async () => {
    const email = uniqueEmail('google');
    const idToken = await sign({ sub: `sub-${email}`, email, email_verified: true });
    const first = await post(t.app, '/api/auth/login/google', { idToken });
    expect(first.status).toBe(200);
    expect(first.body.data.isNew).toBe(true);
    const detail = await get(t.app, '/api/account/detail', first.body.data.accessToken);
    expect(detail.body.data).toMatchObject({ email, hasPassword: false });
    const again = await post(t.app, '/api/auth/login/google', {
      idToken: await sign({ sub: `sub-${email}`, email, email_verified: true }),
    });
    expect(again.body.data.isNew).toBe(false);

    // An account created by Google sets its first password, then can sign in with it.
    const set = await post(
      t.app,
      '/api/auth/set-password',
      { newPassword: 'my first password' },
      first.body.data.accessToken,
    );
    expect(set.status).toBe(200);
    expect((await post(t.app, '/api/auth/login', { email, password: 'my first password' })).status).toBe(200);
    expect((await get(t.app, '/api/account/detail', again.body.data.accessToken)).status).toBe(403);
  });

  it('links a verified Google address to the existing account with that email', async () => {
    const { email, token } = await signUp(t);
    const userId = (await get(t.app, '/api/account/detail', token)).body.data.userId;
    const response = await post(t.app, '/api/auth/login/google', {
      idToken: await sign({ sub: 'linked-sub', email, email_verified: true }),
    });
    expect(response.body.data.isNew).toBe(false);
    expect((await get(t.app, '/api/account/detail', response.body.data.accessToken)).body.data.userId).toBe(userId);
  });

  it.each([
    [
      'a token for another client',
      () => sign({ sub: 's1', email: uniqueEmail(), email_verified: true }, { audience: 'someone-else' }),
    ],
    [
      'another issuer',
      () => sign({ sub: 's2', email: uniqueEmail(), email_verified: true }, { issuer: 'https://evil.example' }),
    ],
    ['an expired token', () => sign({ sub: 's3', email: uniqueEmail(), email_verified: true }, { expiresIn: '-1m' })],
    ['an unverified email', () => sign({ sub: 's4', email: uniqueEmail(), email_verified: false })],
    ['a key Google never published', () => foreignSign({ sub: 's5', email: uniqueEmail(), email_verified: true })],
    ['garbage', async () => 'not.a.jwt'],
  ])('refuses %s and creates nothing', async (_name, makeToken) => {
    const before = await t.db.selectFrom('account').select('id').execute();
    const response = await post(t.app, '/api/auth/login/google', { idToken: await makeToken() });
    expect(response.body).toMatchObject({ statusCode: 401, error: 'google_token_invalid' });
    expect(await t.db.selectFrom('account').select('id').execute()).toHaveLength(before.length);
  });

  it('tells the console Google sign-in is on', async () => {
    expect((await get(t.app, '/api/config')).body.data.googleClientId).toBe(CLIENT_ID);
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOnPlan, leadFrom, videoWithForm } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

// with a challenge configured, an inquiry is taken only with a token the provider accepts; checked against
// a fake siteverify endpoint speaking the protocol Turnstile and hCaptcha share.
let siteverify: Server;
const asked: URLSearchParams[] = [];
let t: TestApp;

beforeAll(async () => {
  siteverify = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const form = new URLSearchParams(body);
      asked.push(form);
      if (form.get('response') === 'provider-down') {
        response.statusCode = 500;
        response.end();
        return;
      }
      const ok = form.get('secret') === 'test-secret' && form.get('response') === 'passed-token';
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify(ok ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] }),
      );
    });
  });
  await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({
    CAPTCHA_PROVIDER: 'turnstile',
    CAPTCHA_SITE_KEY: 'test-site-key',
    CAPTCHA_SECRET_KEY: 'test-secret',
    CAPTCHA_VERIFY_URL: `http://127.0.0.1:${(siteverify.address() as AddressInfo).port}/siteverify`,
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => siteverify.close(() => resolve()));
});

const submit = (body: object, from: string) =>
  t.app.inject({ method: 'POST', url: '/api/public/lead', payload: body, remoteAddress: from });

describe('an inquiry with a challenge configured', () => {
  it('is taken with a token the provider accepts, and refused, storing nothing, without one', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const videoId = await videoWithForm(t, owner);
    const leads = () => t.db.selectFrom('lead').select('id').where('video_id', '=', videoId).execute();

    const missing = await submit(leadFrom(videoId), '198.51.100.1');
    expect([missing.statusCode, missing.json().error, missing.json().field]).toEqual([
      400,
      'captcha_required',
      'captcha',
    ]);
    expect(missing.json().message).toMatch(/not a robot/);
    const wrong = await submit({ ...leadFrom(videoId), captcha: 'forged-token' }, '198.51.100.2');
    expect([wrong.statusCode, wrong.json().error]).toEqual([400, 'captcha_invalid']);
    // A provider that cannot say is no pass either; the viewer may send again in a moment.
    const down = await submit({ ...leadFrom(videoId), captcha: 'provider-down' }, '198.51.100.4');
    expect([down.statusCode, down.json().error]).toEqual([503, 'captcha_unavailable']);
    expect(await leads()).toEqual([]);

    const passed = await submit({ ...leadFrom(videoId), captcha: 'passed-token' }, '198.51.100.3');
    expect([passed.statusCode, passed.json().data]).toEqual([200, { received: true }]);
    expect(await leads()).toHaveLength(1);
    // The provider is told who answered, as the protocol asks.
    expect(asked.at(-1)?.get('remoteip')).toBe('198.51.100.3');
  });

  it('is a setting given whole: a provider needs both keys', async () => {
    await expect(createTestApp({ CAPTCHA_PROVIDER: 'hcaptcha', CAPTCHA_SITE_KEY: 'k' })).rejects.toThrow(
      /CAPTCHA_SECRET_KEY: required with CAPTCHA_PROVIDER/,
    );
  });
});

describe('the watch page of an installation with a challenge', () => {
  it("gives the player the provider and site key, and lets only the provider's origins in", async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const videoId = await videoWithForm(t, owner);
    for (const path of [`/v/${videoId}`, `/embed/${videoId}`]) {
      const page = await t.app.inject({ method: 'GET', url: path });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('data-challenge="turnstile" data-challenge-key="test-site-key"');
      expect(page.body).toContain(
        'data-challenge-script="https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit"',
      );
      expect(page.body).toContain('<div class="lr-form-challenge"></div>');
      const csp = String(page.headers['content-security-policy']);
      // Our own scripts, the player's inline facade by its hash, and the provider's.
      expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*' https:\/\/challenges\.cloudflare\.com;/);
      expect(csp).toContain('frame-src https://challenges.cloudflare.com;');
    }
  });

  it('says nothing of a challenge where none is configured, and keeps the strict policy', async () => {
    const plain = await createTestApp();
    try {
      const owner = await accountOnPlan(plain, 'Pro');
      const videoId = await videoWithForm(plain, owner);
      const page = await plain.app.inject({ method: 'GET', url: `/v/${videoId}` });
      expect(page.body).toContain('class="lr-form"');
      expect(page.body).not.toContain('data-challenge');
      expect(page.body).not.toContain('lr-form-challenge');
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*';/);
      expect(csp).not.toContain('frame-src');
    } finally {
      await plain.close();
    }
  });

  it('serves the widget from CAPTCHA_SCRIPT_URL when set, and allows that origin instead', async () => {
    const proxied = await createTestApp({
      CAPTCHA_PROVIDER: 'hcaptcha',
      CAPTCHA_SITE_KEY: 'key-2',
      CAPTCHA_SECRET_KEY: 'secret-2',
      CAPTCHA_SCRIPT_URL: 'http://127.0.0.1:9/hcaptcha.js',
    });
    try {
      const owner = await accountOnPlan(proxied, 'Pro');
      const videoId = await videoWithForm(proxied, owner);
      const page = await proxied.app.inject({ method: 'GET', url: `/v/${videoId}` });
      expect(page.body).toContain('data-challenge="hcaptcha" data-challenge-key="key-2"');
      expect(page.body).toContain('data-challenge-script="http://127.0.0.1:9/hcaptcha.js"');
      expect(String(page.headers['content-security-policy'])).toMatch(
        /script-src 'self' 'sha256-[A-Za-z0-9+/]+=*' http:\/\/127\.0\.0\.1:9;/,
      );
    } finally {
      await proxied.close();
    }
  });
});

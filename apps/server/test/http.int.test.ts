import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES, ROUTES } from '@leadreel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../src/db/database.ts';
import {
  createTestApp,
  createTestDatabase,
  get,
  post,
  type TestApp,
  type TestDatabase,
  uniqueEmail,
} from './helpers.ts';

let dist: string;
let database: TestDatabase;
let t: TestApp;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'leadreel-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>console</title><div id="root"></div>');
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  database = await createTestDatabase();
  t = await createTestApp({ WEB_DIST: dist }, { database });
});
afterAll(async () => {
  await t.close();
  await database.drop();
  await rm(dist, { recursive: true, force: true });
});

describe('health', () => {
  it('answers /healthz and /readyz in the envelope', async () => {
    expect(await get(t.app, '/healthz')).toEqual({ status: 200, body: { statusCode: 200, data: { status: 'ok' } } });
    expect(await get(t.app, '/readyz')).toEqual({ status: 200, body: { statusCode: 200, data: { status: 'ready' } } });
  });

  it('sets request and connection timeouts (Fastify defaults to none)', () => {
    expect(t.app.server.requestTimeout).toBeGreaterThan(0);
    expect(t.app.initialConfig.connectionTimeout).toBeGreaterThan(0);
    expect(t.app.server.headersTimeout).toBeGreaterThan(0);
  });
});

describe('the console and its history fallback', () => {
  it.each(['/', '/login', '/account/change-password', '/video-setting/123/branding'])(
    'serves index.html for the console route %s',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
    },
  );

  it.each(['/api/nothing-here', '/api', '/healthz/extra', '/ads.txt', '/assets/missing.js', '/favicon.ico'])(
    'answers a real 404 envelope for %s, never index.html',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ statusCode: 404, error: 'not_found', message: 'Not found' });
    },
  );

  it.each(['/assets/..%5c..%5cpackage.json', '/assets/%2e%2e%5cx.js', '/assets/x%00.js'])(
    'refuses the path %s that climbs out of the console with its own message, not "invalid JSON"',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        statusCode: 403,
        error: 'path_forbidden',
        message: 'This path is not allowed',
      });
    },
  );

  it('serves fingerprinted assets with a long cache lifetime', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('does not fall back for POST', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/login', payload: {} });
    expect(response.statusCode).toBe(404);
  });
});

describe('the public configuration', () => {
  it('gives the brand and hides Google sign-in when it is not configured', async () => {
    expect((await get(t.app, '/api/config')).body.data).toEqual({
      brand: 'LeadReel',
      googleClientId: null,
      communityUrl: null,
      supportEmail: null,
    });
    expect((await post(t.app, '/api/auth/login/google', { idToken: 'a.b.c' })).status).toBe(404);
  });

  it('serves every route of the catalogue, where the catalogue says', async () => {
    const missing = Object.entries(ROUTES)
      .filter(([, route]) => !t.app.hasRoute({ method: route.method, url: `/api${route.path}` }))
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('publishes the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/auth/signup', '/api/account/detail']));
  });
});

describe('errors nobody planned for', () => {
  it('answers 503 with a key and Retry-After, and no internals, when the database is down', async () => {
    const broken = createDb('postgres://nobody@127.0.0.1:1/none', 1);
    const down = await createTestApp({}, { database: { db: broken, url: '', drop: () => broken.destroy() } });
    try {
      const response = await down.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'a@example.test', password: 'whatever' },
      });
      // an outage is temporary, so the client is told to come back, not that it failed.
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({
        statusCode: 503,
        error: 'service_unavailable',
        message: MESSAGES.service_unavailable,
      });
      expect(response.body).not.toContain('ECONNREFUSED');
      expect((await get(down.app, '/readyz')).status).toBe(503);
    } finally {
      await down.close();
      await broken.destroy().catch(() => undefined);
    }
  });
});

describe('rate limits on sign-in', () => {
  it('limits one IP, with limits shared through the database', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' }, { database });
    const second = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' }, { database });
    try {
      const attempt = (app: TestApp, ip: string) =>
        app.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: ip,
          payload: { email: uniqueEmail(), password: 'whatever' },
        });
      // Two "processes" on one database share the budget of 3.
      expect((await attempt(limited, '10.1.1.1')).statusCode).toBe(401);
      expect((await attempt(second, '10.1.1.1')).statusCode).toBe(401);
      expect((await attempt(limited, '10.1.1.1')).statusCode).toBe(401);
      const blocked = await attempt(second, '10.1.1.1');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ statusCode: 429, error: 'rate_limited' });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await attempt(limited, '10.1.1.2')).statusCode).toBe(401);
    } finally {
      await limited.close();
      await second.close();
    }
  });

  it('limits guesses at one account from many IPs: past ten, a new browser also needs a mailed code', async () => {
    const email = uniqueEmail('target');
    const answers: string[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: `10.2.0.${i}`,
        payload: { email, password: `guess ${i}` },
      });
      answers.push(`${response.statusCode} ${response.json().error}`);
    }
    expect(answers.slice(0, 10)).toEqual(Array(10).fill('401 login_incorrect'));
    expect(answers.slice(10)).toEqual(['401 login_code_required', '401 login_code_required']);
  });
});

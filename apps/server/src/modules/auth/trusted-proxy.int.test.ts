import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, useTestDatabase } from '../../../test/helpers.ts';

const database = useTestDatabase();

/**
 * A wrong sign-in that came through the proxy at `proxy`, which appended `client` to what the client sent.
 * Each is for a new email, so only the per-address limit can refuse it. The limits' windows live in the
 * shared database: each case uses addresses of its own.
 */
function loginThroughProxy(app: TestApp, client: string, forged?: string, proxy = '127.0.0.1') {
  return app.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: proxy,
    headers: { 'x-forwarded-for': forged ? `${forged}, ${client}` : client },
    payload: { email: `nobody-${randomUUID()}@leads.test`, password: 'not the password' },
  });
}

/** Statuses of `count` sign-ins from one client that writes a new address in front of its own each time. */
async function forgingStatuses(app: TestApp, client: string, count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    statuses.push((await loginThroughProxy(app, client, `198.51.100.${i + 1}`)).statusCode);
  }
  return statuses;
}

describe('the client address behind a proxy (TRUST_PROXY)', () => {
  for (const [index, trust] of ['1', 'true', '127.0.0.1', '127.0.0.0/8, ::1', 'loopback'].entries()) {
    it(`keys the per-address limit on the address the proxy saw, whatever the client writes (${trust})`, async () => {
      const app = await createTestApp({ TRUST_PROXY: trust, AUTH_RATE_LIMIT_PER_MINUTE: '3' }, { database });
      try {
        expect(await forgingStatuses(app, `203.0.113.${index}`, 5)).toEqual([401, 401, 401, 429, 429]);
        // Another client behind the same proxy has its own window: the header is read, just not believed whole.
        expect((await loginThroughProxy(app, `203.0.113.${index + 100}`)).statusCode).toBe(401);
      } finally {
        await app.close();
      }
    });
  }

  it('ignores the header from an address that is not a trusted proxy', async () => {
    const app = await createTestApp({ TRUST_PROXY: '10.0.0.0/8', AUTH_RATE_LIMIT_PER_MINUTE: '3' }, { database });
    try {
      // 192.0.2.1 is not in 10.0.0.0/8, so every attempt counts against 192.0.2.1 itself.
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await loginThroughProxy(app, `203.0.113.${20 + i}`, undefined, '192.0.2.1')).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await app.close();
    }
  });

  it('with a hop count, believes the header only from a connection on an internal address', async () => {
    const app = await createTestApp({ TRUST_PROXY: '2', AUTH_RATE_LIMIT_PER_MINUTE: '3' }, { database });
    try {
      // A client that reached the server's own port from the internet writes two hops of its own.
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await loginThroughProxy(app, `203.0.113.${40 + i}`, '198.51.100.9', '192.0.2.2')).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      // Through two proxies on the private network, the second proxy's entry is the client.
      const twoHops = [];
      for (let i = 0; i < 4; i++) {
        twoHops.push(
          (await loginThroughProxy(app, '10.1.2.3', `198.51.100.${50 + i}, 203.0.113.50`, '10.0.0.5')).statusCode,
        );
      }
      expect(twoHops).toEqual([401, 401, 401, 429]);
    } finally {
      await app.close();
    }
  });

  it('without a proxy, the connection is the client', async () => {
    const app = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' }, { database });
    try {
      expect(await forgingStatuses(app, '203.0.113.30', 4)).toEqual([401, 401, 401, 429]);
    } finally {
      await app.close();
    }
  });
});

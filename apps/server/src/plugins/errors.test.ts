import net from 'node:net';
import { MESSAGES } from '@leadreel/shared';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, isDatabaseUnavailable } from '../db/database.ts';
import { installErrorHandler } from './errors.ts';
import { databaseAnswers } from './health.ts';

const pgError = (code: string, message = 'from the server') => Object.assign(new Error(message), { code });

describe('database outages', () => {
  it.each([
    ['connection refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' })],
    ['an aggregate of refusals (IPv4 and IPv6)', new AggregateError([pgError('ECONNREFUSED')], 'refused')],
    ['a connection lost', new Error('Connection terminated unexpectedly')],
    ['a frozen server', new Error('Query read timeout')],
    ['a pool that cannot connect', new Error('timeout exceeded when trying to connect')],
    ['a shutdown (57P01)', pgError('57P01', 'terminating connection due to administrator command')],
    ['a server starting up (57P03)', pgError('57P03', 'the database system is starting up')],
    ['a connection exception (08006)', pgError('08006')],
    ['too many connections (53300)', pgError('53300')],
    ['a cause further down', new Error('migration failed', { cause: pgError('ECONNRESET') })],
  ])('are recognised: %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation (23505)', pgError('23505')],
    ['invalid text (22P02)', pgError('22P02')],
    ['a bug', new TypeError('x is undefined')],
    ['not an error', 'ECONNREFUSED'],
  ])('are not confused with: %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('the error handler', () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    installErrorHandler(app);
    app.get('/down', async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
    app.get('/bug', async () => {
      throw new TypeError('x is undefined');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers an outage with 503, the key and Retry-After', async () => {
    const response = await app.inject({ url: '/down' });
    expect(response.statusCode).toBe(503);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.json()).toEqual({
      statusCode: 503,
      error: 'service_unavailable',
      message: MESSAGES.service_unavailable,
    });
  });

  it('answers anything unknown with a 500, a request id and no internals', async () => {
    const response = await app.inject({ url: '/bug' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'internal_error',
      message: MESSAGES.internal_error,
      requestId: expect.any(String),
    });
    expect(response.body).not.toContain('undefined');
  });
});

describe('the readiness probe', () => {
  // A database that accepts connections and never answers: a frozen PostgreSQL, or a dead link.
  const silent = net.createServer((socket) => socket.on('error', () => undefined));
  const sockets = new Set<net.Socket>();
  silent.on('connection', (socket) => sockets.add(socket));
  beforeAll(() => new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve)));
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('says no when the database does not answer, instead of waiting for it', async () => {
    const { port } = silent.address() as net.AddressInfo;
    const db = createDb(`postgres://nobody@127.0.0.1:${port}/frozen`, 1, { queryTimeoutMs: 60_000 });
    try {
      expect(await databaseAnswers(db, 200)).toBe(false);
    } finally {
      for (const socket of sockets) socket.destroy();
      await db.destroy().catch(() => undefined);
    }
  });
});

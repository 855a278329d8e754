import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountOnPlan, videoWithForm } from './factories.ts';
import { createTestApp, createTestDatabase, type TestDatabase } from './helpers.ts';
import { freePort, startServer, waitReady } from './processes.ts';

// "a graceful stop under load loses no accepted event; kill -9 loses at most the last flush
// interval": a real server process takes batches from 30 viewers at once and is stopped right after the last
// answer, with SIGTERM, then with SIGKILL.
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const VIEWERS = 30;
const BATCHES_EACH = 10;
const EVENTS_PER_BATCH = 10;

let database: TestDatabase;
let dataDir: string;
let videoId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const t = await createTestApp({}, { database });
  videoId = await videoWithForm(t, await accountOnPlan(t, 'Pro'));
  await t.close();
  dataDir = await mkdtemp(path.join(tmpdir(), 'leadreel-analytics-stop-'));
});
afterAll(async () => {
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

/** Every viewer's batches, made once so that they can be sent again. */
function batches() {
  return Array.from({ length: VIEWERS }, (_, viewer) =>
    Array.from({ length: BATCHES_EACH }, () =>
      JSON.stringify({
        videoId,
        sessionId: `stop-session-${viewer.toString().padStart(6, '0')}`,
        viewerId: `stop-viewer-${viewer.toString().padStart(6, '0')}-${randomUUID().slice(0, 8)}`,
        page: 'https://customer.example.test/pricing',
        referrer: '',
        events: Array.from({ length: EVENTS_PER_BATCH }, (_, i) => ({
          id: randomUUID(),
          kind: 'heartbeat',
          at: Date.now() - i,
          position: i,
          intervals: [[i, i + 1]],
        })),
      }),
    ),
  );
}

/** Sends every viewer's batches, the viewers at once; answers how many events were accepted (204). */
async function send(url: string, all: string[][]) {
  let accepted = 0;
  await Promise.all(
    all.map(async (mine) => {
      for (const body of mine) {
        const answer = await fetch(`${url}/api/public/events`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain', 'user-agent': CHROME },
          body,
        });
        if (answer.status === 204) accepted += EVENTS_PER_BATCH;
      }
    }),
  );
  return accepted;
}

async function stored() {
  const { rows } = await sql<{ n: number; distinct: number }>`select count(*)::int as n,
    count(distinct event_id)::int as distinct from analytics_event where video_id = ${videoId}`.execute(database.db);
  return rows[0] as { n: number; distinct: number };
}

describe('a server taking viewing events', () => {
  it('writes every accepted event before a graceful stop ends', async () => {
    const server = startServer(dataDir, await freePort(), { DATABASE_URL: database.url });
    await waitReady(server);
    const accepted = await send(server.url, batches());
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(accepted).toBe(VIEWERS * BATCHES_EACH * EVENTS_PER_BATCH);
    expect(await stored()).toEqual({ n: accepted, distinct: accepted });
  });

  it('after kill -9 keeps what it wrote, whole, and stores a resent batch once', async () => {
    const before = (await stored()).n;
    const all = batches();
    const server = startServer(dataDir, await freePort(), { DATABASE_URL: database.url });
    await waitReady(server);
    const accepted = await send(server.url, all);
    server.child.kill('SIGKILL');
    await server.exited;
    // What waited in memory (at most the last second's) is lost; nothing is half-written or doubled.
    const afterKill = await stored();
    expect(afterKill.n).toBe(afterKill.distinct);
    expect(afterKill.n - before).toBeLessThanOrEqual(accepted);
    // Sent again (a client that retries), every event is there once.
    const restarted = startServer(dataDir, await freePort(), { DATABASE_URL: database.url });
    await waitReady(restarted);
    expect(await send(restarted.url, all)).toBe(accepted);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
    expect(await stored()).toEqual({ n: before + accepted, distinct: before + accepted });
  });
});

describe('the rollup as its process stops', () => {
  it('takes no further step once stopped, leaving the events to the next process', async () => {
    const sessions = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from analytics_session
          where session_id = 'stopping-session'`.execute(database.db)
      ).rows[0]?.n;
    const stopping = await createTestApp({}, { database });
    const answer = await stopping.app.inject({
      method: 'POST',
      url: '/api/public/events',
      headers: { 'content-type': 'application/json', 'user-agent': CHROME },
      payload: {
        videoId,
        sessionId: 'stopping-session',
        page: 'https://customer.example.test/pricing',
        referrer: '',
        events: [{ id: randomUUID(), kind: 'play', at: Date.now(), position: 0 }],
      },
    });
    expect(answer.statusCode).toBe(204);
    await stopping.services.analytics.flush();
    // The rollup reads events received a few seconds before the database's clock: wait until this one is.
    await vi.waitFor(
      async () => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from analytics_event
          where session_id = 'stopping-session' and received_at < now() - interval '5 seconds'`.execute(database.db);
        expect(rows[0]?.n).toBe(1);
      },
      { timeout: 60_000, interval: 250 },
    );
    await stopping.services.analytics.stop();
    await stopping.services.analytics.rollUp();
    expect(await sessions()).toBe(0);
    await stopping.close();
    // The next process rolls it up: the stopped one left it, it did not lose it.
    const next = await createTestApp({}, { database });
    await next.services.analytics.rollUp();
    expect(await sessions()).toBe(1);
    await next.close();
  });
});

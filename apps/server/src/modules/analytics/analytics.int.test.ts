import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isStorableText } from '@leadreel/shared/text';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { accountOnPlan, videoWithForm } from '../../../test/factories.ts';
import { fakeMmdb } from '../../../test/fakes/mmdb.ts';
import { createTestApp, get, useTestApp } from '../../../test/helpers.ts';
import { poolOf } from '../../db/database.ts';
import type { AnalyticsDatabase, AnalyticsDb } from './analytics.schema.ts';
import { BATCHES_PER_ADDRESS_AND_VIDEO } from './analytics.service.ts';
import { createEventBatch, createEventRepo, type EventRow, type EventSource } from './events.repo.ts';

// the ingestion endpoint on the real PostgreSQL: what it stores, and what it refuses or drops
// so that no figure is corrupted.
const t = useTestApp();
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

async function ownedVideo() {
  const owner = await accountOnPlan(t, 'Pro');
  return { ...owner, videoId: await videoWithForm(t, owner) };
}

function batch(videoId: string, events: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}) {
  return {
    videoId,
    sessionId: `session-${randomUUID().slice(0, 12)}`,
    viewerId: `viewer-${randomUUID().slice(0, 12)}`,
    page: 'https://customer.example.test/pricing',
    referrer: 'https://search.example.test/',
    events,
    ...extra,
  };
}
const event = (kind: string, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  kind,
  at: Date.now(),
  position: 0,
  ...extra,
});

async function send(body: unknown, headers: Record<string, string> = {}, ip = '198.51.100.7') {
  return t.app.inject({
    method: 'POST',
    url: '/api/public/events',
    remoteAddress: ip,
    headers: { 'content-type': 'text/plain', 'user-agent': CHROME, ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A viewing of the video by a desktop Chrome on Linux, with no viewer id, page or referrer. */
const plainSource = (accountId: string, videoId: string, session: string): EventSource => ({
  account_id: accountId,
  video_id: videoId,
  session_id: session,
  viewer_id: null,
  page: '',
  referrer: '',
  device: 'desktop',
  browser: 'Chrome',
  os: 'Linux',
  country: null,
});

async function stored(videoId: string) {
  await t.services.analytics.flush();
  const { rows } = await sql<{
    event_id: string;
    kind: string;
    account_id: string;
    session_id: string;
    viewer_id: string | null;
    data: unknown;
    device: string;
    browser: string;
    os: string;
  }>`select event_id, kind, account_id, session_id, viewer_id, data, device, browser, os from analytics_event
     where video_id = ${videoId} order by at, kind`.execute(t.db);
  return rows;
}

describe('the ingestion endpoint', () => {
  it("stores a beacon's events for the video's account with the viewer's device, answering 204", async () => {
    const { videoId, accountId } = await ownedVideo();
    const heartbeat = event('heartbeat', {
      position: 12,
      intervals: [
        [0, 8],
        [4, 12],
      ],
    });
    const answer = await send(batch(videoId, [event('load'), event('play'), heartbeat]), { 'user-agent': IPHONE });
    expect(answer.statusCode).toBe(204);
    expect(answer.body).toBe('');
    const rows = await stored(videoId);
    expect(rows.map((row) => row.kind).sort()).toEqual(['heartbeat', 'load', 'play']);
    expect(rows.every((row) => row.account_id === accountId)).toBe(true);
    expect(rows[0]).toMatchObject({ device: 'mobile', browser: 'Mobile Safari', os: 'iOS' });
    expect(JSON.parse(String(rows.find((row) => row.kind === 'heartbeat')?.data))).toEqual({
      intervals: [
        [0, 8],
        [4, 12],
      ],
    });
  });

  it('stores a batch sent again, or five times at once, once', async () => {
    const { videoId } = await ownedVideo();
    const body = batch(videoId, [event('play'), event('pause', { position: 3 })]);
    expect((await send(body)).statusCode).toBe(204);
    await t.services.analytics.flush();
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(body)));
    expect(answers.map((a) => a.statusCode)).toEqual([204, 204, 204, 204, 204]);
    expect(await stored(videoId)).toHaveLength(2);
  });

  it('stores the new events of a flush that repeats some, plainly written or skipping stored ones', async () => {
    const { videoId, accountId } = await ownedVideo();
    // A repo of its own, so that no earlier test has set it to skip stored events already.
    const repo = createEventRepo(
      t.analyticsDb.withTables<AnalyticsDatabase>() as unknown as AnalyticsDb,
      poolOf(t.analyticsDb),
    );
    const source = plainSource(accountId, videoId, 'session-0123456789ab');
    const row = (kind: string): EventRow => ({
      event_id: randomUUID(),
      at: Date.now(),
      kind,
      position: 0,
      data: null,
      source,
    });
    const [play, pause, end] = [row('play'), row('pause'), row('end')];
    const insert = (rows: EventRow[]) => {
      const batch = createEventBatch();
      batch.add(rows);
      return repo.insert(batch);
    };
    expect(await insert([play])).toBe(1);
    // Refused as a repeat, then written skipping the stored one; and the next flush skips from the start.
    expect(await insert([play, pause])).toBe(1);
    expect(await insert([play, pause, end, end])).toBe(1);
    expect(await insert([])).toBe(0);
    expect((await stored(videoId)).map((r) => r.kind).sort()).toEqual(['end', 'pause', 'play']);
  });

  it('sets aside an event PostgreSQL will not store and writes the rest of its batch, repeats or not', async () => {
    const { videoId, accountId } = await ownedVideo();
    const refused: Error[] = [];
    const repo = createEventRepo(
      t.analyticsDb.withTables<AnalyticsDatabase>() as unknown as AnalyticsDb,
      poolOf(t.analyticsDb),
      { onRefused: (error) => refused.push(error) },
    );
    const row = (session: string, data: string | null = null): EventRow => ({
      event_id: randomUUID(),
      at: Date.now(),
      kind: 'play',
      position: 0,
      data,
      source: plainSource(accountId, videoId, session),
    });
    // A NUL is no text PostgreSQL stores (the ingestion's checks refuse it first).
    const rows = [row('kept-1'), row('nul\u0000'), row('kept-2'), row('kept-3', 'nul\u0000'), row('kept-4')];
    const batch = createEventBatch();
    batch.add(rows);
    await t.services.analytics.ensurePartitions();
    expect(await repo.insert(batch)).toBe(3);
    expect(refused.map((error) => (error as Error & { code?: string }).code)).toEqual(['22021', '22021']);
    expect((await stored(videoId)).map((r) => r.session_id).sort()).toEqual(['kept-1', 'kept-2', 'kept-4']);
    // Sent again with one more: the stored are skipped, the refused set aside again, the new one written.
    const again = createEventBatch();
    again.add([...rows, row('kept-5')]);
    expect(await repo.insert(again)).toBe(1);
    expect(refused).toHaveLength(4);
    expect(await stored(videoId)).toHaveLength(4);
    // A batch of nothing but refused events writes nothing and fails nothing.
    const none = createEventBatch();
    none.add([row('nul\u0000')]);
    expect(await repo.insert(none)).toBe(0);
  });

  it('writes each viewing with its own page, referrer, device and country when viewings share some and not others', async () => {
    const [first, second] = [await ownedVideo(), await ownedVideo()];
    const repo = createEventRepo(
      t.analyticsDb.withTables<AnalyticsDatabase>() as unknown as AnalyticsDb,
      poolOf(t.analyticsDb),
    );
    const viewing = (n: number, owner: typeof first, changes: Partial<EventSource> = {}): EventSource => ({
      account_id: owner.accountId,
      video_id: owner.videoId,
      session_id: `session-${n}`,
      viewer_id: n % 2 ? `viewer-${n}` : null,
      page: 'https://customer.example.test/pricing',
      referrer: '',
      device: 'desktop',
      browser: 'Chrome',
      os: 'Windows',
      country: null,
      ...changes,
    });
    // One context shared by three viewings, then others differing in one field each, interleaved; and two
    // videos of two accounts on one page.
    const viewings = [
      viewing(1, first),
      viewing(2, second),
      viewing(3, first, { referrer: 'https://search.example.test/' }),
      viewing(4, first),
      viewing(5, first, { device: 'mobile', browser: 'Mobile Safari', os: 'iOS' }),
      viewing(6, first, { country: 'DE' }),
      viewing(7, first, { page: 'https://customer.example.test/other' }),
      viewing(8, second),
      viewing(9, first),
    ];
    const batch = createEventBatch();
    const rows = viewings.flatMap((source, i) =>
      Array.from(
        { length: 1 + (i % 3) },
        (_, k): EventRow => ({
          event_id: randomUUID(),
          at: Date.now() - k,
          kind: 'heartbeat',
          position: k,
          data: null,
          source,
        }),
      ),
    );
    for (const row of rows) batch.add([row]);
    await t.services.analytics.ensurePartitions();
    expect(await repo.insert(batch)).toBe(rows.length);
    const { rows: read } = await sql<EventSource & { event_id: string }>`
      select event_id, account_id, video_id, session_id, viewer_id, page, referrer, device, browser, os, country
      from analytics_event where video_id in (${first.videoId}, ${second.videoId})`.execute(t.analyticsDb);
    const byId = new Map(read.map(({ event_id, ...source }) => [event_id, source]));
    expect(byId.size).toBe(rows.length);
    for (const row of rows) expect(byId.get(row.event_id)).toEqual(row.source);
  });

  it('copies every field as PostgreSQL reads it back: any text a request may carry, times, positions, nulls', async () => {
    const { videoId, accountId } = await ownedVideo();
    const repo = createEventRepo(
      t.analyticsDb.withTables<AnalyticsDatabase>() as unknown as AnalyticsDb,
      poolOf(t.analyticsDb),
    );
    await t.services.analytics.ensurePartitions();
    const tricky = [
      '',
      'NULL',
      'a "quote"',
      'back\\slash',
      'new\nline',
      'tab\t',
      '\u0001',
      '{a,b}',
      ' spaced ',
      '视频 🎬',
      '\u2028',
    ];
    let n = 0;
    /** Writes events whose every text field holds `text`, each viewing its own, and reads them back. */
    const roundTrip = async (texts: (string | null)[], event: Partial<EventRow> = {}) => {
      const batch = createEventBatch();
      const rows = texts.map((text): EventRow => {
        n += 1;
        return {
          event_id: randomUUID(),
          at: Date.now() - n,
          kind: text ?? 'play',
          position: n / 4,
          data: text,
          ...event,
          source: {
            account_id: accountId,
            video_id: videoId,
            session_id: text ?? `session-${n}`,
            viewer_id: text,
            page: text ?? '',
            referrer: text ?? '',
            device: text ?? 'desktop',
            browser: text ?? 'Chrome',
            os: text ?? 'Linux',
            country: text,
          },
        };
      });
      batch.add(rows);
      expect(await repo.insert(batch)).toBe(rows.length);
      const { rows: read } = await sql<EventRow & EventSource & { at: Date }>`
        select * from analytics_event where event_id in (${sql.join(rows.map((row) => row.event_id))})`.execute(
        t.analyticsDb,
      );
      const byId = new Map(read.map((row) => [row.event_id, row]));
      expect(byId.size).toBe(rows.length);
      for (const { source, ...own } of rows) {
        const eventId = own.event_id.toLowerCase();
        expect(byId.get(eventId)).toMatchObject({ ...own, ...source, event_id: eventId, at: new Date(own.at) });
      }
    };
    await roundTrip([...tricky, null]);
    // Past the file's first 64 KiB, as it grows.
    await roundTrip(Array.from({ length: 300 }, (_, i) => `${'视'.repeat(i % 70)}"${i}"\\`));
    // Times before 2000 and far ahead (days of their own, dropped after), and positions a real holds.
    const [early, late] = [Date.UTC(1999, 11, 31, 23, 59, 59, 999), Date.UTC(2100, 0, 1, 0, 0, 0, 1)];
    await repo.ensurePartitions(new Date(early), new Date(early));
    await repo.ensurePartitions(new Date(late), new Date(late));
    try {
      await roundTrip(['early'], { at: early, position: 0 });
      await roundTrip(['late'], { at: late, position: 36_000 });
    } finally {
      await sql`drop table analytics_event_19991231, analytics_event_21000101`.execute(t.analyticsDb);
    }
    await roundTrip(['uppercase'], { event_id: randomUUID().toUpperCase(), position: 1.5 });
    // Any text a request may carry (no NUL, no lone surrogate), alone or beside others.
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: 'binary', maxLength: 20 }).filter(isStorableText), { minLength: 1, maxLength: 4 }),
        async (values) => {
          await roundTrip(values);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('counts nothing from a bot, or of an event stamped in the future or long ago', async () => {
    const { videoId } = await ownedVideo();
    for (const agent of ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'curl/8.5.0', '']) {
      expect((await send(batch(videoId, [event('play')]), { 'user-agent': agent })).statusCode).toBe(204);
    }
    const hour = 3_600_000;
    const answer = await send(
      batch(videoId, [
        event('play', { at: Date.now() + 2 * hour }),
        event('play', { at: Date.now() - 366 * 24 * hour }),
        event('load'),
      ]),
    );
    expect(answer.statusCode).toBe(204);
    expect((await stored(videoId)).map((row) => row.kind)).toEqual(['load']);
  });

  it('keeps no viewer id for a viewer who asks not to be tracked', async () => {
    const { videoId } = await ownedVideo();
    await send(batch(videoId, [event('play')]), { dnt: '1' });
    await send(batch(videoId, [event('pause')]), { 'sec-gpc': '1' });
    await send(batch(videoId, [event('end')]));
    const rows = await stored(videoId);
    expect(rows.filter((row) => row.viewer_id === null).map((row) => row.kind)).toEqual(['play', 'pause']);
    expect(rows.find((row) => row.kind === 'end')?.viewer_id).toMatch(/^viewer-/);
  });

  it('refuses a malformed batch whole, and stores nothing of it', async () => {
    const { videoId } = await ownedVideo();
    const bad: unknown[] = [
      'not json',
      '',
      [],
      batch(videoId, []),
      batch(videoId, [event('teleport')]),
      batch(videoId, [{ ...event('play'), id: 'not-a-uuid' }]),
      batch(videoId, [{ ...event('play'), at: '2026-01-01' }]),
      batch(videoId, [{ ...event('play'), position: -1 }]),
      batch(videoId, [event('heartbeat', { intervals: [[9, 3]] })]),
      batch(videoId, [{ ...event('play'), extra: true }]),
      batch(videoId, [event('play')], { sessionId: 'short' }),
      batch(videoId, [event('play')], { page: 'x'.repeat(2001) }),
      batch(videoId, [event('play')], { page: 'nul \u0000 here' }),
      batch(videoId, [event('play')], { referrer: 'lone \ud800 surrogate' }),
      batch('not-a-video', [event('play')]),
      batch(
        videoId,
        Array.from({ length: 201 }, () => event('heartbeat')),
      ),
    ];
    for (const body of bad) {
      const answer = await send(body);
      expect(answer.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
    }
    // Over 64 KiB: refused before it is read.
    const big = await send(batch(videoId, [event('play')], { referrer: 'r'.repeat(70_000) }));
    expect(big.statusCode).toBe(413);
    expect(await stored(videoId)).toEqual([]);
  });

  it("answers 404 for a video that does not exist, and never stores one video's events under another account", async () => {
    const { videoId, accountId } = await ownedVideo();
    expect((await send(batch(randomUUID(), [event('play')]))).statusCode).toBe(404);
    // A batch cannot name an account: the video's owner is the one its events count for.
    expect((await send(batch(videoId, [event('play')], { accountId: randomUUID() }))).statusCode).toBe(400);
    await send(batch(videoId, [event('play')]));
    expect((await stored(videoId)).map((row) => row.account_id)).toEqual([accountId]);
  });

  it("limits an address's batches a minute for a video, whatever viewer and session ids it makes up", async () => {
    const { videoId } = await ownedVideo();
    const statuses: number[] = [];
    for (let i = 0; i <= BATCHES_PER_ADDRESS_AND_VIDEO; i += 1) {
      // A new viewer id and session id in every batch, as a script would send them.
      const ids = {
        viewerId: `viewer-${randomUUID().slice(0, 12)}`,
        sessionId: `session-${randomUUID().slice(0, 12)}`,
      };
      statuses.push((await send(batch(videoId, [event('heartbeat')], ids), {}, '198.51.100.99')).statusCode);
    }
    expect(statuses.slice(0, BATCHES_PER_ADDRESS_AND_VIDEO).every((s) => s === 204)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(await stored(videoId)).toHaveLength(BATCHES_PER_ADDRESS_AND_VIDEO);
    // Another address still counts.
    expect((await send(batch(videoId, [event('heartbeat')]), {}, '198.51.100.98')).statusCode).toBe(204);
  });
});

describe('partitions', () => {
  it('are made for the days events may fall on, and dropped whole once past the retention', async () => {
    await t.services.analytics.maintain();
    const names = async () =>
      (
        await sql<{ name: string }>`select child.relname as name from pg_inherits
          join pg_class child on child.oid = pg_inherits.inhrelid
          join pg_class parent on parent.oid = pg_inherits.inhparent
          where parent.relname = 'analytics_event' order by 1`.execute(t.db)
      ).rows.map((row) => row.name);
    const day = (offset: number) =>
      `analytics_event_${new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '')}`;
    expect(await names()).toEqual(expect.arrayContaining([day(-1), day(0), day(1), day(2)]));
    // A day far older than the retention, as a server running for years would have.
    await sql`create table analytics_event_20200101 partition of analytics_event
      for values from ('2020-01-01') to ('2020-01-02')`.execute(t.db);
    expect(await t.services.analytics.maintain()).toEqual(['analytics_event_20200101']);
    expect(await names()).not.toContain('analytics_event_20200101');
    expect(await names()).toContain(day(0));
  });
});

describe('countries, with a MaxMind database (GEOIP_DB)', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'leadreel-geoip-'));
  const file = path.join(folder, 'countries.mmdb');
  writeFileSync(
    file,
    fakeMmdb({
      '198.51.100.0/24': { country: { iso_code: 'NL' } },
      '203.0.113.0/24': { registered_country: { iso_code: 'JP' } },
    }),
  );
  const geo = useTestApp({ GEOIP_DB: file });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("records each viewer's country from their address, and none for an address it does not know", async () => {
    const owner = await accountOnPlan(geo, 'Pro');
    const videoId = await videoWithForm(geo, owner);
    for (const ip of ['198.51.100.7', '203.0.113.9', '192.0.2.1']) {
      const answer = await geo.app.inject({
        method: 'POST',
        url: '/api/public/events',
        remoteAddress: ip,
        headers: { 'content-type': 'application/json', 'user-agent': CHROME },
        payload: batch(videoId, [event('load')]),
      });
      expect(answer.statusCode).toBe(204);
    }
    await geo.services.analytics.flush();
    const { rows } = await sql<{ country: string | null }>`select country from analytics_event
      where video_id = ${videoId} order by country nulls last`.execute(geo.db);
    expect(rows.map((row) => row.country)).toEqual(['JP', 'NL', null]);
  });

  it('stops the start with the reason when the file is not one', async () => {
    const bad = path.join(folder, 'not-a-database.mmdb');
    writeFileSync(bad, 'hello');
    await expect(createTestApp({ GEOIP_DB: bad })).rejects.toThrow(/GEOIP_DB: .* is not a MaxMind database/);
  });
});

describe('figures soon after a play, with the real job queue and worker', () => {
  const live = useTestApp({}, { media: true });

  it('rolls the written events up a few seconds later, asking for one rollup at a time, and none when busy', async () => {
    const owner = await accountOnPlan(live, 'Pro');
    const videoId = await videoWithForm(live, owner);
    const play = (kind: string) =>
      live.app.inject({
        method: 'POST',
        url: '/api/public/events',
        headers: { 'content-type': 'application/json', 'user-agent': CHROME },
        payload: batch(videoId, [event('load'), event(kind)]),
      });
    const asked = async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pgboss.job
        where name = 'analytics-rollup' and start_after > created_on + interval '3 seconds'`.execute(live.db);
      return rows[0]?.n;
    };
    // A busy process's flush (thousands of events) leaves its events to the minute's run.
    live.services.analytics.written(5000);
    await live.services.analytics.flush();
    expect(await asked()).toBe(0);
    expect((await play('play')).statusCode).toBe(204);
    await live.services.analytics.flush();
    expect((await play('play')).statusCode).toBe(204);
    await live.services.analytics.flush();
    // Two flushes within the wait (each done once its rollup is asked for): one rollup, once both have settled.
    expect(await asked()).toBe(1);
    // Nobody calls the rollup here: the worker takes the job asked for (the minute's run may come first).
    const today = new Date().toISOString().slice(0, 10);
    const figures = `/api/analytics/video?videoId=${videoId}&from=${today}&to=${today}`;
    await expect
      .poll(async () => (await get(live.app, figures, owner.token)).body.data?.totals?.plays, {
        timeout: 60_000,
        interval: 500,
      })
      .toBe(2);
  });
});

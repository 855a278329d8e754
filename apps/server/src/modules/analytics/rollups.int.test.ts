import { randomUUID } from 'node:crypto';
import { bucketTimes, watchedSegments } from '@leadreel/shared/watching';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { accountOnPlan, leadFrom, videoWithForm } from '../../../test/factories.ts';
import { receiver } from '../../../test/fakes/webhook-receiver.ts';
import { get, post, useTestApp } from '../../../test/helpers.ts';
import { migrateDown, migrateToLatest } from '../../db/migrate.ts';
import { ANALYTICS_MIGRATIONS } from './analytics.module.ts';
import type { AnalyticsDatabase } from './analytics.schema.ts';
import { createFiguresRepo } from './figures.repo.ts';

// the rollup job turns raw events into sessions, hours and viewers, counting each session
// once however its events are split across runs, and a rewatched part twice in the engagement.
// Both where the analytics tables live by default (the application's database) and in a database of their
// own (ANALYTICS_DATABASE_URL): the same figures either way.
for (const [separate, where] of [
  [false, 'in the application database'],
  [true, 'in a database of their own'],
] as const) {
  // The webhook receiver below listens on loopback.
  const t = useTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }, { separateAnalytics: separate });
  const analyticsDb = () => t.analyticsDb.withTables<AnalyticsDatabase>();
  const CHROME =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

  /**
   * Events a tenth of a second apart, from a minute ago, all on one UTC day (`today`): a run near midnight
   * starts them earlier or later in the day, so a viewing's figures never split over two days. A few
   * hundred events stay well within how far ahead the server takes them (ingest.ts FUTURE_MS).
   */
  const DAY_MS = 86_400_000;
  const dayStart = Math.floor((Date.now() - 60_000) / DAY_MS) * DAY_MS;
  let clock = Math.min(Math.max(Date.now() - 60_000, dayStart + 1000), dayStart + DAY_MS - 15 * 60_000);
  const today = new Date(dayStart).toISOString().slice(0, 10);
  function event(kind: string, extra: Record<string, unknown> = {}) {
    clock += 100;
    return { id: randomUUID(), kind, at: clock, position: 0, ...extra };
  }

  async function send(videoId: string, sessionId: string, viewerId: string | null, events: unknown[], dnt = false) {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/public/events',
      headers: { 'content-type': 'application/json', 'user-agent': CHROME, ...(dnt ? { dnt: '1' } : {}) },
      payload: {
        videoId,
        sessionId,
        ...(viewerId ? { viewerId } : {}),
        page: 'https://customer.example.test/pricing',
        referrer: 'https://search.example.test/',
        events,
      },
    });
    expect(answer.statusCode, answer.body).toBe(204);
  }

  /** Rolls up until the events sent so far are in (the job reads what was received a few seconds ago). */
  async function rolledUp(videoId: string, sessions: number, timeout = 60_000) {
    await t.services.analytics.flush();
    await vi.waitFor(
      async () => {
        await t.services.analytics.rollUp();
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from analytics_session
          where video_id = ${videoId}`.execute(t.analyticsDb);
        expect(rows[0]?.n).toBe(sessions);
      },
      { timeout, interval: 500 },
    );
  }

  async function hours(videoId: string) {
    const { rows } = await sql<{
      loads: number;
      plays: number;
      completions: number;
      leads: number;
      clicks: number;
      watch_seconds: number;
    }>`select sum(loads)::int as loads, sum(plays)::int as plays, sum(completions)::int as completions,
         sum(leads)::int as leads, sum(clicks)::int as clicks, sum(watch_seconds)::float as watch_seconds
       from analytics_video_hour where video_id = ${videoId}`.execute(t.analyticsDb);
    // The events may fall in two hours: their arrays add up.
    const arrays = await analyticsDb()
      .selectFrom('analytics_video_hour')
      .select(['reached', 'watched'])
      .where('video_id', '=', videoId)
      .execute();
    const sum = (pick: (row: (typeof arrays)[number]) => number[]) =>
      Array.from({ length: 100 }, (_, i) => arrays.reduce((total, row) => total + (pick(row)[i] ?? 0), 0));
    return { ...rows[0], reached: sum((row) => row.reached), watched: sum((row) => row.watched) };
  }

  describe(`the rollup, with the analytics tables ${where}`, () => {
    it('counts sessions once, watch time, leads and clicks, and the rewatched part twice', async () => {
      const owner = await accountOnPlan(t, 'Pro');
      const videoId = await videoWithForm(t, owner);
      await t.db.updateTable('video').set({ duration_sec: 100 }).where('id', '=', videoId).execute();
      const [a, b, c] = ['a', 'b', 'c'].map((x) => `session-${x}-${randomUUID().slice(0, 12)}`) as [
        string,
        string,
        string,
      ];

      // A watches 0-30, goes back to 10 and watches to 40, sends the form, clicks WhatsApp, and (later) ends.
      await send(videoId, a, 'viewer-aaaaaaaaaaaa', [
        event('load'),
        event('play'),
        event('heartbeat', { position: 30, intervals: [[0, 30]] }),
        event('seek', { position: 10, from: 30 }),
      ]);
      await send(videoId, b, 'viewer-bbbbbbbbbbbb', [event('load')]);
      await rolledUp(videoId, 2);
      // An older player still claims the form and the click among its events: not believed, counted once
      // from the lead and the click the server stored, which name A's viewing.
      await send(videoId, a, 'viewer-aaaaaaaaaaaa', [
        event('play', { position: 10 }),
        event('heartbeat', { position: 40, intervals: [[10, 40]] }),
        event('form_submitted', { position: 40 }),
        event('click', { position: 40, click: 'whatsapp' }),
        event('end', { position: 100 }),
      ]);
      expect((await post(t.app, '/api/public/lead', { ...leadFrom(videoId), sessionId: a })).status).toBe(200);
      const click = { videoId, kind: 'whatsapp', second: 40, page: '', referrer: '', sessionId: a };
      const clicked = await t.app.inject({ method: 'POST', url: '/api/public/click', payload: click });
      expect(clicked.statusCode, clicked.body).toBe(204);
      // C asks not to be tracked: counted, as a viewer of its own.
      await send(
        videoId,
        c,
        'viewer-cccccccccccc',
        [event('load'), event('play'), event('heartbeat', { intervals: [[0, 50]] })],
        true,
      );
      await rolledUp(videoId, 3);
      await vi.waitFor(
        async () => {
          await t.services.analytics.flush();
          await t.services.analytics.rollUp();
          expect(await hours(videoId)).toMatchObject({ leads: 1, clicks: 1 });
        },
        { timeout: 60_000, interval: 500 },
      );

      expect(await hours(videoId)).toMatchObject({
        loads: 3,
        plays: 2,
        completions: 1,
        leads: 1,
        clicks: 1,
        watch_seconds: 110,
      });
      const { reached, watched } = await hours(videoId);
      // Seconds 15-16: watched by A twice (rewatch) and by C once; reached by both.
      expect([reached[15], watched[15]]).toEqual([2, 3]);
      // Seconds 45-46: C only. Seconds 60 on: nobody.
      expect([reached[45], watched[45], reached[60]]).toEqual([1, 1, 0]);
      const session = await analyticsDb()
        .selectFrom('analytics_session')
        .selectAll()
        .where('session_id', '=', a)
        .executeTakeFirstOrThrow();
      expect(session).toMatchObject({ played: true, ended: true, lead: true, clicks: 1, watch_seconds: 60 });
      // Kept merged: the part watched once, then the part watched again.
      expect(session.intervals).toEqual([
        [0, 40],
        [10, 30],
      ]);
      expect(session.covered.indexOf('0')).toBe(40);
      const { rows } = await sql<{ viewer: string }>`select viewer from analytics_viewer_day
        where video_id = ${videoId} order by viewer`.execute(t.analyticsDb);
      expect(rows.map((r) => r.viewer)).toEqual([`session:${c}`, 'viewer-aaaaaaaaaaaa']);

      // What the analytics screen reads, from the rollups.
      const range = `videoId=${videoId}&from=${today}&to=${today}`;
      const figures = (await get(t.app, `/api/analytics/video?${range}`, owner.token)).body.data;
      expect(figures.totals).toEqual({
        loads: 3,
        plays: 2,
        uniqueViewers: 2,
        watchSeconds: 110,
        completions: 1,
        leads: 1,
        clicks: 1,
        ctaClicks: 0,
        // A watched 40% of the video, C 50%.
        averagePercent: 45,
      });
      expect(figures.engagement.watched[15]).toBe(3);
      expect(figures.days).toEqual([{ day: today, loads: 3, plays: 2, watchSeconds: 110, leads: 1 }]);
      const sessions = (await get(t.app, `/api/analytics/video/sessions?${range}`, owner.token)).body.data;
      expect(sessions.total).toBe(3);
      expect(sessions.list.find((row: { sessionId: string }) => row.sessionId === a)).toMatchObject({
        viewerId: 'viewer-aaaaaaaaaaaa',
        percent: 40,
        lead: true,
        intervals: [
          [0, 40],
          [10, 30],
        ],
        browser: 'Chrome',
        device: 'desktop',
      });
      const breakdown = (await get(t.app, `/api/analytics/video/breakdown?${range}`, owner.token)).body.data;
      expect(breakdown.referrers).toEqual([{ name: 'search.example.test', sessions: 3 }]);
      expect(breakdown.pages).toEqual([{ name: 'https://customer.example.test/pricing', sessions: 3 }]);
      expect(breakdown.countries).toEqual([]);
      // The dashboard's totals agree with the video's (the account has no other), beside an empty range before.
      const overview = (await get(t.app, `/api/analytics/overview?from=${today}&to=${today}`, owner.token)).body.data;
      expect(overview.totals).toEqual(figures.totals);
      expect(overview.previous).toMatchObject({ loads: 0, plays: 0, leads: 0 });
      expect(overview.days).toEqual(figures.days);
      expect(overview.topVideos).toEqual([
        expect.objectContaining({ videoId, name: 'pricing-tour.mp4', plays: 2, leads: 1, watchSeconds: 110 }),
      ]);
      // Half an hour after their last event, the played sessions' ends are announced, once each.
      const hooks = await receiver();
      const created = await post(
        t.app,
        '/api/webhook/create',
        { url: hooks.url, events: ['viewing_session.ended'] },
        owner.token,
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      t.clock.advance(31 * 60_000);
      await t.services.analytics.rollUp();
      await t.services.analytics.rollUp();
      await vi.waitFor(() => expect(hooks.received).toHaveLength(2), { timeout: 30_000, interval: 200 });
      const announced = hooks.received.map((hook) => JSON.parse(hook.body));
      expect(announced.every((hook) => hook.type === 'viewing_session.ended')).toBe(true);
      expect(announced.find((hook) => hook.data.sessionId === a)?.data).toMatchObject({
        videoId,
        videoName: 'pricing-tour.mp4',
        viewerId: 'viewer-aaaaaaaaaaaa',
        watchSeconds: 60,
        watchedPercent: 40,
        intervals: [
          [0, 40],
          [10, 30],
        ],
        completed: true,
        lead: true,
        clicks: 1,
      });
      // B only loaded the player: no viewing to announce.
      expect(announced.map((hook) => hook.data.sessionId)).not.toContain(b);
      hooks.close();
      if (separate) {
        // Nothing of it went to the application's database (whose analytics tables stay empty).
        const { rows: inApp } = await sql<{ n: number }>`select count(*)::int as n from analytics_session`.execute(
          t.db,
        );
        expect(inApp[0]?.n).toBe(0);
      }
    });

    it('bounds every figure by what a viewing can do, whatever the events claim', async () => {
      const owner = await accountOnPlan(t, 'Pro');
      const videoId = await videoWithForm(t, owner);
      await t.db.updateTable('video').set({ duration_sec: 6 }).where('id', '=', videoId).execute();
      const [noPlay, onePlay, manyPlays, flood] = ['n', 'o', 'm', 'f'].map(
        (x) => `session-${x}-${randomUUID().slice(0, 12)}`,
      ) as [string, string, string, string];
      const claims = (intervals: number[][]) =>
        Array.from({ length: 40 }, () => event('heartbeat', { position: 6, intervals }));
      // Never played: its heartbeats, end, form and click claims count nothing.
      await send(videoId, noPlay, null, [
        event('load'),
        event('heartbeat', { intervals: [[0, 6]] }),
        event('end', { position: 6 }),
        event('form_submitted'),
        event('click', { click: 'action' }),
      ]);
      // One play claiming 40 x 50 full viewings of a 6 s video in one request: 6 s at most.
      await send(videoId, onePlay, null, [event('load'), event('play'), ...claims(Array(50).fill([0, 6]))]);
      // A hundred plays in the same instant: no more than the time that passed allows (and a little slack).
      await send(videoId, manyPlays, null, [
        event('load'),
        ...Array.from({ length: 100 }, () => event('play')),
        ...claims(Array(50).fill([0, 6])),
      ]);
      // Ranges all over (and past) the video, in batches with a new viewer id each: kept merged and clipped.
      for (let round = 0; round < 5; round += 1) {
        const scattered = Array.from({ length: 50 }, (_, i) => {
          const from = Math.round(((i * 7.3 + round * 1.1) % 9) * 100) / 100;
          return [from, Math.round((from + 0.05 + (i % 3)) * 100) / 100];
        });
        await send(videoId, flood, `viewer-${randomUUID().slice(0, 12)}`, [
          ...(round === 0 ? [event('load'), event('play')] : []),
          ...claims(scattered),
        ]);
      }
      await rolledUp(videoId, 4);
      await t.services.analytics.rollUp();

      const figures = await hours(videoId);
      expect(figures).toMatchObject({ loads: 4, plays: 3, completions: 0, leads: 0, clicks: 0 });
      const sessions = await analyticsDb()
        .selectFrom('analytics_session')
        .selectAll()
        .where('video_id', '=', videoId)
        .execute();
      const of = (id: string) => sessions.find((session) => session.session_id === id);
      expect(of(noPlay)).toMatchObject({ played: false, ended: false, watch_seconds: 0, intervals: [] });
      expect(of(onePlay)?.watch_seconds).toBe(6);
      const many = of(manyPlays)?.watch_seconds ?? 0;
      expect(many).toBeGreaterThan(6);
      expect(many).toBeLessThanOrEqual(61 * 2 + 60);
      for (const session of sessions) {
        for (const [from, to] of session.intervals) {
          expect(from).toBeGreaterThanOrEqual(0);
          expect(to).toBeLessThanOrEqual(6);
        }
        // The parts watched, at most ten times each: never more ranges than the video allows.
        expect(session.intervals.length).toBeLessThanOrEqual(10 * 30);
      }
      expect(JSON.stringify(of(flood)?.intervals).length).toBeLessThan(20_000);
      expect(Math.max(...figures.watched)).toBeLessThanOrEqual(3 * 10);
      const range = `videoId=${videoId}&from=${today}&to=${today}`;
      const totals = (await get(t.app, `/api/analytics/video?${range}`, owner.token)).body.data.totals;
      expect(totals.averagePercent).toBeLessThanOrEqual(100);
      expect(totals.watchSeconds).toBe(Math.round((6 + many + (of(flood)?.watch_seconds ?? 0)) * 10) / 10);
    });

    it('draws a known rewatch the same in the engagement graph and in the session bar', async () => {
      const owner = await accountOnPlan(t, 'Pro');
      const videoId = await videoWithForm(t, owner);
      await t.db.updateTable('video').set({ duration_sec: 6 }).where('id', '=', videoId).execute();
      const session = `session-r-${randomUUID().slice(0, 12)}`;
      // One straight viewing in two heartbeats that meet at 2.95 s, with one seek back from 3 s to 2 s.
      await send(videoId, session, 'viewer-rrrrrrrrrrrr', [
        event('load'),
        event('play'),
        event('heartbeat', { position: 2.95, intervals: [[0, 2.95]] }),
        event('heartbeat', { position: 3, intervals: [[2.95, 3]] }),
        event('seek', { position: 2, from: 3 }),
        event('heartbeat', { position: 6, intervals: [[2, 6]] }),
        event('end', { position: 6 }),
      ]);
      await rolledUp(videoId, 1);
      const range = `videoId=${videoId}&from=${today}&to=${today}`;
      const { engagement, totals } = (await get(t.app, `/api/analytics/video?${range}`, owner.token)).body.data;
      const [row] = (await get(t.app, `/api/analytics/video/sessions?${range}`, owner.token)).body.data.list;
      // The bar: watched once, 2-3 s twice.
      expect(watchedSegments(row.intervals)).toEqual([
        { from: 0, to: 2, times: 1 },
        { from: 2, to: 3, times: 2 },
        { from: 3, to: 6, times: 1 },
      ]);
      // The graph: every percent reached once; rewatched (watched beyond reached) only where 2-3 s plays.
      expect(totals.plays).toBe(1);
      expect(engagement.reached).toEqual(Array(100).fill(1));
      expect(engagement.watched).toEqual(bucketTimes(watchedSegments(row.intervals), 6));
      const rewatched = engagement.watched.flatMap((times: number, i: number) => (times > 1 ? [i] : []));
      expect(rewatched).toEqual(Array.from({ length: 17 }, (_, i) => 33 + i));
      expect(Math.max(...engagement.watched)).toBe(2);
    });

    // Sketch arithmetic and the migration read and write the analytics tables alone, the same wherever they
    // live: once, in the application database, which is the default (6,000 events rolled up take a while).
    if (!separate)
      it('counts unique viewers over a range of days exactly, or within 2% from the sketches, also after a migration', async () => {
        const owner = await accountOnPlan(t, 'Pro');
        const [big, small] = [await videoWithForm(t, owner), await videoWithForm(t, owner)];
        await t.services.analytics.ensurePartitions();
        // The last second of yesterday and the first of today: two days, both within the rollup's 25-hour window.
        const yesterday = new Date(Date.parse(today) - 86_400_000).toISOString().slice(0, 10);
        const at = { [yesterday]: new Date(Date.parse(today) - 1000), [today]: new Date(Date.parse(today) + 1000) };
        /** A play by each of these viewers, as the raw events the rollup reads. */
        const plays = (videoId: string, day: string, viewers: string[]) =>
          sql`insert into analytics_event (event_id, at, account_id, video_id, session_id, viewer_id, kind, position,
            page, referrer, device, browser, os)
          select gen_random_uuid(), ${at[day]}, ${owner.accountId}, ${videoId}, ${`${day}-`} || v, v, 'play', 0,
            'https://customer.example.test/', '', case when v in ('viewer-a', 'viewer-c') then 'mobile' else 'desktop' end,
            'Chrome', 'Windows'
          from unnest(${viewers}::text[]) v`.execute(t.analyticsDb);
        const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `viewer-${from + i}`);
        // The big video: 3,000 viewers a day (past a sketch's exact limit), 2,000 of yesterday's back today.
        await plays(big, yesterday, range(0, 3000));
        await plays(big, today, range(1000, 4000));
        // The small one: a few, one of them also a viewer of the big one, one on both days.
        await plays(small, yesterday, ['viewer-a', 'viewer-b', 'viewer-1']);
        await plays(small, today, ['viewer-a', 'viewer-c']);
        await rolledUp(big, 6000, 180_000);
        await rolledUp(small, 5);

        const figures = async () => {
          const unique = async (url: string) => {
            const answer = await get(t.app, url, owner.token);
            expect(answer.status, JSON.stringify(answer.body)).toBe(200);
            return answer.body.data.totals.uniqueViewers as number;
          };
          const video = (videoId: string, from: string) =>
            unique(`/api/analytics/video?videoId=${videoId}&from=${from}&to=${today}`);
          return {
            small: [await video(small, yesterday), await video(small, today)],
            big: [await video(big, yesterday), await video(big, today)],
            account: [
              await unique(`/api/analytics/overview?from=${yesterday}&to=${today}`),
              await unique(`/api/analytics/overview?from=${today}&to=${today}`),
            ],
          };
        };
        // Each viewer once however many days and videos they watched; exact with few viewer-days.
        const before = await figures();
        expect(before).toEqual({ small: [4, 2], big: [4000, 3000], account: [4003, 3002] });
        // Each breakdown from one read of the sessions, most first.
        const breakdown = await get(
          t.app,
          `/api/analytics/video/breakdown?videoId=${small}&from=${yesterday}&to=${today}`,
          owner.token,
        );
        expect(breakdown.body.data).toEqual({
          referrers: [{ name: '', sessions: 5 }],
          pages: [{ name: 'https://customer.example.test/', sessions: 5 }],
          devices: [
            { name: 'mobile', sessions: 3 },
            { name: 'desktop', sessions: 2 },
          ],
          browsers: [{ name: 'Chrome', sessions: 5 }],
          countries: [],
        });
        // Past them, the union of the days' sketches: the small video's few viewers still exact.
        const sketched = createFiguresRepo(analyticsDb(), { exactViewerDays: 0 });
        const days = { from: new Date(`${yesterday}T00:00:00Z`), until: new Date(Date.parse(today) + 86_400_000) };
        expect(await sketched.uniqueViewers(small, days)).toBe(4);
        expect(Math.abs((await sketched.uniqueViewers(big, days)) - 4000)).toBeLessThan(80);
        expect(Math.abs((await sketched.accountViewers(owner.accountId, days)) - 4003)).toBeLessThan(80);

        // An install upgraded from before the sketches: the migration makes the same from analytics_viewer_day.
        const sketches = async () =>
          (
            await sql<{
              id: string;
              day: string;
              viewers: Buffer;
            }>`select video_id::text as id, day::text as day, viewers
            from analytics_video_day where video_id in (${big}, ${small})
            union all select account_id::text, day::text, viewers from analytics_account_day
            where account_id = ${owner.accountId} order by 1, 2`.execute(t.analyticsDb)
          ).rows;
        const kept = await sketches();
        expect(kept).toHaveLength(6);
        // Newest first: the sessions' bounds, the raw table's lean indexes, then the sketches.
        expect(await migrateDown(t.analyticsDb as never, ANALYTICS_MIGRATIONS)).toEqual([
          '20261201000500_analytics_session_bounds',
        ]);
        // A session flooded before the bounds existed (200,000 ranges of one straight viewing, and one part
        // watched twice) is merged by the migration, to what the viewing was.
        const flood = Array.from({ length: 200_000 }, (_, i): [number, number] => [i / 20_000, (i + 1) / 20_000]);
        await sql`update analytics_session set intervals = ${JSON.stringify([...flood, [2, 3]])}::jsonb
          where video_id = ${small}`.execute(t.analyticsDb);
        expect(await migrateDown(t.analyticsDb as never, ANALYTICS_MIGRATIONS)).toEqual([
          '20261201000400_analytics_event_lean',
        ]);
        expect(await migrateDown(t.analyticsDb as never, ANALYTICS_MIGRATIONS)).toEqual([
          '20261201000300_analytics_viewer_sketch',
        ]);
        await migrateToLatest(t.analyticsDb as never, ANALYTICS_MIGRATIONS);
        const merged = await analyticsDb()
          .selectFrom('analytics_session')
          .select('intervals')
          .where('video_id', '=', small)
          .execute();
        expect(merged.length).toBeGreaterThan(0);
        for (const row of merged) {
          expect(row.intervals).toEqual([
            [0, 10],
            [2, 3],
          ]);
        }
        expect(await sketches()).toEqual(kept);
        expect(await figures()).toEqual(before);
      });

    it("refuses another account's video, a range that is not one, and a frozen account", async () => {
      const owner = await accountOnPlan(t, 'Pro');
      const videoId = await videoWithForm(t, owner);
      const other = await accountOnPlan(t, 'Pro');
      const ok = `/api/analytics/video?videoId=${videoId}&from=${today}&to=${today}`;
      expect((await get(t.app, ok, owner.token)).status).toBe(200);
      expect((await get(t.app, ok, other.token)).status).toBe(404);
      for (const bad of [
        `videoId=${videoId}&from=2026-02-30&to=${today}`,
        `videoId=${videoId}&from=${today}&to=2020-01-01`,
        `videoId=${videoId}&from=2020-01-01&to=2026-01-01`,
        `videoId=not-a-video&from=${today}&to=${today}`,
        `videoId=${videoId}&from=${today}`,
        `videoId=${videoId}&from=${today}&to=${today}&extra=1`,
      ]) {
        expect((await get(t.app, `/api/analytics/video?${bad}`, owner.token)).status, bad).toBe(400);
      }
      // No session: the product's envelope says unauthorized, as for every signed-in route.
      expect((await get(t.app, ok)).status).toBe(403);
      await t.db
        .updateTable('account')
        .set({ vip_period: 'frozen-period' })
        .where('id', '=', owner.accountId)
        .execute();
      expect((await get(t.app, ok, owner.token)).body).toMatchObject({ statusCode: 403, error: 'plan_period' });
      const overview = `/api/analytics/overview?from=${today}&to=${today}`;
      expect((await get(t.app, overview, owner.token)).body).toMatchObject({ statusCode: 403, error: 'plan_period' });
      expect((await get(t.app, overview, other.token)).status).toBe(200);
      expect((await get(t.app, `/api/analytics/overview?from=${today}&to=2020-01-01`, other.token)).status).toBe(400);
    });
  });
}

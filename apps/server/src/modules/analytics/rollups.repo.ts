import { sql } from 'kysely';
import type { AnalyticsDb } from './analytics.schema.ts';
import type { HourCounts, RawEvent, SessionState } from './rollup.ts';
import { ViewerSketch, viewerHash } from './viewer-sketch.ts';

const JOB = 'rollup';

/**
 * The last event read: when it was received, and its id (which orders those received together). The time is
 * kept as PostgreSQL writes it, to the microsecond: a JavaScript Date would cut it to the millisecond and
 * read again the events of the same millisecond.
 */
export type Cursor = { receivedAt: string; eventId: string };
/** Events are accepted up to this long after they happened (ingest.ts PAST_MS), with a margin. */
const ACCEPTED_LATE_MS = 25 * 3_600_000;

/** The rollup tables (sessions, video hours, viewer days) and how far the job has read. */
export function createRollupRepo(db: AnalyticsDb) {
  return {
    /** Runs `work` holding the rollup's lock, in one transaction: one job at a time, all or nothing. */
    locked<T>(work: (trx: AnalyticsDb) => Promise<T>) {
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtextextended('analytics rollup', 0))`.execute(trx);
        return work(trx);
      });
    },

    /** The database's clock less `lagMs`: events received before it are committed (writes take far less). */
    async settled(trx: AnalyticsDb, lagMs: number): Promise<Date> {
      const { rows } = await sql<{
        until: Date;
      }>`select now() - make_interval(secs => ${lagMs / 1000}) as until`.execute(trx);
      return rows[0]?.until as Date;
    },

    /** The last event the job read, in receipt order; null before the first. */
    async cursor(trx: AnalyticsDb): Promise<Cursor | null> {
      const row = await trx
        .selectFrom('analytics_rollup')
        .select([sql<string>`received_at::text`.as('received_at'), 'event_id'])
        .where('name', '=', JOB)
        .executeTakeFirst();
      return row ? { receivedAt: row.received_at, eventId: row.event_id } : null;
    },

    async setCursor(trx: AnalyticsDb, cursor: Cursor) {
      const values = { received_at: sql<Date>`${cursor.receivedAt}::timestamptz`, event_id: cursor.eventId };
      await trx
        .insertInto('analytics_rollup')
        .values({ name: JOB, ...values })
        .onConflict((oc) => oc.column('name').doUpdateSet(values))
        .execute();
    },

    /** At most `limit` events received after `cursor` and by `until`, in receipt order. */
    async eventsAfter(trx: AnalyticsDb, cursor: Cursor | null, until: Date, limit: number) {
      let query = trx
        .selectFrom('analytics_event')
        .select([
          // As text, to the microsecond; named apart so that ORDER BY reads the column (and its index).
          sql<string>`received_at::text`.as('received_key'),
          'event_id',
          'video_id',
          'session_id',
          'account_id',
          'viewer_id',
          'kind',
          'at',
          'data',
          'page',
          'referrer',
          'device',
          'browser',
          'os',
          'country',
        ])
        .where('received_at', '<=', until);
      if (cursor) {
        query = query
          .where(sql<boolean>`(received_at, event_id) > (${cursor.receivedAt}::timestamptz, ${cursor.eventId}::uuid)`)
          // Only the partitions such events can be in.
          .where('at', '>', new Date(Date.parse(cursor.receivedAt) - ACCEPTED_LATE_MS));
      }
      const rows = await query
        .orderBy('analytics_event.received_at')
        .orderBy('analytics_event.event_id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        ...row,
        received_at: new Date(row.received_key),
        data: row.data === null ? null : JSON.parse(row.data),
      })) as (RawEvent & {
        received_key: string;
        event_id: string;
      })[];
    },

    /** The sessions of these keys that exist. */
    async sessions(trx: AnalyticsDb, keys: { video_id: string; session_id: string }[]): Promise<SessionState[]> {
      const found: SessionState[] = [];
      for (let i = 0; i < keys.length; i += 500) {
        const chunk = keys.slice(i, i + 500);
        const rows = await trx
          .selectFrom('analytics_session')
          .selectAll()
          .where((eb) =>
            eb.or(
              chunk.map((key) => eb.and([eb('video_id', '=', key.video_id), eb('session_id', '=', key.session_id)])),
            ),
          )
          .execute();
        found.push(...(rows as SessionState[]));
      }
      return found;
    },

    async saveSessions(trx: AnalyticsDb, sessions: SessionState[]) {
      for (let i = 0; i < sessions.length; i += 1000) {
        const values = sessions.slice(i, i + 1000).map((s) => ({ ...s, intervals: JSON.stringify(s.intervals) }));
        await trx
          .insertInto('analytics_session')
          .values(values)
          .onConflict((oc) =>
            oc.columns(['video_id', 'session_id']).doUpdateSet((eb) => ({
              started_at: eb.ref('excluded.started_at'),
              last_at: eb.ref('excluded.last_at'),
              played: eb.ref('excluded.played'),
              passes: eb.ref('excluded.passes'),
              ended: eb.ref('excluded.ended'),
              lead: eb.ref('excluded.lead'),
              clicks: eb.ref('excluded.clicks'),
              watch_seconds: eb.ref('excluded.watch_seconds'),
              intervals: eb.ref('excluded.intervals'),
              covered: eb.ref('excluded.covered'),
            })),
          )
          .execute();
      }
    },

    /** Adds each hour's counts to what the hour has: one statement per 500 hours, the sums made in SQL. */
    async addHours(trx: AnalyticsDb, hours: HourCounts[]) {
      const added = (column: 'reached' | 'watched') =>
        sql<number[]>`array(select coalesce(x.a, 0) + coalesce(x.b, 0)
          from unnest(${sql.ref(`analytics_video_hour.${column}`)}, ${sql.ref(`excluded.${column}`)})
          with ordinality as x(a, b, i) order by x.i)`;
      for (let i = 0; i < hours.length; i += 500) {
        await trx
          .insertInto('analytics_video_hour')
          .values(hours.slice(i, i + 500))
          .onConflict((oc) =>
            oc.columns(['video_id', 'hour']).doUpdateSet((eb) => ({
              loads: eb('analytics_video_hour.loads', '+', eb.ref('excluded.loads')),
              plays: eb('analytics_video_hour.plays', '+', eb.ref('excluded.plays')),
              completions: eb('analytics_video_hour.completions', '+', eb.ref('excluded.completions')),
              leads: eb('analytics_video_hour.leads', '+', eb.ref('excluded.leads')),
              clicks: eb('analytics_video_hour.clicks', '+', eb.ref('excluded.clicks')),
              cta_clicks: eb('analytics_video_hour.cta_clicks', '+', eb.ref('excluded.cta_clicks')),
              watch_seconds: eb('analytics_video_hour.watch_seconds', '+', eb.ref('excluded.watch_seconds')),
              coverage: eb('analytics_video_hour.coverage', '+', eb.ref('excluded.coverage')),
              reached: added('reached'),
              watched: added('watched'),
            })),
          )
          .execute();
      }
    },

    /** Played sessions with no event since `before`, whose end is not announced yet, oldest first. */
    endedSessions(before: Date, limit: number) {
      return db
        .selectFrom('analytics_session')
        .selectAll()
        .where('played', '=', true)
        .where('notified', '=', false)
        .where('last_at', '<', before)
        .orderBy('last_at')
        .limit(limit)
        .execute();
    },

    async markNotified(keys: { video_id: string; session_id: string }[]) {
      if (keys.length === 0) return;
      await db
        .updateTable('analytics_session')
        .set({ notified: true })
        .where((eb) =>
          eb.or(keys.map((key) => eb.and([eb('video_id', '=', key.video_id), eb('session_id', '=', key.session_id)]))),
        )
        .execute();
    },

    /**
     * Records who played each video each day, and adds them to the day's sketches of the video's and the
     * account's viewers (viewer-sketch.ts), which the screens count from. A sketch that has a viewer is
     * unchanged by them, so a viewer met again in a later step is counted once.
     */
    async addViewers(trx: AnalyticsDb, viewers: ViewerDay[]) {
      for (let i = 0; i < viewers.length; i += 5000) {
        await trx
          .insertInto('analytics_viewer_day')
          .values(viewers.slice(i, i + 5000))
          .onConflict((oc) => oc.columns(['video_id', 'day', 'viewer']).doNothing())
          .execute();
      }
      if (viewers.length === 0) return;
      const hashes = new Map(viewers.map((v) => [v.viewer, viewerHash(v.viewer)]));

      const videoDays = groupByDay(viewers, (v) => v.video_id);
      const knownVideoDays = await trx
        .selectFrom('analytics_video_day')
        .select(['video_id', sql<string>`day::text`.as('day'), 'viewers'])
        .where(
          inKeys(
            'video_id',
            [...videoDays.values()].map((group) => [group.first.video_id, group.first.day]),
          ),
        )
        .execute();
      const videoSketches = sketchesOf(knownVideoDays.map((row) => [`${row.video_id}:${row.day}`, row.viewers]));
      const videoRows = [...videoDays].map(([key, { first, members }]) => ({
        video_id: first.video_id,
        day: first.day,
        account_id: first.account_id,
        viewers: added(videoSketches.get(key), members, hashes),
      }));
      for (let i = 0; i < videoRows.length; i += SKETCH_ROWS) {
        await trx
          .insertInto('analytics_video_day')
          .values(videoRows.slice(i, i + SKETCH_ROWS))
          .onConflict((oc) =>
            oc.columns(['video_id', 'day']).doUpdateSet((eb) => ({ viewers: eb.ref('excluded.viewers') })),
          )
          .execute();
      }

      const accountDays = groupByDay(viewers, (v) => v.account_id);
      const knownAccountDays = await trx
        .selectFrom('analytics_account_day')
        .select(['account_id', sql<string>`day::text`.as('day'), 'viewers'])
        .where(
          inKeys(
            'account_id',
            [...accountDays.values()].map((group) => [group.first.account_id, group.first.day]),
          ),
        )
        .execute();
      const accountSketches = sketchesOf(knownAccountDays.map((row) => [`${row.account_id}:${row.day}`, row.viewers]));
      const accountRows = [...accountDays].map(([key, { first, members }]) => ({
        account_id: first.account_id,
        day: first.day,
        viewers: added(accountSketches.get(key), members, hashes),
      }));
      for (let i = 0; i < accountRows.length; i += SKETCH_ROWS) {
        await trx
          .insertInto('analytics_account_day')
          .values(accountRows.slice(i, i + SKETCH_ROWS))
          .onConflict((oc) =>
            oc.columns(['account_id', 'day']).doUpdateSet((eb) => ({ viewers: eb.ref('excluded.viewers') })),
          )
          .execute();
      }
    },
  };
}
export type RollupRepo = ReturnType<typeof createRollupRepo>;

type ViewerDay = { video_id: string; day: string; viewer: string; account_id: string };
/** Sketches written per statement: up to 16 KiB each. */
const SKETCH_ROWS = 200;

/** The viewers by (`idOf`, day), keyed `id:day`. */
function groupByDay(viewers: ViewerDay[], idOf: (viewer: ViewerDay) => string) {
  const groups = new Map<string, { first: ViewerDay; members: string[] }>();
  for (const viewer of viewers) {
    const key = `${idOf(viewer)}:${viewer.day}`;
    const group = groups.get(key);
    if (group) group.members.push(viewer.viewer);
    else groups.set(key, { first: viewer, members: [viewer.viewer] });
  }
  return groups;
}

/** Rows whose (`column`, day) is one of `keys`: one parameter per column however many keys. */
const inKeys = (column: 'video_id' | 'account_id', keys: [string, string][]) =>
  sql<boolean>`(${sql.ref(column)}, day) in (select * from unnest(${keys.map((key) => key[0])}::uuid[],
    ${keys.map((key) => key[1])}::date[]))`;

const sketchesOf = (rows: [string, Buffer][]) =>
  new Map(rows.map(([key, bytes]) => [key, ViewerSketch.fromBytes(bytes)]));

/** The day's sketch (a new one for a day not seen yet) with these viewers added, as stored. */
function added(sketch: ViewerSketch | undefined, viewers: string[], hashes: Map<string, string>) {
  const day = sketch ?? new ViewerSketch();
  for (const viewer of viewers) day.addHash(hashes.get(viewer) ?? viewerHash(viewer));
  return day.toBytes();
}

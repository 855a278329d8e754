import { sql } from 'kysely';
import type { AnalyticsDb } from './analytics.schema.ts';

export type Range = { from: Date; until: Date };
const BREAKDOWN_TOP = 10;

/** What the analytics screens read: the rollups only, never the raw events. */
export function createFiguresRepo(db: AnalyticsDb) {
  const sessionsOf = (videoId: string, range: Range) =>
    db
      .selectFrom('analytics_session')
      .where('video_id', '=', videoId)
      .where('started_at', '>=', range.from)
      .where('started_at', '<', range.until);

  return {
    /** The video's hours in the range, oldest first. */
    hours(videoId: string, range: Range) {
      return db
        .selectFrom('analytics_video_hour')
        .selectAll()
        .where('video_id', '=', videoId)
        .where('hour', '>=', range.from)
        .where('hour', '<', range.until)
        .orderBy('hour')
        .execute();
    },

    async uniqueViewers(videoId: string, range: Range) {
      const row = await db
        .selectFrom('analytics_viewer_day')
        .select((eb) => eb.fn.count<number>('viewer').distinct().as('n'))
        .where('video_id', '=', videoId)
        .where('day', '>=', range.from.toISOString().slice(0, 10))
        .where('day', '<', range.until.toISOString().slice(0, 10))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async sessions(videoId: string, range: Range, limit: number, offset: number) {
      const [rows, total] = await Promise.all([
        sessionsOf(videoId, range).selectAll().orderBy('started_at', 'desc').limit(limit).offset(offset).execute(),
        sessionsOf(videoId, range)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    /** The account's figures by day over the range (all its videos), with the coverage for the average percent. */
    async accountDays(accountId: string, range: Range) {
      const rows = await db
        .selectFrom('analytics_video_hour')
        .select([
          sql<string>`to_char(hour at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
          sql<number>`sum(loads)::int`.as('loads'),
          sql<number>`sum(plays)::int`.as('plays'),
          sql<number>`sum(completions)::int`.as('completions'),
          sql<number>`sum(leads)::int`.as('leads'),
          sql<number>`sum(clicks)::int`.as('clicks'),
          sql<number>`sum(cta_clicks)::int`.as('cta_clicks'),
          sql<number>`sum(watch_seconds)::float`.as('watch_seconds'),
          sql<number>`sum(coverage)::float`.as('coverage'),
        ])
        .where('account_id', '=', accountId)
        .where('hour', '>=', range.from)
        .where('hour', '<', range.until)
        .groupBy(sql`1`)
        .orderBy(sql`1`)
        .execute();
      return rows;
    },

    async accountViewers(accountId: string, range: Range) {
      const row = await db
        .selectFrom('analytics_viewer_day')
        .select((eb) => eb.fn.count<number>('viewer').distinct().as('n'))
        .where('account_id', '=', accountId)
        .where('day', '>=', range.from.toISOString().slice(0, 10))
        .where('day', '<', range.until.toISOString().slice(0, 10))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** The account's most played videos over the range. */
    topVideos(accountId: string, range: Range, limit: number) {
      return db
        .selectFrom('analytics_video_hour')
        .select([
          'video_id',
          sql<number>`sum(plays)::int`.as('plays'),
          sql<number>`sum(watch_seconds)::float`.as('watch_seconds'),
          sql<number>`sum(leads)::int`.as('leads'),
        ])
        .where('account_id', '=', accountId)
        .where('hour', '>=', range.from)
        .where('hour', '<', range.until)
        .groupBy('video_id')
        .orderBy(sql`2`, 'desc')
        .orderBy('video_id')
        .limit(limit)
        .execute();
    },

    /** Sessions by one of their columns, most first (referrers by host). */
    async breakdown(videoId: string, range: Range, column: 'referrer' | 'page' | 'device' | 'browser' | 'country') {
      const name =
        column === 'referrer'
          ? sql<string>`coalesce(nullif(substring(referrer from '^[a-z][a-z0-9+.-]*://([^/?#]+)'), ''), '')`
          : sql<string>`coalesce(${sql.ref(column)}, '')`;
      const rows = await sessionsOf(videoId, range)
        .select([name.as('name'), (eb) => eb.fn.countAll<number>().as('sessions')])
        .groupBy(sql`1`)
        .orderBy(sql`2`, 'desc')
        .orderBy(sql`1`)
        .limit(BREAKDOWN_TOP)
        .execute();
      return rows.map((row) => ({ name: row.name, sessions: Number(row.sessions) }));
    },
  };
}
export type FiguresRepo = ReturnType<typeof createFiguresRepo>;

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

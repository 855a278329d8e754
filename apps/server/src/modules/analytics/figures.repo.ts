import { sql } from 'kysely';
import type { AnalyticsDb } from './analytics.schema.ts';
import { ViewerSketch } from './viewer-sketch.ts';

export type Range = { from: Date; until: Date };
const BREAKDOWN_TOP = 10;
const BREAKDOWN_COLUMNS = ['referrer', 'page', 'device', 'browser', 'country'] as const;
type BreakdownColumn = (typeof BREAKDOWN_COLUMNS)[number];
type Breakdown = { name: string; sessions: number }[];
/**
 * Up to this many viewer-days (the days' viewers added up), a range's distinct viewers are counted from
 * analytics_viewer_day, exactly, in a few milliseconds; past it, estimated from the days' sketches
 * (viewer-sketch.ts), at a cost bounded by the days in the range rather than by the viewers.
 */
const EXACT_VIEWER_DAYS = 20_000;

const dayOf = (time: Date) => time.toISOString().slice(0, 10);

/** The distinct viewers of the days' sketches: their union's count, or `exactly` while the days hold few. */
async function distinctViewers(days: { viewers: Buffer }[], exactUpTo: number, exactly: () => Promise<number>) {
  const union = new ViewerSketch();
  let viewerDays = 0;
  for (const row of days) {
    const day = ViewerSketch.fromBytes(row.viewers);
    viewerDays += day.count();
    union.merge(day);
  }
  return union.exact || viewerDays > exactUpTo ? union.count() : exactly();
}

/**
 * What the analytics screens read: the rollups only, never the raw events. `exactViewerDays` is for tests,
 * to reach the estimate with few viewers.
 */
export function createFiguresRepo(db: AnalyticsDb, { exactViewerDays = EXACT_VIEWER_DAYS } = {}) {
  const sessionsOf = (videoId: string, range: Range) =>
    db
      .selectFrom('analytics_session')
      .where('video_id', '=', videoId)
      .where('started_at', '>=', range.from)
      .where('started_at', '<', range.until);

  /**
   * The distinct viewers of a video or an account over the range, from the days' sketches; counted exactly
   * from analytics_viewer_day while the union is exact or the range holds few viewer-days.
   */
  async function distinctViewersOf(key: 'video_id' | 'account_id', id: string, range: Range) {
    const from = dayOf(range.from);
    const until = dayOf(range.until);
    const days =
      key === 'video_id'
        ? await db
            .selectFrom('analytics_video_day')
            .select('viewers')
            .where('video_id', '=', id)
            .where('day', '>=', from)
            .where('day', '<', until)
            .execute()
        : await db
            .selectFrom('analytics_account_day')
            .select('viewers')
            .where('account_id', '=', id)
            .where('day', '>=', from)
            .where('day', '<', until)
            .execute();
    return distinctViewers(days, exactViewerDays, async () => {
      const row = await db
        .selectFrom('analytics_viewer_day')
        .select((eb) => eb.fn.count<number>('viewer').distinct().as('n'))
        .where(key, '=', id)
        .where('day', '>=', from)
        .where('day', '<', until)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    });
  }

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

    /** The video's distinct viewers over the range: exact when few, else estimated within about 1%. */
    uniqueViewers: (videoId: string, range: Range) => distinctViewersOf('video_id', videoId, range),

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

    /** The account's distinct viewers over the range (of all its videos), as uniqueViewers counts them. */
    accountViewers: (accountId: string, range: Range) => distinctViewersOf('account_id', accountId, range),

    /** How many times each of `videoIds` was watched to the end since `from`, for a site's For You row. */
    completions(accountId: string, videoIds: readonly string[], from: Date) {
      return db
        .selectFrom('analytics_video_hour')
        .select(['video_id', sql<number>`sum(completions)::int`.as('completions')])
        .where('account_id', '=', accountId)
        .where('video_id', 'in', videoIds)
        .where('hour', '>=', from)
        .groupBy('video_id')
        .execute();
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

    /**
     * Sessions by each of their columns, most first (referrers by host), the top BREAKDOWN_TOP of each: one
     * read of the range's sessions (from the index that includes the columns) grouped five ways at once, the
     * host taken from each distinct referrer rather than from each session.
     */
    async breakdowns(videoId: string, range: Range) {
      const grouped = (pick: (column: string) => ReturnType<typeof sql>) =>
        sql`case when grouping(referrer) = 0 then ${pick('referrer')} when grouping(page) = 0 then ${pick('page')}
          when grouping(device) = 0 then ${pick('device')} when grouping(browser) = 0 then ${pick('browser')}
          else ${pick('country')} end`;
      const { rows } = await sql<{ dimension: BreakdownColumn; name: string; sessions: number }>`
        select dimension, name, sessions from (
          select dimension, name, sum(n)::int as sessions,
            row_number() over (partition by dimension order by sum(n) desc, name) as rank
          from (
            select ${grouped((column) => sql.lit(column))} as dimension,
              ${grouped((column) =>
                column === 'referrer'
                  ? sql`coalesce(nullif(substring(referrer from '^[a-z][a-z0-9+.-]*://([^/?#]+)'), ''), '')`
                  : sql`coalesce(${sql.ref(column)}, '')`,
              )} as name,
              count(*) as n
            from analytics_session
            where video_id = ${videoId} and started_at >= ${range.from} and started_at < ${range.until}
            group by grouping sets ((referrer), (page), (device), (browser), (country))
          ) sets
          group by dimension, name
        ) counted
        where rank <= ${BREAKDOWN_TOP}
        order by dimension, rank`.execute(db);
      const by = Object.fromEntries(BREAKDOWN_COLUMNS.map((column) => [column, [] as Breakdown])) as Record<
        BreakdownColumn,
        Breakdown
      >;
      for (const row of rows) by[row.dimension].push({ name: row.name, sessions: Number(row.sessions) });
      return by;
    },
  };
}
export type FiguresRepo = ReturnType<typeof createFiguresRepo>;

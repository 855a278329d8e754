import { type Insertable, sql } from 'kysely';
import type { AnalyticsDb, AnalyticsEventTable } from './analytics.schema.ts';

export type EventRow = Insertable<AnalyticsEventTable>;

const DAY_MS = 86_400_000;
/** Rows per INSERT. */
const ROWS_PER_INSERT = 5000;

const dayOf = (date: Date) => new Date(Math.floor(date.getTime() / DAY_MS) * DAY_MS);
const partitionName = (day: Date) => `analytics_event_${day.toISOString().slice(0, 10).replaceAll('-', '')}`;

/** Every query on `analytics_event` and its daily partitions. */
export function createEventRepo(db: AnalyticsDb) {
  /** The partitions there are, oldest first. */
  async function partitions() {
    const { rows } = await sql<{ name: string }>`
      select child.relname as name from pg_inherits
      join pg_class parent on parent.oid = pg_inherits.inhparent
      join pg_class child on child.oid = pg_inherits.inhrelid
      where parent.relname = 'analytics_event' order by 1`.execute(db);
    return rows.map((row) => row.name);
  }

  return {
    partitions,

    /**
     * Stores rows, skipping events already stored (a batch sent again); answers how many were new. One
     * statement per 5,000 rows, each column sent as one array (unnest): fifteen parameters however many
     * rows, where a VALUES list would bind fifteen per row and cost the server far more to parse.
     */
    async insert(rows: EventRow[]) {
      let stored = 0;
      for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
        const chunk = rows.slice(i, i + ROWS_PER_INSERT);
        const column = <T>(pick: (row: EventRow) => T) => chunk.map(pick);
        const result = await sql`
          insert into analytics_event (event_id, at, account_id, video_id, session_id, viewer_id, kind, position,
            data, page, referrer, device, browser, os, country)
          select e, a, ac, v, s, vw, k, p, d::jsonb, pg, r, dv, b, o, c
          from unnest(
            ${column((r) => r.event_id)}::uuid[], ${column((r) => new Date(r.at).toISOString())}::timestamptz[],
            ${column((r) => r.account_id)}::uuid[], ${column((r) => r.video_id)}::uuid[],
            ${column((r) => r.session_id)}::text[], ${column((r) => r.viewer_id ?? null)}::text[],
            ${column((r) => r.kind)}::text[], ${column((r) => r.position)}::real[], ${column((r) => r.data ?? null)}::text[],
            ${column((r) => r.page)}::text[], ${column((r) => r.referrer)}::text[], ${column((r) => r.device)}::text[],
            ${column((r) => r.browser)}::text[], ${column((r) => r.os)}::text[], ${column((r) => r.country ?? null)}::text[]
          ) as t(e, a, ac, v, s, vw, k, p, d, pg, r, dv, b, o, c)
          on conflict (event_id, at) do nothing`.execute(db);
        stored += Number(result.numAffectedRows ?? 0);
      }
      return stored;
    },

    /**
     * Makes the daily partitions from the day of `from` to the day of `to`, those missing. One process at a
     * time (a transaction-scoped advisory lock), so two servers starting together do not collide.
     */
    async ensurePartitions(from: Date, to: Date) {
      await db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtextextended('analytics_event partitions', 0))`.execute(trx);
        for (let day = dayOf(from); day <= to; day = new Date(day.getTime() + DAY_MS)) {
          const next = new Date(day.getTime() + DAY_MS);
          await sql`create table if not exists ${sql.id(partitionName(day))} partition of analytics_event
            for values from (${sql.lit(day.toISOString())}) to (${sql.lit(next.toISOString())})`.execute(trx);
        }
      });
    },

    /** Drops the partitions whose whole day is before `before`: old events go a day at a time. */
    async dropPartitionsBefore(before: Date) {
      const dropped: string[] = [];
      for (const name of await partitions()) {
        const day = /^analytics_event_(\d{4})(\d{2})(\d{2})$/.exec(name);
        if (!day) continue;
        const end = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])) + DAY_MS;
        if (end > before.getTime()) continue;
        await sql`drop table if exists ${sql.id(name)}`.execute(db);
        dropped.push(name);
      }
      return dropped;
    },
  };
}
export type EventRepo = ReturnType<typeof createEventRepo>;

import { type Insertable, sql } from 'kysely';
import type { AnalyticsDb, AnalyticsEventTable } from './analytics.schema.ts';

export type EventRow = Insertable<AnalyticsEventTable>;

const DAY_MS = 86_400_000;
/** Rows per INSERT: well under PostgreSQL's 65,535 parameters at 16 columns a row. */
const ROWS_PER_INSERT = 2000;

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

    /** Stores rows, skipping events already stored (a batch sent again); answers how many were new. */
    async insert(rows: EventRow[]) {
      let stored = 0;
      for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
        const result = await db
          .insertInto('analytics_event')
          .values(rows.slice(i, i + ROWS_PER_INSERT))
          .onConflict((oc) => oc.columns(['event_id', 'at']).doNothing())
          .executeTakeFirst();
        stored += Number(result.numInsertedOrUpdatedRows ?? 0);
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

import { type Selectable, sql } from 'kysely';
import type { AnalyticsDb, AnalyticsEventTable } from './analytics.schema.ts';

/**
 * What every event of one batch shares (one viewing of one video, as one request saw it): kept once per
 * batch, and sent to the database once per batch.
 */
export type EventSource = Pick<
  Selectable<AnalyticsEventTable>,
  'account_id' | 'video_id' | 'session_id' | 'viewer_id' | 'page' | 'referrer' | 'device' | 'browser' | 'os' | 'country'
>;

/**
 * One event to store (a row of `analytics_event` less what the database sets), its batch's fields by
 * reference: the rows of a batch share one source rather than copying ten fields each, which is what waits
 * in memory for the writer (decision 0024), so it is kept small.
 */
export type EventRow = {
  /** A UUID. */
  event_id: string;
  /** When it happened, in ms since 1970. */
  at: number;
  kind: string;
  position: number;
  /** What the kind adds, as JSON text. */
  data: string | null;
  source: EventSource;
};

const DAY_MS = 86_400_000;
/** Rows per INSERT. */
const ROWS_PER_INSERT = 5000;
/** PostgreSQL's unique_violation: an event already stored (a batch sent again). */
const UNIQUE_VIOLATION = '23505';
/** After a batch sent again, how long inserts skip stored events with ON CONFLICT before trying plain ones. */
const CAREFUL_MS = 60_000;

/** A text that must be escaped inside a quoted array element: a double quote or a backslash. */
const NEEDS_ESCAPE = /["\\]/;
const ESCAPED = /["\\]/g;
/** In JSON, an escape other than \" and \\: a control character, which an array literal would not read back. */
const CONTROL_ESCAPE = /\\[^"\\]/;

/**
 * A PostgreSQL array literal of texts, numbers and nulls, every text quoted and its `"` and `\` escaped with a
 * backslash (https://www.postgresql.org/docs/current/arrays.html#ARRAYS-IO). node-postgres makes the same
 * from a JavaScript array, but with two replacements and a conversion on every element: that was most of
 * this process's cost of a write (bench:ingest profile). Here it is JSON.stringify's text between braces, made
 * in one native pass: a JSON array of strings, numbers and nulls is that literal, since JSON escapes `"` and
 * `\` with a backslash too, and writes no whitespace. Only JSON's other escapes (\n, \u0001...) read back
 * wrong, so values with a control character take the element-by-element way.
 */
export function arrayLiteral(values: readonly (string | number | null)[]): string {
  const json = JSON.stringify(values);
  if (!CONTROL_ESCAPE.test(json)) return `{${json.slice(1, -1)}}`;
  const elements = values.map((value) => {
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'number') return String(value);
    return `"${NEEDS_ESCAPE.test(value) ? value.replace(ESCAPED, '\\$&') : value}"`;
  });
  return `{${elements.join(',')}}`;
}

const dayOf = (date: Date) => new Date(Math.floor(date.getTime() / DAY_MS) * DAY_MS);
const partitionName = (day: Date) => `analytics_event_${day.toISOString().slice(0, 10).replaceAll('-', '')}`;

/** Every query on `analytics_event` and its daily partitions. */
export function createEventRepo(db: AnalyticsDb) {
  /** Until when inserts are written with ON CONFLICT DO NOTHING from the start (see `insert`). */
  let carefulUntil = 0;

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
     * statement per 5,000 rows, each column sent as one array (unnest): sixteen parameters however many rows,
     * where a VALUES list would bind fifteen per row and cost the server far more to parse. The fields a batch
     * shares go once per batch (one element per source, joined back by its ordinal), not once per event:
     * 6 array elements a row instead of 15 to encode here and to parse there.
     *
     * Events sent again are rare (a beacon retried after it had arrived), and ON CONFLICT costs PostgreSQL a
     * third more per row than a plain insert, whose unique index refuses a repeat anyway (decision 0024). So
     * a chunk is inserted plainly; when that is refused as a repeat, nothing of it was written, and it is
     * written again skipping the stored events, as are the chunks of the next minute, so that a viewer
     * replaying batches costs at most one refused statement a minute.
     */
    async insert(rows: EventRow[]) {
      let stored = 0;
      for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
        const chunk = rows.slice(i, i + ROWS_PER_INSERT);
        const ordinals = new Map<EventSource, number>();
        const sourceOf: number[] = [];
        const ids: string[] = [];
        const ats: number[] = [];
        const kinds: string[] = [];
        const positions: number[] = [];
        const data: (string | null)[] = [];
        for (const row of chunk) {
          let ordinal = ordinals.get(row.source);
          if (ordinal === undefined) {
            ordinal = ordinals.size + 1;
            ordinals.set(row.source, ordinal);
          }
          sourceOf.push(ordinal);
          ids.push(row.event_id);
          ats.push(row.at);
          kinds.push(row.kind);
          positions.push(row.position);
          data.push(row.data);
        }
        const sources = [...ordinals.keys()];
        const field = (pick: (source: EventSource) => string | null) => arrayLiteral(sources.map(pick));
        // `at` travels as ms since 1970, made a time by PostgreSQL: no Date and no ISO string per row here.
        // to_timestamp keeps microseconds, so a whole millisecond comes out exact, as the same event's key
        // must (a batch sent again is stored once).
        const statement = (skipStored: boolean) => sql`
          insert into analytics_event (event_id, at, account_id, video_id, session_id, viewer_id, kind, position,
            data, page, referrer, device, browser, os, country)
          select e.id, to_timestamp(e.at / 1000), s.account_id, s.video_id, s.session_id, s.viewer_id, e.kind,
            e.position, e.data, s.page, s.referrer, s.device, s.browser, s.os, s.country
          from unnest(${arrayLiteral(sourceOf)}::int[], ${arrayLiteral(ids)}::uuid[], ${arrayLiteral(ats)}::float8[],
            ${arrayLiteral(kinds)}::text[], ${arrayLiteral(positions)}::real[], ${arrayLiteral(data)}::text[])
            as e(source, id, at, kind, position, data)
          join unnest(${field((s) => s.account_id)}::uuid[], ${field((s) => s.video_id)}::uuid[],
            ${field((s) => s.session_id)}::text[], ${field((s) => s.viewer_id)}::text[], ${field((s) => s.page)}::text[],
            ${field((s) => s.referrer)}::text[], ${field((s) => s.device)}::text[], ${field((s) => s.browser)}::text[],
            ${field((s) => s.os)}::text[], ${field((s) => s.country)}::text[])
            with ordinality as s(account_id, video_id, session_id, viewer_id, page, referrer, device, browser, os,
              country, ordinal)
            on s.ordinal = e.source
          ${skipStored ? sql`on conflict (event_id, at) do nothing` : sql``}`;
        let result: { numAffectedRows?: bigint };
        try {
          result = await statement(Date.now() < carefulUntil).execute(db);
        } catch (error) {
          if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
          carefulUntil = Date.now() + CAREFUL_MS;
          result = await statement(true).execute(db);
        }
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

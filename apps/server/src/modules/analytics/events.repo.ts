import { finished } from 'node:stream/promises';
import { type Selectable, sql } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { AnalyticsDb, AnalyticsEventTable } from './analytics.schema.ts';
import { COPY_HEADER, createCopyFields, rowBytes } from './copy-file.ts';
import { FLUSH_ROWS } from './event-writer.ts';

/**
 * The columns of a source that many viewers share: a video's viewers on one page with one kind of browser
 * (a busy page's thousands of viewers a minute, a few dozen contexts). Written first in each row, as bytes
 * made once per context and batch.
 */
const CONTEXT_COLUMNS = [
  'account_id',
  'video_id',
  'page',
  'referrer',
  'device',
  'browser',
  'os',
  'country',
] as const satisfies readonly (keyof AnalyticsEventTable)[];
/** Then each event's own, in the order they are written. */
const EVENT_COLUMNS = [
  'event_id',
  'at',
  'kind',
  'position',
  'data',
  'session_id',
  'viewer_id',
] as const satisfies readonly (keyof AnalyticsEventTable)[];
const COLUMNS = [...CONTEXT_COLUMNS, ...EVENT_COLUMNS].join(', ');

/**
 * What every event of one batch shares (one viewing of one video, as one request saw it): kept once per
 * batch, and written once per batch.
 */
export type EventSource = Pick<
  Selectable<AnalyticsEventTable>,
  (typeof CONTEXT_COLUMNS)[number] | 'session_id' | 'viewer_id'
>;

/**
 * One event to store (a row of `analytics_event` less what the database sets), its batch's fields by
 * reference: the rows of a batch share one source rather than copying ten fields each. Rows are made as a
 * batch is taken and go into an EventBatch at once.
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
/** PostgreSQL's unique_violation: an event already stored (a batch sent again). */
const UNIQUE_VIOLATION = '23505';
/** After a batch sent again, how long writes skip stored events before trying plain ones. */
const CAREFUL_MS = 60_000;
/** PostgreSQL's class 22, data exception: a value it will not store. */
const DATA_EXCEPTION = /^22/;
/** Rows of one batch set aside at most: past that, the batch's write fails (and the writer tries again). */
const REFUSED_MAX = 10;

/** A batch's contexts start this small: a context's fields are a few hundred bytes. */
const CONTEXT_BYTES = 512;
/**
 * A batch's file starts with room for a full batch of heartbeats (about 300 bytes each), so that one under
 * load is not copied as it grows, and doubles if it fills; a sealed batch lets go of the room it did not use.
 */
const FIRST_BYTES = FLUSH_ROWS * 384;

/**
 * Events waiting to be written together by one COPY (decision 0024): a binary COPY file, added to as each
 * batch of a viewer is taken, so that what waits for the writer is bytes outside the JavaScript heap, not an
 * object and a few strings per event that every young-generation collection would copy and then promote
 * (node-flags.ts collects every megabyte). The fields many viewers share (account, video, page, referrer,
 * device, browser, system, country) are made into bytes once per distinct context in the batch and copied
 * into each of its rows.
 */
export function createEventBatch() {
  const file = createCopyFields(FIRST_BYTES);
  file.raw(COPY_HEADER);
  /**
   * Each context's bytes, found by its page and then the rest: no key is built per viewer, and a page's
   * contexts are few (its videos and its viewers' kinds of browser).
   */
  const byPage = new Map<string, { source: EventSource; bytes: Uint8Array }[]>();
  const sameContext = (a: EventSource, b: EventSource) =>
    a.video_id === b.video_id &&
    a.account_id === b.account_id &&
    a.referrer === b.referrer &&
    a.device === b.device &&
    a.browser === b.browser &&
    a.os === b.os &&
    a.country === b.country;
  const contextOf = (source: EventSource) => {
    let known = byPage.get(source.page);
    if (!known) {
      known = [];
      byPage.set(source.page, known);
    }
    for (const context of known) if (sameContext(context.source, source)) return context.bytes;
    const fields = createCopyFields(CONTEXT_BYTES);
    fields.uuid(source.account_id);
    fields.uuid(source.video_id);
    for (const column of CONTEXT_COLUMNS.slice(2)) fields.text(source[column]);
    const bytes = fields.bytes();
    known.push({ source, bytes });
    return bytes;
  };
  let last: EventSource | undefined;
  let lastContext: Uint8Array = new Uint8Array();
  let size = 0;
  return {
    /** Events in the batch. */
    get size() {
      return size;
    },
    add(rows: readonly EventRow[]) {
      for (const row of rows) {
        if (row.source !== last) {
          last = row.source;
          lastContext = contextOf(row.source);
        }
        file.row(CONTEXT_COLUMNS.length + EVENT_COLUMNS.length);
        file.raw(lastContext);
        file.uuid(row.event_id);
        file.time(row.at);
        file.text(row.kind);
        file.real(row.position);
        file.text(row.data);
        file.text(row.source.session_id);
        file.text(row.source.viewer_id);
        size += 1;
      }
    },
    /** No more rows: the batch keeps only its file, and of that only the bytes it holds. */
    seal() {
      byPage.clear();
      last = undefined;
      lastContext = new Uint8Array();
      file.fit();
    },
    /** The batch as a binary COPY file of COLUMNS. */
    file: () => file.file(),
  };
}
export type EventBatch = ReturnType<typeof createEventBatch>;

/** The row (from 1) of a COPY that PostgreSQL refused as a value it will not store, if that was the error. */
function refusedRow(error: unknown) {
  const { code, where } = error as { code?: string; where?: string };
  const row = code && DATA_EXCEPTION.test(code) ? /^COPY \S+, line (\d+)/.exec(where ?? '') : null;
  return row ? Number(row[1]) : undefined;
}

/** Sends `file` to `COPY ... FROM STDIN` on `client`; answers the rows copied. */
async function copyIn(client: pg.ClientBase, statement: string, file: Buffer) {
  const copying = client.query(copyFrom(statement));
  copying.end(file);
  await finished(copying);
  return copying.rowCount;
}

const dayOf = (date: Date) => new Date(Math.floor(date.getTime() / DAY_MS) * DAY_MS);
const partitionName = (day: Date) => `analytics_event_${day.toISOString().slice(0, 10).replaceAll('-', '')}`;

/**
 * Every query on `analytics_event` and its daily partitions: `db` for queries, and the pool it runs on
 * (`poolOf`) for COPY, which the query builder does not speak.
 */
export function createEventRepo(
  db: AnalyticsDb,
  pool: pg.Pool,
  options: {
    /** Told of each event set aside as one PostgreSQL will not store (none passes the ingestion's checks). */
    onRefused?: (error: Error) => void;
  } = {},
) {
  /** Until when writes skip stored events from the start (see `insert`). */
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

  /** Runs `work` on a connection of its own; one that failed is closed rather than reused. */
  async function withClient<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      const result = await work(client);
      client.release();
      return result;
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
  }

  /**
   * Copies a batch into a table of the session's own, then inserts from it what is not stored yet: how a
   * batch with repeats is written, as COPY itself has no ON CONFLICT.
   */
  const copySkippingStored = (file: Buffer) =>
    withClient(async (client) => {
      await client.query('begin');
      try {
        await client.query(`create temp table if not exists analytics_event_incoming
          (like analytics_event including defaults) on commit delete rows`);
        await copyIn(client, `copy analytics_event_incoming (${COLUMNS}) from stdin (format binary)`, file);
        const { rowCount } = await client.query(`insert into analytics_event (${COLUMNS}, received_at)
          select ${COLUMNS}, received_at from analytics_event_incoming on conflict (event_id, at) do nothing`);
        await client.query('commit');
        return rowCount ?? 0;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      }
    });

  /**
   * Copies a file in one statement, skipping events already stored (a batch sent again); answers how many
   * were new.
   *
   * Events sent again are rare (a beacon retried after it had arrived). COPY has no ON CONFLICT, and the
   * key refuses a repeat: the whole file is refused, nothing of it written, and it is written again through
   * a table of the session's own, skipping the stored events, as are the files of the next minute, so that a
   * viewer replaying batches costs at most one refused COPY a minute.
   */
  async function copy(file: Buffer) {
    if (Date.now() >= carefulUntil) {
      try {
        return await withClient((client) =>
          copyIn(client, `copy analytics_event (${COLUMNS}) from stdin (format binary)`, file),
        );
      } catch (error) {
        if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
        carefulUntil = Date.now() + CAREFUL_MS;
      }
    }
    return copySkippingStored(file);
  }

  return {
    partitions,

    /**
     * Stores a batch in one statement (one more for each event PostgreSQL refuses, set aside), skipping
     * events already stored (a batch sent again); answers how many were new. The batch goes as one binary
     * `COPY`: PostgreSQL reads each field as the bytes of its value, where an `INSERT ... SELECT FROM unnest`
     * of array literals had it parse every one (less of its CPU an event, decision 0024), and writes the rows
     * in bulk.
     */
    async insert(batch: EventBatch) {
      if (batch.size === 0) return 0;
      let file = batch.file();
      for (let refused = 0; ; refused += 1) {
        try {
          return await copy(file);
        } catch (error) {
          // An event with a value PostgreSQL will not store (one the ingestion's checks let through) is set
          // aside with its error rather than kept at the head of the queue, where it would block every event
          // after it until the endpoint answered 503: the rest of its batch is written without it.
          const row = refused < REFUSED_MAX ? refusedRow(error) : undefined;
          const bytes = row === undefined ? undefined : rowBytes(file, row);
          if (!bytes) throw error;
          options.onRefused?.(error as Error);
          file = Buffer.concat([file.subarray(0, bytes[0]), file.subarray(bytes[1])]);
        }
      }
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

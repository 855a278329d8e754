import { type Selectable, sql } from 'kysely';
import type { AnalyticsDb, AnalyticsEventTable } from './analytics.schema.ts';

/** The columns every event of one batch shares, in the order the insert reads them. */
const SOURCE_COLUMNS = [
  'account_id',
  'video_id',
  'session_id',
  'viewer_id',
  'page',
  'referrer',
  'device',
  'browser',
  'os',
  'country',
] as const satisfies readonly (keyof AnalyticsEventTable)[];

/**
 * What every event of one batch shares (one viewing of one video, as one request saw it): kept once per
 * batch, and sent to the database once per batch.
 */
export type EventSource = Pick<Selectable<AnalyticsEventTable>, (typeof SOURCE_COLUMNS)[number]>;

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
/** After a batch sent again, how long inserts skip stored events with ON CONFLICT before trying plain ones. */
const CAREFUL_MS = 60_000;

/** A text that must be escaped inside a quoted array element: a double quote or a backslash. */
const NEEDS_ESCAPE = /["\\]/;
const ESCAPED = /["\\]/g;
const [OPEN, COMMA, QUOTE, CLOSE] = [0x7b, 0x2c, 0x22, 0x7d];
/** Bytes a literal starts with; it doubles as it fills. */
const FIRST_BYTES = 4096;

/**
 * A PostgreSQL array literal of texts, numbers and nulls, built element by element as UTF-8 bytes outside the
 * JavaScript heap (https://www.postgresql.org/docs/current/arrays.html#ARRAYS-IO): every text quoted with its
 * `"` and `\` escaped by a backslash, any other character as it is, null as NULL. PostgreSQL takes the bytes
 * as bytea and reads them as text (`convert_from`), then as the array.
 */
export function createArrayText() {
  let bytes = Buffer.allocUnsafeSlow(FIRST_BYTES);
  bytes[0] = OPEN;
  let length = 1;
  /** Writes `text` as the next element, between quotes when `quoted`. */
  const element = (text: string, quoted: boolean) => {
    // At most three bytes of UTF-8 per UTF-16 unit, a comma and two quotes, and the closing brace after.
    const room = 3 * text.length + 4;
    if (length + room > bytes.length) {
      const bigger = Buffer.allocUnsafeSlow(Math.max(2 * bytes.length, length + room));
      bytes.copy(bigger, 0, 0, length);
      bytes = bigger;
    }
    if (length > 1) bytes[length++] = COMMA;
    if (quoted) bytes[length++] = QUOTE;
    length += bytes.write(text, length);
    if (quoted) bytes[length++] = QUOTE;
  };
  return {
    text(value: string | null) {
      if (value === null) element('NULL', false);
      else element(NEEDS_ESCAPE.test(value) ? value.replace(ESCAPED, '\\$&') : value, true);
    },
    number(value: number) {
      element(String(value), false);
    },
    /** The literal so far, closed: a view of the bytes, good until the next element. */
    bytes() {
      bytes[length] = CLOSE;
      return bytes.subarray(0, length + 1);
    },
  };
}

/**
 * The columns of a source that many viewers share: a video's viewers on one page with one kind of browser
 * (a busy page's thousands of viewers a minute, a few dozen contexts). Sent once per batch to write.
 */
const CONTEXT_COLUMNS = SOURCE_COLUMNS.filter(
  (column): column is Exclude<(typeof SOURCE_COLUMNS)[number], 'session_id' | 'viewer_id'> =>
    column !== 'session_id' && column !== 'viewer_id',
);

/**
 * Events waiting to be written together by one INSERT (decision 0024): each column an array literal, added
 * to as each batch of a viewer is taken, so that what waits for the writer is bytes outside the JavaScript
 * heap, not an object and a few strings per event that every young-generation collection would copy and then
 * promote (node-flags.ts collects every megabyte). Each event carries its viewing (session and viewer ids);
 * the fields many viewers share (account, video, page, referrer, device, browser, system, country) go once
 * per batch to write, one element per distinct context, joined back by its ordinal: 8 elements an event.
 * A viewer's batch is mostly one heartbeat, and sending its ten shared fields with each one had PostgreSQL
 * read 16 elements an event (14-16 µs of its CPU an event against 8.5-9.5 for ten events a source).
 */
export function createEventBatch() {
  const event = {
    context: createArrayText(),
    id: createArrayText(),
    at: createArrayText(),
    kind: createArrayText(),
    position: createArrayText(),
    data: createArrayText(),
    session: createArrayText(),
    viewer: createArrayText(),
  };
  const contexts = CONTEXT_COLUMNS.map((column) => ({ column, literal: createArrayText() }));
  /**
   * Each context's ordinal, found by its page and then the rest: no key is built per viewer, and a page's
   * contexts are few (its videos and its viewers' kinds of browser).
   */
  const byPage = new Map<string, { source: EventSource; ordinal: number }[]>();
  let contextCount = 0;
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
    for (const context of known) if (sameContext(context.source, source)) return context.ordinal;
    for (const { column, literal } of contexts) literal.text(source[column]);
    contextCount += 1;
    known.push({ source, ordinal: contextCount });
    return contextCount;
  };
  let last: EventSource | undefined;
  let lastContext = 0;
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
        event.context.number(lastContext);
        event.id.text(row.event_id);
        event.at.number(row.at);
        event.kind.text(row.kind);
        event.position.number(row.position);
        event.data.text(row.data);
        event.session.text(row.source.session_id);
        event.viewer.text(row.source.viewer_id);
        size += 1;
      }
    },
    /** Each column's literal, events' then contexts', in the order the insert reads them. */
    columns: () => ({
      events: Object.values(event).map((column) => column.bytes()),
      contexts: contexts.map(({ literal }) => literal.bytes()),
    }),
  };
}
export type EventBatch = ReturnType<typeof createEventBatch>;

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
     * Stores a batch in one statement, skipping events already stored (a batch sent again); answers how many
     * were new. Each column goes as one array literal (unnest): sixteen parameters however many events, where
     * a VALUES list would bind fifteen per event and cost the server far more to parse. The literals travel
     * as bytes (bytea) and are read as UTF-8 text by `convert_from`, then as arrays.
     *
     * Events sent again are rare (a beacon retried after it had arrived), and ON CONFLICT costs PostgreSQL a
     * third more per row than a plain insert, whose unique index refuses a repeat anyway (decision 0024). So
     * a batch is inserted plainly; when that is refused as a repeat, nothing of it was written, and it is
     * written again skipping the stored events, as are the batches of the next minute, so that a viewer
     * replaying batches costs at most one refused statement a minute.
     */
    async insert(batch: EventBatch) {
      if (batch.size === 0) return 0;
      const { events, contexts } = batch.columns();
      const array = (bytes: Buffer | undefined, type: string) =>
        sql`convert_from(${bytes}, 'UTF8')::${sql.raw(type)}[]`;
      const [context, id, at, kind, position, data, session, viewer] = events;
      const [account, video, page, referrer, device, browser, os, country] = contexts;
      // `at` travels as ms since 1970, made a time by PostgreSQL: no Date and no ISO string per row here.
      // to_timestamp keeps microseconds, so a whole millisecond comes out exact, as the same event's key
      // must (a batch sent again is stored once).
      const statement = (skipStored: boolean) => sql`
        insert into analytics_event (event_id, at, account_id, video_id, session_id, viewer_id, kind, position,
          data, page, referrer, device, browser, os, country)
        select e.id, to_timestamp(e.at / 1000), c.account_id, c.video_id, e.session_id, e.viewer_id, e.kind,
          e.position, e.data, c.page, c.referrer, c.device, c.browser, c.os, c.country
        from unnest(${array(context, 'int')}, ${array(id, 'uuid')}, ${array(at, 'float8')}, ${array(kind, 'text')},
          ${array(position, 'real')}, ${array(data, 'text')}, ${array(session, 'text')}, ${array(viewer, 'text')})
          as e(context, id, at, kind, position, data, session_id, viewer_id)
        join unnest(${array(account, 'uuid')}, ${array(video, 'uuid')}, ${array(page, 'text')},
          ${array(referrer, 'text')}, ${array(device, 'text')}, ${array(browser, 'text')}, ${array(os, 'text')},
          ${array(country, 'text')})
          with ordinality as c(account_id, video_id, page, referrer, device, browser, os, country, ordinal)
          on c.ordinal = e.context
        ${skipStored ? sql`on conflict (event_id, at) do nothing` : sql``}`;
      let result: { numAffectedRows?: bigint };
      try {
        result = await statement(Date.now() < carefulUntil).execute(db);
      } catch (error) {
        if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
        carefulUntil = Date.now() + CAREFUL_MS;
        result = await statement(true).execute(db);
      }
      return Number(result.numAffectedRows ?? 0);
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

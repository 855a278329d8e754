import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

// node-postgres returns int8 as strings to avoid precision loss; counts and byte sizes stay below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type Db = Kysely<Database>;

/**
 * Runs `work` in one transaction: what services are given instead of the database, so a change that spans
 * repos commits or rolls back whole while every query stays in a repo (decision 0020).
 */
export type Transact = <T>(work: (trx: Db) => Promise<T>) => Promise<T>;
export const transactor =
  (db: Db): Transact =>
  (work) =>
    db.transaction().execute(work);

export type DbOptions = {
  /** Called for a connection lost outside a query (a restart or crash of PostgreSQL, a network cut). */
  onError?: (error: Error) => void;
  /**
   * How long one query may wait for its answer before it fails (node-postgres `query_timeout`), so a
   * frozen or unreachable database answers 503 instead of holding requests; 0 for none (migrations).
   */
  queryTimeoutMs?: number;
};

/** A request waits this long for a connection: a live PostgreSQL on a LAN connects in milliseconds. */
export const CONNECT_TIMEOUT_MS = 5_000;
/** Far beyond any request's query on a healthy database (pages and lists are index lookups). */
export const QUERY_TIMEOUT_MS = 30_000;

export function createDb(connectionString: string, poolSize: number, options: DbOptions = {}): Db {
  const { onError, queryTimeoutMs = QUERY_TIMEOUT_MS } = options;
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...(queryTimeoutMs > 0 ? { query_timeout: queryTimeoutMs } : {}),
    // A peer that vanished without closing (a cut cable, a frozen host) is found by TCP keep-alives.
    keepAlive: true,
  });
  // An idle connection dropped by the server (restart, shutdown) must not crash the process.
  pool.on('error', (error) => onError?.(error));
  // pg-pool listens for errors only while a connection is idle: one that drops while a query or a
  // transaction holds it emits 'error' with no listener, which would end the process. Its query fails
  // on its own and the pool discards the connection when it comes back (it is no longer queryable).
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
}

const pools = new WeakMap<Db, pg.Pool>();

/**
 * The connection pool a database made by `createDb` runs on, for what the query builder does not speak
 * (`COPY ... FROM STDIN`: analytics events, decision 0024).
 */
export function poolOf(db: Db): pg.Pool {
  const pool = pools.get(db);
  if (!pool) throw new Error('not a database made by createDb');
  return pool;
}

/**
 * SQLSTATEs that mean the database cannot serve now, not that the request is wrong:
 * https://www.postgresql.org/docs/current/errcodes-appendix.html — class 08 (connection exception),
 * 53300 too_many_connections, 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now,
 * 57014 query_canceled (a statement timeout).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|53300|57P01|57P02|57P03|57014)$/;
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
// node-postgres and pg-pool say these in words only (node_modules/pg/lib/client.js, pg-pool/index.js).
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|Query read timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end)/;

/** Whether an error means the database is down, restarting, frozen or out of connections. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) return true;
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    if (UNAVAILABLE_MESSAGE.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

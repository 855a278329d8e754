import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

// node-postgres returns int8 as strings to avoid precision loss; counts and byte sizes stay below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type Db = Kysely<Database>;

export function createDb(connectionString: string, poolSize: number, onError?: (error: Error) => void): Db {
  const pool = new pg.Pool({ connectionString, max: poolSize, connectionTimeoutMillis: 10_000 });
  // An idle connection dropped by the server (restart, shutdown) must not crash the process.
  pool.on('error', (error) => onError?.(error));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store in PostgreSQL: counters shared by every server process behind a load
 * balancer (an in-memory store would give each process its own budget). Fixed window per key.
 */
export function createPgRateLimitStore(db: Db) {
  return class PgRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number) {
      sql<{ hits: number; ttl: number }>`
        insert into rate_limit (key, window_start, hits) values (${key}, now(), 1)
        on conflict (key) do update set
          hits = case when rate_limit.window_start + ${timeWindow} * interval '1 millisecond' <= now()
                      then 1 else rate_limit.hits + 1 end,
          window_start = case when rate_limit.window_start + ${timeWindow} * interval '1 millisecond' <= now()
                      then now() else rate_limit.window_start end
        returning hits, greatest(0, extract(epoch from (window_start + ${timeWindow} * interval '1 millisecond' - now())) * 1000)::int as ttl`
        .execute(db)
        .then((result) => {
          const row = result.rows[0];
          callback(null, { current: row?.hits ?? 1, ttl: row?.ttl ?? timeWindow });
        })
        .catch((error: Error) => callback(error));
    }

    child() {
      return new PgRateLimitStore();
    }
  };
}

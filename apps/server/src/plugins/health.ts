import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** /readyz answers within this long even when the database hangs (a frozen process, a dead link). */
export const READY_PROBE_TIMEOUT_MS = 1_500;

/** Whether `select 1` comes back within `timeoutMs`; a probe left hanging ends with the pool's query timeout. */
export async function databaseAnswers(db: Db, timeoutMs = READY_PROBE_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness and readiness (docs/operations.md): /healthz is the process answering HTTP, so a supervisor
 * restarts only a hung process; /readyz adds the database and shutdown, so a load balancer sends no
 * traffic to a process that cannot serve it.
 */
export function registerHealthRoutes(app: FastifyInstance, db: Db, isReady: () => boolean) {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { statusCode: 200, data: { status: 'ok' } };
  });
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const ready = isReady() && (await databaseAnswers(db));
    if (!ready) {
      return reply.status(503).send({ statusCode: 503, error: 'not_ready', message: 'not ready' });
    }
    return { statusCode: 200, data: { status: 'ready' } };
  });
}

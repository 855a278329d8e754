import { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import { isStopping } from '../../lib/shutdown.ts';

export const QUEUES = { sweep: 'maintenance-sweep' } as const;

export type JobHandlers = { sweep: () => Promise<void> };

/**
 * pg-boss on the application's PostgreSQL. Every process can send jobs; only processes with workers
 * (WORKERS > 0, or the `worker` entry point) take them, so HTTP and media work scale apart.
 */
export async function startJobs(options: {
  connectionString: string;
  log: Logger;
  workers: number;
  handlers: JobHandlers;
}): Promise<{ boss: PgBoss; stop: () => Promise<void> }> {
  const { log } = options;
  const boss = new PgBoss({ connectionString: options.connectionString, schema: 'pgboss', max: 4 });
  boss.on('error', (error) =>
    isStopping()
      ? log.debug({ err: error }, 'job queue closed while stopping')
      : log.error({ err: error }, 'job queue error'),
  );
  await boss.start();
  for (const queue of Object.values(QUEUES)) await boss.createQueue(queue);
  // Expired sessions, codes and rate-limit windows are deleted every 15 minutes, by one worker at a time.
  await boss.schedule(QUEUES.sweep, '*/15 * * * *');
  if (options.workers > 0) {
    await boss.work(QUEUES.sweep, async () => {
      await options.handlers.sweep();
      log.info('swept expired sessions and codes');
    });
  }
  return { boss, stop: () => boss.stop({ graceful: true, timeout: 10_000 }) };
}

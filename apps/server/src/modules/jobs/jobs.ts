import { CompiledQuery } from 'kysely';
import { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Db } from '../../db/database.ts';
import { isStopping } from '../../lib/shutdown.ts';

/** How pg-boss keeps a queue's jobs: retries, expiry, heartbeats (pg-boss `createQueue` options). */
export type QueuePolicy = {
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  retryDelayMax?: number;
  expireInSeconds?: number;
  heartbeatSeconds?: number;
  /** Wake a worker at once (LISTEN/NOTIFY) instead of at its next poll. */
  notify?: boolean;
};

/** How a worker takes a queue's jobs (pg-boss `work` options). */
export type WorkPolicy = {
  batchSize?: number;
  localConcurrency?: number;
  pollingIntervalSeconds?: number;
  notifyPollingIntervalSeconds?: number;
  burstWhenBatchFull?: boolean;
};

/**
 * A kind of job a module sends and works: its queue's name, retry policy, schedule (cron, UTC) and how
 * workers take it. `T` is what one job carries.
 */
export type JobKind<T extends object> = {
  readonly name: string;
  readonly policy?: QueuePolicy;
  readonly schedule?: string;
  readonly work?: WorkPolicy;
  /** One queued job per key: sending the same key again while one waits does nothing. */
  readonly key?: (data: T) => string;
  /** Type only: what a job carries. */
  readonly carries?: (data: T) => void;
};
/** Any kind of job, whatever it carries. */
export type SomeJobKind = JobKind<never>;

export const defineJob = <T extends object = Record<string, never>>(kind: Omit<JobKind<T>, 'carries'>): JobKind<T> =>
  kind;

/** A job as its handler sees it. */
export type Job<T extends object> = { data: T; signal: AbortSignal };

/** What a worker does with a kind of job: a batch (one job unless its work policy batches), thrown to retry. */
export type JobWorker = {
  kind: SomeJobKind;
  handle: (jobs: Job<object>[]) => Promise<void>;
  /** Runs once before this worker takes jobs (clearing what dead workers left on this machine). */
  prepare?: () => Promise<void>;
};

export const worker = <T extends object>(
  kind: JobKind<T>,
  handle: (jobs: Job<T>[]) => Promise<void>,
  prepare?: () => Promise<void>,
): JobWorker => ({ kind, handle: handle as JobWorker['handle'], prepare });

/** Expired sessions, codes, rate-limit windows and incomplete uploads are swept every 15 minutes, by one worker. */
export const MAINTENANCE_SWEEP = defineJob({ name: 'maintenance-sweep', schedule: '*/15 * * * *' });

export type JobTimings = {
  /** A running media job proves it is alive this often; a job silent for longer was lost with its worker. */
  heartbeatSeconds: number;
  /** How often pg-boss looks for lost jobs. */
  superviseSeconds: number;
};

/**
 * What other modules need of the queue: to send work. Sent `within` a transaction, the job is written by
 * that transaction: it exists once the change commits, and never if it rolls back. Sent with
 * `afterSeconds`, no worker takes it before then.
 */
export type JobQueue = {
  send: <T extends object>(
    kind: JobKind<T>,
    data: T,
    options?: { within?: Db; afterSeconds?: number },
  ) => Promise<void>;
};

/** pg-boss's way into a transaction of ours: its SQL runs on the transaction's connection. */
const viaKysely = (db: Db) => ({
  executeSql: async (text: string, values?: unknown[]) => ({
    rows: (await db.executeQuery(CompiledQuery.raw(text, values ?? []))).rows as unknown[],
  }),
});

export type Jobs = JobQueue & {
  boss: PgBoss;
  /** Takes jobs from now on (only processes with workers call it). */
  startWorkers: (workers: number, handlers: JobWorker[]) => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * pg-boss on the application's PostgreSQL. Every process can send jobs; only processes with workers
 * (WORKERS > 0, or the `worker` entry point) take them, so HTTP and media work scale apart. The kinds of
 * job come from the modules (modules/index.ts); each queue is created, and brought to its kind's policy,
 * at start.
 */
export async function openJobs(options: {
  connectionString: string;
  log: Logger;
  kinds: readonly SomeJobKind[];
  timings?: Partial<JobTimings>;
}): Promise<Jobs> {
  const { log } = options;
  const timings: JobTimings = { heartbeatSeconds: 30, superviseSeconds: 30, ...options.timings };
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: 'pgboss',
    max: 4,
    superviseIntervalSeconds: timings.superviseSeconds,
    monitorIntervalSeconds: timings.superviseSeconds,
    // A finished upload wakes a worker at once instead of at its next poll (bench:playable).
    useListenNotify: true,
  });
  boss.on('error', (error) =>
    isStopping()
      ? log.debug({ err: error }, 'job queue closed while stopping')
      : log.error({ err: error }, 'job queue error'),
  );
  await boss.start();
  for (const kind of [MAINTENANCE_SWEEP, ...options.kinds]) {
    const { heartbeatSeconds, ...policy } = kind.policy ?? {};
    // Heartbeats are the process's setting (tests shorten them); a kind only says it wants them.
    const queue = heartbeatSeconds ? { ...policy, heartbeatSeconds: timings.heartbeatSeconds } : policy;
    await boss.createQueue(kind.name, queue);
    // createQueue leaves an existing queue as it was; the policy of this version applies to it too.
    if (kind.policy) await boss.updateQueue(kind.name, queue);
    if (kind.schedule) await boss.schedule(kind.name, kind.schedule);
  }
  return {
    boss,
    async send(kind, data, sendOptions = {}) {
      await boss.send(kind.name, data, {
        ...(kind.key ? { singletonKey: kind.key(data) } : {}),
        ...(sendOptions.within ? { db: viaKysely(sendOptions.within) } : {}),
        ...(sendOptions.afterSeconds ? { startAfter: sendOptions.afterSeconds } : {}),
      });
    },
    async startWorkers(workers, handlers) {
      if (workers <= 0) return;
      for (const { kind, handle, prepare } of handlers) {
        await prepare?.().catch((error: unknown) => {
          log.warn({ err: error, queue: kind.name }, 'could not prepare the worker');
        });
        await boss.work<object>(kind.name, kind.work ?? {}, (jobs) =>
          handle(jobs.map((job) => ({ data: job.data, signal: job.signal }))),
        );
      }
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}

/** Opens the queue and, with workers, takes jobs. */
export async function startJobs(options: {
  connectionString: string;
  log: Logger;
  kinds: readonly SomeJobKind[];
  workers: number;
  handlers: JobWorker[];
  timings?: Partial<JobTimings>;
}): Promise<Jobs> {
  const jobs = await openJobs(options);
  await jobs.startWorkers(options.workers, options.handlers);
  return jobs;
}

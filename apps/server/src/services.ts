import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Clock } from './lib/clock.ts';
import { createEventBus } from './modules/events/events.ts';
import { MODULES, moduleWorkers } from './modules/index.ts';
import type { JobQueue, JobWorker } from './modules/jobs/jobs.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import { makeServices, type Services } from './modules/module.ts';
import { createStorage } from './modules/storage/index.ts';
import type { StorageDriver } from './modules/storage/storage.ts';
import type { Pipeline } from './modules/videos/video-processor.ts';

export type { Services } from './modules/module.ts';

export type AppDeps = {
  config: Config;
  db: Db;
  /** The analytics tables' database (ANALYTICS_DATABASE_URL); the application's own by default. */
  analyticsDb?: Db;
  mailer: Mailer;
  clock: Clock;
  log: Logger;
  /** Where jobs are sent; without one (tests of other modules), a finished upload answers 503. */
  queue?: JobQueue;
  /** Defaults to the driver the configuration names. */
  storage?: StorageDriver;
  /** Defaults to the ffmpeg pipeline. */
  pipeline?: Pipeline;
  /** How long a rendered public page is reused (default 2 s); tests of settings use 0 to see each save. */
  pageCacheMs?: number;
};

/** The services of every module (each module's `create`), made once; routes and workers both use them. */
export function createServices({ config, db, mailer, clock, log, ...deps }: AppDeps): Services {
  const queue = deps.queue ?? null;
  // Reactions to events run from jobs written in the change's own transaction (modules/events), or, without
  // a queue (tests of other modules), right after its commit, as a worker would run them.
  let workers: JobWorker[] = [];
  const events = createEventBus({
    db,
    queue,
    reactions: MODULES.map((module) => module.reactions ?? {}),
    runNow: async (kind, data) => {
      const handler = workers.find((candidate) => candidate.kind === kind);
      await handler?.handle([{ data, signal: new AbortController().signal }]);
    },
    log,
  });
  const services = makeServices(MODULES, {
    config,
    db,
    analyticsDb: deps.analyticsDb ?? db,
    mailer,
    clock,
    log,
    storage: deps.storage ?? createStorage(config),
    queue,
    events,
    pipeline: deps.pipeline,
  });
  workers = moduleWorkers({ services, config, clock }, log);
  return services;
}

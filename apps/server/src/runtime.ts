import path from 'node:path';
import { type Logger, pino } from 'pino';
import { type Config, ConfigError, parseConfig } from './config.ts';
import { createDb, type Db } from './db/database.ts';
import { lockDataDir, startEmbeddedPostgres } from './db/embedded.ts';
import { migrateToLatest } from './db/migrate.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { isStopping, markStopping } from './lib/shutdown.ts';
import { ANALYTICS_MIGRATIONS } from './modules/analytics/analytics.module.ts';
import { JOB_KINDS, moduleWorkers } from './modules/index.ts';
import { openJobs } from './modules/jobs/jobs.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import type { Services } from './services.ts';

/** Parses the configuration or prints every problem and exits 1. */
export function loadConfigOrExit(): Config {
  try {
    return parseConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`LeadReel cannot start: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

export function createLogger(config: Config): Logger {
  return pino({ level: config.LOG_LEVEL, base: { pid: process.pid } });
}

export type Runtime = {
  db: Db;
  /** The analytics tables' database: ANALYTICS_DATABASE_URL's, or `db`. */
  analyticsDb: Db;
  databaseUrl: string;
  mailer: Mailer;
  /** Stops what `openRuntime` started, in reverse order. */
  close: () => Promise<void>;
};

/** Opens the database (starting the embedded one when DATABASE_URL is unset), migrates, and makes the mailer. */
export async function openRuntime(config: Config, log: Logger): Promise<Runtime> {
  const closers: Array<() => Promise<void>> = [];
  let databaseUrl = config.DATABASE_URL;
  try {
    if (!databaseUrl) {
      closers.push(await lockDataDir(config.dataDir));
      const embedded = await startEmbeddedPostgres(config.dataDir, log);
      closers.push(embedded.stop);
      databaseUrl = embedded.url;
    }
    const db = createDb(databaseUrl, config.DATABASE_POOL_SIZE, {
      onError: (error) =>
        isStopping()
          ? log.debug({ err: error }, 'connection closed while stopping')
          : log.warn({ reason: error.message }, 'idle database connection lost'),
    });
    closers.push(() => db.destroy());
    // Migrations get a connection of their own without the per-query time limit: building an index on a
    // large table may rightly take minutes.
    const migrator = createDb(databaseUrl, 1, { queryTimeoutMs: 0 });
    try {
      const applied = await migrateToLatest(migrator as never);
      if (applied.length > 0) log.info({ applied }, 'database migrated');
    } finally {
      await migrator.destroy();
    }
    const analyticsUrl = config.ANALYTICS_DATABASE_URL ?? databaseUrl;
    const analyticsDb = config.ANALYTICS_DATABASE_URL ? createDb(analyticsUrl, config.DATABASE_POOL_SIZE) : db;
    if (analyticsDb !== db) closers.push(() => analyticsDb.destroy());
    const analyticsMigrator = createDb(analyticsUrl, 1, { queryTimeoutMs: 0 });
    try {
      const applied = await migrateToLatest(analyticsMigrator as never, ANALYTICS_MIGRATIONS);
      if (applied.length > 0) log.info({ applied }, 'analytics database migrated');
    } finally {
      await analyticsMigrator.destroy();
    }
    const mailer = createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: path.join(config.dataDir, 'mail'),
      log,
    });
    closers.push(async () => mailer.close());
    const close = async () => {
      for (const closer of closers.reverse()) {
        await closer().catch((error: unknown) => log.error({ err: error }, 'error while shutting down'));
      }
    };
    return { db, analyticsDb, databaseUrl, mailer, close };
  } catch (error) {
    for (const closer of closers.reverse()) await closer().catch(() => undefined);
    throw error;
  }
}

/** Opens the job queue: every process sends jobs; `startWorkers` makes it take them too. */
export function openJobQueue(runtime: Runtime, config: Config, log: Logger) {
  return openJobs({
    connectionString: runtime.databaseUrl,
    log,
    kinds: JOB_KINDS,
    timings: { heartbeatSeconds: config.JOB_HEARTBEAT_SECONDS, superviseSeconds: config.JOB_SUPERVISE_SECONDS },
  });
}

/** What a worker process does with each kind of job, from the modules, on the services' clock. */
export function jobWorkers(services: Services, config: Config, log: Logger, clock: Clock = systemClock) {
  return moduleWorkers({ services, config, clock }, log);
}

/** Runs `stop` on SIGINT or SIGTERM, once; a second signal exits at once. */
export function onShutdownSignal(log: Logger, stop: () => Promise<void>) {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    markStopping();
    log.info({ signal }, 'shutting down');
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

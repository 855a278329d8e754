import { systemClock } from './lib/clock.ts';
import { createLogger, jobWorkers, loadConfigOrExit, onShutdownSignal, openJobQueue, openRuntime } from './runtime.ts';
import { createServices } from './services.ts';

// Workers only, no HTTP: run as many of these as the media load needs (README, production).
const config = loadConfigOrExit();
const log = createLogger(config).child({ role: 'worker' });

try {
  const runtime = await openRuntime(config, log);
  const jobs = await openJobQueue(runtime, config, log);
  const services = createServices({
    config,
    db: runtime.db,
    analyticsDb: runtime.analyticsDb,
    mailer: runtime.mailer,
    clock: systemClock,
    log,
    queue: jobs,
  });
  await jobs.startWorkers(Math.max(1, config.WORKERS), jobWorkers(services, config, log));
  onShutdownSignal(log, async () => {
    // A rollup under way ends at its next step, before the job queue and the database close under it.
    await services.analytics.stop();
    await jobs.stop();
    await runtime.close();
  });
  log.info('LeadReel worker is running');
} catch (error) {
  log.fatal(
    { err: error },
    `LeadReel worker could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}

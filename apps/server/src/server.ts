import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { createLogger, jobWorkers, loadConfigOrExit, onShutdownSignal, openJobQueue, openRuntime } from './runtime.ts';
import type { Services } from './services.ts';

/**
 * Runs LeadReel: the HTTP server and, with WORKERS above zero, the job workers, until a shutdown signal.
 * Answers the services once it listens. `clock` is the system's; the end-to-end tests move it to see a
 * plan lapse (e2e/clock-server.ts). `extraRoutes` adds routes before it listens: bench:ingest's no-op route
 * (bench/ingest-server.ts), which LeadReel itself does not serve.
 */
export async function runServer(
  clock: Clock = systemClock,
  extraRoutes?: (app: FastifyInstance) => void,
): Promise<Services> {
  const config = loadConfigOrExit();
  const log = createLogger(config);
  try {
    const runtime = await openRuntime(config, log);
    let ready = false;
    const jobs = await openJobQueue(runtime, config, log);
    const { app, services } = await buildApp(
      { config, db: runtime.db, analyticsDb: runtime.analyticsDb, mailer: runtime.mailer, clock, log, queue: jobs },
      { isReady: () => ready },
    );
    extraRoutes?.(app);
    await jobs.startWorkers(config.WORKERS, jobWorkers(services, config, log, clock));
    onShutdownSignal(log, async () => {
      ready = false;
      await app.close();
      await jobs.stop();
      await runtime.close();
    });
    await app.listen({ port: config.PORT, host: config.HOST });
    ready = true;
    log.info(`LeadReel is running on ${config.publicUrl}`);
    return services;
  } catch (error) {
    log.fatal({ err: error }, `LeadReel could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

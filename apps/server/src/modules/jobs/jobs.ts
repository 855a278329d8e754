import { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import { isStopping } from '../../lib/shutdown.ts';

export const QUEUES = {
  sweep: 'maintenance-sweep',
  videoProcess: 'video-process',
  leadMail: 'lead-mail',
  leadDigest: 'lead-digest',
  webhookDelivery: 'webhook-delivery',
} as const;

export type JobHandlers = {
  sweep: () => Promise<void>;
  processVideo: (videoId: string, signal: AbortSignal) => Promise<void>;
  /** Clears what media jobs of dead workers left on this machine, before this worker takes media jobs. */
  sweepMediaWork?: () => Promise<void>;
  mailLead: (leadId: string) => Promise<void>;
  /** One attempt at a webhook delivery; throws when it should be retried. */
  deliverWebhook: (deliveryId: string) => Promise<void>;
  /** The daily digests due now (spec §2 email-notification). */
  mailDigests: () => Promise<void>;
};

/**
 * Webhook retries: exponential backoff from about a minute, capped at 6 hours between tries, for about
 * three days (issue 6), as Stripe retries. pg-boss waits retryDelay * 2^n * (1 + random) seconds before
 * retry n + 1, at most retryDelayMax (node_modules/pg-boss/dist/plans.js, failJobs): on average 90 s, 3, 6,
 * 12, 24, 48 min, 1.6 h, 3.2 h (6.4 h in all), then eleven tries 6 h apart: 19 retries over about 72 h.
 */
export const WEBHOOK_RETRY = { retryLimit: 19, retryDelay: 60, retryBackoff: true, retryDelayMax: 6 * 3600 };

export type JobTimings = {
  /** A running media job proves it is alive this often; a job silent for longer was lost with its worker. */
  heartbeatSeconds: number;
  /** How often pg-boss looks for lost jobs. */
  superviseSeconds: number;
};

/** What other modules need of the queue: to send work. */
export type JobQueue = {
  enqueueProcessing: (videoId: string) => Promise<void>;
  enqueueLeadMail: (leadId: string) => Promise<void>;
  enqueueWebhook: (deliveryId: string) => Promise<void>;
};

export type Jobs = JobQueue & {
  boss: PgBoss;
  /** Takes jobs from now on (only processes with workers call it). */
  startWorkers: (workers: number, handlers: JobHandlers) => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * pg-boss on the application's PostgreSQL. Every process can send jobs; only processes with workers
 * (WORKERS > 0, or the `worker` entry point) take them, so HTTP and media work scale apart.
 */
export async function openJobs(options: {
  connectionString: string;
  log: Logger;
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
  await boss.createQueue(QUEUES.sweep);
  // A media job whose worker died (kill -9, power loss) stops sending heartbeats and is retried by another
  // worker; the processor makes a rerun safe. Three tries, then the job fails and the video says why.
  const mediaQueue = {
    heartbeatSeconds: timings.heartbeatSeconds,
    retryLimit: 3,
    retryDelay: 5,
    expireInSeconds: 6 * 3600,
    notify: true,
  };
  await boss.createQueue(QUEUES.videoProcess, mediaQueue);
  // createQueue leaves an existing queue as it was; the options of this version apply to it too.
  await boss.updateQueue(QUEUES.videoProcess, mediaQueue);
  // Expired sessions, codes, rate-limit windows and incomplete uploads are swept every 15 minutes, by one
  // worker at a time.
  await boss.schedule(QUEUES.sweep, '*/15 * * * *');
  // A lead's mail is retried with backoff when the transport fails: for about a day, then it stays in the
  // console (the lead itself is already stored).
  const leadQueue = { retryLimit: 12, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 };
  await boss.createQueue(QUEUES.leadMail, leadQueue);
  await boss.updateQueue(QUEUES.leadMail, leadQueue);
  // The daily lead digest goes out at 08:00 UTC (morning in Europe, afternoon in China), by one worker.
  await boss.createQueue(QUEUES.leadDigest);
  await boss.schedule(QUEUES.leadDigest, '0 8 * * *');
  // A delivery is one POST with a 10 s deadline; one running longer than a minute was lost with its worker.
  const webhookQueue = { ...WEBHOOK_RETRY, expireInSeconds: 60 };
  await boss.createQueue(QUEUES.webhookDelivery, webhookQueue);
  await boss.updateQueue(QUEUES.webhookDelivery, webhookQueue);
  return {
    boss,
    async enqueueProcessing(videoId) {
      // One queued job per video: a repeated success call does not encode twice.
      await boss.send(QUEUES.videoProcess, { videoId }, { singletonKey: videoId });
    },
    async enqueueWebhook(deliveryId) {
      await boss.send(QUEUES.webhookDelivery, { deliveryId }, { singletonKey: deliveryId });
    },
    async enqueueLeadMail(leadId) {
      await boss.send(QUEUES.leadMail, { leadId }, { singletonKey: leadId });
    },
    async startWorkers(workers, handlers) {
      if (workers <= 0) return;
      await boss.work(QUEUES.sweep, async () => {
        await handlers.sweep();
        log.info('swept expired sessions, codes and uploads');
      });
      await handlers.sweepMediaWork?.().catch((error: unknown) => {
        log.warn({ err: error }, 'could not sweep the folders of dead media jobs');
      });
      await boss.work<{ videoId: string }>(
        QUEUES.videoProcess,
        // ffmpeg uses every core it is given; one media job per worker process keeps encodes from starving each other.
        { localConcurrency: 1, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 5 },
        async ([job]) => {
          if (!job) return;
          await handlers.processVideo(job.data.videoId, job.signal);
        },
      );
      await boss.work(QUEUES.leadDigest, async () => {
        await handlers.mailDigests();
      });
      await boss.work<{ deliveryId: string }>(
        QUEUES.webhookDelivery,
        // Receivers are slow or down independently of each other: each job on its own, a few at a time.
        { batchSize: 1, localConcurrency: 4, pollingIntervalSeconds: 2 },
        async ([job]) => {
          if (!job) return;
          await handlers.deliverWebhook(job.data.deliveryId);
        },
      );
      await boss.work<{ leadId: string }>(
        QUEUES.leadMail,
        // A burst of leads (a webinar's end) is mailed within the minute: a full batch fetches the next at
        // once instead of waiting for the poll, and a batch's mails go out together.
        { batchSize: 10, pollingIntervalSeconds: 2, burstWhenBatchFull: true },
        async (jobs) => {
          const sent = await Promise.allSettled(jobs.map((job) => handlers.mailLead(job.data.leadId)));
          // The whole batch is retried; each lead is claimed before its mail, so the sent ones stay sent.
          const failed = sent.find((result) => result.status === 'rejected');
          if (failed) throw failed.reason;
        },
      );
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}

/** Opens the queue and, with workers, takes jobs. */
export async function startJobs(options: {
  connectionString: string;
  log: Logger;
  workers: number;
  handlers: JobHandlers;
  timings?: Partial<JobTimings>;
}): Promise<Jobs> {
  const jobs = await openJobs(options);
  await jobs.startWorkers(options.workers, options.handlers);
  return jobs;
}

import { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import { isStopping } from '../../lib/shutdown.ts';

export const QUEUES = { sweep: 'maintenance-sweep', videoProcess: 'video-process', leadMail: 'lead-mail' } as const;

export type JobHandlers = {
  sweep: () => Promise<void>;
  processVideo: (videoId: string, signal: AbortSignal) => Promise<void>;
  mailLead: (leadId: string) => Promise<void>;
};

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
  return {
    boss,
    async enqueueProcessing(videoId) {
      // One queued job per video: a repeated success call does not encode twice.
      await boss.send(QUEUES.videoProcess, { videoId }, { singletonKey: videoId });
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
      await boss.work<{ videoId: string }>(
        QUEUES.videoProcess,
        // ffmpeg uses every core it is given; one media job per worker process keeps encodes from starving each other.
        { localConcurrency: 1, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 5 },
        async ([job]) => {
          if (!job) return;
          await handlers.processVideo(job.data.videoId, job.signal);
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

import { defineJob } from '../jobs/jobs.ts';

/**
 * Encoding an uploaded video. A media job whose worker died (kill -9, power loss) stops sending heartbeats
 * and is retried by another worker; the processor makes a rerun safe. Three tries, then the job fails and
 * the video says why. One queued job per video: a repeated success call does not encode twice.
 */
export const VIDEO_PROCESS = defineJob<{ videoId: string }>({
  name: 'video-process',
  policy: { heartbeatSeconds: 30, retryLimit: 3, retryDelay: 5, expireInSeconds: 6 * 3600, notify: true },
  // ffmpeg uses every core it is given; one media job per worker process keeps encodes from starving each other.
  work: { localConcurrency: 1, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 5 },
  key: (job) => job.videoId,
});

/** What a lapsed plan's period does to its videos (Clear: renditions deleted; RealClear: all deleted). */
export const VIDEO_LAPSE = defineJob<{
  accountId: string;
  period: 'clear-period' | 'real-clear-period';
  planEnd: string;
}>({
  name: 'video-lapse',
  policy: { retryLimit: 20, retryDelay: 60, retryBackoff: true, expireInSeconds: 3600 },
  work: { batchSize: 1, pollingIntervalSeconds: 10 },
  key: (job) => `${job.accountId}:${job.period}:${job.planEnd}`,
});

/** A plan bought again: the videos Clear took are encoded again from their originals. */
export const VIDEO_RESTORE = defineJob<{ accountId: string }>({
  name: 'video-restore',
  policy: { retryLimit: 20, retryDelay: 30, retryBackoff: true, expireInSeconds: 600 },
  work: { batchSize: 5, pollingIntervalSeconds: 5 },
});

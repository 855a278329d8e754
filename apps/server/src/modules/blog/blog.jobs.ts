import { defineJob } from '../jobs/jobs.ts';

/**
 * A blog-to-video export rendered by a worker. Its worker proves it is alive with heartbeats; one that died
 * is replaced, and the export starts its render again (blog-export.runner.ts). One queued job per export.
 */
export const BLOG_EXPORT = defineJob<{ exportId: string }>({
  name: 'blog-export',
  policy: { heartbeatSeconds: 30, retryLimit: 4, retryDelay: 5, expireInSeconds: 6 * 3600, notify: true },
  // A render uses the machine's cores: one export per worker process at a time.
  work: { localConcurrency: 1, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 5 },
  key: (job) => job.exportId,
});

import { defineJob } from '../jobs/jobs.ts';

/**
 * A speech task run by a worker. Its worker proves it is alive with heartbeats; one that died (kill -9, a
 * lost machine) is replaced and the task goes on from what it had published (speech-runner.ts). One queued
 * job per task.
 */
export const SPEECH_TASK = defineJob<{ taskId: string }>({
  name: 'speech-task',
  policy: { heartbeatSeconds: 30, retryLimit: 4, retryDelay: 5, expireInSeconds: 6 * 3600, notify: true },
  // Engines and ffmpeg use the machine's cores: one task per worker process at a time.
  work: { localConcurrency: 1, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 5 },
  key: (job) => job.taskId,
});

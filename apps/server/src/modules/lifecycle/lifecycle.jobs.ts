import { defineJob } from '../jobs/jobs.ts';

/** Moves lapsed plans through their periods and sends reminders: every ten minutes, by one worker. */
export const PLAN_LIFECYCLE = defineJob({ name: 'plan-lifecycle', schedule: '*/10 * * * *' });

/** A notice of a plan's end, mailed and retried with backoff for about a day while the transport fails. */
export const PLAN_NOTICE_MAIL = defineJob<{ accountId: string; notice: string; planEnd: string }>({
  name: 'plan-notice-mail',
  policy: { retryLimit: 12, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
  work: { batchSize: 10, pollingIntervalSeconds: 5 },
  key: (job) => `${job.accountId}:${job.planEnd}:${job.notice}`,
});

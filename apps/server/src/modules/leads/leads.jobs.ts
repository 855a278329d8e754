import { defineJob } from '../jobs/jobs.ts';

/**
 * A lead's mail, retried with backoff when the transport fails: for about a day, then it stays in the
 * console (the lead itself is already stored). A burst of leads (a webinar's end) is mailed within the
 * minute: a full batch fetches the next at once instead of waiting for the poll.
 */
export const LEAD_MAIL = defineJob<{ leadId: string }>({
  name: 'lead-mail',
  policy: { retryLimit: 12, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
  work: { batchSize: 10, pollingIntervalSeconds: 2, burstWhenBatchFull: true },
  key: (job) => job.leadId,
});

/**
 * The one mail for the leads an account received while its lead-mail window was open, sent when it closes.
 * One per window however many leads wait; retried like a lead's mail.
 */
export const LEAD_BURST = defineJob<{ accountId: string; since: string }>({
  name: 'lead-burst',
  policy: { retryLimit: 12, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
  key: (job) => `${job.accountId}:${job.since}`,
});

/** The daily lead digest goes out at 08:00 UTC (morning in Europe, afternoon in China), by one worker. */
export const LEAD_DIGEST = defineJob({ name: 'lead-digest', schedule: '0 8 * * *' });

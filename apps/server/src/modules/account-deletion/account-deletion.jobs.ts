import type { Language } from '@leadreel/shared';
import { defineJob } from '../jobs/jobs.ts';

/** Deletes the data of accounts whose grace period has passed: every ten minutes, by one worker. */
export const ACCOUNT_DELETION = defineJob({
  name: 'account-deletion',
  schedule: '*/10 * * * *',
  policy: { retryLimit: 6, retryDelay: 60, retryBackoff: true, expireInSeconds: 3600 },
});

/** The mail at the request: when the data goes and how to cancel. */
export const DELETION_REQUESTED_MAIL = defineJob<{ accountId: string; deleteAfter: string }>({
  name: 'account-deletion-requested-mail',
  policy: { retryLimit: 12, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
  key: (job) => `${job.accountId}:${job.deleteAfter}`,
});

/** The mail once the data is gone, to the address the account signed in with. */
export const DELETION_DONE_MAIL = defineJob<{ to: string; language: Language }>({
  name: 'account-deletion-done-mail',
  policy: { retryLimit: 12, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
});

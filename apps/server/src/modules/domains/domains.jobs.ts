import { defineJob } from '../jobs/jobs.ts';
import type { LostDomain, LostDomainInWords } from './domains.service.ts';

/** One domain checked now: sent when it is added, retried or reset (docs/product.md "Custom domains"). */
export const DOMAIN_CHECK = defineJob<{ domainId: string }>({
  name: 'domain-check',
  // A check that threw (the database, not DNS: DNS failures are results) is tried again soon; the minute's
  // run of due checks would find it anyway.
  policy: { retryLimit: 3, retryDelay: 30, expireInSeconds: 120, notify: true },
  work: { batchSize: 5, pollingIntervalSeconds: 5 },
  key: (job) => job.domainId,
});

/**
 * Every minute, the domains whose next check is due: verifying ones on their backoff, verified ones once a
 * day. The cron's minute is the backoff's floor.
 */
export const DOMAIN_CHECKS_DUE = defineJob({ name: 'domain-checks-due', schedule: '* * * * *' });

/**
 * The mail that a verified domain stopped serving, retried with backoff for about a day while the transport
 * fails. It carries what the mail says, so it goes even if the domain is removed meanwhile; one sent before
 * reasons were codes carries them in words.
 */
export const DOMAIN_LOST_MAIL = defineJob<LostDomain | LostDomainInWords>({
  name: 'domain-lost-mail',
  policy: { retryLimit: 12, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
  work: { batchSize: 10, pollingIntervalSeconds: 5 },
  key: (job) => `${job.accountId}:${job.domain}:${job.at}`,
});

import { defineJob } from '../jobs/jobs.ts';

/** A paid order's receipt mail, retried with backoff for about a day while the transport fails. */
export const RECEIPT_MAIL = defineJob<{ orderId: string }>({
  name: 'receipt-mail',
  policy: { retryLimit: 12, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
  work: { batchSize: 5, pollingIntervalSeconds: 2 },
  key: (job) => job.orderId,
});

/** The notice that an order was refunded, retried like the receipt. */
export const REFUND_MAIL = defineJob<{ orderId: string }>({
  name: 'refund-mail',
  policy: { retryLimit: 12, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
  work: { batchSize: 5, pollingIntervalSeconds: 5 },
  key: (job) => job.orderId,
});

/** Starts the monthly periods of running paid plans (traffic from zero, the plan's credits): hourly. */
export const BILLING_PERIOD = defineJob({ name: 'billing-period', schedule: '17 * * * *' });

/** Charges the sandbox's auto-renewing plans a day before they end (Stripe charges its own): hourly. */
export const SANDBOX_RENEWAL = defineJob({ name: 'sandbox-renewal', schedule: '27 * * * *' });

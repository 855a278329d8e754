import type { EventMap } from '../events/events.ts';
import { defineJob } from '../jobs/jobs.ts';

/**
 * One webhook delivery: one POST with a 10 s deadline, so a job running longer than a minute was lost with
 * its worker. Retries: exponential backoff from about a minute, capped at 6 hours between tries, for about
 * three days, as Stripe retries. pg-boss waits retryDelay * 2^n * (1 + random) seconds before
 * retry n + 1, at most retryDelayMax (node_modules/pg-boss/dist/plans.js, failJobs): on average 90 s, 3, 6,
 * 12, 24, 48 min, 1.6 h, 3.2 h (6.4 h in all), then eleven tries 6 h apart: 19 retries over about 72 h.
 */
export const WEBHOOK_DELIVERY = defineJob<{ deliveryId: string }>({
  name: 'webhook-delivery',
  policy: { retryLimit: 19, retryDelay: 60, retryBackoff: true, retryDelayMax: 6 * 3600, expireInSeconds: 60 },
  // Receivers are slow or down independently of each other: each job on its own, a few at a time.
  work: { batchSize: 1, localConcurrency: 4, pollingIntervalSeconds: 2 },
  key: (job) => job.deliveryId,
});

/**
 * A stored lead's `lead.created` deliveries: made by a worker from the job the lead's own transaction wrote,
 * so a crash right after the lead is stored cannot lose them. Safe to run twice: the event's id is the
 * lead's, and an endpoint that has it is skipped.
 */
export const WEBHOOK_LEAD_CREATED = defineJob<{ leadId: string }>({
  name: 'webhook-lead-created',
  policy: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  work: { batchSize: 1, localConcurrency: 2, pollingIntervalSeconds: 2 },
  key: (job) => job.leadId,
});

/** A stored click's `contact.clicked` deliveries, as for leads: written with the click, safe to run twice. */
export const WEBHOOK_CONTACT_CLICKED = defineJob<EventMap['contact.clicked']>({
  name: 'webhook-contact-clicked',
  policy: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  work: { batchSize: 1, localConcurrency: 2, pollingIntervalSeconds: 2 },
  key: (job) => job.clickId,
});

/**
 * A video's `video.playable` and `video.ready` deliveries, as for leads: written with the column that records
 * the milestone once, safe to run twice (the event's id is the video's).
 */
export const WEBHOOK_VIDEO_PLAYABLE = defineJob<EventMap['video.playable']>({
  name: 'webhook-video-playable',
  policy: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  work: { batchSize: 1, localConcurrency: 2, pollingIntervalSeconds: 2 },
  key: (job) => job.videoId,
});
export const WEBHOOK_VIDEO_READY = defineJob<EventMap['video.ready']>({
  name: 'webhook-video-ready',
  policy: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  work: { batchSize: 1, localConcurrency: 2, pollingIntervalSeconds: 2 },
  key: (job) => job.videoId,
});

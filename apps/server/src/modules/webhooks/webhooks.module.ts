import { privateAllowed, publicOnly } from '../../lib/outbound/address-policy.ts';
import { worker } from '../jobs/jobs.ts';
import { defineModule } from '../module.ts';
import {
  WEBHOOK_CONTACT_CLICKED,
  WEBHOOK_DELIVERY,
  WEBHOOK_LEAD_CREATED,
  WEBHOOK_VIDEO_PLAYABLE,
  WEBHOOK_VIDEO_READY,
} from './webhooks.jobs.ts';
import { createWebhookRepo } from './webhooks.repo.ts';
import { webhookRoutes } from './webhooks.routes.ts';
import { createWebhookService, type WebhookService } from './webhooks.service.ts';

declare module '../module.ts' {
  interface Services {
    webhooks: WebhookService;
  }
}

/** Account-level webhooks: endpoints, signed deliveries with retries, delivery logs. */
export const webhooksModule = defineModule({
  name: 'webhooks',
  create: ({ db, services, queue, clock, config, log }) => ({
    webhooks: createWebhookService({
      repo: createWebhookRepo(db),
      leads: services.leads,
      videos: services.videos,
      settings: services.settings,
      publicUrl: config.publicUrl,
      entitlements: services.entitlements,
      clock,
      log,
      policy: config.WEBHOOK_ALLOW_PRIVATE_TARGETS ? privateAllowed : publicOnly,
      // With a queue a worker sends each delivery and retries it; without one (tests of other modules), at once.
      enqueue: queue ? (deliveryId) => queue.send(WEBHOOK_DELIVERY, { deliveryId }) : null,
      maxAttempts: (WEBHOOK_DELIVERY.policy?.retryLimit ?? 0) + 1,
    }),
  }),
  api: async (scope, { services, hooks, limits }) => {
    await scope.register(webhookRoutes, {
      webhooks: services.webhooks,
      hooks,
      testLimit: limits.limiter({
        max: 10,
        timeWindow: 60_000,
        keyGenerator: (request) => `webhook-test:${request.auth?.accountId ?? request.ip}`,
      }),
    });
  },
  jobs: [WEBHOOK_DELIVERY, WEBHOOK_LEAD_CREATED, WEBHOOK_CONTACT_CLICKED, WEBHOOK_VIDEO_PLAYABLE, WEBHOOK_VIDEO_READY],
  reactions: {
    'lead.created': WEBHOOK_LEAD_CREATED,
    'contact.clicked': WEBHOOK_CONTACT_CLICKED,
    'video.playable': WEBHOOK_VIDEO_PLAYABLE,
    'video.ready': WEBHOOK_VIDEO_READY,
  },
  workers: ({ services }) => [
    worker(WEBHOOK_LEAD_CREATED, async ([job]) => {
      if (job) await services.webhooks.leadCreated(job.data.leadId);
    }),
    worker(WEBHOOK_CONTACT_CLICKED, async ([job]) => {
      if (job) await services.webhooks.contactClicked(job.data);
    }),
    worker(WEBHOOK_VIDEO_PLAYABLE, async ([job]) => {
      if (job) await services.webhooks.videoReached('video.playable', job.data);
    }),
    worker(WEBHOOK_VIDEO_READY, async ([job]) => {
      if (job) await services.webhooks.videoReached('video.ready', job.data);
    }),
    worker(WEBHOOK_DELIVERY, async ([job]) => {
      if (job) await services.webhooks.deliver(job.data.deliveryId);
    }),
  ],
  sweep: async ({ services }) => {
    await services.webhooks.sweep();
  },
});

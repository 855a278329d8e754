import {
  createWebhookBody,
  emptyData,
  okEnvelope,
  redeliverWebhookBody,
  updateWebhookBody,
  webhookDeliveriesQuery,
  webhookDeliveryData,
  webhookDeliveryListData,
  webhookEndpointData,
  webhookIdBody,
  webhookListData,
  webhookSecretData,
} from '@leadreel/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthHooks, accountId } from '../../plugins/auth.ts';
import type { WebhookService } from './webhooks.service.ts';

const ok = <T>(data: T) => ({ statusCode: 200 as const, data });
const tags = ['webhooks'];

/** The account's webhook endpoints, their delivery log and test events (issue 6 part 5). */
export const webhookRoutes: FastifyPluginAsyncZod<{
  webhooks: WebhookService;
  hooks: AuthHooks;
  /** Per-account limit on test events: each is a request from this server to an address the user picks. */
  testLimit: (request: FastifyRequest) => Promise<void>;
}> = async (app, { webhooks, hooks, testLimit }) => {
  app.addHook('onRequest', hooks.required);
  app.get('/webhook/list', { schema: { tags, response: { 200: okEnvelope(webhookListData) } } }, async (request) =>
    ok(await webhooks.list(accountId(request))),
  );
  app.post(
    '/webhook/create',
    { schema: { tags, body: createWebhookBody, response: { 200: okEnvelope(webhookSecretData) } } },
    async (request) => ok(await webhooks.create(accountId(request), request.body)),
  );
  app.post(
    '/webhook/update',
    { schema: { tags, body: updateWebhookBody, response: { 200: okEnvelope(webhookEndpointData) } } },
    async (request) => ok(await webhooks.update(accountId(request), request.body)),
  );
  app.post(
    '/webhook/delete',
    { schema: { tags, body: webhookIdBody, response: { 200: okEnvelope(emptyData) } } },
    async (request) => {
      await webhooks.remove(accountId(request), request.body.id);
      return ok(null);
    },
  );
  app.post(
    '/webhook/roll-secret',
    { schema: { tags, body: webhookIdBody, response: { 200: okEnvelope(webhookSecretData) } } },
    async (request) => ok(await webhooks.rollSecret(accountId(request), request.body.id)),
  );
  app.post(
    '/webhook/test',
    {
      preHandler: testLimit,
      schema: { tags, body: webhookIdBody, response: { 200: okEnvelope(webhookDeliveryData) } },
    },
    async (request) => ok(await webhooks.sendTest(accountId(request), request.body.id)),
  );
  app.post(
    '/webhook/redeliver',
    {
      preHandler: testLimit,
      schema: { tags, body: redeliverWebhookBody, response: { 200: okEnvelope(webhookDeliveryData) } },
    },
    async (request) => ok(await webhooks.redeliver(accountId(request), request.body.deliveryId)),
  );
  app.get(
    '/webhook/deliveries',
    { schema: { tags, querystring: webhookDeliveriesQuery, response: { 200: okEnvelope(webhookDeliveryListData) } } },
    async (request) => ok(await webhooks.deliveries(accountId(request), request.query)),
  );
};

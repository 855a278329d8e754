import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { catalogueRoutes } from '../../lib/catalogue-routes.ts';
import { type AuthHooks, accountId } from '../../plugins/auth.ts';
import type { WebhookService } from './webhooks.service.ts';

/** The account's webhook endpoints, their delivery log and test events. */
export const webhookRoutes: FastifyPluginAsync<{
  webhooks: WebhookService;
  hooks: AuthHooks;
  /** Per-account limit on test events: each is a request from this server to an address the user picks. */
  testLimit: (request: FastifyRequest) => Promise<void>;
}> = async (app, { webhooks, hooks, testLimit }) => {
  const route = catalogueRoutes(app, hooks);
  route('webhooks.list', (request) => webhooks.list(accountId(request)));
  route('webhooks.create', (request, body) => webhooks.create(accountId(request), body));
  route('webhooks.update', (request, body) => webhooks.update(accountId(request), body));
  route('webhooks.delete', async (request, { id }) => {
    await webhooks.remove(accountId(request), id);
    return null;
  });
  route('webhooks.rollSecret', (request, { id }) => webhooks.rollSecret(accountId(request), id));
  route('webhooks.test', (request, { id }) => webhooks.sendTest(accountId(request), id), { preHandler: [testLimit] });
  route('webhooks.redeliver', (request, { deliveryId }) => webhooks.redeliver(accountId(request), deliveryId), {
    preHandler: [testLimit],
  });
  route('webhooks.deliveries', (request, query) => webhooks.deliveries(accountId(request), query));
};

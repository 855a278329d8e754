import type { FastifyPluginAsync } from 'fastify';
import { catalogueRoutes } from '../../lib/catalogue-routes.ts';
import { type AuthHooks, accountId } from '../../plugins/auth.ts';
import type { ApiKeyService } from './api-keys.service.ts';

/** The account's API keys (the console contract "api-key: list, change"): list, create, rotate, revoke. */
export const apiKeyRoutes: FastifyPluginAsync<{ apiKeys: ApiKeyService; hooks: AuthHooks }> = async (
  app,
  { apiKeys, hooks },
) => {
  const route = catalogueRoutes(app, hooks);
  route('apiKey.list', (request) => apiKeys.list(accountId(request)));
  route('apiKey.create', (request, body) => apiKeys.create(accountId(request), body));
  route('apiKey.change', (request, { id }) => apiKeys.rotate(accountId(request), id));
  route('apiKey.revoke', async (request, { id }) => {
    await apiKeys.revoke(accountId(request), id);
    return null;
  });
};

import { defineModule } from '../module.ts';
import { createApiKeyRepo } from './api-keys.repo.ts';
import { apiKeyRoutes } from './api-keys.routes.ts';
import { type ApiKeyService, createApiKeyService } from './api-keys.service.ts';

declare module '../module.ts' {
  interface Services {
    apiKeys: ApiKeyService;
  }
}

/** API keys: the account's credentials for the public API, kept hashed. */
export const apiKeysModule = defineModule({
  name: 'api-keys',
  create: ({ db, services, clock }) => ({
    apiKeys: createApiKeyService({ repo: createApiKeyRepo(db), entitlements: services.entitlements, clock }),
  }),
  api: async (scope, { services, hooks }) => {
    await scope.register(apiKeyRoutes, { apiKeys: services.apiKeys, hooks });
  },
  sweep: async ({ services }) => {
    await services.apiKeys.sweep();
  },
});

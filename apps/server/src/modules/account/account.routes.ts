import type { FastifyPluginAsync } from 'fastify';
import { catalogueRoutes } from '../../lib/catalogue-routes.ts';
import { type AuthHooks, accountId } from '../../plugins/auth.ts';
import type { AccountService } from './account.service.ts';

export const accountRoutes: FastifyPluginAsync<{ accounts: AccountService; hooks: AuthHooks }> = async (
  app,
  { accounts, hooks },
) => {
  const route = catalogueRoutes(app, hooks);
  route('account.detail', (request) => accounts.detail(accountId(request)));
  route('account.language', async (request, { language }) => {
    await accounts.setLanguage(accountId(request), language);
    return null;
  });
  route('account.privacy', (request) => accounts.privacy(accountId(request)));
  route('account.savePrivacy', (request, settings) => accounts.savePrivacy(accountId(request), settings));
};

import type { FastifyPluginAsync } from 'fastify';
import { catalogueRoutes } from '../../lib/catalogue-routes.ts';
import { type AuthHooks, accountId } from '../../plugins/auth.ts';
import type { AccountDeletionService } from './account-deletion.service.ts';

/** delete-account: the deletion's state, the request (the console contract "account: delete") and cancelling it. */
export const deletionRoutes: FastifyPluginAsync<{ deletion: AccountDeletionService; hooks: AuthHooks }> = async (
  app,
  { deletion, hooks },
) => {
  const route = catalogueRoutes(app, hooks);
  route('account.deletion', (request) => deletion.status(accountId(request)));
  route('account.requestDeletion', (request, body) => deletion.request(accountId(request), body));
  route('account.cancelDeletion', (request) => deletion.cancel(accountId(request)));
};

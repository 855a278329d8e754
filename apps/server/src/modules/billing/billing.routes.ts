import type { FastifyPluginAsync } from 'fastify';
import { catalogueRoutes } from '../../lib/catalogue-routes.ts';
import { type AuthHooks, accountId } from '../../plugins/auth.ts';
import type { BillingService } from './billing.service.ts';

export const billingRoutes: FastifyPluginAsync<{ billing: BillingService; hooks: AuthHooks }> = async (
  app,
  { billing, hooks },
) => {
  const route = catalogueRoutes(app, hooks);
  route('account.vipUserInfo', (request) => billing.vipUserInfo(accountId(request)));
  route('pay.products', (request, query) => billing.products(accountId(request), query));
  route('pay.creditsProducts', (request, query) => billing.creditsProducts(accountId(request), query));
};

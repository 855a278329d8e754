import type { FastifyPluginAsync } from 'fastify';
import { catalogueRoutes } from '../../lib/catalogue-routes.ts';
import { type AuthHooks, accountId } from '../../plugins/auth.ts';
import type { BillingService } from './billing.service.ts';
import type { CreditService } from './credits.service.ts';

export const billingRoutes: FastifyPluginAsync<{
  billing: BillingService;
  credits: CreditService;
  hooks: AuthHooks;
}> = async (app, { billing, credits, hooks }) => {
  const route = catalogueRoutes(app, hooks);
  route('account.vipUserInfo', (request) => billing.vipUserInfo(accountId(request)));
  route('pay.products', (request, query) => billing.products(accountId(request), query));
  route('pay.creditsProducts', (request, query) => billing.creditsProducts(accountId(request), query));
  route('pay.credits', (request, query) => credits.ledger(accountId(request), query));
};

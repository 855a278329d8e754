import type { FastifyPluginAsync } from 'fastify';
import { catalogueRoutes } from '../../lib/catalogue-routes.ts';
import { type AuthHooks, accountId } from '../../plugins/auth.ts';
import type { AffiliateService } from './affiliates.service.ts';

/** The affiliate program's page (the console contract affiliate-system, "pay: affiliate data"). */
export const affiliateRoutes: FastifyPluginAsync<{ affiliates: AffiliateService; hooks: AuthHooks }> = async (
  app,
  { affiliates, hooks },
) => {
  const route = catalogueRoutes(app, hooks);
  route('pay.affiliateData', (request, query) => affiliates.data(accountId(request), query));
};

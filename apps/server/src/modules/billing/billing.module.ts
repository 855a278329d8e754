import { defineModule } from '../module.ts';
import { billingRoutes } from './billing.routes.ts';
import { type BillingService, createBillingService } from './billing.service.ts';

declare module '../module.ts' {
  interface Services {
    billing: BillingService;
  }
}

/** What is for sale (the catalogue's plans and credit packages) and the account's plan as it is shown. */
export const billingModule = defineModule({
  name: 'billing',
  create: ({ services, config, clock }) => ({
    billing: createBillingService({
      accounts: services.accounts,
      catalogue: config.catalogue,
      brand: config.BRAND_NAME,
      clock,
    }),
  }),
  api: async (scope, { services, hooks }) => {
    await scope.register(billingRoutes, { billing: services.billing, hooks });
  },
});

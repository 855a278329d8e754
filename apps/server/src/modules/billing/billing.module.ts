import { transactor } from '../../db/database.ts';
import { defineModule } from '../module.ts';
import { billingRoutes } from './billing.routes.ts';
import { type BillingService, createBillingService } from './billing.service.ts';
import { createCreditRepo } from './credits.repo.ts';
import { type CreditService, createCreditService } from './credits.service.ts';

declare module '../module.ts' {
  interface Services {
    billing: BillingService;
    /** The credit ledger: balances, spends, grants. */
    credits: CreditService;
  }
}

/**
 * What is for sale (the catalogue's plans and credit packages), the account's plan as it is shown, and its
 * credits.
 */
export const billingModule = defineModule({
  name: 'billing',
  create: ({ db, services, config, clock }) => ({
    billing: createBillingService({
      accounts: services.accounts,
      catalogue: config.catalogue,
      brand: config.BRAND_NAME,
      clock,
    }),
    credits: createCreditService({ transaction: transactor(db), repo: createCreditRepo(db) }),
  }),
  api: async (scope, { services, hooks }) => {
    await scope.register(billingRoutes, { billing: services.billing, credits: services.credits, hooks });
  },
});

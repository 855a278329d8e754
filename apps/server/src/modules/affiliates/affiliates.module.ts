import { defineModule } from '../module.ts';
import { createAffiliateRepo } from './affiliates.repo.ts';
import { affiliateRoutes } from './affiliates.routes.ts';
import { type AffiliateService, createAffiliateService } from './affiliates.service.ts';

declare module '../module.ts' {
  interface Services {
    /** Referrers' commissions on the invoices of the accounts they brought, and their payouts. */
    affiliates: AffiliateService;
  }
}

/** The affiliate program: commissions written with billing's invoices, and their page. */
export const affiliatesModule = defineModule({
  name: 'affiliates',
  create: ({ db, services, config }) => ({
    affiliates: createAffiliateService({
      repo: createAffiliateRepo(db),
      accounts: services.accounts,
      percent: config.catalogue.affiliatePercent,
      publicUrl: config.publicUrl,
    }),
  }),
  api: async (scope, { services, hooks }) => {
    await scope.register(affiliateRoutes, { affiliates: services.affiliates, hooks });
  },
});

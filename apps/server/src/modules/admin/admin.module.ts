import { defineModule } from '../module.ts';
import { createAdminRepo } from './admin.repo.ts';
import { type AdminService, createAdminService } from './admin.service.ts';

declare module '../module.ts' {
  interface Services {
    /** What `leadreel admin` does. */
    admin: AdminService;
  }
}

/** Operators' actions, run from the command line (cli/admin.ts) and logged. */
export const adminModule = defineModule({
  name: 'admin',
  create: ({ db, services, clock, events }) => ({
    admin: createAdminService({
      repo: createAdminRepo(db),
      accounts: services.accounts,
      credits: services.credits,
      affiliates: services.affiliates,
      orders: services.orders,
      events,
      now: () => clock.now(),
    }),
  }),
});

import { defineModule } from '../module.ts';
import { accountRoutes } from './account.routes.ts';
import { noticeRoutes } from './notice.routes.ts';

/** The account, its plan data, its notification address and settings. */
export const accountModule = defineModule({
  name: 'account',
  api: async (scope, { services, hooks, limits }) => {
    await scope.register(accountRoutes, { accounts: services.accounts, hooks });
    await scope.register(noticeRoutes, { notices: services.notices, hooks, perEmail: limits.perEmail });
  },
});

import { defineModule } from '../module.ts';
import { authRoutes } from './auth.routes.ts';

/** Sign-up, sign-in (password, Google, login links), codes, passwords and sessions. */
export const authModule = defineModule({
  name: 'auth',
  api: async (scope, { services, config, hooks, limits }) => {
    await scope.register(authRoutes, {
      auth: services.auth,
      accounts: services.accounts,
      hooks,
      perIp: limits.perIp,
      perEmail: limits.perEmail,
      secureCookies: config.publicUrl.startsWith('https:'),
    });
  },
  sweep: async ({ services }) => {
    await services.sessions.sweep();
  },
});

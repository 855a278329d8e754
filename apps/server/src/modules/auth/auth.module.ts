import { transactor } from '../../db/database.ts';
import { serverSecret } from '../../lib/server-secret.ts';
import { defineModule } from '../module.ts';
import { createAuthRepo } from './auth.repo.ts';
import { authRoutes } from './auth.routes.ts';
import { type AuthService, createAuthService } from './auth.service.ts';
import { createDeviceCookies } from './device-cookie.ts';
import { createGoogleVerifier } from './google.ts';
import { createLoginThrottle } from './login-throttle.ts';
import { createSessionService, type SessionService } from './session.service.ts';
import { createVerificationService, type VerificationService } from './verification.service.ts';

declare module '../module.ts' {
  interface Services {
    auth: AuthService;
    sessions: SessionService;
    /** Six-digit email codes, also for the account's notice address. */
    codes: VerificationService;
  }
}

/** Sign-up, sign-in (password, Google, login links), codes, passwords and sessions. */
export const authModule = defineModule({
  name: 'auth',
  create: ({ db, services, config, clock, mailer, log }) => {
    const repo = createAuthRepo(db);
    const transaction = transactor(db);
    const sessions = createSessionService({
      repo,
      clock,
      idleDays: config.SESSION_IDLE_DAYS,
      maxDays: config.SESSION_MAX_DAYS,
    });
    const codes = createVerificationService({ transaction, repo, clock });
    const auth = createAuthService({
      transaction,
      accounts: services.accounts,
      sessions,
      codes,
      devices: createDeviceCookies({
        loadSecret: () => serverSecret(db, 'device-cookie'),
        secure: config.publicUrl.startsWith('https:'),
      }),
      throttle: createLoginThrottle({ repo, clock }),
      clock,
      mailer,
      google: config.GOOGLE_CLIENT_ID
        ? createGoogleVerifier({ clientId: config.GOOGLE_CLIENT_ID, jwksUrl: config.GOOGLE_JWKS_URL })
        : null,
      brand: config.BRAND_NAME,
      publicUrl: config.publicUrl,
      log,
    });
    return { auth, sessions, codes };
  },
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

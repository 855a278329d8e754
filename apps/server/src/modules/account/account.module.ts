import { transactor } from '../../db/database.ts';
import { createEntitlements, type EntitlementsService } from '../entitlements/entitlements.ts';
import { worker } from '../jobs/jobs.ts';
import { defineModule } from '../module.ts';
import { TRAFFIC_PERIOD } from './account.jobs.ts';
import { createAccountRepo } from './account.repo.ts';
import { accountRoutes } from './account.routes.ts';
import { type AccountService, createAccountService } from './account.service.ts';
import { noticeRoutes } from './notice.routes.ts';
import { createNoticeService, type NoticeService } from './notice.service.ts';
import { createServeGate } from './serve-gate.ts';
import { createTrafficTally, type TrafficTally } from './traffic-tally.ts';

declare module '../module.ts' {
  interface Services {
    accounts: AccountService;
    /** What the account's plan, period and usage allow (modules/entitlements). */
    entitlements: EntitlementsService;
    /** Whether the account's media may still be served (traffic left), asked per HLS segment. */
    canServe: (accountId: string) => Promise<boolean>;
    notices: NoticeService;
    /** Served bytes, counted in memory and saved every few seconds. */
    traffic: TrafficTally;
  }
}

/** The account, its plan data, its notification address and settings, and its usage counters. */
export const accountModule = defineModule({
  name: 'account',
  create: ({ db, services, config, mailer, log }) => {
    const repo = createAccountRepo(db);
    const entitlements = createEntitlements({
      find: (accountId) => repo.findStanding(accountId),
      catalogue: config.catalogue,
    });
    const accounts = createAccountService({
      accounts: repo,
      countVideos: (accountId) => services.videos.countForAccount(accountId),
      createDefaultFolder: (accountId, trx) => services.videos.createDefaultFolder(accountId, trx),
      entitlements,
      defaultPlan: config.DEFAULT_PLAN,
    });
    const gate = createServeGate({
      ask: async (accountId) => (await entitlements.ofAccount(accountId))?.mayServe ?? false,
    });
    return {
      accounts,
      entitlements,
      canServe: gate.mayServe,
      traffic: createTrafficTally({ save: (bytes) => repo.addUsedTraffic(bytes), afterFlush: gate.forget, log }),
      notices: createNoticeService({
        transaction: transactor(db),
        repo,
        accounts,
        codes: services.codes,
        mailer,
        brand: config.BRAND_NAME,
        publicUrl: config.publicUrl,
        log,
      }),
    };
  },
  api: async (scope, { services, hooks, limits }) => {
    await scope.register(accountRoutes, { accounts: services.accounts, hooks });
    await scope.register(noticeRoutes, { notices: services.notices, hooks, perEmail: limits.perEmail });
  },
  jobs: [TRAFFIC_PERIOD],
  workers: ({ services, clock }) => [
    worker(TRAFFIC_PERIOD, async () => {
      await services.accounts.startTrafficPeriods(clock.now());
    }),
  ],
});

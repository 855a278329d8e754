import { AppError } from '../../errors.ts';
import type { AnalyticsDatabase, AnalyticsDb } from '../analytics/analytics.schema.ts';
import { eraseAccountAnalytics } from '../analytics/erase.ts';
import { worker } from '../jobs/jobs.ts';
import { defineModule } from '../module.ts';
import { ACCOUNT_DELETION, DELETION_DONE_MAIL, DELETION_REQUESTED_MAIL } from './account-deletion.jobs.ts';
import { createDeletionRepo } from './account-deletion.repo.ts';
import { deletionRoutes } from './account-deletion.routes.ts';
import { type AccountDeletionService, createAccountDeletion } from './account-deletion.service.ts';

declare module '../module.ts' {
  interface Services {
    /** Account deletion: the request that locks the account, and the job that deletes its data. */
    accountDeletion: AccountDeletionService;
  }
}

/** A user can leave with their data really gone (docs/decisions/0027-account-deletion.md). */
export const accountDeletionModule = defineModule({
  name: 'account-deletion',
  create: ({ db, analyticsDb, services, storage, events, mailer, config, clock, log }) => {
    const analytics = analyticsDb.withTables<AnalyticsDatabase>() as unknown as AnalyticsDb;
    return {
      accountDeletion: createAccountDeletion({
        repo: createDeletionRepo(db),
        accounts: services.accounts,
        sessions: services.sessions,
        apiKeys: services.apiKeys,
        stopRenewal: async (accountId) => {
          // Billing's "cancel subscribe", at the provider first; none to stop is fine.
          await services.subscriptions.setAutoRenew(accountId, false).catch((error: unknown) => {
            if (!(error instanceof AppError && error.code === 'subscription_not_found')) throw error;
          });
        },
        storage,
        exportLink: (accountId, until) => services.exports.create(accountId, until),
        eraseAnalytics: (accountId) => eraseAccountAnalytics(analytics, accountId),
        events,
        mailer,
        brand: config.BRAND_NAME,
        publicUrl: config.publicUrl,
        graceDays: config.ACCOUNT_DELETION_GRACE_DAYS,
        clock,
        log,
      }),
    };
  },
  api: async (scope, { services, hooks }) => {
    await scope.register(deletionRoutes, { deletion: services.accountDeletion, hooks });
  },
  jobs: [ACCOUNT_DELETION, DELETION_REQUESTED_MAIL, DELETION_DONE_MAIL],
  reactions: { 'account.deletionRequested': DELETION_REQUESTED_MAIL, 'account.deleted': DELETION_DONE_MAIL },
  workers: ({ services }) => [
    worker(ACCOUNT_DELETION, async () => {
      await services.accountDeletion.run();
    }),
    worker(DELETION_REQUESTED_MAIL, async (jobs) => {
      for (const job of jobs) await services.accountDeletion.mailRequested(job.data.accountId, job.data.deleteAfter);
    }),
    worker(DELETION_DONE_MAIL, async (jobs) => {
      for (const job of jobs) await services.accountDeletion.mailDone(job.data.to, job.data.language);
    }),
  ],
});

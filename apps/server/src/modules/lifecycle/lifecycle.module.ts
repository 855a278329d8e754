import { worker } from '../jobs/jobs.ts';
import { defineModule } from '../module.ts';
import { PLAN_LIFECYCLE, PLAN_NOTICE_MAIL } from './lifecycle.jobs.ts';
import { createLifecycleRepo } from './lifecycle.repo.ts';
import { createLifecycle, type LifecycleService } from './lifecycle.service.ts';

declare module '../module.ts' {
  interface Services {
    /** The plan lifecycle: reminders before a plan ends, and the periods after it. */
    lifecycle: LifecycleService;
  }
}

/** What happens as a paid plan ends: reminders, then Buffer, Frozen, Clear, RealClear. */
export const lifecycleModule = defineModule({
  name: 'lifecycle',
  create: ({ db, services, events, config, mailer, clock, log }) => ({
    lifecycle: createLifecycle({
      repo: createLifecycleRepo(db),
      accounts: services.accounts,
      renews: (accountId) => services.subscriptions.renewing(accountId),
      exportLink: (accountId, until) => services.exports.create(accountId, until),
      events,
      catalogue: config.catalogue,
      mailer,
      brand: config.BRAND_NAME,
      publicUrl: config.publicUrl,
      clock,
      log,
    }),
  }),
  jobs: [PLAN_LIFECYCLE, PLAN_NOTICE_MAIL],
  reactions: { 'plan.notice': PLAN_NOTICE_MAIL },
  workers: ({ services }) => [
    worker(PLAN_LIFECYCLE, async () => {
      await services.lifecycle.run();
    }),
    worker(PLAN_NOTICE_MAIL, async (jobs) => {
      for (const job of jobs) await services.lifecycle.mail(job.data.accountId, job.data.notice, job.data.planEnd);
    }),
  ],
});

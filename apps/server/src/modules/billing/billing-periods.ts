import type { Clock } from '../../lib/clock.ts';
import type { AccountService } from '../account/account.service.ts';
import type { Catalogue } from '../entitlements/catalogue.ts';
import type { EventBus } from '../events/events.ts';
import type { CreditService } from './credits.service.ts';
import { billingPeriodStart } from './plan-period.ts';

/**
 * A running paid plan's monthly periods (docs/product.md, Plans): each month of the plan, counted from its end
 * date, or each calendar month (UTC) for a plan with no end, starts the account's traffic again from zero,
 * lapses what is left of the last period's credits and grants the plan's credits, once, in one transaction.
 * Free accounts count calendar months for their traffic only (the account module's job).
 */
export function createBillingPeriods(deps: {
  accounts: Pick<AccountService, 'running' | 'startTrafficPeriodOf'>;
  credits: Pick<CreditService, 'add' | 'expirePlanGrant'>;
  events: EventBus;
  catalogue: Catalogue;
  clock: Clock;
}) {
  const { accounts, catalogue } = deps;
  return {
    /** Starts every period that began since the last run; answers how many. */
    async run() {
      const now = deps.clock.now();
      let started = 0;
      for (const account of await accounts.running(now)) {
        const start = account.period_end_at
          ? billingPeriodStart(account.period_end_at, now)
          : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
        if (account.traffic_period_start >= start) continue;
        await deps.events.transaction(async (trx) => {
          if (!(await accounts.startTrafficPeriodOf(trx, account.id, start))) return;
          await deps.credits.expirePlanGrant(account.id, trx);
          const credits = catalogue.plans[account.plan_type].creditsPerPeriod;
          if (credits > 0) {
            await deps.credits.add(account.id, 'grant', {
              amount: credits,
              key: `period:${start.toISOString()}`,
              reference: `${account.plan_type}: ${start.toISOString().slice(0, 10)}`,
              trx,
            });
          }
          started += 1;
        });
      }
      return started;
    },
  };
}
export type BillingPeriods = ReturnType<typeof createBillingPeriods>;

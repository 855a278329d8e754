import type { BillingPlan, PlanType } from '@leadreel/shared';
import type { Catalogue } from '../entitlements/catalogue.ts';
import type { Entitlements } from '../entitlements/entitlements.ts';

/** `date` plus `months` calendar months in UTC; the 31st becomes the month's last day when it has none. */
export function addMonths(date: Date, months: number): Date {
  const target = new Date(date.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/**
 * The period a paid plan order gives, from what the account has when it is paid:
 * - the same plan still running: the new period follows the current one (a renewal loses no day);
 * - another paid plan still running (an upgrade or downgrade): it starts now, and the days left of the old
 *   plan are carried over at their worth in the new plan's price, so nobody pays twice for the same days;
 * - otherwise (Free, a plan with no end, a lapsed plan): it starts now.
 */
export function periodBought(
  rights: Pick<Entitlements, 'plan' | 'paid' | 'period' | 'periodEnd'>,
  order: { plan: PlanType; billing: BillingPlan; currency: string },
  catalogue: Pick<Catalogue, 'plans'>,
  now: Date,
): { start: Date; end: Date } {
  const months = order.billing === 'yr' ? 12 : 1;
  const running = rights.paid && rights.period === 'normal-period' && rights.periodEnd && rights.periodEnd > now;
  if (running && rights.plan === order.plan) {
    const start = rights.periodEnd as Date;
    return { start, end: addMonths(start, months) };
  }
  const end = addMonths(now, months);
  if (running) {
    const oldMonthly = catalogue.plans[rights.plan].prices[order.currency]?.month ?? 0;
    const newMonthly = catalogue.plans[order.plan].prices[order.currency]?.month ?? 0;
    if (oldMonthly > 0 && newMonthly > 0) {
      const left = (rights.periodEnd as Date).getTime() - now.getTime();
      return { start: now, end: new Date(end.getTime() + Math.floor((left * oldMonthly) / newMonthly)) };
    }
  }
  return { start: now, end };
}

/**
 * Where the billing period running at `now` began, for a paid plan ending at `planEnd`: its months count
 * back from the end (a plan bought on the 15th renews its traffic and credits on each 15th).
 */
export function billingPeriodStart(planEnd: Date, now: Date): Date {
  let months = 0;
  let start = planEnd;
  while (start > now && months < 1200) {
    months += 1;
    start = addMonths(planEnd, -months);
  }
  return start;
}

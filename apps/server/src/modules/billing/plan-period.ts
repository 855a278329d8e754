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

/** A paid plan order, as the plan timeline replays it. */
export type PaidPlanOrder = { id: string; plan: PlanType; billing: BillingPlan; currency: string; paidAt: Date };

/**
 * The account's plan as its paid plan orders make it: replayed from Free in the order they were paid, each
 * giving what `periodBought` gives from what the ones before it gave. A refund recomputes the plan from the
 * orders left paid, so it takes back everything its order gave, days a later plan change carried over from
 * it included. A plan whose end has passed by `now` leaves the account on Free.
 */
export function planTimeline(
  orders: readonly PaidPlanOrder[],
  catalogue: Pick<Catalogue, 'plans'>,
  now: Date,
): { plan: PlanType; end: Date | null; periods: Map<string, { start: Date; end: Date }> } {
  const sorted = [...orders].sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime() || a.id.localeCompare(b.id));
  const periods = new Map<string, { start: Date; end: Date }>();
  let plan: PlanType = 'Free';
  let end: Date | null = null;
  for (const order of sorted) {
    const running = end !== null && end > order.paidAt;
    const period = periodBought(
      { plan, paid: plan !== 'Free', period: running ? 'normal-period' : 'buffer-period', periodEnd: end },
      { plan: order.plan, billing: order.billing, currency: order.currency },
      catalogue,
      order.paidAt,
    );
    periods.set(order.id, period);
    plan = order.plan;
    end = period.end;
  }
  if (end === null || end <= now) return { plan: 'Free', end: null, periods };
  return { plan, end, periods };
}

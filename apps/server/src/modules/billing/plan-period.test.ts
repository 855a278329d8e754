import { describe, expect, it } from 'vitest';
import { readCatalogue } from '../entitlements/catalogue.ts';
import { addMonths, billingPeriodStart, type PaidPlanOrder, periodBought, planTimeline } from './plan-period.ts';

const catalogue = readCatalogue();
const at = (iso: string) => new Date(iso);
const NOW = at('2026-03-10T12:00:00Z');

describe('addMonths', () => {
  it('adds calendar months in UTC and keeps the day, or the month end when the month is shorter', () => {
    expect(addMonths(at('2026-01-15T08:30:00Z'), 1).toISOString()).toBe('2026-02-15T08:30:00.000Z');
    expect(addMonths(at('2026-01-31T00:00:00Z'), 1).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(addMonths(at('2028-01-31T00:00:00Z'), 1).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonths(at('2026-11-30T00:00:00Z'), 12).toISOString()).toBe('2027-11-30T00:00:00.000Z');
    expect(addMonths(at('2026-12-31T23:59:59Z'), 2).toISOString()).toBe('2027-02-28T23:59:59.000Z');
  });
});

describe('periodBought', () => {
  const rights = (plan: 'Free' | 'Lite' | 'Pro', periodEnd: Date | null, period = 'normal-period' as const) => ({
    plan,
    paid: plan !== 'Free',
    period,
    periodEnd,
  });

  it('starts now for Free, for a plan with no end, and for a lapsed plan', () => {
    const order = { plan: 'Pro' as const, billing: 'month' as const, currency: 'USD' };
    for (const from of [
      rights('Free', null),
      rights('Pro', null),
      rights('Pro', at('2026-03-01T00:00:00Z')),
      { ...rights('Pro', at('2026-04-01T00:00:00Z')), period: 'buffer-period' as const },
    ]) {
      expect(periodBought(from, order, catalogue, NOW)).toEqual({ start: NOW, end: at('2026-04-10T12:00:00Z') });
    }
  });

  it('renews the same plan from the end of the running period', () => {
    const end = at('2026-03-20T00:00:00Z');
    expect(periodBought(rights('Pro', end), { plan: 'Pro', billing: 'yr', currency: 'USD' }, catalogue, NOW)).toEqual({
      start: end,
      end: at('2027-03-20T00:00:00Z'),
    });
  });

  it('carries the days left of another plan over at their worth in the new one', () => {
    const tenDays = 10 * 86_400_000;
    const lite = catalogue.plans.Lite.prices.USD?.month as number;
    const pro = catalogue.plans.Pro.prices.USD?.month as number;
    const { start, end } = periodBought(
      rights('Lite', new Date(NOW.getTime() + tenDays)),
      { plan: 'Pro', billing: 'month', currency: 'USD' },
      catalogue,
      NOW,
    );
    expect(start).toEqual(NOW);
    const carried = end.getTime() - at('2026-04-10T12:00:00Z').getTime();
    expect(carried).toBe(Math.floor((tenDays * lite) / pro));
    expect(carried).toBeLessThan(tenDays);
  });
});

describe('billingPeriodStart', () => {
  it('counts monthly periods back from the plan end', () => {
    const end = at('2027-03-15T10:00:00Z');
    expect(billingPeriodStart(end, at('2026-03-15T10:00:00Z'))).toEqual(at('2026-03-15T10:00:00Z'));
    expect(billingPeriodStart(end, at('2026-04-20T00:00:00Z'))).toEqual(at('2026-04-15T10:00:00Z'));
    expect(billingPeriodStart(end, at('2027-03-15T09:59:59Z'))).toEqual(at('2027-02-15T10:00:00Z'));
    expect(billingPeriodStart(at('2026-05-31T00:00:00Z'), at('2026-03-01T00:00:00Z'))).toEqual(
      at('2026-02-28T00:00:00Z'),
    );
  });
});

describe('planTimeline', () => {
  const DAY_MS = 86_400_000;
  const monthly = (plan: 'Lite' | 'Pro' | 'Business') => catalogue.plans[plan].prices.USD?.month as number;
  const order = (id: string, plan: PaidPlanOrder['plan'], billing: PaidPlanOrder['billing'], paidAt: string) => ({
    id,
    plan,
    billing,
    currency: 'USD',
    paidAt: at(paidAt),
  });
  const businessYear = order('b', 'Business', 'yr', '2026-01-01T00:00:00Z');
  // Bought a month into the Business year: eleven months of Business carried over into Lite.
  const liteMonth = order('l', 'Lite', 'month', '2026-02-01T00:00:00Z');
  const carried = Math.floor(
    ((at('2027-01-01T00:00:00Z').getTime() - at('2026-02-01T00:00:00Z').getTime()) * monthly('Business')) /
      monthly('Lite'),
  );

  it.each([
    { name: 'no paid order: Free', orders: [], plan: 'Free', end: null },
    {
      name: 'one month of Pro',
      orders: [order('p', 'Pro', 'month', '2026-03-01T00:00:00Z')],
      plan: 'Pro',
      end: '2026-04-01T00:00:00.000Z',
    },
    {
      name: 'a renewal follows the running period',
      orders: [
        order('p1', 'Pro', 'month', '2026-03-01T00:00:00Z'),
        order('p2', 'Pro', 'month', '2026-03-20T00:00:00Z'),
      ],
      plan: 'Pro',
      end: '2026-05-01T00:00:00.000Z',
    },
    {
      name: 'replayed in the order paid, whatever order they come in',
      orders: [
        order('p2', 'Pro', 'month', '2026-03-20T00:00:00Z'),
        order('p1', 'Pro', 'month', '2026-03-01T00:00:00Z'),
      ],
      plan: 'Pro',
      end: '2026-05-01T00:00:00.000Z',
    },
    {
      name: 'Business yearly then Lite monthly carries the Business days over',
      orders: [businessYear, liteMonth],
      plan: 'Lite',
      end: new Date(at('2026-03-01T00:00:00Z').getTime() + carried).toISOString(),
    },
    {
      name: 'Business refunded, Lite monthly left: one month of Lite, nothing carried',
      orders: [liteMonth],
      plan: 'Lite',
      end: '2026-03-01T00:00:00.000Z',
    },
    {
      name: 'Lite refunded, Business yearly left: the Business year as bought',
      orders: [businessYear],
      plan: 'Business',
      end: '2027-01-01T00:00:00.000Z',
    },
    {
      name: 'a plan that lapsed before the next order starts the next one afresh',
      orders: [order('p', 'Pro', 'month', '2025-01-01T00:00:00Z'), order('l', 'Lite', 'month', '2026-01-15T00:00:00Z')],
      plan: 'Lite',
      end: '2026-02-15T00:00:00.000Z',
    },
    {
      name: 'what is left has ended by now: Free',
      orders: [order('p', 'Pro', 'month', '2025-12-01T00:00:00Z')],
      plan: 'Free',
      end: null,
    },
  ] as const)('$name', ({ orders, plan, end }) => {
    const result = planTimeline(orders, catalogue, at('2026-02-10T00:00:00Z'));
    expect({ plan: result.plan, end: result.end?.toISOString() ?? null }).toEqual({ plan, end });
  });

  it('gives each order the period it bought in the replay', () => {
    const { periods } = planTimeline([liteMonth, businessYear], catalogue, at('2026-02-10T00:00:00Z'));
    expect(periods.get('b')).toEqual({ start: at('2026-01-01T00:00:00Z'), end: at('2027-01-01T00:00:00Z') });
    expect(periods.get('l')?.start).toEqual(at('2026-02-01T00:00:00Z'));
    expect(carried).toBeGreaterThan(300 * DAY_MS);
  });
});

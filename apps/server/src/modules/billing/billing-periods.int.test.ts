import { describe, expect, it } from 'vitest';
import { get, post, signUp, useTestApp } from '../../../test/helpers.ts';
import { addMonths } from './plan-period.ts';

// a running paid plan starts each month of it (counted from its end date) with
// its traffic at zero and its credits granted, once; what is left of the last period's credits lapses (bought
// ones stay); a renewal's credits come when its period starts.
const t = useTestApp({ SESSION_IDLE_DAYS: '365', SESSION_MAX_DAYS: '3650' });

async function buy(token: string, productId: string) {
  const order = (await post(t.app, '/api/pay/stripe', { productId, method: 'card' }, token)).body.data;
  await t.services.orders.settle(order.orderId, { status: 'paid', amount: order.amount, currency: order.currency });
  const row = await t.db
    .selectFrom('payment_order')
    .select(['account_id', 'period_start', 'period_end'])
    .where('id', '=', order.orderId)
    .executeTakeFirstOrThrow();
  return row;
}
const ledger = async (token: string) => (await get(t.app, '/api/pay/credits', token)).body.data;
const usedTraffic = async (accountId: string) =>
  Number(
    (await t.db.selectFrom('account').select('used_traffic').where('id', '=', accountId).executeTakeFirstOrThrow())
      .used_traffic,
  );
const serve = (accountId: string, bytes: number) =>
  t.db
    .updateTable('account')
    .set({ used_traffic: String(bytes) })
    .where('id', '=', accountId)
    .execute();
const moveTo = (at: Date) => t.clock.advance(at.getTime() - t.clock.now().getTime());

describe('the billing periods of a running plan', () => {
  it("grants an annual plan's credits and starts its traffic again each month, once", async () => {
    const { token } = await signUp(t);
    const { account_id: accountId, period_start: start } = await buy(token, 'Pro-yr-USD');
    const perPeriod = t.config.catalogue.plans.Pro.creditsPerPeriod;
    expect((await ledger(token)).balance).toBe(perPeriod);
    // A hundred of the plan's credits spent, and three hundred bought: bought credits stay, plan credits lapse.
    await t.services.credits.spend(accountId, { amount: 100, key: 'task:1' });
    await t.services.credits.add(accountId, 'purchase', { amount: 300, key: 'order:bought:credits' });
    await serve(accountId, 5_000_000);
    expect(await t.services.billingPeriods.run()).toBe(0);
    expect(await usedTraffic(accountId)).toBe(5_000_000);

    moveTo(new Date(addMonths(start as Date, 1).getTime() + 60_000));
    expect(await t.services.billingPeriods.run()).toBeGreaterThanOrEqual(1);
    await t.services.billingPeriods.run();
    expect(await usedTraffic(accountId)).toBe(0);
    const { balance, list } = await ledger(token);
    expect(balance).toBe(perPeriod + 300);
    expect(list.filter((e: { kind: string }) => e.kind === 'grant')).toHaveLength(2);
    expect(list.filter((e: { kind: string }) => e.kind === 'expiry').map((e: { amount: number }) => e.amount)).toEqual([
      -(perPeriod - 100),
    ]);
    // Calendar months are Free's: the account module's job leaves a running plan alone.
    await serve(accountId, 700);
    moveTo(new Date(Date.UTC(t.clock.now().getUTCFullYear(), t.clock.now().getUTCMonth() + 1, 1, 0, 30)));
    await t.services.accounts.startTrafficPeriods(t.clock.now());
    expect(await usedTraffic(accountId)).toBe(700);
  });

  it('grants a plan with no end its credits each calendar month, once, and starts its traffic again', async () => {
    const { token, email } = await signUp(t);
    const { id: accountId } = await t.db
      .selectFrom('account')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    await t.services.accounts.openPlan(accountId, 'Business', null, undefined, true);
    const perPeriod = t.config.catalogue.plans.Business.creditsPerPeriod;
    expect(perPeriod).toBeGreaterThan(0);
    await serve(accountId, 9_000);
    const now = t.clock.now();
    moveTo(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 0, 10)));
    // The account module's calendar job runs first and must leave the plan's month to billing.
    await t.services.accounts.startTrafficPeriods(t.clock.now());
    expect(await usedTraffic(accountId)).toBe(9_000);
    await t.services.billingPeriods.run();
    await t.services.billingPeriods.run();
    expect(await usedTraffic(accountId)).toBe(0);
    expect((await ledger(token)).balance).toBe(perPeriod);
    // The next month: what is left lapses, the month's credits come, once.
    moveTo(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1, 0, 10)));
    await t.services.billingPeriods.run();
    await t.services.billingPeriods.run();
    const { balance, list } = await ledger(token);
    expect(balance).toBe(perPeriod);
    expect(list.map((e: { kind: string }) => e.kind)).toEqual(['grant', 'expiry', 'grant']);
  });

  it("grants a renewal's credits when its period starts, not when it is bought", async () => {
    const { token } = await signUp(t);
    const first = await buy(token, 'Lite-month-USD');
    moveTo(new Date((first.period_end as Date).getTime() - 5 * 86_400_000));
    const renewal = await buy(token, 'Lite-month-USD');
    expect(renewal.period_start).toEqual(first.period_end);
    const perPeriod = t.config.catalogue.plans.Lite.creditsPerPeriod;
    expect((await ledger(token)).balance).toBe(perPeriod);
    moveTo(new Date((first.period_end as Date).getTime() + 60_000));
    await t.services.billingPeriods.run();
    // The first period's credits lapse as the renewal's are granted.
    const { balance, list } = await ledger(token);
    expect(balance).toBe(perPeriod);
    expect(list.map((e: { kind: string }) => e.kind)).toEqual(['grant', 'expiry', 'grant']);
  });
});

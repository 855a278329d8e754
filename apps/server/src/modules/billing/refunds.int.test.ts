import { describe, expect, it } from 'vitest';
import { chooseInSandbox } from '../../../test/factories.ts';
import { get, mailsTo, post, signUp, useTestApp } from '../../../test/helpers.ts';
import { AdminError } from '../admin/admin.service.ts';
import { addMonths } from './plan-period.ts';

// an operator refunds a paid order in full (`leadreel admin refund`); what it gave is
// taken back in the same transaction as the refund's log line, and the account holder is told.
const t = useTestApp({ BRAND_NAME: 'Acme' });
const DAY_MS = 86_400_000;

async function paidOrder(token: string, url: string, body: object) {
  const answer = await post(t.app, url, body, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const order = answer.body.data;
  await chooseInSandbox(t, order.checkoutUrl);
  return (await get(t.app, `/api/pay/wechat-status?orderId=${order.orderId}`, token)).body.data as {
    orderId: string;
    status: string;
    invoiceNumber: string;
  };
}
const buyPlan = (token: string, productId: string) =>
  paidOrder(token, '/api/pay/stripe', { productId, method: 'card' });
const vip = async (token: string) => (await get(t.app, '/api/pay/vip-user-info', token)).body.data;
const balance = async (token: string) => (await get(t.app, '/api/pay/credits', token)).body.data.balance as number;
const refundLog = (orderId: string) =>
  t.db
    .selectFrom('admin_action')
    .selectAll()
    .where('action', '=', 'refund')
    .where(({ ref }) => ref('detail', '->>').key('order' as never), '=', orderId as never)
    .execute();

describe('refunding an order', () => {
  it('takes a first plan back to Free with its granted credits, logs it and mails the account holder', async () => {
    const { token, email } = await signUp(t);
    const order = await buyPlan(token, 'Pro-month-USD');
    expect(await balance(token)).toBe(t.config.catalogue.plans.Pro.creditsPerPeriod);
    const refunded = await t.services.admin.refund('ops-ana', order.invoiceNumber, 'asked within 14 days');
    expect(refunded.status).toBe('refunded');
    expect(await vip(token)).toMatchObject({ isVip: false, product: { type: 'Free' } });
    expect(await balance(token)).toBe(0);
    const ledger = (await get(t.app, '/api/pay/credits', token)).body.data.list;
    expect(ledger[0]).toMatchObject({ kind: 'reversal', amount: -t.config.catalogue.plans.Pro.creditsPerPeriod });
    expect(await refundLog(order.orderId)).toMatchObject([{ operator: 'ops-ana' }]);
    const notice = (await mailsTo(t.outbox, email)).find((m) => m.subject?.includes('refund'));
    expect(notice?.subject).toBe(`Your Acme refund for ${order.invoiceNumber}`);
    // The billing history says so.
    const orders = (await get(t.app, '/api/pay/orders', token)).body.data.list;
    expect(orders[0]).toMatchObject({ orderId: order.orderId, status: 'refunded' });
  });

  it('shortens a renewed plan by the period the refunded order bought', async () => {
    const { token } = await signUp(t);
    await buyPlan(token, 'Pro-month-USD');
    t.clock.advance(25 * DAY_MS);
    const endBefore = (await vip(token)).VipExpireTime as number;
    const renewal = await buyPlan(token, 'Pro-month-USD');
    expect((await vip(token)).VipExpireTime).toBeGreaterThan(endBefore);
    await t.services.admin.refund('ops', renewal.orderId, '');
    expect(await vip(token)).toMatchObject({ isVip: true, product: { type: 'Pro' }, VipExpireTime: endBefore });
  });

  it('takes back the Business days a later Lite order carried over when the Business order is refunded', async () => {
    const { token } = await signUp(t);
    const business = await buyPlan(token, 'Business-yr-USD');
    t.clock.advance(20 * DAY_MS);
    const liteBought = t.clock.now();
    await buyPlan(token, 'Lite-month-USD');
    const liteCredits = t.config.catalogue.plans.Lite.creditsPerPeriod;
    expect(await balance(token)).toBe(liteCredits);
    // The Business year left was carried over into years of Lite.
    expect((await vip(token)).VipExpireTime * 1000).toBeGreaterThan(liteBought.getTime() + 365 * DAY_MS);
    t.clock.advance(DAY_MS);
    await t.services.admin.refund('ops', business.invoiceNumber, 'asked within 14 days');
    // What stays paid is one month of Lite, from the day it was bought.
    const liteEnd = addMonths(liteBought, 1);
    expect(await vip(token)).toMatchObject({
      isVip: true,
      product: { type: 'Lite' },
      VipExpireTime: Math.floor(liteEnd.getTime() / 1000),
    });
    // The Business credits lapsed when Lite began; the Lite credits, paid for and kept, stay.
    expect(await balance(token)).toBe(liteCredits);
  });

  it('keeps the Business year as bought when the later Lite order is refunded', async () => {
    const { token } = await signUp(t);
    const businessBought = t.clock.now();
    await buyPlan(token, 'Business-yr-USD');
    t.clock.advance(20 * DAY_MS);
    const lite = await buyPlan(token, 'Lite-month-USD');
    await t.services.admin.refund('ops', lite.invoiceNumber, '');
    const businessEnd = addMonths(businessBought, 12);
    expect(await vip(token)).toMatchObject({
      isVip: true,
      product: { type: 'Business' },
      VipExpireTime: Math.floor(businessEnd.getTime() / 1000),
    });
  });

  it('takes back the credits bought that are left, never below zero', async () => {
    const { token } = await signUp(t);
    const order = await paidOrder(token, '/api/pay/purchase-credits', { productId: 'credits-500', method: 'card' });
    const { account_id: id } = await t.db
      .selectFrom('payment_order')
      .select('account_id')
      .where('id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    await t.services.credits.spend(id, { amount: 120, key: 'task-1', reference: 'a translation' });
    await t.services.admin.refund('ops', order.invoiceNumber, '');
    expect(await balance(token)).toBe(0);
    const ledger = (await get(t.app, '/api/pay/credits', token)).body.data.list;
    expect(ledger.map((e: { kind: string; amount: number }) => [e.kind, e.amount])).toEqual([
      ['reversal', -380],
      ['spend', -120],
      ['purchase', 500],
    ]);
  });

  it('refuses a second refund, an unpaid order and an unknown reference, changing nothing', async () => {
    const { token } = await signUp(t);
    const order = await buyPlan(token, 'Lite-month-USD');
    await t.services.admin.refund('ops', order.invoiceNumber, '');
    await expect(t.services.admin.refund('ops', order.invoiceNumber, '')).rejects.toThrow(
      new AdminError(`${order.invoiceNumber}: Only a paid order can be refunded`),
    );
    const pending = (await post(t.app, '/api/pay/stripe', { productId: 'Lite-month-USD', method: 'card' }, token)).body
      .data;
    await expect(t.services.admin.refund('ops', pending.orderId, '')).rejects.toThrow(/Only a paid order/);
    await expect(t.services.admin.refund('ops', 'LR-1999-000001', '')).rejects.toThrow(/This order does not exist/);
    expect(await refundLog(order.orderId)).toHaveLength(1);
  });
});

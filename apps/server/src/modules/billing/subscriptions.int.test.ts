import { describe, expect, it } from 'vitest';
import { chooseInSandbox } from '../../../test/factories.ts';
import { get, mailsTo, post, signUp, useTestApp } from '../../../test/helpers.ts';

// a plan bought by card with auto-renew on renews itself (the sandbox charges it a day
// before the end) until auto-renew is turned off; then it expires on its date, with the reminders.
const t = useTestApp({ SESSION_IDLE_DAYS: '365', SESSION_MAX_DAYS: '3650' });
const DAY_MS = 86_400_000;

async function buy(token: string, productId: string, autoRenew: boolean) {
  const answer = await post(t.app, '/api/pay/stripe', { productId, method: 'card', autoRenew }, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  await chooseInSandbox(t, answer.body.data.checkoutUrl);
  return answer.body.data.orderId as string;
}
const vip = async (token: string) => (await get(t.app, '/api/pay/vip-user-info', token)).body.data;
const paidOrders = async (token: string) =>
  (await get(t.app, '/api/pay/orders', token)).body.data.list.filter((o: { status: string }) => o.status === 'paid');
const moveTo = (at: Date) => t.clock.advance(at.getTime() - t.clock.now().getTime());

describe('auto-renewing plans in the sandbox', () => {
  it('renews a day before the end, once, with an order and invoice of its own, and says it renews', async () => {
    const { token } = await signUp(t);
    await buy(token, 'Pro-month-USD', true);
    const first = await vip(token);
    expect(first).toMatchObject({ autoSubscribe: true, bySuperAdminOpen: false, willExpire: false });
    expect(first.subscribeId).toMatch(/^[0-9a-f-]{36}$/);

    moveTo(new Date(first.VipExpireTime * 1000 - 12 * 3_600_000));
    expect((await vip(token)).willExpire).toBe(false);
    expect(await t.services.subscriptions.renewSandbox()).toBeGreaterThanOrEqual(1);
    await t.services.subscriptions.renewSandbox();
    const renewed = await vip(token);
    expect(renewed.VipExpireTime).toBeGreaterThan(first.VipExpireTime + 27 * 86_400);
    const orders = await paidOrders(token);
    expect(orders).toHaveLength(2);
    expect(new Set(orders.map((o: { invoiceNumber: string }) => o.invoiceNumber)).size).toBe(2);
  });

  it('stops renewing when auto-renew is turned off, warns, and renews again once it is back on', async () => {
    const { token } = await signUp(t);
    await buy(token, 'Lite-month-USD', true);
    const off = await post(t.app, '/api/pay/cancel-subscribe', undefined, token);
    expect(off.body.data).toMatchObject({ autoSubscribe: false });
    const end = (await vip(token)).VipExpireTime as number;
    moveTo(new Date(end * 1000 - 10 * DAY_MS));
    expect((await vip(token)).willExpire).toBe(true);
    moveTo(new Date(end * 1000 - 12 * 3_600_000));
    await t.services.subscriptions.renewSandbox();
    expect((await vip(token)).VipExpireTime).toBe(end);

    const on = await post(t.app, '/api/pay/resume-subscribe', undefined, token);
    expect(on.body.data).toMatchObject({ autoSubscribe: true, willExpire: false });
    await t.services.subscriptions.renewSandbox();
    expect((await vip(token)).VipExpireTime).toBeGreaterThan(end);
  });

  it('replaces the subscription when another plan is bought with auto-renew, and keeps one', async () => {
    const { token } = await signUp(t);
    await buy(token, 'Lite-month-USD', true);
    const before = (await vip(token)).subscribeId;
    await buy(token, 'Pro-yr-USD', true);
    const after = await vip(token);
    expect(after.subscribeId).not.toBe(before);
    expect(after).toMatchObject({ autoSubscribe: true, product: { type: 'Pro' } });
    const active = await t.db
      .selectFrom('subscription')
      .select(['id', 'status'])
      .where('id', 'in', [before, after.subscribeId])
      .orderBy('created_at')
      .execute();
    expect(active.map((row) => row.status).sort()).toEqual(['active', 'ended']);
  });

  it('refuses auto-renew with WeChat Pay or Alipay, and turning off a renewal there is none of', async () => {
    const { token } = await signUp(t);
    const qr = await post(
      t.app,
      '/api/pay/stripe',
      { productId: 'Pro-month-USD', method: 'wechat', autoRenew: true },
      token,
    );
    expect(qr.body).toMatchObject({ statusCode: 400, error: 'auto_renew_unavailable' });
    const wrongType = await post(
      t.app,
      '/api/pay/stripe',
      { productId: 'Pro-month-USD', method: 'card', autoRenew: 'yes' },
      token,
    );
    expect(wrongType.status).toBe(400);
    expect((await post(t.app, '/api/pay/cancel-subscribe', undefined, token)).body).toMatchObject({
      statusCode: 404,
      error: 'subscription_not_found',
    });
    // A plan bought without auto-renew is not auto-subscribed.
    await buy(token, 'Pro-month-USD', false);
    expect(await vip(token)).toMatchObject({ autoSubscribe: false, subscribeId: null, bySuperAdminOpen: false });
  });

  it('sends no reminders before the end of a plan that renews', async () => {
    const { token, email } = await signUp(t);
    await buy(token, 'Lite-month-USD', true);
    const end = (await vip(token)).VipExpireTime as number;
    moveTo(new Date(end * 1000 - 6 * DAY_MS));
    await t.services.lifecycle.run();
    expect((await mailsTo(t.outbox, email)).filter((m) => m.subject?.includes('ends in'))).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe, stripeEnv } from '../../../../test/fakes/stripe.ts';
import { createTestApp, get, post, signUp, type TestApp } from '../../../../test/helpers.ts';

// cards through Stripe Checkout against a fake Stripe that speaks its protocol, and
// Stripe's webhooks verified by their real signature scheme with keys made by the test.
let stripe: FakeStripe;
let t: TestApp;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({
    BRAND_NAME: 'Acme',
    ...stripeEnv(stripe),
  });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

async function buyPro(token: string) {
  const answer = await post(t.app, '/api/pay/stripe', { productId: 'Pro-month-USD', method: 'card' }, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const order = answer.body.data as { orderId: string; checkoutUrl: string; amount: number };
  const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === order.orderId);
  if (!session) throw new Error('no Checkout Session was made');
  return { order, session };
}

const deliver = (body: string, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/pay/stripe/webhook',
    payload: body,
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
  });

const statusOf = async (token: string, orderId: string) =>
  (await get(t.app, `/api/pay/wechat-status?orderId=${orderId}`, token)).body.data.status as string;

const invoicesOf = (orderId: string) =>
  t.db.selectFrom('invoice').select('number').where('order_id', '=', orderId).execute();

describe('Stripe Checkout', () => {
  it('takes cards only, through a Checkout Session made once per order', async () => {
    const { token, email } = await signUp(t);
    expect((await get(t.app, '/api/pay/public-key', token)).body.data).toEqual({
      methods: [{ method: 'card', provider: 'stripe' }],
      publicKey: 'pk_test_fake',
    });
    const { order, session } = await buyPro(token);
    expect(order.checkoutUrl).toBe(session.url);
    expect(session).toMatchObject({
      amount_total: t.config.catalogue.plans.Pro.prices.USD?.month,
      currency: 'usd',
      customer_email: email,
      metadata: { orderId: order.orderId },
      locale: 'en',
    });
    expect(session.success_url).toMatch(new RegExp(`^http://[^/]+/buy-vip\\?order=${order.orderId}$`));
    expect(session.cancel_url).toBe(`${session.success_url}&canceled=1`);
    const request = stripe.requests.find((r) => r.form.get('client_reference_id') === order.orderId);
    expect(request?.idempotencyKey).toBe(`order-${order.orderId}`);
    // No sandbox on a server with a real provider: the other methods are not offered.
    const wechat = await post(t.app, '/api/pay/stripe', { productId: 'Pro-month-USD', method: 'wechat' }, token);
    expect(wechat.body).toMatchObject({ statusCode: 400, error: 'payment_method_unavailable' });
    expect((await t.app.inject({ method: 'GET', url: '/pay/sandbox/sbx_x' })).statusCode).toBe(404);
  });

  it('ends the order as failed with "Payment failed" when Stripe refuses the session', async () => {
    const { token } = await signUp(t);
    stripe.refuseNext();
    const answer = await post(t.app, '/api/pay/stripe', { productId: 'Lite-month-USD', method: 'card' }, token);
    expect(answer.body).toMatchObject({ statusCode: 502, message: 'Payment failed' });
    const orders = (await get(t.app, '/api/pay/orders', token)).body.data.list;
    expect(orders.map((o: { status: string }) => o.status)).toEqual(['failed']);
  });

  it('pays the order on checkout.session.completed, signed and applied once', async () => {
    const { token } = await signUp(t);
    const { order, session } = await buyPro(token);
    const { payload, signature } = stripe.event('checkout.session.completed', session, {
      changes: { payment_status: 'paid', status: 'complete' },
    });
    expect((await deliver(payload, signature)).statusCode).toBe(200);
    expect(await statusOf(token, order.orderId)).toBe('paid');
    expect((await get(t.app, '/api/pay/vip-user-info', token)).body.data.product.type).toBe('Pro');
    // Stripe delivers again (a lost answer): nothing more happens.
    expect((await deliver(payload, signature)).statusCode).toBe(200);
    expect(await invoicesOf(order.orderId)).toHaveLength(1);
  });

  it("refunds a paid order through Stripe's Refunds API, once per order", async () => {
    const { token } = await signUp(t);
    const { order, session } = await buyPro(token);
    const paid = stripe.event('checkout.session.completed', session, { changes: { payment_status: 'paid' } });
    await deliver(paid.payload, paid.signature);
    await t.services.admin.refund('ops', order.orderId, 'duplicate purchase');
    const refunds = stripe.refunds.filter((r) => r.metadata.orderId === order.orderId);
    expect(refunds).toEqual([
      expect.objectContaining({ amount: order.amount, payment_intent: session.payment_intent }),
    ]);
    const row = await t.db
      .selectFrom('payment_order')
      .selectAll()
      .where('id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'refunded', refund_ref: refunds[0]?.id, refund_reason: 'duplicate purchase' });
    expect(stripe.requests.find((r) => r.path === '/v1/refunds')?.idempotencyKey).toBe(`refund-${order.orderId}`);
  });

  it('applies the same event delivered five times at once exactly once', async () => {
    const { token } = await signUp(t);
    const { order, session } = await buyPro(token);
    const { payload, signature } = stripe.event('checkout.session.completed', session, {
      changes: { payment_status: 'paid' },
    });
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(payload, signature)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await invoicesOf(order.orderId)).toHaveLength(1);
    const ledger = (await get(t.app, '/api/pay/credits', token)).body.data;
    expect(ledger.list).toHaveLength(1);
    expect(ledger.balance).toBe(t.config.catalogue.plans.Pro.creditsPerPeriod);
  });

  it('ends in the same state whichever order completed and expired arrive in', async () => {
    for (const sequence of [
      ['checkout.session.completed', 'checkout.session.expired'],
      ['checkout.session.expired', 'checkout.session.completed'],
    ]) {
      const { token } = await signUp(t);
      const { order, session } = await buyPro(token);
      for (const type of sequence) {
        const { payload, signature } = stripe.event(type, session, {
          changes: type.endsWith('completed') ? { payment_status: 'paid' } : { status: 'expired' },
        });
        expect((await deliver(payload, signature)).statusCode).toBe(200);
      }
      expect(await statusOf(token, order.orderId), sequence.join(' then ')).toBe('paid');
      expect(await invoicesOf(order.orderId)).toHaveLength(1);
    }
  });

  it('gives back, once, a payment for an order the buyer canceled, and honours one for an order that expired', async () => {
    const { token } = await signUp(t);
    const { order, session } = await buyPro(token);
    expect((await post(t.app, '/api/pay/cancel-order', { orderId: order.orderId }, token)).status).toBe(200);
    const { payload, signature } = stripe.event('checkout.session.completed', session, {
      changes: { payment_status: 'paid' },
    });
    expect((await deliver(payload, signature)).statusCode).toBe(200);
    expect((await deliver(payload, signature)).statusCode).toBe(200);
    const refunds = stripe.refunds.filter((r) => r.metadata.orderId === order.orderId);
    expect(refunds).toEqual([
      expect.objectContaining({ amount: order.amount, payment_intent: session.payment_intent }),
    ]);
    expect(await statusOf(token, order.orderId)).toBe('refunded');
    // Nothing was given for it: no plan, no credits, no invoice.
    expect((await get(t.app, '/api/pay/vip-user-info', token)).body.data.product.type).toBe('Free');
    expect((await get(t.app, '/api/pay/credits', token)).body.data.balance).toBe(0);
    expect(await invoicesOf(order.orderId)).toEqual([]);

    // Expired by the server's clock while its notice was on the way: the provider took it in time.
    const late = await signUp(t);
    const bought = await buyPro(late.token);
    await t.db
      .updateTable('payment_order')
      .set({ status: 'expired', expires_at: new Date(Date.now() - 3_600_000) })
      .where('id', '=', bought.order.orderId)
      .execute();
    const paid = stripe.event('checkout.session.completed', bought.session, { changes: { payment_status: 'paid' } });
    expect((await deliver(paid.payload, paid.signature)).statusCode).toBe(200);
    expect(await statusOf(late.token, bought.order.orderId)).toBe('paid');
    expect(stripe.refunds.filter((r) => r.metadata.orderId === bought.order.orderId)).toEqual([]);
  });

  it('acknowledges signed events of shapes it does not handle, and changes nothing for them', async () => {
    const { token } = await signUp(t);
    const { order, session } = await buyPro(token);
    const event = (changes: Record<string, unknown>) => ({
      id: `evt_${order.orderId.slice(0, 8)}${Math.random().toString(16).slice(2, 10)}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { ...session, payment_status: 'paid' } },
      ...changes,
    });
    const odd = [
      event({ data: undefined }),
      event({ data: { object: null } }),
      event({ data: 'not an object' }),
      event({ type: 42 }),
      event({ id: 'evt_\u0000nul' }),
      event({ id: 'evt_\ud800lone' }),
      event({ data: { object: { ...session, id: `${session.id}\u0000` } } }),
      event({ data: { object: { ...session, amount_total: 'a lot' } } }),
      event({ type: 'invoice.paid', data: { object: { id: 'in_1', billing_reason: 'subscription_cycle' } } }),
      event({ type: 'customer.subscription.deleted', data: { object: { id: null } } }),
    ];
    for (const body of odd) {
      const { payload, signature } = stripe.signed(body);
      const answer = await deliver(payload, signature);
      expect(answer.statusCode, payload.slice(0, 200)).toBe(200);
      expect(await statusOf(token, order.orderId), payload.slice(0, 200)).toBe('pending');
    }
    // A well-formed event still pays it.
    const { payload, signature } = stripe.signed(event({}));
    expect((await deliver(payload, signature)).statusCode).toBe(200);
    expect(await statusOf(token, order.orderId)).toBe('paid');
  });

  it('waits for a delayed payment, and fails the order when it is declined', async () => {
    const { token } = await signUp(t);
    const { order, session } = await buyPro(token);
    const completed = stripe.event('checkout.session.completed', session);
    expect((await deliver(completed.payload, completed.signature)).statusCode).toBe(200);
    expect(await statusOf(token, order.orderId)).toBe('pending');
    const failed = stripe.event('checkout.session.async_payment_failed', session);
    expect((await deliver(failed.payload, failed.signature)).statusCode).toBe(200);
    expect(await statusOf(token, order.orderId)).toBe('failed');
  });

  it('refuses a bad signature, a missing header, a re-serialized body and a stale timestamp', async () => {
    const { token } = await signUp(t);
    const { order, session } = await buyPro(token);
    const paid = { changes: { payment_status: 'paid' as const } };
    const forged = stripe.event('checkout.session.completed', session, { ...paid, secret: 'whsec_forged' });
    expect((await deliver(forged.payload, forged.signature)).statusCode).toBe(400);
    const real = stripe.event('checkout.session.completed', session, paid);
    expect((await deliver(real.payload)).statusCode).toBe(400);
    const reserialized = JSON.stringify(JSON.parse(real.payload), null, 2);
    expect((await deliver(reserialized, real.signature)).statusCode).toBe(400);
    const stale = stripe.event('checkout.session.completed', session, {
      ...paid,
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    expect((await deliver(stale.payload, stale.signature)).statusCode).toBe(400);
    expect((await deliver('not json', real.signature)).statusCode).toBe(400);
    expect(await statusOf(token, order.orderId)).toBe('pending');
    // The genuine one still pays it: the refused ones left nothing behind.
    expect((await deliver(real.payload, real.signature)).statusCode).toBe(200);
    expect(await statusOf(token, order.orderId)).toBe('paid');
  });

  it('fails an order whose signed event reports another amount, and ignores sessions of no order here', async () => {
    const { token } = await signUp(t);
    const { order, session } = await buyPro(token);
    const cheap = stripe.event('checkout.session.completed', session, {
      changes: { payment_status: 'paid', amount_total: 1 },
    });
    expect((await deliver(cheap.payload, cheap.signature)).statusCode).toBe(200);
    expect(await statusOf(token, order.orderId)).toBe('failed');
    const stranger = stripe.event('checkout.session.completed', { ...session, id: 'cs_test_elsewhere' });
    expect((await deliver(stranger.payload, stranger.signature)).statusCode).toBe(200);
    const other = stripe.event('customer.created', session);
    expect((await deliver(other.payload, other.signature)).statusCode).toBe(200);
  });
});

describe('Stripe subscriptions', () => {
  it('starts a subscription at checkout, renews on each cycle invoice once, and turns auto-renew off and on', async () => {
    const { token } = await signUp(t);
    const answer = await post(
      t.app,
      '/api/pay/stripe',
      { productId: 'Pro-month-USD', method: 'card', autoRenew: true },
      token,
    );
    const order = answer.body.data as { orderId: string; amount: number };
    const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === order.orderId);
    if (!session?.subscription) throw new Error('no subscription-mode session');
    const request = stripe.requests.find((r) => r.form.get('client_reference_id') === order.orderId);
    expect(request?.form.get('mode')).toBe('subscription');
    expect(request?.form.get('line_items[0][price_data][recurring][interval]')).toBe('month');

    const completed = stripe.event('checkout.session.completed', session, { changes: { payment_status: 'paid' } });
    expect((await deliver(completed.payload, completed.signature)).statusCode).toBe(200);
    const first = (await get(t.app, '/api/pay/vip-user-info', token)).body.data;
    expect(first).toMatchObject({ autoSubscribe: true, product: { type: 'Pro' } });

    const invoice = {
      id: 'in_cycle_1',
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      amount_paid: order.amount,
      currency: 'usd',
      parent: { type: 'subscription_details', subscription_details: { subscription: session.subscription } },
    };
    const cycle = stripe.event('invoice.paid', invoice);
    expect((await deliver(cycle.payload, cycle.signature)).statusCode).toBe(200);
    expect((await deliver(cycle.payload, cycle.signature)).statusCode).toBe(200);
    const renewed = (await get(t.app, '/api/pay/vip-user-info', token)).body.data;
    expect(renewed.VipExpireTime).toBeGreaterThan(first.VipExpireTime + 27 * 86_400);
    const paid = (await get(t.app, '/api/pay/orders', token)).body.data.list.filter(
      (o: { status: string }) => o.status === 'paid',
    );
    expect(paid).toHaveLength(2);

    expect((await post(t.app, '/api/pay/cancel-subscribe', undefined, token)).body.data.autoSubscribe).toBe(false);
    expect(stripe.subscriptionCalls.at(-1)).toEqual({
      id: session.subscription,
      method: 'POST',
      cancel_at_period_end: 'true',
    });
    expect((await post(t.app, '/api/pay/resume-subscribe', undefined, token)).body.data.autoSubscribe).toBe(true);
    expect(stripe.subscriptionCalls.at(-1)?.cancel_at_period_end).toBe('false');

    // Turned off in Stripe's own portal, then ended there: the plan runs to its end and renews no more.
    const updated = stripe.event('customer.subscription.updated', {
      id: session.subscription,
      object: 'subscription',
      cancel_at_period_end: true,
    });
    await deliver(updated.payload, updated.signature);
    expect((await get(t.app, '/api/pay/vip-user-info', token)).body.data.autoSubscribe).toBe(false);
    const deleted = stripe.event('customer.subscription.deleted', { id: session.subscription, object: 'subscription' });
    await deliver(deleted.payload, deleted.signature);
    const ended = (await get(t.app, '/api/pay/vip-user-info', token)).body.data;
    expect(ended).toMatchObject({ autoSubscribe: false, subscribeId: null, product: { type: 'Pro' } });
  });
});

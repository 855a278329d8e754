import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseInSandbox } from '../../../../test/factories.ts';
import { type FakeStripe, startFakeStripe, stripeEnv } from '../../../../test/fakes/stripe.ts';
import {
  createTestApp,
  createTestDatabase,
  post,
  signUp,
  type TestApp,
  type TestDatabase,
} from '../../../../test/helpers.ts';

// The sandbox's test checkout is no coupon: it settles only an order still open and in time, and once a
// real provider is configured it is gone, with the orders a trial left open closed.
let stripe: FakeStripe;
let database: TestDatabase;
beforeAll(async () => {
  stripe = await startFakeStripe();
  database = await createTestDatabase();
});
afterAll(async () => {
  await stripe?.close();
  await database?.drop();
});

async function order(t: TestApp, token: string, productId: string) {
  const answer = await post(t.app, '/api/pay/stripe', { productId, method: 'card' }, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as { orderId: string; checkoutUrl: string };
}
const statusOf = async (orderId: string) =>
  (await database.db.selectFrom('payment_order').select('status').where('id', '=', orderId).executeTakeFirstOrThrow())
    .status;

describe('the sandbox checkout', () => {
  it('pays no order that was canceled, failed or expired; once a real provider is set it is gone', async () => {
    const trial = await createTestApp({}, { database });
    let left: { orderId: string; checkoutUrl: string };
    try {
      const { token } = await signUp(trial);
      const canceled = await order(trial, token, 'Business-yr-USD');
      expect((await chooseInSandbox(trial, canceled.checkoutUrl, 'canceled')).statusCode).toBe(303);
      const failed = await order(trial, token, 'Pro-yr-USD');
      expect((await chooseInSandbox(trial, failed.checkoutUrl, 'failed')).statusCode).toBe(303);
      for (const ended of [canceled, failed]) {
        expect((await chooseInSandbox(trial, ended.checkoutUrl, 'paid')).statusCode).toBe(409);
      }
      expect([await statusOf(canceled.orderId), await statusOf(failed.orderId)]).toEqual(['canceled', 'failed']);

      // An order past its time is not paid either, though the sweep has not marked it yet.
      const late = await order(trial, token, 'Lite-yr-USD');
      trial.clock.advance(2 * 3600_000);
      const page = await trial.app.inject({ url: new URL(late.checkoutUrl).pathname });
      expect(page.body).toContain('This order expired.');
      expect((await chooseInSandbox(trial, late.checkoutUrl, 'paid')).statusCode).toBe(409);
      expect(await statusOf(late.orderId)).toBe('pending');

      left = await order(trial, token, 'Business-month-USD');
    } finally {
      await trial.close();
    }

    // The same install goes live with Stripe.
    const live = await createTestApp(stripeEnv(stripe), { database });
    try {
      expect((await live.app.inject({ url: new URL(left.checkoutUrl).pathname })).statusCode).toBe(404);
      expect((await chooseInSandbox(live, left.checkoutUrl, 'paid')).statusCode).toBe(404);
      expect(await statusOf(left.orderId)).toBe('canceled');
    } finally {
      await live.close();
    }
  });
});

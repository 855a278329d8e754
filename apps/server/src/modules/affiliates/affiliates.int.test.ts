import type { AffiliateData } from '@leadreel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseInSandbox } from '../../../test/factories.ts';
import { type FakeStripe, startFakeStripe, stripeEnv } from '../../../test/fakes/stripe.ts';
import {
  createTestApp,
  get,
  lastCode,
  post,
  signUp,
  type TestApp,
  uniqueEmail,
  useTestApp,
} from '../../../test/helpers.ts';
import { AdminError } from '../admin/admin.service.ts';

// a referrer earns the catalogue's percent of each invoice paid with real money by the accounts
// they referred, once per invoice, loses it on a refund (once, even after a payout), and sees it on their
// page. Payments go through a fake Stripe speaking its protocol: the sandbox moves no money and earns nothing.
let stripe: FakeStripe;
let t: TestApp;
beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp(stripeEnv(stripe));
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});
/** An install with the sandbox only, as the embedded default runs. */
const sandboxed = useTestApp();
const DAY_MS = 86_400_000;

const idOf = async (token: string) => (await get(t.app, '/api/account/detail', token)).body.data.userId as string;

/** A referrer (made one by an operator) and an account bound to them through the console's call. */
async function referral() {
  const referrer = await signUp(t);
  await t.services.admin.setReferrer('ops', referrer.email, true);
  const referred = await signUp(t);
  const referrerId = await idOf(referrer.token);
  expect((await post(t.app, '/api/auth/bind-referrer', { ref: referrerId }, referred.token)).status).toBe(200);
  return { referrer: { ...referrer, id: referrerId }, referred: { ...referred, id: await idOf(referred.token) } };
}

/** Stripe tells us the Checkout Session was paid, by its signed webhook. */
async function completed(orderId: string) {
  const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === orderId);
  if (!session) throw new Error('no Checkout Session was made');
  const { payload, signature } = stripe.event('checkout.session.completed', session, {
    changes: { payment_status: 'paid', status: 'complete' },
  });
  const answer = await t.app.inject({
    method: 'POST',
    url: '/pay/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
  expect(answer.statusCode).toBe(200);
}

/** Pays an order by card through Stripe, as a payer does. */
async function pay(token: string, productId: string, url = '/api/pay/stripe') {
  const answer = await post(t.app, url, { productId, method: 'card' }, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const order = answer.body.data;
  await completed(order.orderId);
  return (await get(t.app, `/api/pay/wechat-status?orderId=${order.orderId}`, token)).body.data as {
    orderId: string;
    amount: number;
    currency: string;
    status: string;
    invoiceNumber: string;
    checkoutUrl: string;
  };
}

async function data(token: string, query = '') {
  const answer = await get(t.app, `/api/pay/affiliate-data${query}`, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as AffiliateData;
}

const commissionRows = (orderId: string) =>
  t.db.selectFrom('commission').selectAll().where('order_id', '=', orderId).orderBy('created_at').execute();

const percent = () => t.config.catalogue.affiliatePercent;
const share = (amount: number) => Math.floor((amount * percent()) / 100);

describe('affiliate commissions', () => {
  it('earns the percent of a paid invoice once, however often the payment is reported', async () => {
    const { referrer, referred } = await referral();
    const order = await pay(referred.token, 'Pro-month-USD');
    expect(order.status).toBe('paid');
    // Stripe delivers again (a lost answer); the provider repeats its notification.
    await completed(order.orderId);
    const paid = { status: 'paid', amount: order.amount, currency: order.currency } as const;
    await t.services.orders.settle(order.orderId, paid, { provider: 'sandbox', id: 'evt_1' });
    await t.services.orders.settle(order.orderId, paid, { provider: 'sandbox', id: 'evt_1' });
    await t.services.orders.settle(order.orderId, paid, { provider: 'sandbox', id: 'evt_2' });
    // Even told twice by billing, the unique key keeps one row.
    await t.db.transaction().execute((trx) =>
      t.services.affiliates.invoicePaid(trx, {
        orderId: order.orderId,
        invoiceNumber: order.invoiceNumber,
        accountId: referred.id,
        kind: 'plan',
        planType: 'Pro',
        amount: order.amount,
        currency: 'USD',
        provider: 'stripe',
        at: t.clock.now(),
      }),
    );

    expect(await commissionRows(order.orderId)).toMatchObject([
      {
        kind: 'commission',
        referrer_id: referrer.id,
        invoice_number: order.invoiceNumber,
        invoice_amount: order.amount,
        percent: percent(),
        amount: share(order.amount),
        status: 'pending',
      },
    ]);
    const page = await data(referrer.token);
    const [localPart, domain] = referred.email.split('@') as [string, string];
    expect(page).toEqual({
      link: `${t.config.publicUrl}/register?ref=${referrer.id}`,
      percent: 20,
      totals: [{ currency: 'USD', earned: share(order.amount), reversed: 0, pending: share(order.amount), paidOut: 0 }],
      list: [
        {
          id: expect.any(String),
          date: Math.floor(t.clock.now().getTime() / 1000),
          user: `${localPart[0]}***@${domain}`,
          plan: 'Pro',
          kind: 'commission',
          profit: share(order.amount),
          currency: 'USD',
          status: 'pending',
        },
      ],
      total: 1,
      referred: {
        list: [{ id: referred.id, date: expect.any(Number), user: `${localPart[0]}***@${domain}`, state: 'paid' }],
        total: 1,
      },
    });
  });

  it('takes a refunded invoice back once, and earns on credits too (with no plan)', async () => {
    const { referrer, referred } = await referral();
    const credits = await pay(referred.token, 'credits-500', '/api/pay/purchase-credits');
    t.clock.advance(1000);
    const plan = await pay(referred.token, 'Lite-yr-USD');
    t.clock.advance(1000);
    await t.services.admin.refund('ops', plan.invoiceNumber, 'asked in time');
    await expect(t.services.admin.refund('ops', plan.invoiceNumber, '')).rejects.toThrow(AdminError);
    // A refund reported twice writes one reversal.
    await t.db.transaction().execute((trx) =>
      t.services.affiliates.invoiceRefunded(trx, {
        ...plan,
        accountId: '',
        kind: 'plan',
        planType: 'Lite',
        provider: 'stripe',
        at: t.clock.now(),
      }),
    );
    expect((await commissionRows(plan.orderId)).map((row) => [row.kind, row.amount])).toEqual([
      ['commission', share(plan.amount)],
      ['reversal', -share(plan.amount)],
    ]);
    const page = await data(referrer.token);
    expect(page.list.map((row) => [row.kind, row.plan, row.profit])).toEqual([
      ['reversal', 'Lite', -share(plan.amount)],
      ['commission', 'Lite', share(plan.amount)],
      ['commission', null, share(credits.amount)],
    ]);
    expect(page.totals).toEqual([
      {
        currency: 'USD',
        earned: share(plan.amount) + share(credits.amount),
        reversed: -share(plan.amount),
        pending: share(credits.amount),
        paidOut: 0,
      },
    ]);
  });

  it('reverses a refund that comes after the payout: the pending balance goes below zero', async () => {
    const { referrer, referred } = await referral();
    const first = await pay(referred.token, 'Pro-month-USD');
    expect(await t.services.admin.payout('ops', referrer.email)).toEqual([
      { currency: 'USD', amount: share(first.amount) },
    ]);
    await expect(t.services.admin.payout('ops', referrer.email)).rejects.toThrow(
      `${referrer.email} has no commission to pay out`,
    );
    t.clock.advance(1000);
    await t.services.admin.refund('ops', first.invoiceNumber, '');
    const afterRefund = await data(referrer.token);
    expect(afterRefund.totals).toEqual([
      {
        currency: 'USD',
        earned: share(first.amount),
        reversed: -share(first.amount),
        pending: -share(first.amount),
        paidOut: share(first.amount),
      },
    ]);
    expect(afterRefund.list.map((row) => [row.kind, row.status])).toEqual([
      ['reversal', 'pending'],
      ['commission', 'paid_out'],
    ]);
    // Nothing is owed while the balance is below zero; a later commission pays what is left over.
    await expect(t.services.admin.payout('ops', referrer.email)).rejects.toThrow(/no commission to pay out/);
    const second = await pay(referred.token, 'Business-yr-USD');
    const owed = share(second.amount) - share(first.amount);
    expect(await t.services.admin.payout('ops', referrer.email)).toEqual([{ currency: 'USD', amount: owed }]);
    const settled = await data(referrer.token);
    expect(settled.totals).toEqual([
      {
        currency: 'USD',
        earned: share(first.amount) + share(second.amount),
        reversed: -share(first.amount),
        pending: 0,
        paidOut: share(first.amount) + owed,
      },
    ]);
    expect(settled.list.every((row) => row.status === 'paid_out')).toBe(true);
    const logged = await t.db
      .selectFrom('admin_action')
      .select('detail')
      .where('action', '=', 'payout')
      .where('account_email', '=', referrer.email)
      .orderBy('created_at')
      .execute();
    expect(logged.map((row) => row.detail)).toEqual([
      { payouts: [{ currency: 'USD', amount: share(first.amount) }] },
      { payouts: [{ currency: 'USD', amount: owed }] },
    ]);
  });

  it('earns nothing for an account without a referrer, or while its referrer is not one', async () => {
    const alone = await signUp(t);
    const order = await pay(alone.token, 'Lite-month-USD');
    expect(await commissionRows(order.orderId)).toEqual([]);

    const { referrer, referred } = await referral();
    await t.services.admin.setReferrer('ops', referrer.email, false);
    const unpaid = await pay(referred.token, 'Pro-month-USD');
    expect(await commissionRows(unpaid.orderId)).toEqual([]);
    // Made a referrer again, the next invoice earns.
    await t.services.admin.setReferrer('ops', referrer.email, true);
    const earned = await pay(referred.token, 'Business-month-USD');
    expect(await commissionRows(earned.orderId)).toHaveLength(1);
  });
});

describe('what earns a commission', () => {
  it('earns nothing on a sandbox payment: no money moved', async () => {
    const referrer = await signUp(sandboxed);
    await sandboxed.services.admin.setReferrer('ops', referrer.email, true);
    const referrerId = await (async () =>
      (await get(sandboxed.app, '/api/account/detail', referrer.token)).body.data.userId as string)();
    const referred = await signUp(sandboxed);
    expect((await post(sandboxed.app, '/api/auth/bind-referrer', { ref: referrerId }, referred.token)).status).toBe(
      200,
    );
    const order = (
      await post(sandboxed.app, '/api/pay/stripe', { productId: 'Business-yr-USD', method: 'card' }, referred.token)
    ).body.data;
    expect((await chooseInSandbox(sandboxed, order.checkoutUrl)).statusCode).toBe(303);
    expect(
      (await get(sandboxed.app, `/api/pay/wechat-status?orderId=${order.orderId}`, referred.token)).body.data.status,
    ).toBe('paid');
    const rows = await sandboxed.db
      .selectFrom('commission')
      .selectAll()
      .where('order_id', '=', order.orderId)
      .execute();
    expect(rows).toEqual([]);
    const page = (await get(sandboxed.app, '/api/pay/affiliate-data', referrer.token)).body.data as AffiliateData;
    expect(page).toMatchObject({ totals: [], list: [], total: 0 });
    // The account shows as referred and paid all the same.
    expect(page.referred.list).toMatchObject([{ state: 'paid' }]);
  });
});

describe('binding a referrer', () => {
  it('binds before the first payment only, whatever was paid (a plan or credits)', async () => {
    const referrer = await signUp(t);
    await t.services.admin.setReferrer('ops', referrer.email, true);
    const ref = await idOf(referrer.token);
    for (const [productId, url] of [
      ['Pro-month-USD', '/api/pay/stripe'],
      ['credits-500', '/api/pay/purchase-credits'],
    ] as const) {
      const customer = await signUp(t);
      const paid = await pay(customer.token, productId, url);
      const late = await post(t.app, '/api/auth/bind-referrer', { ref }, customer.token);
      expect(late.body).toMatchObject({ statusCode: 409, error: 'referrer_after_payment' });
      expect((await get(t.app, '/api/account/detail', customer.token)).body.data.refererId).toBeNull();
      // Refunded, the account still paid once: binding stays closed, and later payments earn nothing.
      await t.services.admin.refund('ops', paid.invoiceNumber, '');
      expect((await post(t.app, '/api/auth/bind-referrer', { ref }, customer.token)).body).toMatchObject({
        error: 'referrer_after_payment',
      });
      const next = await pay(customer.token, 'Lite-month-USD');
      expect(await commissionRows(next.orderId)).toEqual([]);
    }
    // A pending order is no payment: the account may still be bound.
    const undecided = await signUp(t);
    await post(t.app, '/api/pay/stripe', { productId: 'Pro-month-USD', method: 'card' }, undecided.token);
    expect((await post(t.app, '/api/auth/bind-referrer', { ref }, undecided.token)).status).toBe(200);
  });

  it('refuses oneself, a second referrer and a loop, and a referrer cannot be referred', async () => {
    const { referrer, referred } = await referral();
    const referredId = await idOf(referred.token);
    const self = await post(t.app, '/api/auth/bind-referrer', { ref: referredId }, referred.token);
    expect(self.body).toMatchObject({ statusCode: 400, error: 'referrer_self' });
    const other = await signUp(t);
    const twice = await post(t.app, '/api/auth/bind-referrer', { ref: await idOf(other.token) }, referred.token);
    expect(twice.body).toMatchObject({ statusCode: 409, error: 'referrer_already_bound' });
    const back = await post(t.app, '/api/auth/bind-referrer', { ref: referredId }, referrer.token);
    expect(back.body).toMatchObject({ statusCode: 409, error: 'referrer_is_referrer' });
    // A loop between two accounts that are not referrers yet: B (bound to C) cannot bind C to B.
    const c = await signUp(t);
    const d = await signUp(t);
    expect((await post(t.app, '/api/auth/bind-referrer', { ref: await idOf(c.token) }, d.token)).status).toBe(200);
    const loop = await post(t.app, '/api/auth/bind-referrer', { ref: await idOf(d.token) }, c.token);
    expect(loop.body).toMatchObject({ statusCode: 409, error: 'referrer_loop' });
  });
});

describe('the referred accounts', () => {
  it('lists a sign-up through the link at once, as signed up, then as paid', async () => {
    const referrer = await signUp(t);
    await t.services.admin.setReferrer('ops', referrer.email, true);
    const ref = await idOf(referrer.token);
    const email = uniqueEmail('referred');
    expect((await post(t.app, '/api/auth/verify-code', { email, scene: 'signup' })).status).toBe(200);
    const code = await lastCode(t.outbox, email);
    const signup = await post(t.app, '/api/auth/signup', { email, password: 'correct horse battery', code, ref });
    expect(signup.status).toBe(200);
    // The sign-up's time is the database's own.
    const signedUpAt = Math.floor(Date.now() / 1000);
    const [localPart, domain] = email.split('@') as [string, string];
    const before = await data(referrer.token);
    expect(before.list).toEqual([]);
    expect(before.referred).toEqual({
      list: [
        { id: expect.any(String), date: expect.any(Number), user: `${localPart[0]}***@${domain}`, state: 'signed_up' },
      ],
      total: 1,
    });
    t.clock.advance(1000);
    await pay(signup.body.data.accessToken, 'Lite-month-USD');
    expect(Math.abs((before.referred.list[0]?.date ?? 0) - signedUpAt)).toBeLessThan(600);
    expect((await data(referrer.token)).referred.list).toMatchObject([{ state: 'paid' }]);
  });

  it('pages the referred accounts, newest first, whatever the days asked, each referrer only their own', async () => {
    const referrer = await signUp(t);
    await t.services.admin.setReferrer('ops', referrer.email, true);
    const ref = await idOf(referrer.token);
    const emails: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const account = await signUp(t);
      emails.push(account.email);
      expect((await post(t.app, '/api/auth/bind-referrer', { ref }, account.token)).status).toBe(200);
      t.clock.advance(1000);
    }
    const masked = (email: string) => `${email[0]}***@${email.split('@')[1]}`;
    const first = await data(referrer.token, '?pageSize=2&from=2000-01-01&to=2000-01-02');
    expect(first.referred.total).toBe(3);
    expect(first.referred.list.map((row) => row.user)).toEqual([masked(emails[2] ?? ''), masked(emails[1] ?? '')]);
    const second = await data(referrer.token, '?pageSize=2&referredPage=2');
    expect(second.referred.list.map((row) => row.user)).toEqual([masked(emails[0] ?? '')]);
    // Another referrer sees none of them.
    const other = await signUp(t);
    await t.services.admin.setReferrer('ops', other.email, true);
    expect((await data(other.token)).referred).toEqual({ list: [], total: 0 });
  });
});

describe('the affiliate data call', () => {
  it('is for referrers only, each seeing only their own', async () => {
    const { referrer, referred } = await referral();
    await pay(referred.token, 'Lite-month-USD');
    for (const token of [referred.token, (await signUp(t)).token]) {
      const refused = await get(t.app, '/api/pay/affiliate-data', token);
      expect(refused.status).toBe(403);
      // Not `unauthorized`: the console must not sign the account out.
      expect(refused.body).toMatchObject({ statusCode: 403, error: 'affiliate_not_referrer' });
    }
    expect((await get(t.app, '/api/pay/affiliate-data')).body).toMatchObject({
      statusCode: 403,
      error: 'unauthorized',
    });
    const another = await signUp(t);
    await t.services.admin.setReferrer('ops', another.email, true);
    expect(await data(another.token)).toMatchObject({ totals: [], list: [], total: 0 });
    expect((await data(referrer.token)).total).toBe(1);
    // Taken out of the program, the referrer no longer sees the page.
    await t.services.admin.setReferrer('ops', referrer.email, false);
    expect((await get(t.app, '/api/pay/affiliate-data', referrer.token)).status).toBe(403);
  });

  it('filters by day (UTC, both ends included) and pages', async () => {
    const { referrer, referred } = await referral();
    const start = t.clock.now();
    const day = (offset: number) => new Date(start.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
    const { amount } = await pay(referred.token, 'credits-500', '/api/pay/purchase-credits');
    t.clock.advance(2 * DAY_MS);
    await pay(referred.token, 'credits-500', '/api/pay/purchase-credits');
    t.clock.advance(2 * DAY_MS);
    await pay(referred.token, 'credits-500', '/api/pay/purchase-credits');
    expect((await data(referrer.token)).total).toBe(3);
    expect((await data(referrer.token, `?from=${day(2)}&to=${day(2)}`)).total).toBe(1);
    expect((await data(referrer.token, `?from=${day(2)}`)).total).toBe(2);
    expect((await data(referrer.token, `?to=${day(0)}`)).total).toBe(1);
    const second = await data(referrer.token, '?page=2&pageSize=2');
    expect(second).toMatchObject({ total: 3, list: [{ kind: 'commission' }] });
    // The totals are all-time whatever the range.
    expect((await data(referrer.token, `?from=${day(9)}`)).totals[0]?.earned).toBe(3 * share(amount));
  });

  it('refuses bad queries with a 400 and the field', async () => {
    const { referrer } = await referral();
    for (const [query, field] of [
      ['?from=2026-02-30', 'from'],
      ['?from=yesterday', 'from'],
      ['?to=2026-1-01', 'to'],
      ['?from=2026-05-02&to=2026-05-01', 'to'],
      ['?from=2026-05-01%00', 'from'],
      ['?page=0', 'page'],
      ['?page=10001', 'page'],
      ['?page=100000000000000000000', 'page'],
      ['?page=1.5', 'page'],
      ['?pageSize=101', 'pageSize'],
      ['?page=abc', 'page'],
      ['?referredPage=0', 'referredPage'],
      ['?referredPage=abc', 'referredPage'],
      ['?referredPage=10001', 'referredPage'],
      ['?referredPage=', 'referredPage'],
    ] as const) {
      const answer = await get(t.app, `/api/pay/affiliate-data${query}`, referrer.token);
      expect(answer.status, query).toBe(400);
      expect(answer.body, query).toMatchObject({ error: 'illegal_input', field });
    }
    expect((await get(t.app, '/api/pay/affiliate-data?colour=red', referrer.token)).status).toBe(400);
  });
});

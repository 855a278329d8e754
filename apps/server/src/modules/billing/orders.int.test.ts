import { formatMoney } from '@leadreel/shared/viewer-text/billing';
import { describe, expect, it } from 'vitest';
import { accountOnPlan, chooseInSandbox } from '../../../test/factories.ts';
import { get, mailsTo, post, signUp, useTestApp } from '../../../test/helpers.ts';
import { addMonths } from './plan-period.ts';

// buying a plan or credits through the sandbox provider's checkout, and everything after
// the provider's word: the order settled once, the plan period and credits given, the invoice issued and
// the receipt mailed in the account's language.
const t = useTestApp({ BRAND_NAME: 'Acme' });

type Order = {
  orderId: string;
  status: string;
  checkoutUrl: string | null;
  qrCode: string | null;
  invoiceNumber: string | null;
};

async function buyPlan(token: string, productId: string, method = 'card') {
  const answer = await post(t.app, '/api/pay/stripe', { productId, method }, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as Order & { amount: number; currency: string; description: string };
}

/** The sandbox checkout page's address inside the app, from the order's absolute URL. */
const local = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

const status = async (token: string, orderId: string) =>
  (await get(t.app, `/api/pay/wechat-status?orderId=${orderId}`, token)).body.data as Order;

describe('buying a plan in the sandbox', () => {
  it('opens Pro for a year, grants its credits, issues an invoice and mails the receipt', async () => {
    const { token, email } = await signUp(t);
    const order = await buyPlan(token, 'Pro-yr-USD');
    expect(order).toMatchObject({
      status: 'pending',
      amount: t.config.catalogue.plans.Pro.prices.USD?.year,
      currency: 'USD',
      description: 'Pro plan, billed yearly',
      qrCode: null,
      invoiceNumber: null,
    });
    expect(order.checkoutUrl).toMatch(/^http:\/\/[^/]+\/pay\/sandbox\/sbx_[\w-]+\?return=%2Fbuy-vip%3Forder%3D/);

    const checkout = await t.app.inject({ method: 'GET', url: local(order.checkoutUrl as string) });
    expect(checkout.statusCode).toBe(200);
    expect(checkout.headers['content-security-policy']).toContain("default-src 'none'");
    expect(checkout.body).toContain(formatMoney(order.amount, 'USD', 'en'));
    expect(checkout.body).toContain('Pro plan, billed yearly');

    const paid = await chooseInSandbox(t, order.checkoutUrl as string, 'paid');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/buy-vip?order=${order.orderId}`);

    const after = await status(token, order.orderId);
    expect(after.status).toBe('paid');
    expect(after.invoiceNumber).toMatch(new RegExp(`^LR-${t.clock.now().getUTCFullYear()}-\\d{6}$`));
    const vip = (await get(t.app, '/api/pay/vip-user-info', token)).body.data;
    expect(vip).toMatchObject({ isVip: true, product: { type: 'Pro' } });
    const end = addMonths(t.clock.now(), 12);
    expect(vip.expireDate).toBe(end.toISOString().slice(0, 10).replaceAll('-', '/'));
    const ledger = (await get(t.app, '/api/pay/credits', token)).body.data;
    expect(ledger.balance).toBe(t.config.catalogue.plans.Pro.creditsPerPeriod);
    expect(ledger.list[0]).toMatchObject({ kind: 'grant', reference: 'Pro plan, billed yearly' });

    const receipts = (await mailsTo(t.outbox, email)).filter((mail) => mail.subject?.includes('receipt'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.subject).toBe(`Your Acme receipt ${after.invoiceNumber}`);
    expect(receipts[0]?.text).toContain('Pro plan, billed yearly');
    expect(receipts[0]?.text).toContain('Credit card');

    // The checkout page of a settled order says so; paying again changes nothing.
    expect((await t.app.inject({ method: 'GET', url: local(order.checkoutUrl as string) })).body).toContain(
      'Payment successful.',
    );
    await chooseInSandbox(t, order.checkoutUrl as string, 'paid');
    expect((await get(t.app, '/api/pay/credits', token)).body.data.balance).toBe(ledger.balance);
    expect((await mailsTo(t.outbox, email)).filter((mail) => mail.subject?.includes('receipt'))).toHaveLength(1);
  });

  it('mails a Chinese account its receipt in Chinese, priced in yuan', async () => {
    const { token, email } = await signUp(t);
    await post(t.app, '/api/account/language', { language: 'zh_CN' }, token);
    const order = await buyPlan(token, 'Lite-month-CNY', 'alipay');
    expect(order.description).toBe('Lite 套餐（按月计费）');
    // A phone scans the page itself and stays on it.
    expect(order.qrCode).toBe(order.checkoutUrl?.split('?')[0]);
    const paid = await chooseInSandbox(t, order.qrCode as string, 'paid', { 'accept-language': 'zh-CN' });
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('支付成功');
    const [receipt] = (await mailsTo(t.outbox, email)).filter((mail) => mail.subject?.includes('收据'));
    expect(receipt?.text).toContain('支付宝');
    expect(receipt?.text).toMatch(/¥\s?129\.00/);
  });

  it('prices a WeChat Pay or Alipay order in yuan, whatever currency the list showed', async () => {
    const { token } = await signUp(t);
    const order = await buyPlan(token, 'Pro-yr-USD', 'wechat');
    expect(order).toMatchObject({ currency: 'CNY', amount: t.config.catalogue.plans.Pro.prices.CNY?.year });
    expect(order.qrCode).toBe(order.checkoutUrl?.split('?')[0]);
  });

  it('leaves the account as it was when the payment fails or is canceled', async () => {
    const { token } = await signUp(t);
    const failed = await buyPlan(token, 'Pro-month-USD');
    expect((await chooseInSandbox(t, failed.checkoutUrl as string, 'failed')).statusCode).toBe(303);
    expect((await status(token, failed.orderId)).status).toBe('failed');
    const canceled = await buyPlan(token, 'Pro-month-USD', 'wechat');
    await chooseInSandbox(t, canceled.checkoutUrl as string, 'canceled');
    expect((await status(token, canceled.orderId)).status).toBe('canceled');
    const vip = (await get(t.app, '/api/pay/vip-user-info', token)).body.data;
    expect(vip).toMatchObject({ isVip: false, product: { type: 'Free' } });
    expect((await get(t.app, '/api/pay/credits', token)).body.data.balance).toBe(0);
    const orders = (await get(t.app, '/api/pay/orders', token)).body.data;
    expect(orders.list.map((order: Order) => order.status)).toEqual(['canceled', 'failed']);
  });

  it("describes each order in the reader's language, whatever language it was ordered in", async () => {
    const { token } = await signUp(t);
    await buyPlan(token, 'Pro-yr-USD');
    const listIn = async (language: string) => {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/api/pay/orders',
        headers: { authorization: `Bearer ${token}`, 'x-language': language },
      });
      return answer.json().data.list.map((order: { description: string }) => order.description);
    };
    expect(await listIn('en')).toEqual(['Pro plan, billed yearly']);
    expect(await listIn('zh_CN')).toEqual(['Pro 套餐（按年计费）']);
  });

  it('gives back a payment the provider reports after the payer closed the dialog', async () => {
    const { token } = await signUp(t);
    const order = await buyPlan(token, 'Lite-month-USD', 'wechat');
    expect((await post(t.app, '/api/pay/cancel-order', { orderId: order.orderId }, token)).body.data.status).toBe(
      'canceled',
    );
    // The sandbox's page no longer pays it (no money moves there) ...
    expect((await chooseInSandbox(t, order.checkoutUrl as string, 'paid')).statusCode).toBe(409);
    expect((await status(token, order.orderId)).status).toBe('canceled');
    // ... and money a provider took for it anyway buys nothing: it is refunded.
    await t.services.orders.settle(order.orderId, { status: 'paid', amount: order.amount, currency: order.currency });
    expect((await status(token, order.orderId)).status).toBe('refunded');
    expect((await get(t.app, '/api/pay/vip-user-info', token)).body.data.product.type).toBe('Free');
  });

  it('settles an order once when the provider reports it five times at once', async () => {
    const { token } = await signUp(t);
    const order = await buyPlan(token, 'Pro-month-USD');
    const row = await t.db
      .selectFrom('payment_order')
      .selectAll()
      .where('id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    await Promise.all(
      Array.from({ length: 5 }, () =>
        t.services.orders.settle(order.orderId, { status: 'paid', amount: Number(row.amount), currency: 'USD' }),
      ),
    );
    const invoices = await t.db.selectFrom('invoice').select('number').where('order_id', '=', order.orderId).execute();
    expect(invoices).toHaveLength(1);
    expect((await get(t.app, '/api/pay/credits', token)).body.data.list).toHaveLength(1);
    expect((await get(t.app, '/api/pay/vip-user-info', token)).body.data.expireDate).toBe(
      addMonths(t.clock.now(), 1).toISOString().slice(0, 10).replaceAll('-', '/'),
    );
  });

  it('fails an order whose reported amount or currency is not its own, and gives nothing', async () => {
    const { token } = await signUp(t);
    const order = await buyPlan(token, 'Pro-month-USD');
    await t.services.orders.settle(order.orderId, { status: 'paid', amount: 1, currency: 'USD' });
    expect((await status(token, order.orderId)).status).toBe('failed');
    const other = await buyPlan(token, 'Pro-month-USD');
    await t.services.orders.settle(other.orderId, { status: 'paid', amount: 2900, currency: 'CNY' });
    expect((await status(token, other.orderId)).status).toBe('failed');
    expect((await get(t.app, '/api/pay/vip-user-info', token)).body.data.isVip).toBe(false);
  });

  it('renews from the end of the running period, so a renewal loses no day', async () => {
    const { token } = await signUp(t);
    const first = await buyPlan(token, 'Pro-month-USD');
    await chooseInSandbox(t, first.checkoutUrl as string, 'paid');
    t.clock.advance(20 * 86_400_000); // 10 days left: Pro is for sale again, to renew it.
    const again = await buyPlan(token, 'Pro-month-USD');
    await chooseInSandbox(t, again.checkoutUrl as string, 'paid');
    const row = await t.db
      .selectFrom('payment_order')
      .selectAll()
      .where('id', '=', again.orderId)
      .executeTakeFirstOrThrow();
    const firstRow = await t.db
      .selectFrom('payment_order')
      .selectAll()
      .where('id', '=', first.orderId)
      .executeTakeFirstOrThrow();
    expect(row.period_start?.toISOString()).toBe(firstRow.period_end?.toISOString());
  });

  it("starts an upgrade's period at once: what is left of the old plan's credits gives way to the new plan's", async () => {
    const { token } = await signUp(t);
    await chooseInSandbox(t, (await buyPlan(token, 'Lite-month-USD')).checkoutUrl as string, 'paid');
    const { plans } = t.config.catalogue;
    await chooseInSandbox(t, (await buyPlan(token, 'Pro-month-USD')).checkoutUrl as string, 'paid');
    const { balance, list } = (await get(t.app, '/api/pay/credits', token)).body.data;
    expect(balance).toBe(plans.Pro.creditsPerPeriod);
    expect(list.map((e: { kind: string; amount: number }) => [e.kind, e.amount])).toEqual([
      ['grant', plans.Pro.creditsPerPeriod],
      ['expiry', -plans.Lite.creditsPerPeriod],
      ['grant', plans.Lite.creditsPerPeriod],
    ]);
  });

  it('expires orders nobody paid within the hour', async () => {
    const { token } = await signUp(t);
    const order = await buyPlan(token, 'Lite-yr-USD');
    t.clock.advance(61 * 60_000);
    expect(await t.services.orders.expireStale()).toBeGreaterThanOrEqual(1);
    expect((await status(token, order.orderId)).status).toBe('expired');
  });
});

describe('buying credits in the sandbox', () => {
  it('adds the package to the ledger as a purchase, in the currency asked for', async () => {
    const { token } = await signUp(t);
    const answer = await post(
      t.app,
      '/api/pay/purchase-credits',
      { productId: 'credits-500', method: 'card', currency: 'CNY' },
      token,
    );
    expect(answer.body.data).toMatchObject({
      kind: 'credits',
      amount: 6900,
      currency: 'CNY',
      description: '500 credits',
    });
    expect((await chooseInSandbox(t, answer.body.data.checkoutUrl, 'paid')).headers.location).toBe(
      `/buy-credits?order=${answer.body.data.orderId}`,
    );
    const ledger = (await get(t.app, '/api/pay/credits', token)).body.data;
    expect(ledger).toMatchObject({ balance: 500, list: [{ kind: 'purchase', amount: 500 }] });
  });
});

describe('refusals', () => {
  it('refuses what is not for sale, the current package, and unknown methods, with nothing written', async () => {
    const pro = await accountOnPlan(t, 'Pro');
    const refused = async (url: string, body: unknown, status: number, message: string) => {
      const answer = await post(t.app, url, body, pro.token);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.error ?? answer.body.message).toBeDefined();
      expect(JSON.stringify(answer.body)).toContain(message);
    };
    await refused(
      '/api/pay/stripe',
      { productId: 'Pro-yr-USD', method: 'card' },
      400,
      'Cannot purchase the current package',
    );
    await refused('/api/pay/stripe', { productId: 'Free-yr-USD', method: 'card' }, 400, 'package_free');
    await refused('/api/pay/stripe', { productId: 'Gold-yr-USD', method: 'card' }, 400, 'product_invalid');
    await refused('/api/pay/stripe', { productId: 'Lite-yr-EUR', method: 'card' }, 400, 'product_invalid');
    await refused('/api/pay/stripe', { productId: 'Lite-yr-USD-x', method: 'card' }, 400, 'product_invalid');
    await refused('/api/pay/stripe', { productId: '', method: 'card' }, 400, 'product_invalid');
    await refused('/api/pay/stripe', { productId: 'x'.repeat(65), method: 'card' }, 400, 'product_invalid');
    await refused('/api/pay/stripe', { productId: 'Lite\u0000-yr-USD', method: 'card' }, 400, 'illegal_input');
    await refused('/api/pay/stripe', { productId: 'Lite\ud800-yr-USD', method: 'card' }, 400, 'illegal_input');
    await refused('/api/pay/stripe', { productId: 'Lite-yr-USD', method: 'paypal' }, 400, 'payment_method_invalid');
    await refused('/api/pay/stripe', { productId: 42, method: 'card' }, 400, 'product_invalid');
    await refused('/api/pay/purchase-credits', { productId: 'credits-7', method: 'card' }, 400, 'product_invalid');
    await refused(
      '/api/pay/purchase-credits',
      { productId: 'credits-500', method: 'card', currency: 'EUR' },
      400,
      'currency_invalid',
    );
    const orders = await t.db
      .selectFrom('payment_order')
      .select('id')
      .where('account_id', '=', pro.accountId)
      .execute();
    expect(orders).toEqual([]);
  });

  it("hides another account's order and refuses a malformed order id", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const order = await buyPlan(owner.token, 'Lite-month-USD');
    expect((await get(t.app, `/api/pay/wechat-status?orderId=${order.orderId}`, other.token)).status).toBe(404);
    expect((await post(t.app, '/api/pay/cancel-order', { orderId: order.orderId }, other.token)).status).toBe(404);
    expect((await get(t.app, '/api/pay/wechat-status?orderId=nope', owner.token)).status).toBe(400);
    expect((await get(t.app, `/api/pay/wechat-status?orderId=${order.orderId}`)).status).toBe(403);
    expect((await status(owner.token, order.orderId)).status).toBe('pending');
  });

  it('answers a sandbox page that does not exist, and an outcome that is not one, without settling', async () => {
    const { token } = await signUp(t);
    expect((await t.app.inject({ method: 'GET', url: '/pay/sandbox/sbx_nothing' })).statusCode).toBe(404);
    const order = await buyPlan(token, 'Lite-month-USD');
    expect((await chooseInSandbox(t, order.checkoutUrl as string, 'free')).statusCode).toBe(400);
    const evil = new URL(order.checkoutUrl as string);
    evil.searchParams.set('return', 'https://evil.invalid/');
    const paid = await chooseInSandbox(t, evil.toString(), 'paid');
    // A return address that is not the console's own page is ignored: the page says what happened.
    expect(paid.statusCode).toBe(200);
    expect((await status(token, order.orderId)).status).toBe('paid');
  });
});

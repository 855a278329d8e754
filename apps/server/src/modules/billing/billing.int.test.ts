import { describe, expect, it } from 'vitest';
import { accountOnPlan } from '../../../test/factories.ts';
import { get, post, signUp, useTestApp } from '../../../test/helpers.ts';

// what is for sale, from the catalogue, priced for the account; and the account's plan as
// the console shows it, with the console contract's derived values.
const t = useTestApp({ BRAND_NAME: 'Acme' });
const DAY_MS = 86_400_000;

/** Ends the account's plan `days` from now (its period stays Normal until the lifecycle moves it). */
async function endsIn(accountId: string, days: number) {
  await t.db
    .updateTable('account')
    .set({ period_end_at: new Date(t.clock.now().getTime() + days * DAY_MS) })
    .where('id', '=', accountId)
    .execute();
}

describe('pay products', () => {
  it('lists every plan yearly in the first currency, the current one and Free not for sale', async () => {
    const { token } = await signUp(t);
    const answer = await get(t.app, '/api/pay/products', token);
    expect(answer.status).toBe(200);
    const { list, currency, currencies, plan, annualSavingPercent } = answer.body.data;
    expect({ currency, currencies, plan, annualSavingPercent }).toEqual({
      currency: 'USD',
      currencies: ['USD', 'CNY'],
      plan: 'yr',
      annualSavingPercent: 17,
    });
    expect(list.map((product: { type: string }) => product.type)).toEqual(['Free', 'Lite', 'Pro', 'Business']);
    const [free, , pro] = list;
    expect(free).toMatchObject({ productPrice: 0, canBuy: false, cannotBuy: 'package_free', showType: null });
    const prices = t.config.catalogue.plans.Pro.prices.USD;
    expect(pro).toMatchObject({
      productId: 'Pro-yr-USD',
      productPrice: prices?.year,
      monthlyPrice: Math.round((prices?.year ?? 0) / 12),
      planDesc: 'per year, billed annually',
      productDesc: 'Save 17% with annual billing',
      isPopular: true,
      canBuy: true,
      cannotBuy: null,
    });
    expect(pro.benefits).toEqual(t.config.catalogue.plans.Pro.benefits.en);

    const monthly = (await get(t.app, '/api/pay/products?plan=month', token)).body.data.list[2];
    expect(monthly).toMatchObject({ productId: 'Pro-month-USD', productPrice: prices?.month, productDesc: '' });
  });

  it('speaks the account language and prices a Chinese account in yuan unless asked otherwise', async () => {
    const { token } = await signUp(t);
    expect((await post(t.app, '/api/account/language', { language: 'zh_CN' }, token)).status).toBe(200);
    const { list, currency } = (await get(t.app, '/api/pay/products', token)).body.data;
    expect(currency).toBe('CNY');
    expect(list[1]).toMatchObject({
      productPrice: t.config.catalogue.plans.Lite.prices.CNY?.year,
      planDesc: '每年，按年计费',
      benefits: t.config.catalogue.plans.Lite.benefits.zh_CN,
    });
    expect((await get(t.app, '/api/pay/products?currency=USD', token)).body.data.currency).toBe('USD');
  });

  it('refuses the current package while it runs, and sells it again to renew once it is ending', async () => {
    const pro = await accountOnPlan(t, 'Pro');
    const current = (await get(t.app, '/api/pay/products', pro.token)).body.data.list[2];
    expect(current).toMatchObject({ type: 'Pro', canBuy: false, cannotBuy: 'package_current' });
    await endsIn(pro.accountId, 10);
    const ending = (await get(t.app, '/api/pay/products', pro.token)).body.data.list[2];
    expect(ending).toMatchObject({ type: 'Pro', canBuy: true, cannotBuy: null });
  });

  it('opens on the billing the plan was bought with, and sells the same plan billed the other way', async () => {
    const { token } = await signUp(t);
    const order = (await post(t.app, '/api/pay/stripe', { productId: 'Lite-month-USD', method: 'card' }, token)).body
      .data;
    await t.services.orders.settle(order.orderId, { status: 'paid', amount: order.amount, currency: order.currency });
    const first = (await get(t.app, '/api/pay/products', token)).body.data;
    expect(first.plan).toBe('month');
    expect(first.list[1]).toMatchObject({ productId: 'Lite-month-USD', current: true, cannotBuy: 'package_current' });
    const yearly = (await get(t.app, '/api/pay/products?plan=yr', token)).body.data.list[1];
    expect(yearly).toMatchObject({ productId: 'Lite-yr-USD', current: false, canBuy: true, cannotBuy: null });
    // Switching to annual billing is an order like any other, and its year follows the month paid.
    const annual = await post(t.app, '/api/pay/stripe', { productId: 'Lite-yr-USD', method: 'card' }, token);
    expect(annual.status).toBe(200);
    const again = await post(t.app, '/api/pay/stripe', { productId: 'Lite-month-USD', method: 'card' }, token);
    expect([again.status, again.body.error]).toEqual([400, 'package_current']);
  });

  it('refuses a currency not sold, a billing period that is not one, unknown fields, and no session', async () => {
    const { token } = await signUp(t);
    for (const [query, field, code] of [
      ['currency=EUR', 'currency', 'currency_invalid'],
      ['currency=usd', 'currency', 'currency_invalid'],
      [`currency=${'U'.repeat(300)}`, 'currency', 'currency_invalid'],
      ['currency=%00SD', 'currency', 'currency_invalid'],
      ['plan=week', 'plan', 'billing_plan_invalid'],
      ['plan=', 'plan', 'billing_plan_invalid'],
    ] as const) {
      const answer = await get(t.app, `/api/pay/products?${query}`, token);
      expect(answer.status, query).toBe(400);
      expect(answer.body, query).toMatchObject({ error: code, field });
    }
    expect((await get(t.app, '/api/pay/products?discount=1', token)).status).toBe(400);
    expect((await get(t.app, '/api/pay/credits-products?currency=EUR', token)).body.error).toBe('currency_invalid');
    expect((await get(t.app, '/api/pay/products')).status).toBe(403);
    expect((await get(t.app, '/api/pay/credits-products')).status).toBe(403);
  });
});

describe('pay credits products', () => {
  it('lists the packages priced in the currency', async () => {
    const { token } = await signUp(t);
    const { list, currency } = (await get(t.app, '/api/pay/credits-products?currency=CNY', token)).body.data;
    expect(currency).toBe('CNY');
    expect(list).toEqual(
      t.config.catalogue.creditPackages.map((credits) => ({
        productId: credits.id,
        credits: credits.credits,
        currency: 'CNY',
        productPrice: credits.prices.CNY,
        canBuy: true,
      })),
    );
  });
});

describe('vip user info (the console contract derived values)', () => {
  it('counts the days left, gives the end date, and says when the plan will expire (15 days)', async () => {
    const pro = await accountOnPlan(t, 'Pro');
    await endsIn(pro.accountId, 20);
    const far = (await get(t.app, '/api/pay/vip-user-info', pro.token)).body.data;
    const end = new Date(far.VipExpireTime * 1000);
    expect(far).toMatchObject({
      isVip: true,
      surplusDays: 20,
      expireDate: end.toISOString().slice(0, 10).replaceAll('-', '/'),
      willExpire: false,
      planText: 'Acme Pro',
    });
    await endsIn(pro.accountId, 15);
    expect((await get(t.app, '/api/pay/vip-user-info', pro.token)).body.data).toMatchObject({
      surplusDays: 15,
      willExpire: true,
    });
    await endsIn(pro.accountId, -3);
    expect((await get(t.app, '/api/pay/vip-user-info', pro.token)).body.data).toMatchObject({
      surplusDays: 0,
      willExpire: false,
    });
    const free = (await get(t.app, '/api/pay/vip-user-info', (await signUp(t)).token)).body.data;
    expect(free).toMatchObject({ isVip: false, surplusDays: 0, expireDate: null, willExpire: false, planText: 'Acme' });
  });
});

describe('DEFAULT_PLAN', () => {
  const company = useTestApp({ DEFAULT_PLAN: 'Business' });

  it('starts every new account on the plan, with no end and its rights', async () => {
    const { token } = await signUp(company);
    const vip = (await get(company.app, '/api/pay/vip-user-info', token)).body.data;
    expect(vip).toMatchObject({ product: { type: 'Business' }, isVip: true, VipExpireTime: 0, willExpire: false });
    const detail = (await get(company.app, '/api/account/detail', token)).body.data;
    expect(detail.privileges).toEqual(company.config.catalogue.plans.Business.privileges);
    expect(detail.storageAndTraffic.storage).toBe(company.config.catalogue.plans.Business.storageBytes);
  });
});

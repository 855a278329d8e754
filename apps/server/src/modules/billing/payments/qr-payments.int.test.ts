import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAlipay, startFakeWechat, strangerKey } from '../../../../test/fakes/wechat-alipay.ts';
import { createTestApp, get, post, signUp, type TestApp } from '../../../../test/helpers.ts';

// WeChat Pay (API v3, Native QR) and Alipay (precreate QR, RSA2) against fakes that check
// and make signatures by each provider's scheme, with keys made by the test.
let dir: string;
let wechat: Awaited<ReturnType<typeof startFakeWechat>>;
let alipay: Awaited<ReturnType<typeof startFakeAlipay>>;
let t: TestApp;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'leadreel-pay-keys-'));
  wechat = await startFakeWechat(dir);
  alipay = await startFakeAlipay(dir);
  t = await createTestApp({ PUBLIC_URL: 'https://video.example.test', ...wechat.env, ...alipay.env });
});
afterAll(async () => {
  await t?.close();
  await wechat?.close();
  await alipay?.close();
  await rm(dir, { recursive: true, force: true });
});

type Order = { orderId: string; status: string; qrCode: string | null; amount: number; currency: string };

async function buy(token: string, method: 'wechat' | 'alipay', productId = 'Pro-month-USD') {
  const answer = await post(t.app, '/api/pay/stripe', { productId, method }, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as Order;
}

const tradeNo = (order: Order) => order.orderId.replaceAll('-', '');
const statusOf = async (token: string, orderId: string) =>
  (await get(t.app, `/api/pay/wechat-status?orderId=${orderId}`, token)).body.data.status as string;

const notifyWechat = (note: { body: string; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: '/pay/wechat/notify', payload: note.body, headers: note.headers });
const notifyAlipay = (form: string) =>
  t.app.inject({
    method: 'POST',
    url: '/pay/alipay/notify',
    payload: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
  });

describe('WeChat Pay, Native QR', () => {
  it('prices the order in yuan, shows the code_url and pays it on a verified notification', async () => {
    const { token } = await signUp(t);
    expect((await get(t.app, '/api/pay/public-key', token)).body.data.methods).toEqual([
      { method: 'wechat', provider: 'wechat' },
      { method: 'alipay', provider: 'alipay' },
    ]);
    const order = await buy(token, 'wechat');
    expect(order).toMatchObject({ currency: 'CNY', amount: t.config.catalogue.plans.Pro.prices.CNY?.month });
    expect(order.qrCode).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    const sent = wechat.orders.get(tradeNo(order));
    expect(sent).toMatchObject({
      notify_url: 'https://video.example.test/pay/wechat/notify',
      amount: { total: order.amount, currency: 'CNY' },
    });

    const note = wechat.notification(tradeNo(order), { trade_state: 'SUCCESS' });
    expect((await notifyWechat(note)).statusCode).toBe(204);
    expect(await statusOf(token, order.orderId)).toBe('paid');
    expect((await get(t.app, '/api/pay/vip-user-info', token)).body.data.product.type).toBe('Pro');
    // Notified again with the same id: applied once.
    expect((await notifyWechat(note)).statusCode).toBe(204);
    const invoices = await t.db.selectFrom('invoice').select('number').where('order_id', '=', order.orderId).execute();
    expect(invoices).toHaveLength(1);
  });

  it('refuses a forged or stale signature, another key, another merchant, and pays nothing', async () => {
    const { token } = await signUp(t);
    const order = await buy(token, 'wechat');
    const forged = wechat.notification(tradeNo(order), { trade_state: 'SUCCESS' }, { signWith: strangerKey() });
    expect((await notifyWechat(forged)).statusCode).toBe(401);
    const stale = wechat.notification(
      tradeNo(order),
      { trade_state: 'SUCCESS' },
      { timestamp: Math.floor(Date.now() / 1000) - 400 },
    );
    expect((await notifyWechat(stale)).statusCode).toBe(401);
    const note = wechat.notification(tradeNo(order), { trade_state: 'SUCCESS' });
    expect((await notifyWechat({ ...note, body: note.body.replace('"id":"', '"id":"x') })).statusCode).toBe(401);
    const { 'wechatpay-signature': _gone, ...unsigned } = note.headers;
    expect((await notifyWechat({ body: note.body, headers: unsigned })).statusCode).toBe(401);
    const wrongKey = wechat.notification(tradeNo(order), { trade_state: 'SUCCESS' }, { key: 'k'.repeat(32) });
    expect((await notifyWechat(wrongKey)).statusCode).toBe(400);
    const elsewhere = wechat.notification(tradeNo(order), { trade_state: 'SUCCESS', mchid: '1900000999' });
    expect((await notifyWechat(elsewhere)).statusCode).toBe(400);
    expect(await statusOf(token, order.orderId)).toBe('pending');
  });

  it('refunds a paid order through the refunds API, the refund numbered by the order', async () => {
    const { token } = await signUp(t);
    const order = await buy(token, 'wechat');
    await notifyWechat(wechat.notification(tradeNo(order), { trade_state: 'SUCCESS' }));
    await t.services.admin.refund('ops', order.orderId, '');
    expect(wechat.refunds.get(`R${tradeNo(order)}`)).toMatchObject({
      out_trade_no: tradeNo(order),
      amount: { refund: order.amount, total: order.amount, currency: 'CNY' },
    });
    expect(await statusOf(token, order.orderId)).toBe('refunded');
  });

  it('refunds a payment scanned after the buyer canceled the order, and gives nothing for it', async () => {
    const { token } = await signUp(t);
    const order = await buy(token, 'wechat');
    expect((await post(t.app, '/api/pay/cancel-order', { orderId: order.orderId }, token)).status).toBe(200);
    expect((await notifyWechat(wechat.notification(tradeNo(order), { trade_state: 'SUCCESS' }))).statusCode).toBe(204);
    expect(wechat.refunds.get(`R${tradeNo(order)}`)).toMatchObject({ amount: { refund: order.amount } });
    expect(await statusOf(token, order.orderId)).toBe('refunded');
    expect((await get(t.app, '/api/pay/vip-user-info', token)).body.data.product.type).toBe('Free');
  });

  it('acknowledges signed notifications of shapes it does not handle, and changes nothing', async () => {
    const { token } = await signUp(t);
    const order = await buy(token, 'wechat');
    for (const odd of [
      wechat.notification(`${tradeNo(order)}\u0000`, { trade_state: 'SUCCESS' }),
      wechat.notification(tradeNo(order), { trade_state: 'SUCCESS' }, { id: 'id\u0000nul' }),
      wechat.notification(tradeNo(order), { trade_state: 'SUCCESS', currency: 'CNY\ud800' }),
    ]) {
      expect((await notifyWechat(odd)).statusCode, odd.body.slice(0, 120)).toBe(204);
      expect(await statusOf(token, order.orderId), odd.body.slice(0, 120)).toBe('pending');
    }
  });

  it('fails an order notified with another amount, and leaves another order alone', async () => {
    const { token } = await signUp(t);
    const order = await buy(token, 'wechat');
    const other = await buy(token, 'wechat', 'Lite-month-CNY');
    const cheap = wechat.notification(tradeNo(order), { trade_state: 'SUCCESS', total: 1 });
    expect((await notifyWechat(cheap)).statusCode).toBe(204);
    expect(await statusOf(token, order.orderId)).toBe('failed');
    expect(await statusOf(token, other.orderId)).toBe('pending');
  });
});

describe('Alipay, precreate QR', () => {
  it('prices credits in yuan, shows the qr_code and pays on a verified notification', async () => {
    const { token } = await signUp(t);
    const answer = await post(
      t.app,
      '/api/pay/purchase-credits',
      { productId: 'credits-500', method: 'alipay' },
      token,
    );
    const order = answer.body.data as Order;
    expect(order).toMatchObject({ currency: 'CNY', amount: 6900, status: 'pending' });
    expect(order.qrCode).toMatch(/^https:\/\/qr\.alipay\.invalid\//);
    expect(alipay.trades.get(tradeNo(order))).toMatchObject({
      total_amount: '69.00',
      notify_url: 'https://video.example.test/pay/alipay/notify',
    });
    const form = alipay.notification(tradeNo(order), { trade_status: 'TRADE_SUCCESS' });
    const answered = await notifyAlipay(form);
    expect([answered.statusCode, answered.body]).toEqual([200, 'success']);
    expect(await statusOf(token, order.orderId)).toBe('paid');
    expect((await get(t.app, '/api/pay/credits', token)).body.data.balance).toBe(500);
    await notifyAlipay(form);
    expect((await get(t.app, '/api/pay/credits', token)).body.data.balance).toBe(500);
  });

  it('refuses a forged signature, another app, and a changed amount; fails an order paid short', async () => {
    const { token } = await signUp(t);
    const order = await buy(token, 'alipay');
    const forged = alipay.notification(tradeNo(order), { trade_status: 'TRADE_SUCCESS' }, { signWith: strangerKey() });
    expect((await notifyAlipay(forged)).statusCode).toBe(400);
    const tampered = alipay
      .notification(tradeNo(order), { trade_status: 'TRADE_SUCCESS' })
      .replace(/total_amount=[^&]+/, 'total_amount=0.01');
    expect((await notifyAlipay(tampered)).statusCode).toBe(400);
    const otherApp = alipay.notification(tradeNo(order), { trade_status: 'TRADE_SUCCESS', app_id: '2021000000000999' });
    expect((await notifyAlipay(otherApp)).statusCode).toBe(400);
    expect((await notifyAlipay('')).statusCode).toBe(400);
    expect(await statusOf(token, order.orderId)).toBe('pending');
    const short = alipay.notification(tradeNo(order), { trade_status: 'TRADE_SUCCESS', total_amount: '0.01' });
    expect((await notifyAlipay(short)).statusCode).toBe(200);
    expect(await statusOf(token, order.orderId)).toBe('failed');
  });

  it('acknowledges signed notifications whose ids it cannot take, and changes nothing', async () => {
    const { token } = await signUp(t);
    const order = await buy(token, 'alipay');
    for (const odd of [
      alipay.notification(`${tradeNo(order)}\u0000`, { trade_status: 'TRADE_SUCCESS' }),
      alipay.notification(tradeNo(order), { trade_status: 'TRADE_SUCCESS', notify_id: 'n\u0000otify' }),
      alipay.notification(tradeNo(order), { trade_status: 'TRADE_SUCCESS\u0000' }),
    ]) {
      const answered = await notifyAlipay(odd);
      expect([answered.statusCode, answered.body], odd.slice(0, 120)).toEqual([200, 'success']);
      expect(await statusOf(token, order.orderId), odd.slice(0, 120)).toBe('pending');
    }
  });

  it('refunds a paid order with alipay.trade.refund in yuan', async () => {
    const { token } = await signUp(t);
    const order = await buy(token, 'alipay', 'Lite-month-USD');
    await notifyAlipay(alipay.notification(tradeNo(order), { trade_status: 'TRADE_SUCCESS' }));
    await t.services.admin.refund('ops', order.orderId, 'changed plans');
    expect(alipay.refunds.get(`R${tradeNo(order)}`)).toEqual({
      out_trade_no: tradeNo(order),
      refund_amount: (order.amount / 100).toFixed(2),
    });
    expect(await statusOf(token, order.orderId)).toBe('refunded');
  });

  it('is not offered for a card, and refuses to start without a public address', async () => {
    const { token } = await signUp(t);
    const card = await post(t.app, '/api/pay/stripe', { productId: 'Pro-month-USD', method: 'card' }, token);
    expect(card.body).toMatchObject({ statusCode: 400, error: 'payment_method_unavailable' });
    await expect(createTestApp({ ...alipay.env, PUBLIC_URL: '' }).then((app) => app.close())).rejects.toThrow(
      /PUBLIC_URL: required for Alipay/,
    );
    await expect(
      createTestApp({ ...alipay.env, ALIPAY_APP_ID: '', PUBLIC_URL: 'https://video.example.test' }).then((app) =>
        app.close(),
      ),
    ).rejects.toThrow(/ALIPAY_APP_ID/);
  });
});

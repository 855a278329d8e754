import type { Order } from '@leadreel/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAccountStore } from '../../stores/account.ts';
import { type FakeRoute, fakeApi, fakeVip } from '../../test/fakeApi.ts';
import { fakeOrder, fakeProducts, ORDER_ID } from '../../test/fakePay.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * The server's side of one purchase: the order is made pending, then each status poll answers the next of
 * `polls` (the last one again once they run out). Once paid, the account is on Pro.
 */
function purchase(polls: Array<Partial<Order>>, extra: Record<string, FakeRoute> = {}) {
  let asked = 0;
  let paid = false;
  const routes: Record<string, FakeRoute> = {
    'POST /pay/stripe': (body) => ({ data: fakeOrder({ method: (body as { method: Order['method'] }).method }) }),
    'GET /pay/wechat-status': () => {
      const answer = polls[Math.min(asked, polls.length - 1)];
      asked += 1;
      paid ||= answer?.status === 'paid';
      return { data: fakeOrder(answer) };
    },
    'POST /pay/cancel-order': () => ({ data: fakeOrder({ status: 'canceled' }) }),
    'GET /pay/vip-user-info': () => ({
      data: paid ? { ...fakeVip, product: { type: 'Pro', showType: 'Pro' }, isVip: true } : fakeVip,
    }),
    'GET /pay/products': (_, query) => ({
      data: fakeProducts({ plan: query.get('plan') }, { current: paid ? 'Pro' : 'Free' }),
    }),
    ...extra,
  };
  return fakeApi(routes);
}

/** Opens the dialog for Pro, yearly, and pays with `method`. */
async function pay(method: RegExp) {
  await screen.findByTestId('plan-Pro');
  fireEvent.click(within(screen.getByTestId('plan-Pro')).getByRole('button', { name: 'Buy now' }));
  const dialog = within(await screen.findByRole('dialog'));
  expect(dialog.getByText('Pro · Billed yearly')).toBeTruthy();
  fireEvent.click(await dialog.findByRole('radio', { name: method }));
  fireEvent.click(dialog.getByRole('button', { name: 'Pay $489.00' }));
  return dialog;
}

describe('the payment dialog (payment methods, Payment: success, failed, canceled)', () => {
  it('WeChat Pay: shows the code to scan, follows the order every 2 s, and on payment says so and reloads the account', async () => {
    const calls = purchase([{}, { status: 'paid', paidAt: 1_780_000_100, invoiceNumber: 'LR-2026-000042' }]);
    renderApp('/buy-vip', { token: 't' });
    const dialog = await pay(/WeChat Pay/);
    expect(await dialog.findByText('Scan with WeChat')).toBeTruthy();
    expect(calls.find((c) => c.path === '/pay/stripe')?.body).toEqual({ productId: 'Pro-yr-USD', method: 'wechat' });
    expect(document.querySelector('.pay-qr svg')).not.toBeNull();
    expect(dialog.getByText('$489.00')).toBeTruthy();
    const link = dialog.getByRole('link', { name: 'Open the payment page' });
    expect(link.getAttribute('href')).toBe(fakeOrder().checkoutUrl);
    expect(link.getAttribute('target')).toBe('_blank');

    expect(await dialog.findByText('Payment successful')).toBeTruthy();
    expect(dialog.getByText('Invoice number: LR-2026-000042')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/pay/wechat-status').length).toBe(2);
    // The account store reloads: the plan, its privileges and what the pages show follow.
    await waitFor(() => expect(useAccountStore.getState().vip?.product.type).toBe('Pro'));
    expect(calls.filter((c) => c.path === '/account/detail').length).toBeGreaterThanOrEqual(2);

    // The plans behind the dialog have reloaded too: Pro is now the plan the account has.
    expect(await within(screen.getByTestId('plan-Pro')).findByRole('button', { name: 'Current plan' })).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Done' }));
    // A paid order is not canceled by closing the dialog.
    expect(calls.some((c) => c.path === '/pay/cancel-order')).toBe(false);
  });

  it('Alipay: a failed payment says "Payment failed" and can be tried again', async () => {
    purchase([{ method: 'alipay', status: 'failed' }]);
    renderApp('/buy-vip', { token: 't' });
    const dialog = await pay(/Alipay/);
    expect(await dialog.findByText('Payment failed')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Try again' }));
    expect(await dialog.findByRole('button', { name: 'Pay $489.00' })).toBeTruthy();
  });

  it('a canceled payment says "Payment canceled"; an expired order says so and offers to try again', async () => {
    purchase([{ status: 'canceled' }]);
    const { unmount } = renderApp('/buy-vip', { token: 't' });
    expect(await (await pay(/WeChat Pay/)).findByText('Payment canceled')).toBeTruthy();
    unmount();
    vi.unstubAllGlobals();

    purchase([{ status: 'expired' }]);
    renderApp('/buy-vip', { token: 't' });
    const dialog = await pay(/WeChat Pay/);
    expect(await dialog.findByText('This order expired')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('closing the dialog while the order waits cancels it', async () => {
    const calls = purchase([{}]);
    renderApp('/buy-vip', { token: 't' });
    const dialog = await pay(/WeChat Pay/);
    await dialog.findByText('Scan with WeChat');
    fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/pay/cancel-order')?.body).toEqual({ orderId: ORDER_ID }));
  });

  it('card: goes to the checkout page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const calls = purchase([{}]);
    renderApp('/buy-vip', { token: 't' });
    const dialog = await pay(/Credit card/);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(fakeOrder().checkoutUrl));
    // A card payment renews by default (the console contract Subscription).
    expect(calls.find((c) => c.path === '/pay/stripe')?.body).toEqual({
      productId: 'Pro-yr-USD',
      method: 'card',
      autoRenew: true,
    });
    expect(dialog.getByText('Taking you to the secure checkout page…')).toBeTruthy();
  });

  it('card: auto-renew can be turned off before paying; WeChat Pay says it does not renew and charges yuan', async () => {
    vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
    const calls = purchase([{}]);
    renderApp('/buy-vip', { token: 't' });
    await screen.findByTestId('plan-Pro');
    fireEvent.click(within(screen.getByTestId('plan-Pro')).getByRole('button', { name: 'Buy now' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(await dialog.findByRole('radio', { name: /WeChat Pay/ }));
    expect(dialog.queryByRole('checkbox')).toBeNull();
    expect(dialog.getByText(/WeChat Pay and Alipay charge in yuan \(CNY\)\. The plan ends on its date/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('radio', { name: /Credit card/ }));
    const renew = dialog.getByRole('checkbox', { name: /Renew automatically/ });
    expect((renew as HTMLInputElement).checked).toBe(true);
    fireEvent.click(renew);
    fireEvent.click(dialog.getByRole('button', { name: 'Pay $489.00' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/pay/stripe')?.body).toEqual({
        productId: 'Pro-yr-USD',
        method: 'card',
        autoRenew: false,
      }),
    );
  });

  it('offers only the methods the server takes, and shows a refusal translated', async () => {
    purchase([{}], {
      'GET /pay/public-key': () => ({
        data: { methods: [{ method: 'card', provider: 'stripe' }], publicKey: 'pk_test' },
      }),
      'POST /pay/stripe': () => ({ status: 409, error: 'package_current' }),
    });
    renderApp('/buy-vip', { token: 't', language: 'zh_CN' });
    await screen.findByTestId('plan-Pro');
    fireEvent.click(within(screen.getByTestId('plan-Pro')).getByRole('button', { name: '立即购买' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByRole('radio', { name: /信用卡/ })).toBeTruthy();
    expect(dialog.queryByRole('radio', { name: /微信支付/ })).toBeNull();
    expect(dialog.queryByRole('radio', { name: /支付宝/ })).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: /支付/ }));
    expect(await dialog.findByText('无法购买当前套餐')).toBeTruthy();
  });
});

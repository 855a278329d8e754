import type { Order, PlanType } from '@leadreel/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAccountStore } from '../../stores/account.ts';
import { type FakeRoute, fakeApi, fakeVip } from '../../test/fakeApi.ts';
import { fakeOrder, fakeProducts, ORDER_ID } from '../../test/fakePay.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The account's plan, as VIP info and the products both answer it. */
const onPlan = (
  type: PlanType,
  options: { renewable?: boolean; billing?: 'yr' | 'month' } = {},
): Record<string, FakeRoute> => ({
  'GET /pay/vip-user-info': () => ({
    data: { ...fakeVip, product: { type, showType: type === 'Free' ? null : type }, isVip: type !== 'Free' },
  }),
  'GET /pay/products': (_, query) => ({
    data: fakeProducts({ plan: query.get('plan'), currency: query.get('currency') }, { current: type, ...options }),
  }),
});

const card = (type: PlanType) => within(screen.getByTestId(`plan-${type}`));

describe('buy-vip, the plan purchase (default period yr)', () => {
  it('lists the plans side by side, yearly first, the current one marked and not for sale again', async () => {
    const calls = fakeApi(onPlan('Pro'));
    renderApp('/buy-vip', { token: 't' });
    await screen.findByTestId('plan-Business');
    // No period asked: the server answers with the one the plan was bought with (yearly here).
    expect(calls.find((c) => c.path === '/pay/products')?.query.has('plan')).toBe(false);
    expect(screen.getAllByTestId(/^plan-/).map((node) => node.dataset.testid)).toEqual([
      'plan-Free',
      'plan-Lite',
      'plan-Pro',
      'plan-Business',
    ]);
    expect(screen.getByText('Save 17%')).toBeTruthy();

    const pro = card('Pro');
    expect(pro.getByText('$489.00')).toBeTruthy();
    expect(pro.getByText('per year, billed annually')).toBeTruthy();
    expect(pro.getByText('$40.75/month')).toBeTruthy();
    expect(pro.getByText('Save 17% with annual billing')).toBeTruthy();
    expect(pro.getByText('API access')).toBeTruthy();
    expect((pro.getByRole('button', { name: 'Current plan' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Most popular')).toBeTruthy();

    expect((card('Lite').getByRole('button', { name: 'Buy now' }) as HTMLButtonElement).disabled).toBe(false);
    expect(card('Free').queryByRole('button')).toBeNull();
  });

  it('explains why the current plan cannot be bought', async () => {
    fakeApi(onPlan('Pro'));
    renderApp('/buy-vip', { token: 't' });
    const button = await screen.findByRole('button', { name: 'Current plan' });
    fireEvent.mouseEnter(button.parentElement as HTMLElement);
    expect(await screen.findByText('Cannot purchase the current package')).toBeTruthy();
  });

  it('offers to renew the current plan when the server allows it (an ending plan)', async () => {
    fakeApi(onPlan('Lite', { renewable: true }));
    renderApp('/buy-vip', { token: 't' });
    await screen.findByTestId('plan-Lite');
    expect(card('Lite').getByRole('button', { name: 'Renew' })).toBeTruthy();
    expect(card('Lite').getByText('Current plan')).toBeTruthy();
  });

  it('opens on the billing the plan was bought with, and offers the other billing of the same plan', async () => {
    fakeApi(onPlan('Pro', { billing: 'month' }));
    renderApp('/buy-vip', { token: 't' });
    await screen.findByTestId('plan-Pro');
    // Monthly first, with the monthly Pro marked as the current plan.
    expect(card('Pro').getByText('$49.00')).toBeTruthy();
    expect((card('Pro').getByRole('button', { name: 'Current plan' }) as HTMLButtonElement).disabled).toBe(true);
    // Annual: the same plan billed yearly is for sale, so a monthly customer can switch.
    fireEvent.click(screen.getByText('Annual'));
    await waitFor(() => expect(card('Pro').getByText('$489.00')).toBeTruthy());
    expect((card('Pro').getByRole('button', { name: 'Buy now' }) as HTMLButtonElement).disabled).toBe(false);
    expect(card('Pro').queryByText('Current plan')).toBeNull();
  });

  it('switches between monthly and annual billing, and between currencies', async () => {
    const calls = fakeApi({});
    renderApp('/buy-vip', { token: 't' });
    await screen.findByTestId('plan-Pro');
    expect(card('Pro').getByText('$489.00')).toBeTruthy();

    fireEvent.click(screen.getByText('Monthly'));
    await waitFor(() => expect(card('Pro').getByText('$49.00')).toBeTruthy());
    expect(card('Pro').getByText('per month, billed monthly')).toBeTruthy();
    expect(card('Pro').queryByText(/\/month$/)).toBeNull();
    expect(card('Pro').queryByText('Save 17% with annual billing')).toBeNull();
    expect(calls.at(-1)?.query.get('plan')).toBe('month');

    fireEvent.click(screen.getByText('CNY'));
    await waitFor(() => expect(card('Pro').getByText('¥349.00')).toBeTruthy());
    expect(calls.at(-1)?.query.get('currency')).toBe('CNY');

    fireEvent.click(screen.getByText('Annual'));
    await waitFor(() => expect(card('Pro').getByText('¥3,475.00')).toBeTruthy());
  });

  it('speaks Chinese', async () => {
    fakeApi({});
    renderApp('/buy-vip', { token: 't', language: 'zh_CN' });
    await screen.findByTestId('plan-Pro');
    expect(screen.getByText('年付')).toBeTruthy();
    expect(screen.getByText('月付')).toBeTruthy();
    expect(screen.getByText('省 17%')).toBeTruthy();
    expect(screen.getByText('最受欢迎')).toBeTruthy();
    expect(card('Free').getByText('免费版')).toBeTruthy();
    expect(card('Free').getByRole('button', { name: '当前套餐' })).toBeTruthy();
    expect(card('Pro').getByRole('button', { name: '立即购买' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('升级套餐 - Acme Video'));
  });
});

describe('back from the checkout page at ?order= (the console contract Payment: success, failed, canceled)', () => {
  const returning = (answers: Array<Partial<Order>>) => {
    let asked = 0;
    return fakeApi({
      'GET /pay/wechat-status': (_, query) => {
        expect(query.get('orderId')).toBe(ORDER_ID);
        const answer = answers[Math.min(asked, answers.length - 1)];
        asked += 1;
        return { data: fakeOrder({ method: 'card', ...answer }) };
      },
    });
  };

  it('waits for the order to settle, says it was paid, reloads the account, and forgets ?order when closed', async () => {
    const calls = returning([{}, { status: 'paid', paidAt: 1_780_000_100, invoiceNumber: 'LR-2026-000042' }]);
    const { router } = renderApp(`/buy-vip?order=${ORDER_ID}`, { token: 't' });
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
    expect(await screen.findByText('Payment successful')).toBeTruthy();
    expect(screen.getByText('Invoice number: LR-2026-000042')).toBeTruthy();
    const reloaded = (path: string) => calls.filter((c) => c.path === path).length;
    await waitFor(() => expect(reloaded('/account/detail')).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(reloaded('/pay/vip-user-info')).toBeGreaterThanOrEqual(2));

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/buy-vip');
    expect(screen.queryByText('Payment successful')).toBeNull();
  });

  it('says a failed payment failed', async () => {
    returning([{ status: 'failed' }]);
    renderApp(`/buy-vip?order=${ORDER_ID}`, { token: 't' });
    expect(await screen.findByText('Payment failed')).toBeTruthy();
  });

  it("cancels the order when the payer comes back by the checkout's cancel link", async () => {
    let canceled = false;
    const calls = fakeApi({
      'POST /pay/cancel-order': (body) => {
        expect(body).toEqual({ orderId: ORDER_ID });
        canceled = true;
        return { data: fakeOrder({ method: 'card', status: 'canceled' }) };
      },
      'GET /pay/wechat-status': () => ({
        data: fakeOrder({ method: 'card', status: canceled ? 'canceled' : 'pending' }),
      }),
    });
    const { router } = renderApp(`/buy-vip?order=${ORDER_ID}&canceled=1`, { token: 't' });
    expect(await screen.findByText('Payment canceled')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/pay/cancel-order')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says a canceled payment was canceled, on the credits page too', async () => {
    returning([{ status: 'canceled', kind: 'credits' }]);
    renderApp(`/buy-credits?order=${ORDER_ID}`, { token: 't' });
    expect(await screen.findByText('Payment canceled')).toBeTruthy();
    expect(useAccountStore.getState().account).not.toBeNull();
  });
});

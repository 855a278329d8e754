import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { fakeLedger, fakeOrder } from '../../test/fakePay.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A time of day in this machine's zone, in seconds as the server sends it. */
const at = (day: number, hour: number, minute: number) => new Date(2026, 10, day, hour, minute).getTime() / 1000;

const LEDGER = fakeLedger({
  balance: 2380,
  total: 23,
  list: [
    { id: 'e3', kind: 'spend', amount: -120, reference: 'AI translation: Product demo', createdAt: at(22, 15, 4) },
    { id: 'e2', kind: 'purchase', amount: 2000, reference: '2,000 credits', createdAt: at(21, 9, 30) },
    { id: 'e1', kind: 'grant', amount: 500, reference: null, createdAt: at(1, 0, 5) },
  ],
});

describe('buy-credits, the credits purchase', () => {
  it('shows the balance, the packages and the ledger, a page at a time', async () => {
    const calls = fakeApi({ 'GET /pay/credits': () => ({ data: LEDGER }) });
    renderApp('/buy-credits', { token: 't' });
    expect(await screen.findByText('2,380')).toBeTruthy();

    const small = within(await screen.findByTestId('credits-credits-500'));
    expect(small.getByText('500 credits')).toBeTruthy();
    expect(small.getByText('$9.90')).toBeTruthy();
    expect(within(screen.getByTestId('credits-credits-2000')).getByText('2,000 credits')).toBeTruthy();

    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['2026/11/22 15:04', 'Spent', '\u2212120', 'AI translation: Product demo'],
      ['2026/11/21 09:30', 'Purchase', '+2,000', '2,000 credits'],
      ['2026/11/01 00:05', 'Plan grant', '+500', '—'],
    ]);

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(calls.at(-1)?.query.get('page')).toBe('2'));
    expect(calls.at(-1)?.path).toBe('/pay/credits');
  });

  it('buys a package in the currency it is priced in, with the same payment dialog', async () => {
    const calls = fakeApi({
      'POST /pay/purchase-credits': () => ({
        data: fakeOrder({ kind: 'credits', productId: 'credits-500', amount: 6900, currency: 'CNY' }),
      }),
      'GET /pay/wechat-status': () => ({
        data: fakeOrder({ kind: 'credits', amount: 6900, currency: 'CNY', status: 'paid', invoiceNumber: 'LR-7' }),
      }),
    });
    renderApp('/buy-credits', { token: 't' });
    await screen.findByTestId('credits-credits-500');
    fireEvent.click(screen.getByText('CNY'));
    const small = within(screen.getByTestId('credits-credits-500'));
    await waitFor(() => expect(small.getByText('¥69.00')).toBeTruthy());
    const ledgerCalls = calls.filter((c) => c.path === '/pay/credits').length;

    fireEvent.click(small.getByRole('button', { name: 'Buy 500 credits' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('500 credits · One-time purchase')).toBeTruthy();
    fireEvent.click(await dialog.findByRole('radio', { name: /WeChat Pay/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Pay ¥69.00' }));
    expect(await dialog.findByText('Payment successful')).toBeTruthy();
    expect(calls.find((c) => c.path === '/pay/purchase-credits')?.body).toEqual({
      productId: 'credits-500',
      method: 'wechat',
      currency: 'CNY',
    });
    // The balance and the ledger reload with the credits bought.
    await waitFor(() => expect(calls.filter((c) => c.path === '/pay/credits').length).toBeGreaterThan(ledgerCalls));
  });
});

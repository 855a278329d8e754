import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAccount, fakeApi, fakeVip, PAID_PRIVILEGES } from '../../test/fakeApi.ts';
import { fakeOrder } from '../../test/fakePay.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ROUTE = '/account/memberships';

describe('memberships (the plan will expire)', () => {
  it('shows when a paid plan ends and warns in its last 15 days, with a way to renew', async () => {
    fakeApi({
      'GET /pay/vip-user-info': () => ({
        data: {
          ...fakeVip,
          product: { type: 'Pro', showType: 'Pro' },
          isVip: true,
          bySuperAdminOpen: true,
          surplusDays: 9,
          expireDate: '2026/12/04',
          willExpire: true,
          planText: 'LeadReel Pro',
        },
      }),
    });
    renderApp(ROUTE, { token: 't' });
    expect(await screen.findByText('Your plan expires in 9 days.')).toBeTruthy();
    // The plan's display text: the brand and the plan's display type, not the bare type.
    expect(screen.getByText('LeadReel Pro')).toBeTruthy();
    expect(screen.getByText('2026/12/04 (9 days left)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Renew now' })).toBeTruthy();
  });

  it('shows the usage board: storage, bandwidth, videos, credits and what the plan allows', async () => {
    fakeApi({
      'GET /account/detail': () => ({
        data: fakeAccount({
          videoTotal: 1234,
          privileges: { ...PAID_PRIVILEGES, cnameCount: 3, videoSlideCount: 20 },
          entitlements: {
            features: fakeAccount().entitlements.features,
            caps: { sites: 3, brands: 0, creditsPerPeriod: 500 },
          },
          storageAndTraffic: {
            storage: 200 * 1024 ** 3,
            usedStorage: 50 * 1024 ** 3,
            traffic: 1024 ** 4,
            usedTraffic: 0,
          },
        }),
      }),
      'GET /pay/credits': () => ({ data: { balance: 1500, list: [], total: 0 } }),
    });
    renderApp(ROUTE, { token: 't' });
    const board = await screen.findByTestId('usage-board');
    const row = (label: string) =>
      within(board).getByText(label).closest('.ant-descriptions-item')?.querySelector('.ant-descriptions-item-content')
        ?.textContent;
    expect(row('Videos')).toBe('1,234');
    await within(board).findByText('1,500');
    expect(row('Credits')).toBe('1,500(+500 a month with your plan)');
    expect(row('Custom domains')).toBe('up to 3');
    expect(row('Brands')).toBe('not in your plan');
    expect(row('Video slides')).toBe('up to 20');
    expect(row('Sites')).toBe('up to 3');
    expect(screen.getByText('50 G of 200 G')).toBeTruthy();
  });

  it('shows that a subscribed plan renews, and turns auto-renew off after asking, then back on', async () => {
    const renewing = {
      ...fakeVip,
      product: { type: 'Pro' as const, showType: 'Pro' },
      isVip: true,
      subscribeId: '5e1f0000-0000-4000-8000-000000000001',
      autoSubscribe: true,
      surplusDays: 20,
      expireDate: '2026/12/15',
    };
    const calls = fakeApi({
      'GET /pay/vip-user-info': () => ({ data: renewing }),
      'POST /pay/cancel-subscribe': () => ({ data: { ...renewing, autoSubscribe: false } }),
      'POST /pay/resume-subscribe': () => ({ data: renewing }),
    });
    renderApp(ROUTE, { token: 't' });
    expect(await screen.findByText('Renews on 2026/12/15')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Auto-renew' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/Your plan will end on 2026\/12\/15/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Ends on 2026/12/15 (20 days left): auto-renew is off')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/pay/cancel-subscribe')).toHaveLength(1);
    fireEvent.click(screen.getByRole('switch', { name: 'Auto-renew' }));
    expect(await screen.findByText('Renews on 2026/12/15')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/pay/resume-subscribe')).toHaveLength(1);
  });

  it('says a plan with no end has none, and shows no end for Free', async () => {
    fakeApi({
      'GET /pay/vip-user-info': () => ({
        data: { ...fakeVip, product: { type: 'Business', showType: 'Business' }, isVip: true, bySuperAdminOpen: true },
      }),
    });
    const { unmount } = renderApp(ROUTE, { token: 't' });
    expect(await screen.findByText('No end date')).toBeTruthy();
    expect(screen.queryByText(/expires in/)).toBeNull();
    unmount();
    vi.unstubAllGlobals();

    fakeApi({});
    renderApp(ROUTE, { token: 't' });
    expect(await screen.findByText('Usage')).toBeTruthy();
    expect(screen.queryByText('Ends')).toBeNull();
  });

  it('lists the billing history: each order with its amount, method, status and invoice number', async () => {
    const paidAt = new Date(2026, 10, 22, 15, 4).getTime() / 1000;
    const calls = fakeApi({
      'GET /pay/orders': () => ({
        data: {
          list: [
            fakeOrder({ status: 'paid', createdAt: paidAt - 60, paidAt, invoiceNumber: 'LR-2026-000042' }),
            fakeOrder({
              orderId: '1c2d3e4f-0000-4000-8000-000000000002',
              kind: 'credits',
              description: '500 credits',
              amount: 6900,
              currency: 'CNY',
              method: 'alipay',
              status: 'canceled',
              createdAt: paidAt + 3600,
            }),
          ],
          total: 2,
        },
      }),
    });
    renderApp(ROUTE, { token: 't' });
    const history = (await screen.findByText('Billing history')).closest('.ant-card') as HTMLElement;
    await within(history).findByText('LR-2026-000042');
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['2026/11/22 15:03', 'Pro, billed yearly', '$489.00', 'WeChat Pay', 'Paid', 'LR-2026-000042Download invoice'],
      ['2026/11/22 16:04', '500 credits', '¥69.00', 'Alipay', 'Canceled', '—'],
    ]);
    expect(calls.find((c) => c.path === '/pay/orders')?.query.get('page')).toBe('1');
    // The page's own content stays.
    expect(screen.getByText('Usage')).toBeTruthy();
  });

  it('downloads the PDF invoice of a paid order with the session token, under its number', async () => {
    const calls = fakeApi({
      'GET /pay/orders': () => ({
        data: { list: [fakeOrder({ status: 'refunded', invoiceNumber: 'LR-2026-000042' })], total: 1 },
      }),
    });
    const api = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://console.test');
      if (url.pathname !== '/api/pay/invoice') return api(input, init);
      calls.push({
        method: 'GET',
        path: '/pay/invoice',
        body: undefined,
        query: url.searchParams,
        authorization: new Headers(init.headers).get('authorization'),
      });
      return new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="LR-2026-000042.pdf"',
        },
      });
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:invoice'), revokeObjectURL: vi.fn() }),
    );
    let saved: HTMLAnchorElement | null = null;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = this;
    });
    renderApp(ROUTE, { token: 't' });
    fireEvent.click(await screen.findByRole('button', { name: /Download invoice/ }));
    await waitFor(() => expect(saved).not.toBeNull());
    const fetched = calls.find((call) => call.path === '/pay/invoice');
    expect(fetched?.query.get('orderId')).toBe(fakeOrder().orderId);
    expect(fetched?.authorization).toBe('Bearer t');
    expect((saved as HTMLAnchorElement | null)?.download).toBe('LR-2026-000042.pdf');
  });

  it('offers no invoice for an order that was not paid', async () => {
    fakeApi({
      'GET /pay/orders': () => ({ data: { list: [fakeOrder({ status: 'pending', invoiceNumber: null })], total: 1 } }),
    });
    renderApp(ROUTE, { token: 't' });
    const history = (await screen.findByText('Billing history')).closest('.ant-card') as HTMLElement;
    await within(history).findByText('Awaiting payment');
    expect(within(history).queryByRole('button', { name: /Download invoice/ })).toBeNull();
  });

  it('shows the billing details and saves them, showing the field the server refuses', async () => {
    let saved: unknown = null;
    const calls = fakeApi({
      'GET /pay/billing-details': () => ({
        data: { companyName: 'Acme GmbH', address: 'Hauptstraße 1\n10115 Berlin', country: 'Germany', taxId: '' },
      }),
      'POST /pay/billing-details': (body) => {
        if ((body as { taxId: string }).taxId === 'bad')
          return { status: 400, error: 'tax_id_too_long', message: 'too long', field: 'taxId' };
        saved = body;
        return { data: body };
      },
    });
    renderApp(ROUTE, { token: 't' });
    const card = await screen.findByTestId('billing-details');
    const company = await within(card).findByLabelText('Company name');
    expect((company as HTMLInputElement).value).toBe('Acme GmbH');
    expect((within(card).getByLabelText('Address') as HTMLTextAreaElement).value).toBe('Hauptstraße 1\n10115 Berlin');
    fireEvent.change(within(card).getByLabelText('Tax ID'), { target: { value: 'DE123456789' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Billing details saved')).toBeTruthy();
    expect(saved).toEqual({
      companyName: 'Acme GmbH',
      address: 'Hauptstraße 1\n10115 Berlin',
      country: 'Germany',
      taxId: 'DE123456789',
    });
    fireEvent.change(within(card).getByLabelText('Tax ID'), { target: { value: 'bad' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The tax ID cannot exceed 64 characters')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST' && call.path === '/pay/billing-details')).toHaveLength(2);
  });
});

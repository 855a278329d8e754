import type { AffiliateData, AffiliateRow } from '@leadreel/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeCall, type FakeRoute, fakeAccount, fakeApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const LINK = 'https://leadreel.example/register?ref=00000000-0000-4000-8000-000000000001';
// 2026/05/01 and 2026/05/03 at noon, local time, in seconds (as the API answers).
const MAY_1 = new Date(2026, 4, 1, 12, 0).getTime() / 1000;
const MAY_3 = new Date(2026, 4, 3, 12, 0).getTime() / 1000;

const row = (overrides: Partial<AffiliateRow> = {}): AffiliateRow => ({
  id: 'r1',
  date: MAY_1,
  user: 'b***@example.test',
  plan: 'Pro',
  kind: 'commission',
  profit: 3780,
  currency: 'USD',
  status: 'paid_out',
  ...overrides,
});

const DATA: AffiliateData = {
  link: LINK,
  percent: 20,
  totals: [{ currency: 'USD', earned: 3780, reversed: -3780, pending: -3780, paidOut: 3780 }],
  list: [row({ id: 'r2', date: MAY_3, kind: 'reversal', profit: -3780, status: 'pending' }), row()],
  total: 2,
  referred: {
    list: [
      { id: 'a2', date: MAY_3, user: 'c***@example.test', state: 'signed_up' },
      { id: 'a1', date: MAY_1, user: 'b***@example.test', state: 'paid' },
    ],
    total: 2,
  },
};

function open(routes: Record<string, FakeRoute> = {}, language: 'en' | 'zh_CN' = 'en') {
  const calls: FakeCall[] = fakeApi({
    'GET /account/detail': () => ({ data: fakeAccount({ isReferer: true }) }),
    'GET /pay/affiliate-data': () => ({ data: DATA }),
    ...routes,
  });
  const view = renderApp('/account/affiliate-system', { token: 'tok', language });
  return { calls, ...view };
}

const table = async (name = 'Referrals') => (await screen.findByRole('table', { name })) as HTMLElement;
const rowsOf = (container: HTMLElement) =>
  within(container)
    .getAllByRole('row')
    .slice(1)
    .map((tr) =>
      within(tr)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('the affiliate program page', () => {
  it('shows the referral link with copy and QR code, the totals and the rows', async () => {
    const copied: string[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: async (text: string) => void copied.push(text) },
    });
    open();
    const rows = await table();
    expect((await screen.findByTestId('affiliate-link')).textContent).toBe(LINK);
    expect(document.querySelector('.affiliate-qr')).toBeTruthy();
    expect(screen.getByText(/You earn 20% of every payment/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Copy link/ }));
    await waitFor(() => expect(copied).toEqual([LINK]));

    const totals = screen.getByTestId('affiliate-totals-USD');
    expect(totals.textContent).toContain('Earned$37.80');
    expect(totals.textContent).toContain('Reversed-$37.80');
    expect(totals.textContent).toContain('Pending-$37.80');
    expect(totals.textContent).toContain('Paid out$37.80');

    const headers = within(rows)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Date', 'User', 'Plan', 'Profit', 'Status']);
    expect(rowsOf(rows)).toEqual([
      ['2026/05/03', 'b***@example.test', 'Pro', '-$37.80', 'RefundedPending'],
      ['2026/05/01', 'b***@example.test', 'Pro', '$37.80', 'Paid out'],
    ]);
  });

  it('states what earns, and lists the referred accounts from their sign-up on, paid or not', async () => {
    open();
    expect((await screen.findByTestId('affiliate-rule')).textContent).toBe(
      'An account is yours when it signs up through your link, or adds your link before its first payment; after it has paid once, it can no longer be added. Only real payments earn: test (sandbox) payments earn nothing, and a refunded payment takes its commission back.',
    );
    const referred = await table('Referred accounts');
    expect(
      within(referred)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Signed up', 'User', 'State']);
    expect(rowsOf(referred)).toEqual([
      ['2026/05/03', 'c***@example.test', 'Signed up, not paid yet'],
      ['2026/05/01', 'b***@example.test', 'Paid'],
    ]);
  });

  it('pages the referred accounts on their own', async () => {
    const many = Array.from({ length: 20 }, (_, n) => ({
      id: `a${n}`,
      date: MAY_1,
      user: `u${n}***@example.test`,
      state: 'signed_up' as const,
    }));
    const { calls } = open({
      'GET /pay/affiliate-data': (_body, query) => ({
        data: {
          ...DATA,
          referred: {
            list: query.get('referredPage') === '2' ? [{ ...many[0], id: 'last', user: 'z***@example.test' }] : many,
            total: 21,
          },
        },
      }),
    });
    const referred = await table('Referred accounts');
    expect(await within(referred).findAllByText('Signed up, not paid yet')).toHaveLength(20);
    fireEvent.click(within(referred.closest('.ant-card') as HTMLElement).getByTitle('2'));
    await waitFor(() => expect(calls.at(-1)?.query.get('referredPage')).toBe('2'));
    expect(calls.at(-1)?.query.get('page')).toBe('1');
    expect(await screen.findByText('z***@example.test')).toBeTruthy();
  });

  it('asks for the next page and for a range of days', async () => {
    const many = Array.from({ length: 20 }, (_, n) => row({ id: `p${n}`, plan: null, profit: 100 }));
    const { calls } = open({
      'GET /pay/affiliate-data': (_body, query) => ({
        data: { ...DATA, list: query.get('page') === '2' ? [row({ id: 'last' })] : many, total: 21 },
      }),
    });
    const rows = await table();
    expect(await within(rows).findAllByText('Credits')).toHaveLength(20);
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(calls.at(-1)?.query.get('page')).toBe('2'));

    // Two days of this month, picked in the calendar as a user does.
    const first = dayjs().startOf('month');
    const third = first.add(2, 'day');
    const picker = screen.getByPlaceholderText('Start date');
    fireEvent.mouseDown(picker);
    fireEvent.click(picker);
    for (const day of [first, third]) {
      const cell = await waitFor(() => {
        const found = document.querySelector(`td[title="${day.format('YYYY-MM-DD')}"] .ant-picker-cell-inner`);
        if (!found) throw new Error(`no cell for ${day.format('YYYY-MM-DD')}`);
        return found;
      });
      fireEvent.click(cell);
    }
    await waitFor(() => {
      const last = calls.filter((call) => call.path === '/pay/affiliate-data').at(-1);
      expect([last?.query.get('from'), last?.query.get('to'), last?.query.get('page')]).toEqual([
        first.format('YYYY-MM-DD'),
        third.format('YYYY-MM-DD'),
        '1',
      ]);
    });
  });

  it("shows the server's refusal, in Chinese", async () => {
    open({ 'GET /pay/affiliate-data': () => ({ status: 403, error: 'affiliate_not_referrer' }) }, 'zh_CN');
    expect(await screen.findByText('推广计划仅对推荐人开放')).toBeTruthy();
  });

  it('speaks Chinese, and says when nothing was earned yet', async () => {
    open(
      {
        'GET /pay/affiliate-data': () => ({
          data: { ...DATA, totals: [], list: [], total: 0, referred: { list: [], total: 0 } },
        }),
      },
      'zh_CN',
    );
    const rows = await table('推广记录');
    expect(await screen.findByText('暂无佣金')).toBeTruthy();
    const headers = within(rows)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['日期', '用户', '套餐', '收益', '状态']);
    expect(screen.getByText('该时间段内暂无推广记录')).toBeTruthy();
    expect(screen.getByText(/获得 20% 的佣金/)).toBeTruthy();
    expect(screen.getByTestId('affiliate-rule').textContent).toContain('测试（沙盒）付款不产生佣金');
    expect(screen.getByText('还没有账号通过您的链接注册')).toBeTruthy();
  });
});

import type { Lead } from '@leadreel/shared';
import type { Overview } from '@leadreel/shared/contracts/analytics';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lastDays } from '../../features/analytics/range.ts';
import { NO_FIGURES, withoutCanvas } from '../../test/analyticsFakes.ts';
import { type FakeCall, type FakeRoute, fakeAccount, fakeApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

withoutCanvas();

const TOUR = '77777777-7777-4777-8777-777777777701';
const busy: Overview = {
  totals: {
    loads: 5_000_000,
    plays: 1_200_000,
    uniqueViewers: 900,
    watchSeconds: 3_725,
    completions: 300,
    leads: 30,
    clicks: 12,
    ctaClicks: 2,
    averagePercent: 40,
  },
  // Plays up by a fifth, viewers down by a tenth, leads new, watch time and contact clicks as before.
  previous: {
    ...NO_FIGURES,
    loads: 3_000_000,
    plays: 1_000_000,
    uniqueViewers: 1000,
    watchSeconds: 3_725,
    clicks: 10,
    averagePercent: 50,
  },
  days: [
    { day: '2026-05-01', loads: 10, plays: 4, watchSeconds: 60, leads: 1 },
    { day: '2026-05-02', loads: 12, plays: 6, watchSeconds: 90, leads: 0 },
  ],
  topVideos: [
    { videoId: TOUR, name: 'product-tour.mp4', thumbnail: null, plays: 1_100_000, watchSeconds: 3_600, leads: 25 },
  ],
};
const lead: Lead = {
  leadId: 'aaaaaaaa-0000-4000-8000-000000000001',
  videoId: TOUR,
  videoName: 'product-tour.mp4',
  createdAt: 1_780_000_000,
  read: false,
  second: 12,
  pageUrl: 'https://shop.example.test/',
  referrer: '',
  language: 'en',
  siteName: null,
  fields: [{ id: 'name', kind: 'name', label: 'Name' }],
  answers: { name: 'Ada Lovelace', email: 'ada@example.test' },
};
const leadsOf =
  (list: Lead[], masked = false): FakeRoute =>
  () => ({
    data: { list, total: list.length, unread: list.filter((item) => !item.read).length, masked },
  });

function open(routes: Record<string, FakeRoute> = {}, language: 'en' | 'zh_CN' = 'en') {
  const calls: FakeCall[] = fakeApi({
    'GET /account/detail': () => ({
      data: fakeAccount({
        videoTotal: 3,
        storageAndTraffic: { storage: 2 * 1024 ** 3, usedStorage: 1024 ** 3, traffic: 10 * 1024 ** 3, usedTraffic: 0 },
      }),
    }),
    'GET /analytics/overview': () => ({ data: busy }),
    'GET /user-form-list/list': leadsOf([lead]),
    ...routes,
  });
  renderApp('/dashboard-overview', { token: 'tok', language });
  return calls;
}

/** The figure card named `name`: its value, and how it moved against the range before. */
async function figure(name: string) {
  const term = await screen.findByText(name, { selector: 'dt' });
  const card = term.parentElement as HTMLElement;
  return {
    value: term.nextElementSibling?.textContent,
    trend: card.querySelector('.analytics-trend')?.textContent ?? null,
  };
}

describe('the dashboard overview', () => {
  it("shows the account's figures of the last 30 days against the 30 days before", async () => {
    const calls = open();
    expect(await figure('Plays')).toEqual({ value: '1.2M', trend: '▲ 20%' });
    expect(await figure('Unique viewers')).toEqual({ value: '900', trend: '▼ 10%' });
    expect(await figure('Total watch time')).toEqual({ value: '1:02:05', trend: '0%' });
    expect(await figure('Average watched')).toEqual({ value: '40%', trend: '▼ 20%' });
    expect(await figure('Leads')).toEqual({ value: '30', trend: 'New' });
    // No leads before: a share up from nothing is new too.
    expect(await figure('Conversion rate')).toEqual({ value: '0%', trend: 'New' });
    expect(await figure('Contact clicks')).toEqual({ value: '10', trend: '0%' });
    // The per-video figures the overview leaves out.
    expect(screen.queryByText('Loads', { selector: 'dt' })).toBeNull();

    const asked = calls.find((call) => call.path === '/analytics/overview');
    expect(Object.fromEntries(asked?.query ?? [])).toEqual(lastDays(30));
    const chart = screen.getByRole('img', { name: 'Plays over time' });
    await waitFor(() => expect(chart.querySelector('svg path')).not.toBeNull());
    // An account with videos is past the welcome.
    expect(screen.queryByText('Welcome to LeadReel')).toBeNull();
  });

  it('lists the top videos, each opening its analytics, and the newest leads', async () => {
    const calls = open();
    const top = (await screen.findByText('Top videos')).closest('.ant-card') as HTMLElement;
    const link = await within(top).findByRole('link', { name: /product-tour\.mp4/ });
    expect(link.getAttribute('href')).toBe(`/video-setting/${TOUR}/analytics`);
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('1.1M')).toBeTruthy();
    expect(within(row).getByText('1:00:00')).toBeTruthy();
    expect(within(row).getByText('25')).toBeTruthy();

    const recent = screen.getByText('Recent leads').closest('.ant-card') as HTMLElement;
    expect(await within(recent).findByText('Ada Lovelace')).toBeTruthy();
    expect(within(recent).getByText('Unread')).toBeTruthy();
    expect(within(recent).getAllByRole('listitem')).toHaveLength(1);
    expect(within(recent).queryByText('No submissions yet')).toBeNull();
    expect(within(recent).getByRole('link', { name: 'View all leads' }).getAttribute('href')).toBe('/form-submit-data');
    const asked = calls.find((call) => call.path === '/user-form-list/list');
    expect(asked?.query.get('pageSize')).toBe('5');
    expect(asked?.query.get('page')).toBe('1');

    const plan = screen.getByText('Plan and usage').closest('.ant-card') as HTMLElement;
    expect(within(plan).getByText('Free')).toBeTruthy();
    expect(within(plan).getByText('1 G / 2 G')).toBeTruthy();
  });

  it('says why the Free plan hides who left a lead', async () => {
    open({ 'GET /user-form-list/list': leadsOf([{ ...lead, answers: { name: '•••' } }], true) });
    expect(await screen.findByText('•••')).toBeTruthy();
    expect(screen.getByText('Lead details and exports are part of the paid plans.')).toBeTruthy();
  });

  it('welcomes a new account and says when nothing was played', async () => {
    open({
      'GET /account/detail': () => ({ data: fakeAccount() }),
      'GET /analytics/overview': () => ({
        data: { totals: NO_FIGURES, previous: NO_FIGURES, days: [], topVideos: [] },
      }),
      'GET /user-form-list/list': leadsOf([]),
    });
    expect(await screen.findByText('Welcome to LeadReel')).toBeTruthy();
    expect(await screen.findByText('No plays in this range yet')).toBeTruthy();
    expect(await figure('Plays')).toEqual({ value: '0', trend: null });
    expect(screen.getByText('No video was played in this range')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Plays over time' })).toBeNull();
    const recent = screen.getByText('Recent leads').closest('.ant-card') as HTMLElement;
    expect(await within(recent).findByText('No submissions yet')).toBeTruthy();
    expect(within(recent).queryByRole('listitem')).toBeNull();
  });

  it('says why it cannot load', async () => {
    open({ 'GET /analytics/overview': () => ({ status: 500, error: 'internal_error' }) });
    expect(await screen.findByText('The figures could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('is locked from the Frozen period on, in Chinese too, and still shows the plan', async () => {
    const calls = open(
      { 'GET /account/detail': () => ({ data: fakeAccount({ vipPeriod: 'frozen-period' }) }) },
      'zh_CN',
    );
    expect(await screen.findByText('套餐与用量')).toBeTruthy();
    expect(screen.getAllByText('您的套餐已过期，立即续费以继续创作内容。').length).toBeGreaterThan(0);
    expect(screen.queryByText('播放次数', { selector: 'dt' })).toBeNull();
    expect(calls.some((call) => call.path === '/analytics/overview')).toBe(false);
  });

  it('is locked when the server refuses for the period', async () => {
    open({ 'GET /analytics/overview': () => ({ status: 403, error: 'plan_period' }) });
    expect(await screen.findByText('Your plan has expired. Renew now to create more content.')).toBeTruthy();
    expect(screen.queryByText('The figures could not be loaded')).toBeNull();
  });

  it('reads in Chinese', async () => {
    open({}, 'zh_CN');
    expect(await figure('播放次数')).toEqual({ value: '1.2M', trend: '▲ 20%' });
    expect(await screen.findByText('热门视频')).toBeTruthy();
    expect(screen.getByText('最新线索')).toBeTruthy();
    expect(screen.getByRole('img', { name: '播放趋势' })).toBeTruthy();
  });
});

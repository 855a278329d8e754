import type { AnalyticsSession, AnalyticsTotals, VideoAnalytics } from '@leadreel/shared/contracts/analytics';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lastDays } from '../../../features/analytics/range.ts';
import { NO_FIGURES, withoutCanvas } from '../../../test/analyticsFakes.ts';
import { type FakeCall, type FakeRoute, fakeAccount, fakeApi, fakeVideo } from '../../../test/fakeApi.ts';
import { renderApp } from '../../../test/renderApp.tsx';

withoutCanvas();

const VIDEO_ID = '77777777-7777-4777-8777-777777777701';
const video = fakeVideo(VIDEO_ID, 'product-tour.mp4', { duration: 6 });

const figures = (totals: AnalyticsTotals): VideoAnalytics => ({
  totals,
  duration: 6,
  engagement: {
    // Everyone watched the first half; the second sixth was watched twice by a quarter of the plays.
    reached: Array.from({ length: 100 }, (_, i) => (i < 50 ? totals.plays : 0)),
    watched: Array.from({ length: 100 }, (_, i) => (i < 50 ? totals.plays : 0) + (i >= 17 && i < 34 ? 1 : 0)),
  },
  days: [{ day: '2026-05-01', loads: totals.loads, plays: totals.plays, watchSeconds: totals.watchSeconds, leads: 1 }],
});
const busy = figures({
  loads: 4_000_000,
  plays: 1_000_000,
  uniqueViewers: 800_000,
  watchSeconds: 3_000_000,
  completions: 400_000,
  leads: 20_000,
  clicks: 1500,
  ctaClicks: 500,
  averagePercent: 62.5,
});
const rewatcher: AnalyticsSession = {
  sessionId: 's1',
  startedAt: 1_780_000_000,
  viewerId: 'abcdef0123456789abcdef0123456789',
  device: 'desktop',
  browser: 'Chrome',
  os: 'Windows',
  country: null,
  page: 'https://shop.example.test/products/tour',
  referrer: 'https://search.example.test/',
  watchSeconds: 5,
  percent: 66.7,
  intervals: [
    [0, 3],
    [1, 4],
  ],
  lead: true,
  clicks: 1,
};
const untracked: AnalyticsSession = {
  ...rewatcher,
  sessionId: 's2',
  viewerId: null,
  device: 'mobile',
  browser: 'Mobile Safari',
  os: 'iOS',
  referrer: '',
  watchSeconds: 0,
  percent: 0,
  intervals: [],
  lead: false,
  clicks: 0,
};
const breakdown = {
  referrers: [
    { name: 'search.example.test', sessions: 3 },
    { name: '', sessions: 1 },
  ],
  pages: [{ name: 'https://shop.example.test/products/tour', sessions: 4 }],
  devices: [{ name: 'desktop', sessions: 4 }],
  browsers: [{ name: 'Chrome', sessions: 4 }],
  countries: [],
};

function open(routes: Record<string, FakeRoute> = {}, language: 'en' | 'zh_CN' = 'en') {
  const calls: FakeCall[] = fakeApi({
    'GET /vod/video/detail': () => ({ data: video }),
    'GET /analytics/video': () => ({ data: busy }),
    'GET /analytics/video/breakdown': () => ({ data: breakdown }),
    'GET /analytics/video/sessions': () => ({ data: { list: [rewatcher, untracked], total: 2 } }),
    ...routes,
  });
  renderApp(`/video-setting/${VIDEO_ID}/analytics`, { token: 'tok', language });
  return calls;
}

/** The value of the figure card named `name`. */
async function figure(name: string) {
  const term = await screen.findByText(name, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

describe('the analytics screen', () => {
  it('shows the figures of the last 30 days, big counts in M', async () => {
    const calls = open();
    expect(await figure('Loads')).toBe('4M');
    expect(await figure('Plays')).toBe('1M');
    expect(await figure('Play rate')).toBe('25%');
    expect(await figure('Unique viewers')).toBe('800000');
    expect(await figure('Total watch time')).toBe('833:20:00');
    expect(await figure('Average watch time')).toBe('00:03');
    expect(await figure('Average watched')).toBe('62.5%');
    expect(await figure('Completions')).toBe('400000');
    expect(await figure('Leads')).toBe('20000');
    expect(await figure('Conversion rate')).toBe('2%');
    // Contact clicks are the buttons' clicks without the call to action's.
    expect(await figure('Contact clicks')).toBe('1000');
    expect(await figure('Call-to-action clicks')).toBe('500');

    const asked = calls.find((call) => call.path === '/analytics/video');
    expect(Object.fromEntries(asked?.query ?? [])).toEqual({ videoId: VIDEO_ID, ...lastDays(30) });
    // Both charts drawn by ECharts, as SVG.
    for (const name of ['Engagement', 'Plays over time']) {
      const chart = screen.getByRole('img', { name });
      await waitFor(() => expect(chart.querySelector('svg path')).not.toBeNull());
    }
    // The breakdowns: a referrer by its host, a direct visit named, countries explained when there are none.
    expect(await screen.findByText('search.example.test')).toBeTruthy();
    expect(screen.getByText('Countries show once the server has a GeoIP database.')).toBeTruthy();
  });

  it('lists each viewing with its watched parts, a part watched twice darker', async () => {
    open();
    const table = (await screen.findByText('Viewing sessions')).closest('.ant-card') as HTMLElement;
    const first = (await within(table).findByText('abcdef01')).closest('tr') as HTMLElement;
    expect(within(first).getByText('Desktop')).toBeTruthy();
    expect(within(first).getByText('Chrome · Windows')).toBeTruthy();
    expect(within(first).getByText('shop.example.test/products/tour')).toBeTruthy();
    expect(within(first).getByText('from search.example.test')).toBeTruthy();
    expect(within(first).getByText('66.7% · 00:05')).toBeTruthy();
    expect(within(first).getByText('Lead')).toBeTruthy();
    expect(within(first).getByText('1 click')).toBeTruthy();

    // [0, 3] then [1, 4] of a six-second video: once, twice, once.
    const bar = within(first).getByRole('img', {
      name: '00:00–00:01 watched once; 00:01–00:03 watched 2 times; 00:03–00:04 watched once',
    });
    const parts = [...bar.querySelectorAll('rect[data-times]')].map((rect) => ({
      times: rect.getAttribute('data-times'),
      x: Number(rect.getAttribute('x')).toFixed(1),
      width: Number(rect.getAttribute('width')).toFixed(1),
      fill: rect.getAttribute('fill'),
    }));
    expect(parts).toEqual([
      { times: '1', x: '0.0', width: '166.7', fill: '#8fb0f7' },
      { times: '2', x: '166.7', width: '333.3', fill: '#1456f0' },
      { times: '1', x: '500.0', width: '166.7', fill: '#8fb0f7' },
    ]);

    const second = within(table).getByText('Not tracked').closest('tr') as HTMLElement;
    expect(within(second).getByText('Mobile')).toBeTruthy();
    expect(within(second).getByText('Mobile Safari · iOS')).toBeTruthy();
    expect(within(second).getByText('Direct')).toBeTruthy();
    expect(within(second).getByRole('img', { name: 'Nothing watched' })).toBeTruthy();
  });

  it('exports the sessions of the range as CSV for Excel, page after page', async () => {
    const hostile = { ...untracked, sessionId: 's3', page: '=HYPERLINK("https://evil.test")' };
    const calls = open({
      'GET /analytics/video/sessions': (_, query) =>
        query.get('pageSize') === '50'
          ? { data: { list: query.get('page') === '1' ? [rewatcher, untracked] : [hostile], total: 3 } }
          : { data: { list: [rewatcher], total: 3 } },
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }));
    const saved: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this);
    });

    fireEvent.click(await screen.findByRole('button', { name: /Export CSV/ }));
    fireEvent.click(await screen.findByText('Viewing sessions', { selector: '.ant-dropdown-menu-title-content' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const { from, to } = lastDays(30);
    expect(saved[0]?.download).toBe(`analytics-${from}_${to}-sessions.csv`);
    const pages = calls.filter(
      (call) => call.path === '/analytics/video/sessions' && call.query.get('pageSize') === '50',
    );
    expect(pages.map((call) => call.query.get('page'))).toEqual(['1', '2']);
    const blob = (URL.createObjectURL as ReturnType<typeof vi.fn>).mock.calls[0]?.[0] as Blob;
    const bytes = new Uint8Array(await blob.arrayBuffer());
    // UTF-8's byte-order mark first, so Excel reads the file as UTF-8 (decoding drops it again).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split('\r\n');
    expect(lines[0]).toBe(
      '"Started","Viewer ID","Device","Browser","Operating system","Country","Page","Referrer","Watch time (s)","Watched (%)","Watched intervals (s)","Lead","Clicks"',
    );
    expect(lines[1]).toMatch(
      /^"\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}","abcdef0123456789abcdef0123456789","desktop","Chrome","Windows","","https:\/\/shop\.example\.test\/products\/tour","https:\/\/search\.example\.test\/",5,66\.7,"0-3 1-4","Yes",1$/,
    );
    // A page address that starts like a formula is written as text.
    expect(lines[3]).toContain(',"\'=HYPERLINK(""https://evil.test"")",');
    expect(lines).toHaveLength(5);
  });

  it('says when nothing was played in the range', async () => {
    const calls = open({ 'GET /analytics/video': () => ({ data: figures(NO_FIGURES) }) });
    expect(await screen.findByText('No plays in this range yet')).toBeTruthy();
    expect(await figure('Plays')).toBe('0');
    expect(await figure('Play rate')).toBe('–');
    expect(screen.queryByText('Viewing sessions')).toBeNull();
    expect(calls.some((call) => call.path === '/analytics/video/sessions')).toBe(false);
  });

  it('says why it cannot load', async () => {
    open({ 'GET /analytics/video': () => ({ status: 500, error: 'internal_error' }) });
    expect(await screen.findByText('The figures could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('is locked from the Frozen period on, in Chinese too', async () => {
    open({ 'GET /account/detail': () => ({ data: fakeAccount({ vipPeriod: 'frozen-period' }) }) }, 'zh_CN');
    expect(await screen.findByText('您的套餐已过期，立即续费以继续创作内容。')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('播放次数', { selector: 'dt' })).toBeNull());
    expect(screen.queryByRole('button', { name: /导出 CSV/ })).toBeNull();
  });

  it('is locked when the server refuses for the period', async () => {
    open({ 'GET /analytics/video': () => ({ status: 403, error: 'plan_period' }) });
    expect(await screen.findByText('Your plan has expired. Renew now to create more content.')).toBeTruthy();
    expect(screen.queryByText('The figures could not be loaded')).toBeNull();
  });
});

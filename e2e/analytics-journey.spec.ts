import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AnalyticsTotals, Overview, VideoAnalytics } from '@leadreel/shared/contracts/analytics';
import { expect, type FrameLocator, type Locator, type Page, test } from '@playwright/test';
import { DESKTOP_CHROME, failOnPageProblems, snap } from './support.ts';
import { grantPlan, signUpByApi, switchLanguage } from './support-console.ts';
import { inquiryForm, saveSetting, uploadVideo, whatsappButton } from './support-video.ts';

// end-to-end check: a real viewer in Chromium plays an embed on another site partly, seeks back,
// watches a part again, sends the form and presses WhatsApp; the video's analytics then show that session
// with its intervals, the engagement graph its rewatched part, the lead and the click; the dashboard's totals
// agree; and a bot's plays are not counted. Both languages.
failOnPageProblems(test);

// The server drops batches from bots (isbot), and Playwright's headless Chromium says "HeadlessChrome": the
// viewer browses with a desktop Chrome's user agent, the bot with the default one.

const FORM = inquiryForm({
  submitText: 'Send my request',
  submitColor: '#1456f0',
  thanksMessage: 'Thanks, talk soon!',
  // After the part watched twice: the form is met once, on the second pass.
  second: 4,
  skippable: false,
});

/** Resolves once the video plays past `second` (waited for in the page, so a slow machine does not overshoot). */
const reach = (video: Locator, second: number) =>
  video.evaluate(
    (v: HTMLVideoElement, second) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (v.currentTime <= second) return;
          v.removeEventListener('timeupdate', check);
          resolve();
        };
        v.addEventListener('timeupdate', check);
        check();
      }),
    second,
  );

async function startPlaying(player: Page | FrameLocator) {
  await player.getByRole('button', { name: /^Play video: / }).click();
  await expect.poll(() => player.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
}

/** The value on the figure card titled `name`. */
const figure = (page: Page, name: string) =>
  page
    .locator('.analytics-figure')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${name}\\s*$`) }) })
    .locator('dd.analytics-figure-value');

test('a viewing of an embed shows in the video’s analytics and the dashboard, a bot’s does not', async ({
  page,
  browser,
  baseURL,
}) => {
  const { token, email } = await signUpByApi(page);
  const videoId = await uploadVideo(page.request, token, 'journey-tour.mp4');
  await grantPlan(email, 'Pro'); // the form and WhatsApp are a paid plan's
  await saveSetting(page.request, token, 'form/save', { videoId, form: FORM });
  await saveSetting(page.request, token, 'video/whatsapp/save', { videoId, setting: whatsappButton('+442079460958') });

  // A bot (headless Chromium's own user agent) plays the video first: the server takes its batches and drops them.
  const bot = await page.context().newPage();
  await bot.goto(`/v/${videoId}`);
  await startPlaying(bot);
  await reach(bot.locator('video'), 2);
  await bot.goto('about:blank');
  await bot.close();

  const today = new Date().toISOString().slice(0, 10);
  const read = async <T>(path: string, params: Record<string, string>) =>
    (await (await page.request.get(path, { params, headers: { authorization: `Bearer ${token}` } })).json()).data as
      | T
      | undefined;
  const videoFigures = () => read<VideoAnalytics>('/api/analytics/video', { videoId, from: today, to: today });
  const summary = (totals: AnalyticsTotals | undefined) =>
    totals
      ? `${totals.plays} plays, ${totals.leads} leads, ${totals.clicks} clicks, ${totals.completions} completions`
      : 'none';

  const host = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(
      `<!doctype html><title>Customer</title><h1>Pricing</h1><iframe src="${baseURL}/embed/${videoId}" width="640" height="360" allow="autoplay; fullscreen"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const viewerContext = await browser.newContext({ userAgent: DESKTOP_CHROME });
  await viewerContext.route('https://wa.me/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }),
  );
  try {
    const viewer = await viewerContext.newPage();
    await viewer.goto(`http://localhost:${(host.address() as AddressInfo).port}/`);
    const frame = viewer.frameLocator('iframe');
    const video = frame.locator('video');
    // Past second 3, back to the start, and on: seconds 0 to 3 are watched twice.
    await startPlaying(frame);
    await reach(video, 3);
    await video.evaluate((v: HTMLVideoElement) => {
      v.currentTime = 0;
    });
    // The player sends what it gathers every few seconds, and at once at the end: the batch with the end is
    // waited for while the page is still there (an embed's beacon sent as the page is left did not always
    // reach the server in headless Chromium).
    const lastBatch = viewer.waitForResponse(
      (response) =>
        response.url().endsWith('/api/public/events') && (response.request().postData() ?? '').includes('"end"'),
      { timeout: 60_000 },
    );
    // At second 4 the form: sent, and the video goes on to its end.
    const form = frame.getByRole('form', { name: 'Get a quote' });
    await expect(form).toBeVisible();
    await form.getByLabel('Your name').fill('Ada Lovelace');
    await form.getByLabel('Work email').fill('ada@example.test');
    await form.getByRole('button', { name: 'Send my request' }).click();
    await expect(frame.getByText('Thanks, talk soon!')).toBeVisible();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.ended), { timeout: 30_000 }).toBe(true);
    // The click is counted from its own request, which names the viewing; the events do not repeat it.
    const clicked = viewer.waitForResponse((response) => response.url().endsWith('/api/public/click'));
    const popup = viewer.waitForEvent('popup');
    await frame.locator('.lr-contacts').getByRole('link', { name: 'WhatsApp' }).click();
    expect((await clicked).status()).toBe(204);
    await (await popup).close();
    expect((await lastBatch).status()).toBe(204);
    // The viewer leaves the page; the player sends anything it still holds.
    await viewer.goto('about:blank');
    // The events are rolled up a few seconds after they are written (and by a run every minute).
    await expect
      .poll(async () => summary((await videoFigures())?.totals), { timeout: 180_000, intervals: [2000] })
      .toBe('1 plays, 1 leads, 1 clicks, 1 completions');
  } finally {
    // Only once the server has the viewing: a closed browser drops any beacon it has not sent yet.
    await viewerContext.close();
    host.close();
  }
  const figures = (await videoFigures()) as VideoAnalytics;
  // Only the viewer: the bot's viewing was never stored.
  expect(figures.totals).toMatchObject({ loads: 1, plays: 1, uniqueViewers: 1, ctaClicks: 0 });
  expect(figures.totals.watchSeconds).toBeGreaterThanOrEqual(8);
  // The engagement graph's bump: the first half of the video (seconds 0 to 3 of 6) watched more often than reached.
  const { reached, watched } = figures.engagement;
  expect(reached.slice(10, 45).every((count) => count === 1)).toBe(true);
  expect(watched.slice(10, 45).every((count) => count === 2)).toBe(true);
  // After the form (second 4.2 of 6, where one heartbeat ends and the next begins) each part was watched once.
  expect(watched.slice(75, 95).every((count) => count === 1)).toBe(true);
  // The dashboard's totals are the video's: it is the account's only one.
  const overview = (await read<Overview>('/api/analytics/overview', { from: today, to: today })) as Overview;
  expect(overview.totals).toEqual(figures.totals);
  expect(overview.topVideos).toEqual([expect.objectContaining({ videoId, plays: 1, leads: 1 })]);

  // The account holder's analytics screen: the figures, both charts, and the session with its watched parts.
  await page.goto(`/video-setting/${videoId}/analytics?token=${token}`);
  await expect(page.getByRole('heading', { name: 'journey-tour' })).toBeVisible();
  await expect(figure(page, 'Plays')).toHaveText('1');
  await expect(figure(page, 'Leads')).toHaveText('1');
  await expect(figure(page, 'Contact clicks')).toHaveText('1');
  await expect(figure(page, 'Completions')).toHaveText('1');
  const engagement = page.getByRole('img', { name: 'Engagement' });
  await expect(engagement.locator('svg path').first()).toBeAttached();
  await expect(engagement.getByText('Rewatched')).toBeAttached();
  await expect(page.getByRole('img', { name: 'Plays over time' }).locator('svg path').first()).toBeAttached();
  const sessions = page.locator('.analytics-card', { hasText: 'Viewing sessions' });
  await expect(sessions.locator('.ant-table-row')).toHaveCount(1);
  const session = sessions.locator('.ant-table-row').first();
  await expect(session.getByText('Desktop', { exact: true })).toBeVisible();
  await expect(session.getByText('Chrome · Windows')).toBeVisible();
  await expect(session.getByText('Lead', { exact: true })).toBeVisible();
  await expect(session.getByText('1 click')).toBeVisible();
  const bar = session.getByRole('img', { name: /watched 2 times/ });
  await expect(bar).toBeVisible();
  await expect(bar.locator('rect[data-times="2"]')).toHaveCount(1);
  await snap(page, 'analytics-journey');

  // The dashboard: the same plays and leads, the video on top.
  await page.goto('/dashboard-overview');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(figure(page, 'Plays')).toHaveText('1');
  await expect(figure(page, 'Leads')).toHaveText('1');
  await expect(figure(page, 'Contact clicks')).toHaveText('1');
  await expect(page.getByRole('img', { name: 'Plays over time' }).locator('svg path').first()).toBeAttached();
  const top = page.locator('.analytics-card', { hasText: 'Top videos' });
  await expect(top.getByRole('link', { name: /journey-tour/ })).toHaveAttribute(
    'href',
    `/video-setting/${videoId}/analytics`,
  );
  await expect(page.locator('.analytics-card', { hasText: 'Recent leads' }).getByText('Ada Lovelace')).toBeVisible();
  await snap(page, 'dashboard-overview');

  await switchLanguage(page, '简体中文');
  await expect(page.getByRole('heading', { name: '概览' })).toBeVisible();
  await expect(figure(page, '播放次数')).toHaveText('1');
  await expect(figure(page, '线索')).toHaveText('1');
  await expect(page.getByText('热门视频')).toBeVisible();
  await expect(page.getByText('最新线索')).toBeVisible();
  await snap(page, 'dashboard-overview-zh');
  await page.goto(`/video-setting/${videoId}/analytics`);
  await expect(figure(page, '播放次数')).toHaveText('1');
  await expect(figure(page, '联系按钮点击')).toHaveText('1');
  await expect(page.getByText('观看参与度')).toBeVisible();
  await expect(page.locator('.analytics-card', { hasText: '观看会话' }).locator('.ant-table-row')).toHaveCount(1);
});

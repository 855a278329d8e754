import { randomUUID } from 'node:crypto';
import type { AnalyticsBatch, PlayEvent } from '@leadreel/shared/contracts/analytics';
import { expect, type Page, test } from '@playwright/test';
import { DESKTOP_CHROME, failOnPageProblems, snap } from './support.ts';
import { grantPlan, signUpByApi, switchLanguage } from './support-console.ts';
import { inquiryForm, saveSetting, sendLead, uploadVideo } from './support-video.ts';

// the per-video analytics screen, from viewings sent straight to the ingestion endpoint.
//
// The server drops batches from bots, and Playwright's headless Chromium says "HeadlessChrome": the batches
// go from the test with a desktop Chrome's user agent instead of through the player.
failOnPageProblems(test);

const PAGE_URL = 'https://shop.example.test/products/tour';

/** A random id of the form the player uses for sessions and viewers. */
const playerId = () => randomUUID().replaceAll('-', '');

/** One event of a viewing, `ago` seconds before now. */
const event = (kind: PlayEvent['kind'], ago: number, extra: Partial<PlayEvent> = {}): PlayEvent => ({
  id: randomUUID(),
  kind,
  at: Date.now() - ago * 1000,
  position: 0,
  ...extra,
});

async function send(page: Page, batch: AnalyticsBatch) {
  const response = await page.request.post('/api/public/events', {
    headers: { 'user-agent': DESKTOP_CHROME },
    data: batch,
  });
  expect(response.status(), await response.text()).toBe(204);
}

/** The value on the figure card titled `name`. */
const figure = (page: Page, name: string) =>
  page
    .locator('.analytics-figure')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${name}\\s*$`) }) })
    .locator('dd');

test('the analytics screen shows a video’s figures, engagement, sources and sessions, in both languages', async ({
  page,
}) => {
  const { token, email } = await signUpByApi(page);
  const videoId = await uploadVideo(page.request, token, 'analytics-screen.mp4');
  await grantPlan(email, 'Pro'); // the form is a paid plan's
  await saveSetting(page.request, token, 'form/save', { videoId, form: inquiryForm() });

  // A viewer who came from a search, played the six-second video, went back a second and watched on (the
  // seconds 1 to 3 twice), sent the form, pressed WhatsApp and watched to the end. The lead and the click are
  // counted from what the server stored, which names the viewing; the events' own claims are not.
  const viewing = playerId();
  await send(page, {
    videoId,
    sessionId: viewing,
    viewerId: playerId(),
    page: PAGE_URL,
    referrer: 'https://search.example.test/search?q=tour',
    events: [
      event('load', 30),
      event('play', 29),
      event('heartbeat', 24, {
        position: 4,
        intervals: [
          [0, 3],
          [1, 4],
        ],
      }),
      event('form_submitted', 22, { position: 4 }),
      event('click', 21, { position: 4, click: 'whatsapp' }),
      event('end', 20, { position: 6 }),
    ],
  });
  const where = { page: PAGE_URL, referrer: 'https://search.example.test/search?q=tour', sessionId: viewing };
  await sendLead(page.request, videoId, { second: 4, ...where });
  const click = await page.request.post('/api/public/click', {
    data: { videoId, kind: 'whatsapp', second: 4, ...where },
  });
  expect(click.status(), await click.text()).toBe(204);
  // Another page view that never played (no viewer id: one who asks not to be tracked).
  await send(page, { videoId, sessionId: playerId(), page: PAGE_URL, referrer: '', events: [event('load', 15)] });

  // The events are rolled up a few seconds after they are written (and by a run every minute).
  const today = new Date().toISOString().slice(0, 10);
  await expect
    .poll(
      async () => {
        const response = await page.request.get('/api/analytics/video', {
          params: { videoId, from: today, to: today },
          headers: { authorization: `Bearer ${token}` },
        });
        const totals = (await response.json()).data?.totals;
        return totals
          ? `${totals.loads} loads, ${totals.plays} plays, ${totals.leads} leads, ${totals.clicks} clicks`
          : 'none';
      },
      { timeout: 120_000, intervals: [2000] },
    )
    .toBe('2 loads, 1 plays, 1 leads, 1 clicks');

  await page.goto(`/video-setting/${videoId}/analytics?token=${token}`);
  await expect(page.getByRole('tab', { name: 'Analytics', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'analytics-screen' })).toBeVisible();
  await expect(figure(page, 'Loads')).toHaveText('2');
  await expect(figure(page, 'Plays')).toHaveText('1');
  await expect(figure(page, 'Play rate')).toHaveText('50%');
  await expect(figure(page, 'Unique viewers')).toHaveText('1');
  await expect(figure(page, 'Total watch time')).toHaveText('00:06');
  await expect(figure(page, 'Average watch time')).toHaveText('00:06');
  await expect(figure(page, 'Completions')).toHaveText('1');
  await expect(figure(page, 'Leads')).toHaveText('1');
  await expect(figure(page, 'Conversion rate')).toHaveText('100%');
  await expect(figure(page, 'Contact clicks')).toHaveText('1');
  await expect(figure(page, 'Call-to-action clicks')).toHaveText('0');

  // Both charts are drawn (ECharts, as SVG).
  const engagement = page.getByRole('img', { name: 'Engagement' });
  await expect(engagement.locator('svg path').first()).toBeAttached();
  await expect(page.getByRole('img', { name: 'Plays over time' }).locator('svg path').first()).toBeAttached();
  // The graph is drawn over the video's frames (its storyboard's), side by side along its time axis.
  const frames = page.locator('.analytics-filmstrip-tile');
  await expect(frames.first()).toHaveAttribute('style', /storyboard\.jpg/);
  expect(await frames.count()).toBeGreaterThan(3);
  const strip = await page.locator('.analytics-filmstrip').boundingBox();
  const box = await engagement.boundingBox();
  expect(strip && box && strip.y > box.y && strip.y + strip.height < box.y + box.height).toBe(true);
  // Hovering the engagement graph shows the video's frame there, from its storyboard.
  expect(box).not.toBeNull();
  if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.locator('.analytics-thumb')).toBeVisible();
  await expect(page.locator('.analytics-thumb')).toHaveAttribute('style', /storyboard\.jpg/);
  await snap(page, 'analytics-screen-frame');
  await page.mouse.move(0, 0);

  // Where the sessions came from.
  const referrers = page.locator('.analytics-card', { hasText: 'Top referrers' });
  await expect(referrers.getByText('search.example.test')).toBeVisible();
  await expect(referrers.getByText('Direct')).toBeVisible();
  await expect(page.locator('.analytics-card', { hasText: 'Browsers' }).getByText('Chrome')).toBeVisible();

  // The sessions: the viewer's, with its watched parts (seconds 1 to 3 twice, darker), and the untracked one.
  const sessions = page.locator('.analytics-card', { hasText: 'Viewing sessions' });
  const watched = sessions.locator('tr', { hasText: 'Lead' });
  await expect(watched.getByText('Desktop', { exact: true })).toBeVisible();
  await expect(watched.getByText('Chrome · Windows')).toBeVisible();
  await expect(watched.getByText('from search.example.test')).toBeVisible();
  await expect(watched.getByText('shop.example.test/products/tour')).toBeVisible();
  await expect(watched.getByText('1 click')).toBeVisible();
  const bar = watched.getByRole('img', { name: /00:01–00:03 watched 2 times/ });
  await expect(bar).toBeVisible();
  await expect(bar.locator('rect[data-times="2"]')).toHaveCount(1);
  await expect(bar.locator('rect[data-times="1"]')).toHaveCount(2);
  const untracked = sessions.locator('tr', { hasText: 'Not tracked' });
  await expect(untracked.getByRole('img', { name: 'Nothing watched' })).toBeVisible();

  // The figures by day as CSV, for a spreadsheet.
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Figures by day' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^analytics-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}-days\.csv$/);
  const csv = await (await file.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString('utf8');
  expect(text.startsWith('\uFEFF"Day","Loads","Plays","Watch time (s)","Leads"\r\n')).toBe(true);
  expect(text).toContain(`"${today.replaceAll('-', '/')}",2,1,6,1\r\n`);
  await snap(page, 'analytics-screen');

  await switchLanguage(page, '简体中文');
  await expect(figure(page, '播放次数')).toHaveText('1');
  await expect(page.getByText('观看参与度')).toBeVisible();
  await expect(page.getByText('按 UTC 时间计日')).toBeVisible();
  await snap(page, 'analytics-screen-zh');
});

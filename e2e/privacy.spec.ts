import type { AnalyticsBatch } from '@leadreel/shared/contracts/analytics';
import { type Browser, expect, test } from '@playwright/test';
import { failOnPageProblems, snap } from './support.ts';
import { signUpByApi, switchLanguage } from './support-console.ts';
import { uploadVideo } from './support-video.ts';

// the account's privacy mode. The owner switches it in global settings; a viewer's browser
// then keeps nothing (no viewer id in its storage) and the player's batches carry no viewer id. Switched off,
// a viewer is known again. Both languages.
failOnPageProblems(test);

const EVENTS = '/api/public/events';

/** A viewer in a browser of their own plays the watch page a moment: what their batches and storage held. */
async function view(browser: Browser, baseURL: string, videoId: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const batches: AnalyticsBatch[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === EVENTS) {
      batches.push(JSON.parse(request.postData() ?? 'null'));
    }
  });
  await page.goto(`/v/${videoId}`);
  const player = page.locator('[data-lr-player]');
  const privacy = (await player.getAttribute('data-privacy')) !== null;
  await page.getByRole('button', { name: /^Play video: / }).click();
  await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(1);
  // The viewer leaves the tab: what waits is sent at once.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect.poll(() => batches.flatMap((batch) => batch.events).some((e) => e.kind === 'play')).toBe(true);
  const stored = await page.evaluate(() => Object.keys(localStorage));
  await context.close();
  return { privacy, batches, stored };
}

test('privacy mode keeps no viewer id in the browser or the figures, and switched off a viewer is known again', async ({
  page,
  browser,
  baseURL,
}) => {
  const { token } = await signUpByApi(page);
  const videoId = await uploadVideo(page.request, token, 'privacy-tour.mp4');

  await page.goto(`/account/global-settings/privacy?token=${token}`);
  const toggle = page.getByRole('switch', { name: 'Privacy mode' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByText(/returning viewers are not recognised/)).toBeVisible();
  await toggle.click();
  await expect(page.getByText('Privacy mode is on')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await snap(page, 'privacy-on');

  const hidden = await view(browser, baseURL as string, videoId);
  expect(hidden.privacy).toBe(true);
  expect(hidden.batches.length).toBeGreaterThan(0);
  expect(hidden.batches.every((batch) => batch.viewerId === undefined)).toBe(true);
  expect(hidden.stored.filter((key) => key.startsWith('lr-'))).toEqual([]);

  await switchLanguage(page, '简体中文');
  const zh = page.getByRole('switch', { name: '隐私模式' });
  await expect(page.getByText(/不再识别回访观众/)).toBeVisible();
  await zh.click();
  await expect(page.getByText('隐私模式已关闭')).toBeVisible();
  await expect(zh).toHaveAttribute('aria-checked', 'false');
  await snap(page, 'privacy-off-zh');

  // The watch page is cached for a moment (and the server's view of the account for half a minute): a new
  // viewer is known again once the page says so.
  await expect
    .poll(async () => (await page.request.get(`/v/${videoId}`)).text(), { timeout: 30_000 })
    .not.toContain('data-privacy');
  const known = await view(browser, baseURL as string, videoId);
  expect(known.privacy).toBe(false);
  expect(known.batches.every((batch) => typeof batch.viewerId === 'string')).toBe(true);
  expect(known.stored.some((key) => key.startsWith('lr-viewer-'))).toBe(true);
});

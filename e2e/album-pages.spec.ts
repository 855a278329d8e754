import { expect, type Page, test } from '@playwright/test';
import { failOnPageProblems } from './support.ts';
import { grantPlan, signUpByApi } from './support-console.ts';
import { nuErrors } from './support-quality.ts';
import { uploadVideo } from './support-video.ts';

// An album's public feed as a viewer on a phone meets it, in Chromium: one video plays at a time, muted,
// the sound comes with a tap, only the next video is fetched ahead, and the grid opens the feed at a video.
failOnPageProblems(test);

/** The media a page asked for, by the video it belongs to: playlists and segments, not posters. */
function mediaRequests(page: Page) {
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/media\/[0-9a-f-]{36}\/.*\.(m3u8|m4s|mp4)$/.test(pathname)) asked.push(pathname);
  });
  return (videoId: string) => asked.filter((pathname) => pathname.startsWith(`/media/${videoId}/`));
}

const playing = (page: Page, videoId: string) =>
  page.locator(`#v-${videoId} video`).evaluate((video: HTMLVideoElement) => ({
    playing: !video.paused && video.currentTime > 0.3,
    muted: video.muted,
  }));

test('an album feed plays one video at a time, muted until a tap, and readies only the next', async ({
  page,
}, testInfo) => {
  test.setTimeout(600_000);
  const { token, email } = await signUpByApi(page);
  await grantPlan(email, 'Pro');
  const ids = await Promise.all(
    ['first-tour.mp4', 'second-tour.mp4', 'third-tour.mp4'].map((name) => uploadVideo(page.request, token, name)),
  );
  const added = await page.request.post('/api/vod/video/classify/add', {
    data: { title: 'Spring tours', videoIds: ids, coverVideoId: null },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(added.status(), await added.text()).toBe(200);
  const albumId = (await added.json()).data.id as string;

  await page.setViewportSize({ width: 390, height: 844 });
  const media = mediaRequests(page);
  await page.goto(`/a/${albumId}`);
  // The first slide plays by itself, muted, and says how to get the sound.
  await expect.poll(() => playing(page, ids[0] as string)).toEqual({ playing: true, muted: true });
  const hint = page.getByRole('button', { name: 'Tap for sound' });
  await expect(hint).toBeVisible();
  // The next slide's video is fetched ahead; the one after it is not.
  await expect.poll(() => media(ids[1] as string).some((path) => path.endsWith('.m4s'))).toBe(true);
  expect(media(ids[2] as string)).toEqual([]);
  expect(await page.locator(`#v-${ids[1]} video`).count()).toBe(0);

  // A tap gives sound, and the video goes on playing.
  await page.locator(`#v-${ids[0]} video`).click();
  await expect.poll(() => playing(page, ids[0] as string)).toEqual({ playing: true, muted: false });
  await expect(hint).toBeHidden();

  // ArrowDown: the second plays, with the sound the viewer chose; the first pauses; the third is readied.
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(new RegExp(`#v-${ids[1]}$`));
  await expect.poll(() => playing(page, ids[1] as string)).toEqual({ playing: true, muted: false });
  expect(await page.locator(`#v-${ids[0]} video`).evaluate((video: HTMLVideoElement) => video.paused)).toBe(true);
  await expect.poll(() => media(ids[2] as string).length).toBeGreaterThan(0);

  // The grid lists the videos; one opens the feed at its slide, which plays.
  await page.goto(`/a/${albumId}?view=grid`);
  await expect(page.getByRole('heading', { level: 1, name: 'Spring tours' })).toBeVisible();
  await page.locator('.album-card a').nth(2).click();
  await expect(page).toHaveURL(new RegExp(`/a/${albumId}#v-${ids[2]}$`));
  await expect.poll(async () => (await playing(page, ids[2] as string)).playing).toBe(true);
  expect(await page.locator(`#v-${ids[0]} video`).count()).toBe(0);

  const pages: [string, string][] = [];
  for (const [name, path] of [
    ['album-feed', `/a/${albumId}`],
    ['album-grid', `/a/${albumId}?view=grid`],
    ['album-embed', `/a/${albumId}/embed`],
  ] as const) {
    pages.push([name, await (await page.request.get(path)).text()]);
  }
  expect(await nuErrors(pages, testInfo), 'Nu HTML checker errors').toEqual([]);
});

test('a viewer who asks for reduced motion gets play buttons and nothing starts by itself', async ({ page }) => {
  test.setTimeout(600_000);
  const { token, email } = await signUpByApi(page);
  await grantPlan(email, 'Pro');
  const videoId = await uploadVideo(page.request, token, 'calm-tour.mp4');
  const added = await page.request.post('/api/vod/video/classify/add', {
    data: { title: 'Calm', videoIds: [videoId], coverVideoId: null },
    headers: { authorization: `Bearer ${token}` },
  });
  const albumId = (await added.json()).data.id as string;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const media = mediaRequests(page);
  await page.goto(`/a/${albumId}`);
  const play = page.getByRole('button', { name: /^Play video/ });
  await expect(play).toBeVisible();
  expect(await page.locator('video').count()).toBe(0);
  expect(media(videoId)).toEqual([]);
  await play.click();
  await expect.poll(() => playing(page, videoId)).toEqual({ playing: true, muted: false });
});

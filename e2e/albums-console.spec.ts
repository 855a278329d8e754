import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type FrameLocator, type Page, test } from '@playwright/test';
import { failOnPageProblems, snap, watchPageProblems } from './support.ts';
import { grantPlan, signUpByApi, switchLanguage } from './support-console.ts';
import { uploadVideo } from './support-video.ts';

// The albums console (Video flow) in Chromium, as an owner builds an album on it: the empty list, a new album
// named, its videos chosen, ordered and given a cover, in English and Chinese; then the album as a viewer meets
// it: its page on a phone, swiped, and its embed on a website of another origin; its share dialog; and the
// album deleted, its page gone. The public pages' own behaviour has its spec (album-pages.spec.ts).
failOnPageProblems(test);

test.use({
  // A limit, not an expectation: an action that cannot happen fails where it stands instead of at the test's end.
  actionTimeout: 60_000,
});

const ALBUM = 'Spring tours';
/** The videos' names, which the library takes from their files' names without the extension. */
const NAMES = ['harbour-walk', 'old-town', 'river-cruise'] as const;

/** Whether the slide of `videoId` plays (started, not paused), and muted. */
const playing = (where: Page | FrameLocator, videoId: string) =>
  where.locator(`#v-${videoId} video`).evaluate((video: HTMLVideoElement) => ({
    playing: !video.paused && video.currentTime > 0.3,
    muted: video.muted,
  }));

const paused = (where: Page | FrameLocator, videoId: string) =>
  where.locator(`#v-${videoId} video`).evaluate((video: HTMLVideoElement) => video.paused);

test('an owner builds an album on the Video flow console, in English and Chinese, and viewers meet it', async ({
  page,
  browser,
  baseURL,
}) => {
  // Three videos are encoded before the screens open: on a loaded machine that alone takes minutes.
  test.setTimeout(600_000);
  const { token, email } = await signUpByApi(page);
  await grantPlan(email, 'Pro');
  const ids = await Promise.all(NAMES.map((name) => uploadVideo(page.request, token, `${name}.mp4`)));
  const [harbour, oldTown, river] = ids as [string, string, string];

  // The empty list; a new album is refused without a title, then created, and its screen opens.
  await page.goto(`/video-flow?token=${token}`);
  await expect(page.getByRole('heading', { name: 'Video flow' })).toBeVisible();
  await expect(page.getByText('No albums yet. Add one to show several videos on one page.')).toBeVisible();
  await expect(page.getByTestId('album-usage')).toHaveText(/^0 \/ \d+ albums used$/);
  await page.getByRole('button', { name: 'Add slider' }).click();
  const adding = page.getByRole('dialog', { name: 'New album' });
  await adding.getByRole('button', { name: 'Create' }).click();
  await expect(adding.getByText('Enter the album title')).toBeVisible();
  await adding.getByLabel('Album title').fill(ALBUM);
  await adding.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/video-flow\/[0-9a-f-]{36}$/);
  const albumId = new URL(page.url()).pathname.split('/').pop() as string;
  await expect(page.getByRole('heading', { name: ALBUM })).toBeVisible();
  await expect(page.getByText('No videos in this album yet. Add videos from your library.')).toBeVisible();

  // The three videos, chosen in the choose-video dialog.
  await page.getByRole('button', { name: 'Add videos' }).click();
  const choosing = page.getByRole('dialog', { name: 'Choose videos' });
  for (const name of NAMES) await choosing.getByRole('row').filter({ hasText: name }).getByRole('checkbox').check();
  await choosing.getByRole('button', { name: 'OK' }).click();
  await expect(choosing).toBeHidden();
  const videos = page.getByRole('list', { name: 'Videos' }).getByRole('listitem');
  await expect(videos).toHaveText(NAMES.map((name) => new RegExp(name)));

  // The third moves up to first: once by its button, once from the keyboard; then the second's is the cover.
  await page.getByRole('button', { name: `Move ${NAMES[2]} up` }).click();
  await expect(page.getByRole('button', { name: `Move ${NAMES[2]} up` })).toBeFocused();
  await page.keyboard.press('Alt+ArrowUp');
  const order = [NAMES[2], NAMES[0], NAMES[1]];
  await expect(videos).toHaveText(order.map((name) => new RegExp(name)));
  await page.getByRole('radio', { name: `Use ${NAMES[0]} as the cover` }).check();
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Album saved')).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeHidden();
  await expect(page.getByText('Album saved')).toBeHidden({ timeout: 15_000 });
  await snap(page, 'albums-detail-en');
  const publicUrl = (await page.getByRole('link', { name: 'Open album' }).getAttribute('href')) as string;
  expect(new URL(publicUrl).pathname).toBe(`/a/${albumId}`);

  // Back in the list, the card: its title, its count and when it changed.
  await page.getByRole('link', { name: 'Back to albums' }).click();
  const card = page.getByTestId('album-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByText(ALBUM)).toBeVisible();
  await expect(card.getByText('3 videos', { exact: true })).toBeVisible();
  await expect(card.getByText(/^Updated (just now|\d+ minutes? ago)$/)).toBeVisible();
  await expect(card.locator('img.album-cover')).toHaveJSProperty('complete', true);
  await expect(page.getByTestId('album-usage')).toHaveText(/^1 \/ \d+ albums used$/);
  await snap(page, 'albums-list-en');

  // The same screens in Chinese.
  await switchLanguage(page, '简体中文');
  await expect(page.getByRole('heading', { name: '视频流' })).toBeVisible();
  await expect(page.getByRole('button', { name: '添加视频集' })).toBeVisible();
  await expect(card.getByText('3 个视频', { exact: true })).toBeVisible();
  await expect(card.getByText(/^更新于 /)).toBeVisible();
  await snap(page, 'albums-list-zh_CN');
  await card.getByRole('button', { name: `打开 ${ALBUM}` }).click();
  await expect(page.getByRole('link', { name: '返回视频集列表' })).toBeVisible();
  await expect(page.getByRole('button', { name: '添加视频' })).toBeVisible();
  await expect(page.getByRole('radio', { name: `将 ${NAMES[0]} 设为封面` })).toBeChecked();
  await expect(page.getByRole('list', { name: '视频' }).getByRole('listitem')).toHaveText(
    order.map((name) => new RegExp(name)),
  );
  await snap(page, 'albums-detail-zh_CN');
  await switchLanguage(page, 'English');
  await page.getByRole('link', { name: 'Back to albums' }).click();

  // On a phone: the moved video is the first slide and plays muted; a swipe brings the next, which plays while
  // the first pauses. (Playwright's touchscreen only taps, so the swipe is the feed's own scroll by a screen.)
  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const viewer = await phone.newPage();
    const problems = watchPageProblems(viewer);
    await viewer.goto(publicUrl);
    await expect(viewer.locator('[data-lr-slide]')).toHaveCount(3);
    expect(await viewer.locator('[data-lr-slide]').evaluateAll((slides) => slides.map((slide) => slide.id))).toEqual(
      [river, harbour, oldTown].map((id) => `v-${id}`),
    );
    await expect.poll(() => playing(viewer, river)).toEqual({ playing: true, muted: true });
    await expect(viewer.getByRole('button', { name: 'Tap for sound' })).toBeVisible();
    await snap(viewer, 'album-feed-phone', { fullPage: false });
    await viewer.locator('[data-lr-feed]').evaluate((feed) => feed.scrollBy({ top: feed.clientHeight }));
    await expect(viewer).toHaveURL(new RegExp(`#v-${harbour}$`));
    await expect.poll(() => playing(viewer, harbour)).toEqual({ playing: true, muted: true });
    expect(await paused(viewer, river)).toBe(true);
    expect(problems).toEqual([]);
  } finally {
    await phone.close();
  }

  // The embed code from the list, pasted on a website of another origin (another host name and port): the framed
  // feed shows the first video's title and its play facade, which plays when pressed. (The website's visitor
  // asks for reduced motion, so nothing starts by itself and the facade stays to be seen; the feed's own
  // muted start is the phone's above.)
  await card.getByRole('button', { name: `Embed code of ${ALBUM}` }).click();
  const embedding = page.getByRole('dialog', { name: 'Embed album' });
  const code = await embedding.getByLabel('Website embed code').inputValue();
  expect(code).toContain(`/a/${albumId}/embed`);
  await embedding.getByRole('button', { name: 'Close' }).click();
  await expect(embedding).toBeHidden();
  const host = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>Customer</title><h1>Our tours</h1>${code}`);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const websiteContext = await browser.newContext({ reducedMotion: 'reduce' });
  try {
    const website = await websiteContext.newPage();
    const problems = watchPageProblems(website);
    // The loopback under the other of its two names than the album's address uses: another site altogether.
    const name = new URL(publicUrl).hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    await website.goto(`http://${name}:${(host.address() as AddressInfo).port}/`);
    const frame = website.frameLocator('iframe');
    await expect(frame.getByRole('heading', { name: NAMES[2] })).toBeVisible();
    await expect(frame.locator(`#v-${river} [data-lr-player]`)).toBeVisible();
    const play = frame.getByRole('button', { name: `Play video: ${NAMES[2]}` });
    await expect(play).toBeVisible();
    await snap(website, 'album-embed-other-origin');
    await play.click();
    await expect.poll(() => playing(frame, river)).toEqual({ playing: true, muted: false });
    expect(problems).toEqual([]);
  } finally {
    await websiteContext.close();
    host.close();
  }

  // The share dialog: the album's link and its QR code.
  await card.getByRole('button', { name: `Share ${ALBUM}` }).click();
  const sharing = page.getByRole('dialog', { name: 'Share album' });
  await expect(sharing.getByLabel('Album page link')).toHaveValue(publicUrl);
  const qr = sharing.getByRole('img', { name: 'QR code of the album page' });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await snap(page, 'albums-share-en');
  await sharing.getByRole('button', { name: 'Close' }).click();
  await expect(sharing).toBeHidden();

  // Deleted, after a confirmation: the list is empty again and the page answers 404.
  await card.getByRole('button', { name: `Delete ${ALBUM}` }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Album deleted')).toBeVisible();
  await expect(page.getByText('No albums yet. Add one to show several videos on one page.')).toBeVisible();
  expect((await page.request.get(publicUrl)).status()).toBe(404);
});

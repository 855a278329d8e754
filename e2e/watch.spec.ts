import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, expect, type Page, test } from '@playwright/test';
import jsQRModule from 'jsqr';
import { failOnPageProblems, snap } from './support.ts';
import { grantPlan, signUpByApi, switchLanguage } from './support-console.ts';
import { uploadVideo } from './support-video.ts';

// what a viewer sees. The watch page and the embed on another origin show a facade that loads no
// video engine until play, then play the HLS in Chromium; hostile text in the settings runs nothing.
failOnPageProblems(test);

const HOSTILE = `</script><script>alert(1)</script>"><img src=x onerror=alert(2)> javascript:alert(3)`;

// jsqr is CommonJS with an ES-style default export; depending on the loader the function is the module or its default.
type Decode = typeof jsQRModule.default;
const jsQR: Decode = (jsQRModule as unknown as { default?: Decode }).default ?? (jsQRModule as unknown as Decode);

/** Reads a QR code image in the page the way a phone camera would: from its pixels. */
async function scanQr(image: ReturnType<Page['locator']>) {
  await expect(image).toHaveJSProperty('complete', true);
  const { width, height, pixels } = await image.evaluate((img: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.drawImage(img, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let binary = '';
    for (let i = 0; i < data.length; i += 1) binary += String.fromCharCode(data[i] as number);
    return { width: canvas.width, height: canvas.height, pixels: btoa(binary) };
  });
  return jsQR(new Uint8ClampedArray(Buffer.from(pixels, 'base64')), width, height)?.data ?? null;
}

/** Presses the facade's play button and waits for the video to play; hls.js must not load before. */
async function playFrom(frame: ReturnType<Page['frameLocator']> | Page, label: RegExp) {
  const button = frame.getByRole('button', { name: label });
  await expect(button).toBeVisible();
  await button.click();
  const video = frame.locator('video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.5);
}

test('the watch page and an embed on another site play, and hostile settings stay text', async ({ page }) => {
  // A limit, not an expectation: the cover step adds an upload, and a loaded 2-core box is several times slower.
  const { token, email } = await signUpByApi(page);
  const videoId = await uploadVideo(page.request, token, 'product-tour.mp4');
  await grantPlan(email, 'Pro'); // the link name below is a paid plan's
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // The owner sets the SEO page in the console, with text an attacker would type.
  await page.goto(`/videos/index?token=${token}`);
  await page.locator('.ant-table-row', { hasText: 'product-tour' }).getByRole('button', { name: 'Settings' }).click();
  await expect(page).toHaveURL(new RegExp(`/video-setting/${videoId}/basic-setting$`));
  await page.getByLabel('Page title').fill(HOSTILE);
  await page.getByLabel('Description').fill(`Tour.\n${HOSTILE}`);
  await page.getByLabel('Link name').fill('Product-Tour');
  // a cover uploaded before saving leaves what was typed in the form, and Save stores it.
  const cover = execFileSync('ffmpeg', [
    ...['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=s=640x360', '-frames:v', '1'],
    ...['-f', 'image2pipe', '-c:v', 'png', '-'],
  ]);
  await page.getByLabel('Upload cover').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover });
  await expect(page.locator('.seo-card-preview img')).toHaveAttribute('src', /\/cover-[0-9a-f]+\.png$/);
  await expect(page.getByLabel('Page title')).toHaveValue(HOSTILE);
  await expect(page.getByLabel('Link name')).toHaveValue('Product-Tour');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('SEO settings saved')).toBeVisible();
  // The server keeps link names in lower case, and the form shows what was kept.
  await expect(page.getByLabel('Link name')).toHaveValue('product-tour');
  await snap(page, 'video-setting-seo-en');

  // A WhatsApp button, shown for the whole video in the top-left corner.
  await page.getByRole('tab', { name: 'WhatsApp' }).click();
  await page.getByRole('switch', { name: 'Show a WhatsApp button' }).click();
  await page.getByLabel('WhatsApp number').fill('+44 20 7946 0958');
  await page.getByLabel('Prefilled message').fill('Hello from the product tour');
  await page.locator('label', { hasText: 'Top left' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Button saved')).toBeVisible();
  await expect(page.getByLabel('WhatsApp number')).toHaveValue('+442079460958');
  await snap(page, 'video-setting-whatsapp-en');

  // The other text settings hold hostile text too: call to action, widget, subtitles (label and lines).
  const auth = { authorization: `Bearer ${token}` };
  const SHORT = `"><img src=x onerror=alert(4)>`;
  for (const [url, data] of [
    [
      '/api/vod/video/super-action/save',
      {
        videoId,
        setting: {
          ...{
            enabled: true,
            style: 'button',
            text: SHORT,
            link: 'https://example.test/?q="><script>alert(5)</script>',
          },
          ...{ position: 'bottom-left', timing: 'during', showFrom: 0, showUntil: null },
        },
      },
    ],
    [
      '/api/vod/video/widget/save',
      {
        videoId,
        setting: { enabled: true, title: SHORT, message: HOSTILE, channels: ['whatsapp'], position: 'bottom-left' },
      },
    ],
    [
      '/api/vod/video/subtitle/upload',
      {
        videoId,
        lang: 'en',
        label: SHORT,
        fileName: 'x.vtt',
        content: `WEBVTT\n\n00:00.000 --> 00:05.000\n${HOSTILE}\n`,
      },
    ],
  ] as const) {
    const response = await page.request.post(url, { data, headers: auth });
    expect(response.status(), await response.text()).toBe(200);
  }
  // ...and the console shows it as text.
  await page.goto(`/video-setting/${videoId}/widget`);
  await expect(page.getByLabel('Title')).toHaveValue(SHORT);
  await page.goto(`/video-setting/${videoId}/subtitle`);
  await expect(page.getByRole('cell', { name: SHORT, exact: true })).toBeVisible();

  // Share: the link copies, and the QR code scans to the watch page.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/videos/index');
  await page.locator('.ant-table-row', { hasText: 'product-tour' }).getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog');
  const link = await share.getByLabel('Watch page link').inputValue();
  expect(link).toMatch(/\/v\/product-tour$/);
  await share.getByRole('button', { name: /Copy link/ }).click();
  await expect(share.getByRole('button', { name: /Copied/ })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(share.getByRole('button', { name: /Copy link/ })).toBeVisible();
  expect(await scanQr(share.getByTestId('share-qr'))).toBe(link);
  await snap(page, 'share-dialog');
  await share.getByRole('button', { name: 'Close' }).click();

  // Embed: the website code with autoplay, as a customer would paste it.
  await page.locator('.ant-table-row', { hasText: 'product-tour' }).getByRole('button', { name: 'Embed' }).click();
  const embed = page.getByRole('dialog');
  await embed.getByRole('switch', { name: 'Autoplay' }).click();
  const snippet = await embed.getByLabel('Website embed code').inputValue();
  expect(snippet).toContain(`/embed/${videoId}?autoplay=1`);
  await snap(page, 'embed-dialog');
  await embed.getByRole('tab', { name: 'Email' }).click();
  expect(await embed.getByLabel('Email embed code').inputValue()).toContain('preview.gif');
  await embed.getByRole('button', { name: 'Close' }).click();

  // Before play: poster, title, play button; no video engine fetched.
  const scripts: string[] = [];
  page.on('request', (request) => {
    // Our files only: hls.js also starts its transmuxing worker from a blob: URL.
    if (request.resourceType() === 'script' && !request.url().startsWith('blob:'))
      scripts.push(new URL(request.url()).pathname);
  });
  // (The pointer away from where the player will be: over it, it would fetch the player, as intended.)
  await page.mouse.move(0, 0);
  await page.goto('/v/product-tour');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOSTILE);
  await expect(page.locator('.lr-widget summary')).toHaveText(SHORT);
  await expect(page.locator('.transcript li')).toContainText('alert(1)');
  await expect(page.locator('.watch-action')).toHaveText(SHORT);
  await expect(page.locator('.lr-player img')).toHaveJSProperty('complete', true);
  // The facade's script is inline in the page: nothing fetched until the viewer comes to the player.
  expect(scripts).toEqual([]);
  await snap(page, 'watch-page');
  // The button is a wa.me link; a click opens WhatsApp and is recorded.
  const whatsapp = page.locator('.lr-contacts').getByRole('link', { name: 'WhatsApp' });
  await expect(whatsapp).toHaveAttribute('href', 'https://wa.me/442079460958?text=Hello%20from%20the%20product%20tour');
  await page.route('https://wa.me/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }),
  );
  const recorded = page.waitForResponse((response) => response.url().endsWith('/api/public/click'));
  const popup = page.waitForEvent('popup');
  await whatsapp.click();
  expect((await recorded).status()).toBe(204);
  await (await popup).close();
  await playFrom(page, /^Play video: /);
  expect([...new Set(scripts)].sort()).toEqual([
    '/player/controls.js',
    '/player/hls.light.min.js',
    '/player/player.js',
  ]);

  // The controls: labelled for screen readers, keyboard, speed, quality, storyboard thumbnails.
  const video = page.locator('video');
  const paused = () => video.evaluate((v: HTMLVideoElement) => v.paused);
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await page.keyboard.press('k');
  await expect.poll(paused).toBe(true);
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(5);
  // Home goes back to the start inside the player, and leaves the page where it is.
  const scrolled = await page.evaluate(() => window.scrollY);
  await page.keyboard.press('Home');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeLessThan(1);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(paused).toBe(false);
  await page.getByRole('combobox', { name: 'Speed' }).selectOption('1.5');
  expect(await video.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
  const quality = page.getByRole('combobox', { name: 'Quality' });
  await expect(quality.locator('option')).toHaveText(['Auto', '360p']);
  await page.getByRole('button', { name: 'Mute' }).click();
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
  await expect(page.getByRole('button', { name: 'Unmute' })).toBeVisible();
  const seek = page.getByRole('slider', { name: 'Seek' });
  const box = (await seek.boundingBox()) as { x: number; y: number; width: number; height: number };
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
  const preview = page.locator('.lr-preview');
  await expect(preview).toBeVisible();
  await expect(preview).toHaveCSS('background-image', /storyboard\.jpg/);
  await expect(preview).toContainText('0:03');
  await snap(page, 'watch-page-playing');

  // The dialog's code on a page of another origin (another port: the console is on 127.0.0.1).
  const host = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(
      `<!doctype html><title>Customer site</title><h1>Our product</h1><div style="width:640px">${snippet}</div>`,
    );
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  try {
    await page.goto(`http://localhost:${(host.address() as AddressInfo).port}/`);
    // The dialog's code autoplays, muted, with no click.
    const frame = page.frameLocator('iframe');
    await expect
      .poll(() => frame.locator('video').evaluate((v: HTMLVideoElement) => v.muted && v.currentTime > 0.5))
      .toBe(true);
    await snap(page, 'embed-on-another-site');

    // Once the account lists its websites, Chromium refuses to show the embed anywhere else.
    const listed = await page.request.post('/api/vod/player/embed-config/save', {
      headers: { authorization: `Bearer ${token}` },
      data: { domains: ['www.example.test'] },
    });
    expect(listed.status()).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2100)); // the server reuses a rendered page for 2 s
    // A fresh browser profile: this one cached the embed (public, 60 s) when it was allowed anywhere.
    const fresh = await (page.context().browser() as Browser).newContext();
    const elsewhere = await fresh.newPage();
    await elsewhere.goto(`http://localhost:${(host.address() as AddressInfo).port}/`);
    // A frame refused by frame-ancestors shows Chromium's error page instead of the embed.
    await expect
      .poll(() => elsewhere.frames().map((frame) => frame.url()))
      .toContainEqual(expect.stringMatching(/^chrome-error:/));
    await expect(elsewhere.frameLocator('iframe').getByRole('button', { name: /^Play video/ })).toHaveCount(0);
    await fresh.close();
  } finally {
    host.close();
  }
  expect(dialogs).toEqual([]);
});

test('the watch page speaks Chinese to a Chinese browser', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  const { token } = await signUpByApi(page);
  const videoId = await uploadVideo(page.request, token, 'zh-tour.mp4');
  await page.goto(`/videos/index?token=${token}`);
  await switchLanguage(page, '简体中文');
  await page.goto(`/video-setting/${videoId}/basic-setting`);
  await expect(page.getByLabel('页面标题')).toHaveAttribute('placeholder', 'zh-tour');
  await snap(page, 'video-setting-seo-zh');
  await page.goto(`/v/${videoId}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('link', { name: /^技术支持/ })).toBeVisible();
  await playFrom(page, /^播放视频: zh-tour/);
  await expect(page.getByRole('button', { name: '暂停' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: '倍速' })).toBeVisible();
  await snap(page, 'watch-page-zh');
  await context.close();
});

import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import { failOnPageProblems, snap } from './support.ts';
import { grantPlan, signUpByApi, switchLanguage } from './support-console.ts';
import { uploadVideo } from './support-video.ts';

// the rest of the video settings, configured in the console by a new user on a paid plan, and what
// the viewer then sees: logo and colours instead of the mark, a call to action at its time, the contact
// widget, share networks, subtitles with a transcript; every button click recorded.
const run = promisify(execFile);
let work: string;
test.beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'leadreel-e2e-overlays-'));
});
test.afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});
failOnPageProblems(test);

/**
 * Opens a settings tab. Once, on a loaded machine, a click on a tab was taken without the tab opening (the
 * tab bar was laying itself out again); the click is tried again until the tab says it is selected.
 */
async function openTab(page: Page, name: string) {
  const tab = page.getByRole('tab', { name });
  await expect(async () => {
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 3000 });
  }).toPass({ timeout: 60_000 });
}

async function saved(page: Page) {
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved').last()).toBeVisible();
}

const SRT = `1
00:00:00,000 --> 00:00:03,000
Welcome to the tour

2
00:00:03,000 --> 00:00:06,000
Ask us
`;

test('every overlay, configured in the console, reaches the viewer', async ({ page, browser, baseURL }) => {
  const { token, email } = await signUpByApi(page);
  const videoId = await uploadVideo(page.request, token, 'overlay-tour.mp4');
  const auth = { authorization: `Bearer ${token}` };

  // Free: branding is offered as an upgrade, and the form stays closed.
  await page.goto(`/video-setting/${videoId}/branding?token=${token}`);
  await expect(page.getByText('Branding is part of the paid plans.', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Player colour')).toBeDisabled();
  await snap(page, 'video-setting-branding-free');

  // On a paid plan (granted by the operator's command): a logo, its link and the button colour.
  await grantPlan(email, 'Pro');
  await page.reload();
  const logo = path.join(work, 'logo.png');
  await run('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'color=c=orange:s=160x48',
    '-frames:v',
    '1',
    logo,
  ]);
  await page.getByLabel('Upload logo').setInputFiles(logo);
  await expect(page.getByRole('img', { name: 'Logo' })).toBeVisible();
  await page.getByLabel('Logo link').fill('https://acme.example.test/');
  await page.getByLabel('Button colour').fill('#7a1fa2');
  await saved(page);
  await snap(page, 'video-setting-branding');

  // A call to action from second 2 to second 5, as a button in the bottom-left corner.
  await openTab(page, 'Super action');
  await page.getByRole('switch', { name: 'Show a call to action' }).click();
  await page.getByLabel('Text').fill('Book a demo');
  await page.getByLabel('Link').fill('https://acme.example.test/demo');
  await page.locator('label', { hasText: 'During the video' }).click();
  await page.getByLabel('Show from').fill('2');
  await page.getByLabel('Hide at').fill('5');
  await saved(page);
  await snap(page, 'video-setting-super-action');

  // The widget offers the channels whose numbers are filled in: WhatsApp first needs its number.
  await openTab(page, 'WhatsApp');
  await page.getByLabel('WhatsApp number').fill('+44 20 7946 0958');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Button saved')).toBeVisible();
  await openTab(page, 'Widget');
  await page.getByRole('switch', { name: 'Show the contact widget' }).click();
  await page.getByRole('checkbox', { name: 'WhatsApp' }).check();
  await page.getByRole('checkbox', { name: 'Email' }).check();
  await page.getByLabel('Title').fill('Talk to sales');
  await page.getByRole('button', { name: 'Save' }).click();
  // Email has no address yet: the screen says what to do.
  await expect(
    page.getByText('Fill in the number or address of each chosen channel in its own settings first'),
  ).toBeVisible();
  await page.getByRole('checkbox', { name: 'Email' }).uncheck();
  await saved(page);
  await snap(page, 'video-setting-widget');

  // Share: Telegram and copy link besides the defaults, LinkedIn off.
  await openTab(page, 'Share');
  await page.getByRole('checkbox', { name: 'LinkedIn' }).uncheck();
  await page.getByRole('checkbox', { name: 'Telegram' }).check();
  await saved(page);

  // Subtitles: an SRT file in English, made the default, one line corrected in the editor.
  await openTab(page, 'Subtitles');
  const srt = path.join(work, 'tour.srt');
  await writeFile(srt, SRT);
  await page.locator('input[type=file]').setInputFiles(srt);
  await expect(page.getByText('Lines read: 2')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('English');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Subtitles “English” added')).toBeVisible();
  await page.getByRole('button', { name: 'Make English the default' }).click();
  await expect(page.getByText('Default subtitles saved')).toBeVisible();
  await page.getByRole('button', { name: 'Edit English' }).click();
  await page.getByLabel('Text of line 2').fill('Ask us anything');
  await page.getByText('Save', { exact: true }).last().click();
  await expect(page.getByText('Subtitles saved', { exact: true })).toBeVisible();
  await snap(page, 'video-setting-subtitles');

  // Kit clone: the call to action onto a second video, in one step.
  const secondId = await uploadVideo(page.request, token, 'second-video.mp4');
  // (Its tab sits in the tab bar's overflow menu at this width: open the screen by its address.)
  await page.goto(`/video-setting/${videoId}/kit-clone`);
  await page.getByRole('checkbox', { name: 'Call to action' }).check();
  await page.getByRole('checkbox', { name: 'Choose second-video' }).check();
  await page.getByRole('button', { name: 'Copy to 1 video' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Copied to 1 video')).toBeVisible();
  await snap(page, 'video-setting-kit-clone');
  const copied = await page.request.get(`/api/vod/video/super-action?videoId=${secondId}`, { headers: auth });
  expect((await copied.json()).data).toMatchObject({ enabled: true, text: 'Book a demo', showFrom: 2, showUntil: 5 });

  // Chinese console: the same screens, translated.
  await switchLanguage(page, '简体中文');
  await openTab(page, '超级行动');
  await expect(page.getByText('视频播放中')).toBeVisible();
  await snap(page, 'video-setting-super-action-zh');
  await switchLanguage(page, 'English');

  // The viewer: a fresh profile, after the server's 2 s page cache.
  await new Promise((resolve) => setTimeout(resolve, 2100));
  const viewerContext = await browser.newContext({ baseURL });
  const viewer = await viewerContext.newPage();
  viewer.on('dialog', () => {
    throw new Error('a dialog opened');
  });
  await viewer.goto(`/v/${videoId}`);
  await expect(viewer.locator('.lr-mark')).toHaveCount(0);
  await expect(viewer.locator('.lr-logo img')).toBeVisible();
  await expect(viewer.locator('.lr-logo')).toHaveAttribute('href', 'https://acme.example.test/');
  const share = viewer.getByRole('navigation', { name: 'Share' });
  await expect(share.getByRole('link')).toHaveText(['Facebook', 'X', 'Telegram']);
  await expect(share.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await expect(viewer.getByRole('heading', { name: 'Transcript' })).toBeVisible();
  await expect(viewer.locator('.transcript li').first()).toHaveText('0:00 Welcome to the tour');
  const bookBelow = viewer.locator('.watch-contacts').getByRole('link', { name: 'Book a demo' });
  await expect(bookBelow).toHaveCSS('background-color', 'rgb(122, 31, 162)');

  // The widget opens its channels; a click is recorded as the widget's.
  await viewer.route('https://wa.me/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>wa</title>' }),
  );
  await viewer.getByText('Talk to sales').click();
  const widgetLink = viewer.locator('.lr-widget').getByRole('link', { name: 'WhatsApp' });
  await expect(widgetLink).toHaveAttribute('href', 'https://wa.me/442079460958');
  const widgetClick = viewer.waitForRequest((request) => request.url().endsWith('/api/public/click'));
  const popup = viewer.waitForEvent('popup');
  await widgetLink.click();
  expect(JSON.parse((await widgetClick).postData() ?? '{}')).toMatchObject({ videoId, kind: 'widget' });
  await (await popup).close();
  await viewer.getByText('Talk to sales').click();

  // Play: the call to action shows from second 2; subtitles switch on and off.
  await viewer.getByRole('button', { name: /^Play video: / }).click();
  const video = viewer.locator('video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
  const action = viewer.locator('.lr-contacts').getByRole('link', { name: 'Book a demo' });
  await video.evaluate((v: HTMLVideoElement) => {
    v.pause();
    v.currentTime = 0.5;
  });
  await expect(action).toBeHidden();
  await video.evaluate((v: HTMLVideoElement) => {
    v.currentTime = 4;
  });
  await expect(action).toBeVisible();
  const subtitles = viewer.getByRole('combobox', { name: 'Subtitles' });
  await expect(subtitles.locator('option')).toHaveText(['Off', 'English']);
  await expect(subtitles).toHaveValue('0');
  // The cue at second 4, as the browser shows it.
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => (v.textTracks[0]?.activeCues?.[0] as VTTCue | undefined)?.text))
    .toBe('Ask us anything');
  await snap(viewer, 'watch-page-overlays');
  await subtitles.selectOption({ label: 'Off' });
  expect(await video.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.mode)).toBe('disabled');
  const actionClick = viewer.waitForRequest((request) => request.url().endsWith('/api/public/click'));
  const actionPopup = viewer.waitForEvent('popup');
  await viewer.route('https://acme.example.test/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>demo</title>' }),
  );
  await action.click();
  expect(JSON.parse((await actionClick).postData() ?? '{}')).toMatchObject({ videoId, kind: 'action', second: 4 });
  await (await actionPopup).close();
  await viewerContext.close();

  // The embed dialog's script code, with a colour of its own, on another site.
  await page.goto('/videos/index');
  await page.locator('.ant-table-row', { hasText: 'overlay-tour' }).getByRole('button', { name: 'Embed' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Player colour').fill('#00aa00');
  await dialog.locator('label', { hasText: 'Script' }).click();
  const code = await dialog.getByLabel('Website embed code').inputValue();
  expect(code).toContain('/player/embed.js');
  const host = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<!doctype html><title>Customer</title><h1>Customer site</h1><div style="width:560px">${code}</div>`);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  try {
    await page.goto(`http://localhost:${(host.address() as AddressInfo).port}/`);
    const frame = page.frameLocator('iframe');
    await expect(frame.getByRole('button', { name: /^Play video: / })).toBeVisible();
    await expect(page.locator('iframe')).toHaveAttribute('src', new RegExp(`/embed/${videoId}\\?color=00aa00$`));
    await expect(frame.locator('.lr-player')).toHaveCSS('--lr-accent', '#00aa00');
    // The embed carries the share networks as a menu of its own.
    await frame.getByText('Share', { exact: true }).click();
    await expect(frame.locator('.lr-share').getByRole('link', { name: 'Telegram' })).toBeVisible();
    await snap(page, 'embed-script-on-another-site');
  } finally {
    host.close();
  }
});

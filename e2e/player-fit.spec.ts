import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type FrameLocator,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { failOnPageProblems, snap } from './support.ts';
import { grantPlan, signUpByApi } from './support-console.ts';
import { saveSetting, uploadVideo, whatsappButton } from './support-video.ts';

// the inquiry form fits every player. On a phone's watch page it is a sheet over the
// page, in a small embed a sheet over the frame, each with its own scroll and the submit button always in
// view; every bad answer is marked at once, in the viewer's language, before anything is sent.
failOnPageProblems(test);

const FORM = {
  enabled: true,
  title: '',
  description: 'Tell us about your team and we answer within a working day.',
  fields: [
    { id: 'name', kind: 'name', label: 'Name', placeholder: '', required: true, options: [] },
    { id: 'email', kind: 'email', label: 'Email', placeholder: 'you@company.com', required: true, options: [] },
    { id: 'phone', kind: 'phone', label: 'Phone', placeholder: '', required: false, options: [] },
    { id: 'company', kind: 'company', label: 'Company', placeholder: '', required: false, options: [] },
    { id: 'f1', kind: 'choice', label: 'Team size', placeholder: '', required: true, options: ['1-10', '11-50'] },
    { id: 'message', kind: 'message', label: 'Message', placeholder: '', required: false, options: [] },
  ],
  submitText: '',
  submitColor: '#7a1fa2',
  thanksMessage: '',
  redirectUrl: '',
  moment: 'before',
  second: 0,
  skippable: true,
  oncePerViewer: false,
};

const LANGS = [
  { locale: 'en-US', suffix: '', play: /^Play video: /, send: 'Send', required: 'This field is required.' },
  { locale: 'zh-CN', suffix: '-zh', play: /^播放视频: /, send: '提交', required: '此项为必填。' },
] as const;
const EMAIL_INVALID = {
  'en-US': 'Enter an email address such as name@example.com.',
  'zh-CN': '请输入邮箱地址，例如 name@example.com。',
};

/** One account with one video holding the form, made once for the file. */
let made: Promise<{ token: string; videoId: string }> | undefined;
function formVideo(page: Page) {
  made ??= (async () => {
    const { token, email } = await signUpByApi(page);
    const videoId = await uploadVideo(page.request, token, 'fit-tour.mp4');
    await grantPlan(email, 'Pro');
    await saveSetting(page.request, token, 'form/save', { videoId, form: FORM });
    return { token, videoId };
  })();
  return made;
}

async function leadNames(request: APIRequestContext, token: string) {
  const answer = await request.get('/api/user-form-list/list', { headers: { authorization: `Bearer ${token}` } });
  return ((await answer.json()).data.list as { answers: Record<string, string> }[]).map((lead) => lead.answers.name);
}

/** The whole of `inner` lies inside `outer` (both boxes in the page's coordinates). */
async function expectInside(inner: Locator, outer: { x: number; y: number; width: number; height: number }) {
  const box = await inner.boundingBox();
  expect(box).not.toBeNull();
  if (!box) return;
  expect(box.x).toBeGreaterThanOrEqual(outer.x - 0.5);
  expect(box.y).toBeGreaterThanOrEqual(outer.y - 0.5);
  expect(box.x + box.width).toBeLessThanOrEqual(outer.x + outer.width + 0.5);
  expect(box.y + box.height).toBeLessThanOrEqual(outer.y + outer.height + 0.5);
}

/**
 * Bad answers first (every one marked at once, nothing sent), then good ones; the submit button stays
 * inside `area` (the viewport or the frame) all along, and the lead reaches the account.
 */
async function sendForm(options: {
  viewer: Page;
  scope: Page | FrameLocator;
  area: { x: number; y: number; width: number; height: number };
  lang: (typeof LANGS)[number];
  shot: string;
  name: string;
  request: APIRequestContext;
  token: string;
}) {
  const { viewer, scope, area, lang } = options;
  const form = scope.locator('form.lr-form');
  const submit = form.getByRole('button', { name: lang.send, exact: true });
  await expect(form).toBeVisible();
  await expectInside(form, area);
  await expectInside(submit, area);
  // The required fields at the top are in view as the form appears, whole, even in a 201 px high player.
  await expectInside(form.getByLabel('Name *'), area);
  await expectInside(form.getByLabel('Email'), area);
  await snap(viewer, options.shot);

  const sent: string[] = [];
  viewer.on('request', (request) => {
    if (request.url().endsWith('/api/public/lead')) sent.push(request.url());
  });
  await form.getByLabel('Email').fill('ada at example');
  await submit.click();
  await expect(form.locator('[data-error-for="name"]')).toHaveText(lang.required);
  await expect(form.locator('[data-error-for="email"]')).toHaveText(EMAIL_INVALID[lang.locale]);
  await expect(form.locator('[data-error-for="f1"]')).toHaveText(lang.required);
  await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);
  await expectInside(submit, area);
  await snap(viewer, `${options.shot}-errors`);

  await form.getByLabel('Name *').fill(options.name);
  await form.getByLabel('Email').fill('ada@example.test');
  await form.getByRole('radio', { name: '11-50' }).check();
  await expectInside(submit, area);
  const answered = viewer.waitForResponse((response) => response.url().endsWith('/api/public/lead'));
  await submit.click();
  expect((await answered).status()).toBe(200);
  await expect(form.locator('.lr-form-thanks')).toBeVisible();
  expect(sent).toHaveLength(1);
  await expect.poll(() => leadNames(options.request, options.token)).toContain(options.name);
}

async function viewerPage(
  browser: Browser,
  baseURL: string | undefined,
  locale: string,
  width: number,
  height: number,
) {
  const context = await browser.newContext({ baseURL, locale, viewport: { width, height } });
  return { context, page: await context.newPage() };
}

for (const lang of LANGS) {
  test(`a phone viewer (360x640, ${lang.locale}) sends the form from a sheet over the watch page`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const { token, videoId } = await formVideo(page);
    const { context, page: viewer } = await viewerPage(browser, baseURL, lang.locale, 360, 640);
    try {
      await viewer.goto(`/v/${videoId}`);
      await viewer.getByRole('button', { name: lang.play }).click();
      await sendForm({
        viewer,
        scope: viewer,
        area: { x: 0, y: 0, width: 360, height: 640 },
        lang,
        shot: `player-form-phone${lang.suffix}`,
        name: `Phone ${lang.locale}`,
        request: page.request,
        token,
      });
    } finally {
      await context.close();
    }
  });

  for (const [width, height] of [
    [480, 270],
    // A phone's page with the embed across its width.
    [358, 201],
  ] as const)
    test(`a viewer of a ${width}x${height} embed on another site (${lang.locale}) sends the form from a sheet over the frame`, async ({
      page,
      browser,
      baseURL,
    }) => {
      const { token, videoId } = await formVideo(page);
      const host = http.createServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end(
          `<!doctype html><title>Customer</title><h1>Pricing</h1><iframe src="${baseURL}/embed/${videoId}" width="${width}" height="${height}" style="border:0" allow="autoplay; fullscreen"></iframe>`,
        );
      });
      await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
      const { context, page: viewer } = await viewerPage(browser, baseURL, lang.locale, 800, 600);
      try {
        await viewer.goto(`http://localhost:${(host.address() as AddressInfo).port}/`);
        const frame = viewer.frameLocator('iframe');
        await frame.getByRole('button', { name: lang.play }).click();
        const area = await viewer.locator('iframe').boundingBox();
        expect(area).toMatchObject({ width, height });
        await sendForm({
          viewer,
          scope: frame,
          area: area as { x: number; y: number; width: number; height: number },
          lang,
          shot: `player-form-embed-${width}${lang.suffix}`,
          name: `Embed ${width} ${lang.locale}`,
          request: page.request,
          token,
        });
      } finally {
        await context.close();
        host.close();
      }
    });
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

// the call to action, the logo, Share, the widget and a contact button, all in the corners
// where they collide today (top right: Share, logo, call to action; bottom right: widget and WhatsApp), each
// keep a box of their own above the controls, in a phone-sized and a desktop-sized embed.
test('overlays keep to their own slots in 360 and 1280 wide embeds, clear of each other and the controls', async ({
  page,
  browser,
  baseURL,
}) => {
  const { token } = await formVideo(page);
  const videoId = await uploadVideo(page.request, token, 'slots-tour.mp4');
  const save = (path: string, data: unknown) => saveSetting(page.request, token, `video/${path}`, data);
  // A 160x48 PNG logo.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAKAAAAAwCAIAAAAZy+Y5AAAAYklEQVR42u3RgQkAAAjDsP2PP7s3RAK9oMlO9DgLAAuwAAuwAAuwAAMWYAEWYAEWYAEGLMACLMACLMACLMCABViABViABViAAQuwAAuwAAuwAAMWYAEWYAEWYAEWYMACrPMVg09MsxSVTngAAAAASUVORK5CYII=',
    'base64',
  );
  const { logo } = await save('logo/upload', { videoId, image: png.toString('base64') });
  await save('logo/save', {
    videoId,
    setting: {
      logo,
      logoPosition: 'top-right',
      logoLink: '',
      playerColor: '#1677ff',
      buttonColor: '#0958d9',
      fontColor: '#ffffff',
    },
  });
  await save('whatsapp/save', { videoId, setting: whatsappButton('+442079460958') });
  await save('super-action/save', {
    videoId,
    setting: {
      enabled: true,
      style: 'button',
      text: 'Book a demo with our team',
      link: 'https://acme.example.test/demo',
      position: 'top-right',
      timing: 'during',
      showFrom: 0,
      showUntil: null,
    },
  });
  await save('widget/save', {
    videoId,
    setting: { enabled: true, title: 'Talk to sales', message: '', channels: ['whatsapp'], position: 'bottom-right' },
  });
  await save('share/save', { videoId, setting: { enabled: true, networks: ['facebook', 'x', 'copy'] } });

  for (const [width, height] of [
    [1280, 720],
    [360, 203],
  ] as const) {
    const host = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(
        `<!doctype html><title>Customer</title><body style="margin:0"><iframe src="${baseURL}/embed/${videoId}" width="${width}" height="${height}" style="border:0;display:block" allow="autoplay; fullscreen"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    const { context, page: viewer } = await viewerPage(browser, baseURL, 'en-US', width, height + 40);
    try {
      await viewer.goto(`http://localhost:${(host.address() as AddressInfo).port}/`);
      const frame = viewer.frameLocator('iframe');
      await frame.getByRole('button', { name: /^Play video: / }).click();
      const video = frame.locator('video');
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.3);
      await video.evaluate((v: HTMLVideoElement) => v.pause());
      await expect(frame.locator('.lr-controls')).toBeVisible();
      const area = (await viewer.locator('iframe').boundingBox()) as Box;
      const things = {
        share: frame.locator('.lr-share summary'),
        logo: frame.locator('.lr-logo'),
        action: frame.locator('.lr-action'),
        widget: frame.locator('.lr-widget summary'),
        whatsapp: frame.locator('.lr-slot > .lr-whatsapp'),
      };
      const boxes: [string, Box][] = [];
      for (const [name, locator] of Object.entries(things)) {
        if (!(await locator.isVisible())) continue;
        const box = (await locator.boundingBox()) as Box;
        await expectInside(locator, area);
        boxes.push([name, box]);
      }
      // Everything fits at desktop size; a phone-sized player gives up the least needed first, never Share or
      // the call to action.
      expect(boxes.map(([name]) => name)).toEqual(
        expect.arrayContaining(width >= 1280 ? Object.keys(things) : ['share', 'action']),
      );
      const controls = (await frame.locator('.lr-controls .lr-toggle').boundingBox()) as Box;
      const bar = { x: area.x, y: controls.y, width: area.width, height: area.y + area.height - controls.y };
      for (const [name, box] of boxes) {
        expect(overlaps(box, bar), `${name} covers the controls at ${width}`).toBe(false);
        for (const [other, box2] of boxes) {
          if (other !== name) expect(overlaps(box, box2), `${name} covers ${other} at ${width}`).toBe(false);
        }
      }
      await snap(viewer, `player-slots-${width}`);
    } finally {
      await context.close();
      host.close();
    }
  }
});

test('the call to action screen previews the player with its own Share, mark and controls', async ({ page }) => {
  const { token, videoId } = await formVideo(page);
  await page.goto(`/video-setting/${videoId}/super-action?token=${token}`);
  await page.getByRole('switch', { name: 'Show a call to action' }).click();
  await page.getByLabel('Text').fill('Book a demo');
  await page.locator('label', { hasText: 'Top right' }).click();
  const corner = page.getByTestId('preview-top-right');
  await expect(corner.locator(':scope > *')).toHaveText(['Share', 'Book a demo']);
  await expect(page.getByText('In embeds this corner holds the Share button: this goes just below it.')).toBeVisible();
  await snap(page, 'video-setting-super-action-slots');
});

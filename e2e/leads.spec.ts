import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { failOnPageProblems, mailFromOutbox, snap } from './support.ts';
import { grantPlan, signUpByApi } from './support-console.ts';
import { uploadVideo } from './support-video.ts';

// issue 6: a viewer meets the inquiry form in an embed on another site at its second, is refused bad input
// in words they understand, sends good input and is thanked; the account holder is mailed the lead.
failOnPageProblems(test);

const FORM = {
  enabled: true,
  title: 'Get a quote',
  description: 'We answer within a working day.',
  fields: [
    { id: 'name', kind: 'name', label: 'Your name', placeholder: '', required: true, options: [] },
    { id: 'email', kind: 'email', label: 'Work email', placeholder: 'you@company.com', required: true, options: [] },
    { id: 'f1', kind: 'choice', label: 'Team size', placeholder: '', required: true, options: ['1-10', '11-50'] },
  ],
  submitText: 'Send my request',
  submitColor: '#7a1fa2',
  thanksMessage: 'Thanks, talk soon!',
  redirectUrl: '',
  moment: 'at',
  second: 2,
  skippable: false,
  oncePerViewer: true,
};

test('a viewer sends the inquiry form from an embed on another site, and the account holder is mailed', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { token, email } = await signUpByApi(page);
  const videoId = await uploadVideo(page.request, token, 'quote-tour.mp4');
  await grantPlan(email, 'Pro');
  const saved = await page.request.post('/api/vod/form/save', {
    headers: { authorization: `Bearer ${token}` },
    data: { videoId, form: FORM },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  const host = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(
      `<!doctype html><title>Customer</title><h1>Pricing</h1><iframe src="${baseURL}/embed/${videoId}" width="640" height="360" allow="autoplay; fullscreen"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  try {
    const customerPage = `http://localhost:${(host.address() as AddressInfo).port}/`;
    await viewer.goto(customerPage);
    const frame = viewer.frameLocator('iframe');
    await frame.getByRole('button', { name: /^Play video: / }).click();
    // At second 2 the video pauses under the form.
    const form = frame.getByRole('form', { name: 'Get a quote' });
    await expect(form).toBeVisible({ timeout: 20_000 });
    expect(await frame.locator('video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await expect(form.getByRole('button', { name: 'Skip' })).toHaveCount(0);
    await snap(viewer, 'lead-form-in-embed');

    // Refusals, in the viewer's words, under their field.
    await form.getByRole('button', { name: 'Send my request' }).click();
    await expect(form.locator('[data-error-for="name"]')).toHaveText('This field is required.');
    await form.getByLabel('Your name').fill('Ada Lovelace');
    await form.getByLabel('Work email').fill('ada at example');
    await form.getByRole('radio', { name: '11-50' }).check();
    await form.getByRole('button', { name: 'Send my request' }).click();
    await expect(form.locator('[data-error-for="email"]')).toHaveText(
      'Enter an email address such as name@example.com.',
    );
    await form.getByLabel('Work email').fill('ada@example.com');
    await form.getByRole('button', { name: 'Send my request' }).click();
    await expect(frame.getByText('Thanks, talk soon!')).toBeVisible();
    await snap(viewer, 'lead-form-thanks');
    // Then the video goes on.
    await expect
      .poll(() => frame.locator('video').evaluate((v: HTMLVideoElement) => !v.paused), { timeout: 10_000 })
      .toBe(true);

    // The account holder: the lead, with where it came from, and the mail.
    const leads = await page.request.get('/api/user-form-list/list', { headers: { authorization: `Bearer ${token}` } });
    const [lead] = (await leads.json()).data.list;
    expect(lead).toMatchObject({
      videoId,
      pageUrl: customerPage,
      answers: { name: 'Ada Lovelace', email: 'ada@example.com', f1: '11-50' },
    });
    expect(lead.second).toBeGreaterThanOrEqual(2);
    // In the console: the form's screen, and the lead in the form submissions page the mail links to.
    await page.goto(`/video-setting/${videoId}/inquiry-form?token=${token}`);
    await expect(page.getByRole('switch', { name: 'Show the form' })).toBeChecked();
    await snap(page, 'video-setting-inquiry-form');
    await page.goto(`/form-submit-data?lead=${lead.leadId}`);
    const drawer = page.getByRole('dialog');
    await expect(drawer.locator('.lead-text', { hasText: 'Ada Lovelace' })).toBeVisible();
    await expect(drawer.getByText(customerPage)).toBeVisible();
    await snap(page, 'form-submissions-lead');
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-table-row', { hasText: 'Ada Lovelace' })).toContainText('quote-tour');
    await snap(page, 'form-submissions');
    const mail = await mailFromOutbox(email, (message) => message.subject?.startsWith('New inquiry') ?? false);
    expect(mail.subject).toBe('New inquiry on “quote-tour”');
    expect(mail.text).toContain('Your name: Ada Lovelace\nWork email: ada@example.com\nTeam size: 11-50');

    // Once sent, this viewer is not asked again (here on the watch page: this browser denies an embed on
    // another site any storage, so there the viewer is asked on each visit).
    const watch = async () => {
      await viewer.goto(`${baseURL}/v/${videoId}`);
      await viewer.getByRole('button', { name: /^Play video: / }).click();
    };
    await watch();
    const onPage = viewer.getByRole('form', { name: 'Get a quote' });
    await expect(onPage).toBeVisible({ timeout: 20_000 });
    await onPage.getByLabel('Your name').fill('Ada Lovelace');
    await onPage.getByLabel('Work email').fill('ada@example.com');
    await onPage.getByRole('radio', { name: '1-10' }).check();
    await onPage.getByRole('button', { name: 'Send my request' }).click();
    await expect(viewer.getByText('Thanks, talk soon!')).toBeVisible();
    await watch();
    await expect
      .poll(() => viewer.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(2.5);
    await expect(viewer.getByRole('form', { name: 'Get a quote' })).toBeHidden();
  } finally {
    await viewerContext.close();
    host.close();
  }
});

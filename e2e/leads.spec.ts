import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { sheetRows } from '../apps/server/test/xlsx-reader.ts';
import {
  codeFromOutbox,
  failOnPageProblems,
  mailFromOutbox,
  newEmail,
  signatureIsValid,
  snap,
  webhookReceiver,
} from './support.ts';
import { grantPlan, signUpByApi } from './support-console.ts';
import { inquiryForm, saveSetting, uploadVideo, whatsappButton } from './support-video.ts';

// a viewer meets the inquiry form in an embed on another site at its second, is refused bad input
// in words they understand, sends good input and is thanked; the account holder is mailed the lead.
failOnPageProblems(test);

const FORM = inquiryForm({
  description: 'We answer within a working day.',
  fields: [
    { id: 'name', kind: 'name', label: 'Your name', placeholder: '', required: true, options: [] },
    { id: 'email', kind: 'email', label: 'Work email', placeholder: 'you@company.com', required: true, options: [] },
    { id: 'f1', kind: 'choice', label: 'Team size', placeholder: '', required: true, options: ['1-10', '11-50'] },
  ],
  submitText: 'Send my request',
  submitColor: '#7a1fa2',
  thanksMessage: 'Thanks, talk soon!',
  second: 2,
  skippable: false,
  oncePerViewer: true,
});

test('a viewer sends the inquiry form from an embed on another site, and the account holder is mailed', async ({
  page,
  browser,
  baseURL,
}) => {
  const { token, email } = await signUpByApi(page);
  const videoId = await uploadVideo(page.request, token, 'quote-tour.mp4');
  await grantPlan(email, 'Pro');
  await saveSetting(page.request, token, 'form/save', { videoId, form: FORM });
  // The account's CRM listens for new leads.
  const crm = await webhookReceiver();
  const hook = await page.request.post('/api/webhook/create', {
    headers: { authorization: `Bearer ${token}` },
    data: { url: crm.url, events: ['lead.created'] },
  });
  expect(hook.status(), await hook.text()).toBe(200);
  const { secret } = (await hook.json()).data;
  // A WhatsApp button beside the form: its clicks join the viewer's lead in the timeline.
  await saveSetting(page.request, token, 'video/whatsapp/save', { videoId, setting: whatsappButton('+442079460958') });

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
    await expect(form).toBeVisible();
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
    await form.getByLabel('Work email').fill('ada@example.test');
    await form.getByRole('button', { name: 'Send my request' }).click();
    await expect(frame.getByText('Thanks, talk soon!')).toBeVisible();
    await snap(viewer, 'lead-form-thanks');
    // Then the video goes on.
    await expect.poll(() => frame.locator('video').evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);

    // The account holder: the lead, with where it came from, and the mail.
    const leads = await page.request.get('/api/user-form-list/list', { headers: { authorization: `Bearer ${token}` } });
    const [lead] = (await leads.json()).data.list;
    expect(lead).toMatchObject({
      videoId,
      pageUrl: customerPage,
      answers: { name: 'Ada Lovelace', email: 'ada@example.test', f1: '11-50' },
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
    expect(mail.text).toContain('Your name: Ada Lovelace\nWork email: ada@example.test\nTeam size: 11-50');
    // The CRM got the lead, signed with the endpoint's secret.
    await expect.poll(() => crm.received.length).toBeGreaterThan(0);
    const [delivery] = crm.received;
    expect(delivery?.headers['leadreel-event']).toBe('lead.created');
    expect(signatureIsValid(delivery as never, secret)).toBe(true);
    expect(signatureIsValid(delivery as never, 'whsec_someone-else')).toBe(false);
    expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({
      type: 'lead.created',
      data: { id: lead.leadId, answers: { name: 'Ada Lovelace', email: 'ada@example.test' } },
    });

    // Once sent, this viewer is not asked again (here on the watch page: this browser denies an embed on
    // another site any storage, so there the viewer is asked on each visit).
    const watch = async () => {
      await viewer.goto(`${baseURL}/v/${videoId}`);
      await viewer.getByRole('button', { name: /^Play video: / }).click();
    };
    await viewer.goto(`${baseURL}/v/${videoId}`);
    await viewer.route('https://wa.me/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }),
    );
    const clicked = viewer.waitForResponse((response) => response.url().endsWith('/api/public/click'));
    const popup = viewer.waitForEvent('popup');
    await viewer.locator('.lr-contacts').getByRole('link', { name: 'WhatsApp' }).click();
    expect((await clicked).status()).toBe(204);
    await (await popup).close();
    await viewer.getByRole('button', { name: /^Play video: / }).click();
    const onPage = viewer.getByRole('form', { name: 'Get a quote' });
    await expect(onPage).toBeVisible();
    await onPage.getByLabel('Your name').fill('Ada Lovelace');
    await onPage.getByLabel('Work email').fill('ada@example.test');
    await onPage.getByRole('radio', { name: '1-10' }).check();
    await onPage.getByRole('button', { name: 'Send my request' }).click();
    await expect(viewer.getByText('Thanks, talk soon!')).toBeVisible();
    await watch();
    await expect
      .poll(() => viewer.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime))
      .toBeGreaterThan(2.5);
    await expect(viewer.getByRole('form', { name: 'Get a quote' })).toBeHidden();

    // The second lead's drawer shows the viewer's WhatsApp click before the form.
    await page.goto('/form-submit-data');
    await page.locator('.ant-table-row').first().getByRole('button', { name: 'Ada Lovelace' }).click();
    const timeline = page.getByTestId('lead-timeline');
    await expect(timeline.locator('.lead-timeline-click')).toContainText('WhatsApp button on quote-tour');
    await expect(timeline.locator('.lead-timeline-submitted')).toContainText('Sent the form');
    await snap(page, 'form-submissions-timeline');
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Contact clicks' }).click();
    const clicks = page.getByTestId('leads-clicks');
    await expect(clicks.locator('.ant-table-row')).toHaveCount(1);
    await expect(clicks.locator('.ant-table-row')).toContainText('WhatsApp');
    await snap(page, 'form-submissions-clicks');
    // The CRM heard of both leads and nothing else: it did not subscribe to clicks.
    await expect.poll(() => crm.received.length).toBe(2);
    expect(crm.received.map((hook) => hook.headers['leadreel-event'])).toEqual(['lead.created', 'lead.created']);

    // The export, as Excel: one column per field, a row per lead.
    await page.getByRole('tab', { name: 'Submissions' }).click();
    const download = page.waitForEvent('download');
    await page.getByTestId('leads-export-xlsx').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const rows = sheetRows(await readFile((await file.path()) as string));
    expect(rows[0]).toEqual(expect.arrayContaining(['Your name', 'Work email', 'Team size']));
    expect(rows).toHaveLength(3);
    expect(rows.slice(1).map((row) => row[rows[0]?.indexOf('Team size') ?? -1])).toEqual(['1-10', '11-50']);

    // The video list's submissions dialog holds the video's two leads.
    await page.goto('/videos/index');
    await page
      .locator('.ant-table-row', { hasText: 'quote-tour' })
      .getByRole('button', { name: 'Submissions' })
      .click();
    const submissions = page.getByRole('dialog');
    await expect(submissions.locator('.ant-table-row')).toHaveCount(2);
    await expect(submissions.locator('.ant-table-row').first()).toContainText('Ada Lovelace');
    await snap(page, 'video-submissions-dialog');
    await page.keyboard.press('Escape');
    await page.goto('/form-submit-data');

    // Back on the Free plan the same page shows that leads came, and nothing they said.
    await grantPlan(email, 'Free');
    await page.reload();
    await expect(page.locator('.leads-masked')).toBeVisible();
    await expect(page.locator('.ant-table-row')).toHaveCount(2);
    await expect(page.getByText('Ada Lovelace')).toHaveCount(0);
    await expect(page.getByTestId('leads-export-xlsx')).toBeDisabled();
    await snap(page, 'form-submissions-free');
  } finally {
    await viewerContext.close();
    host.close();
    await crm.close();
  }
});

test('the account holder sends lead mail to a sales address proved by a code, and asks for a daily digest', async ({
  page,
}) => {
  const { token, email } = await signUpByApi(page);
  await page.goto(`/account/global-settings/email-notification?token=${token}`);
  const current = page.getByTestId('notice-email');
  await expect(current).toContainText(email);
  await expect(current).toContainText('Sign-in email');
  await page.getByRole('button', { name: 'Change' }).click();
  const sales = newEmail('sales');
  await page.getByLabel('New notice email').fill(sales);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /^Resend in \d+ s$/ })).toBeDisabled();
  await page.getByLabel('Verification code').fill(await codeFromOutbox(sales));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(current).toContainText(sales);
  await expect(current).not.toContainText('Sign-in email');

  await page.getByRole('switch', { name: 'Daily digest' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  await snap(page, 'email-notification-changed');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Daily digest' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Each new inquiry' })).toBeChecked();
  await expect(page.getByTestId('notice-email')).toContainText(sales);

  // On a paid plan the CRM is connected by a webhook; the test event arrives signed with the shown secret.
  await grantPlan(email, 'Pro');
  const crm = await webhookReceiver();
  try {
    await page.goto('/account/webhooks');
    await page.getByTestId('webhook-add').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Endpoint URL').fill('ftp://crm.example.test/hooks');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(/starting with https:\/\/ or http:\/\//)).toBeVisible();
    await dialog.getByLabel('Endpoint URL').fill(crm.url);
    await dialog.getByRole('button', { name: 'Save' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    await snap(page, 'webhooks-secret');
    await page.getByRole('button', { name: 'Done' }).click();
    const endpoint = page.getByTestId('webhook-endpoint');
    await expect(endpoint).toContainText(crm.url);
    await endpoint.getByTestId('webhook-send-test').click();
    await expect(endpoint.getByTestId('webhook-test-result')).toContainText('Test event delivered: HTTP 200');
    expect(crm.received).toHaveLength(1);
    expect(signatureIsValid(crm.received[0] as never, secret)).toBe(true);
    await expect(endpoint.getByRole('row', { name: /test/ })).toContainText('200');
    await snap(page, 'webhooks');
  } finally {
    await crm.close();
  }
});

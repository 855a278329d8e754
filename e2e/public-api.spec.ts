import { readFile } from 'node:fs/promises';
import { createLeadReelClient, uploadVideo as uploadThroughApi } from '@leadreel/api-client/source';
import { expect, test } from '@playwright/test';
import { failOnPageProblems, snap, watchPageProblems } from './support.ts';
import { grantPlan, signUpByApi, switchLanguage } from './support-console.ts';
import { makeClip } from './support-video.ts';

// "In Chromium and from a shell: create an API key, upload a video with the generated client
// through /api/v1, list its leads; open the API reference page. Both languages." The test process plays the
// shell: it holds the key read off the console's screen and calls the API with @leadreel/api-client.
failOnPageProblems(test);

test('a Pro user makes a key in the console, uploads with the client, lists a lead, and reads the reference', async ({
  page,
  browser,
  baseURL,
}) => {
  const { token, email } = await signUpByApi(page);
  await grantPlan(email, 'Pro');
  await page.goto(`/account/api-access?token=${token}`);
  await page.getByRole('button', { name: 'Create API key' }).click();
  await page.getByLabel('Name').fill('Upload robot');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const shown = page.getByTestId('api-key-secret');
  await expect(shown).toHaveText(/^lr_/);
  const secret = (await shown.textContent()) ?? '';
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(`Requests go to ${baseURL}/api/v1, with the key as Authorization: Bearer`)).toBeVisible();
  const reference = page.getByRole('link', { name: 'API reference' });
  await expect(reference).toBeVisible();
  await snap(page, 'api-access-reference');

  const leadreel = createLeadReelClient({ baseUrl: baseURL ?? '', apiKey: secret });
  const clip = test.info().outputPath('api-tour.mp4');
  await makeClip(clip);
  const uploaded = await uploadThroughApi(leadreel, { name: 'api-tour.mp4', bytes: await readFile(clip) });
  expect(uploaded).toMatchObject({ name: 'api-tour', status: 'uploaded' });
  const videoId = uploaded.videoId;
  const path = { params: { path: { videoId } } };
  // A limit, not an expectation: the fast path makes a first rendition in seconds on a quiet machine.
  await expect
    .poll(async () => (await leadreel.GET('/videos/{videoId}', path)).data?.playable, { timeout: 180_000 })
    .toBe(true);

  // The video's form, as it was (off, asking a name and an email), turned on before playback.
  const form = (await leadreel.GET('/videos/{videoId}/form', path)).data;
  if (!form) throw new Error('the video has no form');
  const saved = await leadreel.PUT('/videos/{videoId}/form', {
    ...path,
    body: {
      ...form,
      enabled: true,
      title: 'Talk to sales',
      submitText: 'Send',
      thanksMessage: 'Thanks!',
      moment: 'before',
    },
  });
  expect(saved.response.status).toBe(200);

  const viewerContext = await browser.newContext();
  try {
    const viewer = await viewerContext.newPage();
    const problems = watchPageProblems(viewer);
    await viewer.goto(`/v/${videoId}`);
    // A form before playback shows on the press of Play, and holds the start until it is sent.
    await viewer.getByRole('button', { name: /^Play video: / }).click();
    const inquiry = viewer.getByRole('form', { name: 'Talk to sales' });
    await inquiry.getByLabel(/^Name/).fill('Grace Hopper');
    await inquiry.getByLabel(/^Email/).fill('grace@example.test');
    await inquiry.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(viewer.getByText('Thanks!')).toBeVisible();
    expect(problems).toEqual([]);
  } finally {
    await viewerContext.close();
  }
  const leads = await leadreel.GET('/leads', { params: { query: { videoId } } });
  expect(leads.data?.data).toEqual([
    expect.objectContaining({ videoId, answers: expect.objectContaining({ name: 'Grace Hopper' }) }),
  ]);

  // The console shows the key in use (to the minute, where Never stood).
  await page.reload();
  await expect(page.getByRole('row', { name: /Upload robot/ })).toContainText(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/);

  await switchLanguage(page, '简体中文');
  await expect(page.getByText(`请求发送至 ${baseURL}/api/v1`)).toBeVisible();
  await snap(page, 'api-access-reference-zh');
  // The link opens the reference in a new tab; the page itself is read in this tab, watched from its start.
  const opened = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'API 参考文档' }).click();
  const tab = await opened;
  await expect(tab).toHaveURL(`${baseURL}/api/v1/docs/zh/`);
  // Scalar's own words in Chinese; the operations are the document's.
  await expect(tab.getByText('简介', { exact: true }).first()).toBeVisible();
  await snap(tab, 'api-reference-zh', { fullPage: false });
  // Left open: the context closes it (closing a tab by hand once hung Chromium for the whole test limit).
  await page.goto('/api/v1/docs');
  await expect(page).toHaveTitle('LeadReel API reference');
  await expect(page.getByText('List videos, newest first').first()).toBeVisible();
  await snap(page, 'api-reference', { fullPage: false });
  // The operation the test used, reached from the sidebar.
  await page.getByRole('button', { name: 'leads' }).click();
  await page.getByRole('link', { name: /List leads, newest first/ }).click();
  await expect(page.getByRole('heading', { name: 'List leads, newest first' })).toBeInViewport();
  await snap(page, 'api-reference-leads', { fullPage: false });
});

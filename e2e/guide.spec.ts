import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import { failOnPageProblems, snap } from './support.ts';
import { grantPlan, signUpByApi, switchLanguage } from './support-console.ts';

// the guide sets up a new account's first video for real (upload, WhatsApp button,
// inquiry form), and a plan granted by the operator shows as that plan, not Free.
failOnPageProblems(test);

const run = promisify(execFile);
let work: string;
test.beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'leadreel-e2e-guide-'));
});
test.afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Screenshots the step in Chinese too, and comes back to English. */
async function snapBoth(page: Page, name: string) {
  await snap(page, `${name}-en`);
  // A toast keeps the words of the language it was raised in; the Chinese screenshot waits for it to go.
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 15_000 });
  await switchLanguage(page, '简体中文');
  await snap(page, `${name}-zh_CN`);
  await switchLanguage(page, 'English');
}

test('a new sign-up uploads a first video in the guide, gives it a WhatsApp number and turns its form on', async ({
  page,
}) => {
  const video = path.join(work, 'first-demo.mp4');
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=4', '-f', 'lavfi', '-i', 'sine=duration=4'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', video],
  ]);
  const { token } = await signUpByApi(page);
  const auth = { authorization: `Bearer ${token}` };
  await page.goto(`/?token=${token}&isNew=true`);
  await expect(page).toHaveURL(/\/guide\/user-guide\/start-guide$/);
  await expect(page.getByRole('button', { name: 'Upload your first video' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Skip' })).toHaveCount(0);
  await snapBoth(page, 'guide-start');

  // The real upload dialog, from the first step.
  await page.getByRole('button', { name: 'Upload your first video' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload videos' });
  await expect(dialog).toBeVisible();
  await snap(page, 'guide-upload-en');
  await dialog.locator('.ant-upload input[type=file]').setInputFiles(video);
  // The server names the video after the file, without its extension.
  await expect(page.getByText('The next steps set up “first-demo”.')).toBeVisible();
  const list = await (await page.request.get('/api/vod/video/list', { headers: auth })).json();
  const videoId = list.data.list[0].videoId as string;
  // The bytes go up in the background; a full page load below would cut them off, so wait for the server.
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/api/vod/video/detail?videoId=${videoId}`, { headers: auth })).json()).data
          .status,
      { timeout: 180_000 },
    )
    .not.toBe('uploading');
  // The upload dialog hands over to the task list, as everywhere in the console; closing it shows the guide.
  const tasks = page.getByRole('dialog', { name: /^Uploads/ });
  await tasks.getByRole('button', { name: 'Close' }).click();
  await expect(tasks).toBeHidden();
  await snapBoth(page, 'guide-start-video');
  await page.getByRole('button', { name: 'Next (1/3)' }).click();

  // WhatsApp: the settings screen's rule refuses a number without its country code, in place.
  await expect(page).toHaveURL(/\/guide\/user-guide\/whatsapp$/);
  await expect(page.getByRole('button', { name: 'Skip' })).toBeVisible();
  const number = page.getByLabel('WhatsApp number');
  await number.fill('020 7946 0958');
  await page.getByRole('button', { name: 'Next (2/3)' }).click();
  await expect(page.getByText('Enter the number in international form, such as +44 20 7946 0958')).toBeVisible();
  await snapBoth(page, 'guide-whatsapp');
  await number.fill('+44 20 7946 0958');
  await page.getByRole('button', { name: 'Next (2/3)' }).click();

  // Inquiry form: on, with a name, an email and a message.
  await expect(page).toHaveURL(/\/guide\/user-guide\/inquiry-form$/);
  await expect(page.getByRole('switch', { name: /Turn on an inquiry form for/ })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Skip' })).toHaveCount(0);
  await snapBoth(page, 'guide-inquiry-form');
  await page.getByRole('button', { name: 'Finish (3/3)' }).click();
  await expect(page).toHaveURL(/\/videos\/index$/);
  // The e2e server names a community (COMMUNITY_URL), so the invitation follows the guide.
  const community = page.getByRole('dialog', { name: 'Join our customer community' });
  await expect(community).toBeVisible();
  await community.getByRole('button', { name: 'Close' }).last().click();

  // What the guide did is the video's real setting, on its own screens.
  await page.goto(`/video-setting/${videoId}/whatsapp`);
  await expect(page.getByRole('switch', { name: 'Show a WhatsApp button' })).toBeChecked();
  await expect(page.getByLabel('WhatsApp number')).toHaveValue('+442079460958');
  await page.getByRole('tab', { name: 'Inquiry form' }).click();
  await expect(page.getByRole('switch', { name: 'Show the form' })).toBeChecked();
  const fields = page.locator('.inquiry-field-kind');
  await expect(fields).toHaveCount(3);
  await expect(fields.nth(0)).toContainText('Name');
  await expect(fields.nth(1)).toContainText('Email');
  await expect(fields.nth(2)).toContainText('Message');
  const form = await (await page.request.get(`/api/vod/form/config?videoId=${videoId}`, { headers: auth })).json();
  expect(form.data.fields.map((field: { id: string; required: boolean }) => [field.id, field.required])).toEqual([
    ['name', true],
    ['email', true],
    ['message', false],
  ]);
});

test('without a video the later steps say so; a plan the operator grants shows on the overview and memberships', async ({
  page,
}) => {
  const { email, token } = await signUpByApi(page);
  await page.goto(`/guide/user-guide/whatsapp?token=${token}`);
  await expect(page.getByText('You have no video yet')).toBeVisible();
  await snapBoth(page, 'guide-no-video');
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByText('You have no video yet')).toBeVisible();
  await page.getByRole('button', { name: 'Finish (3/3)' }).click();
  await expect(page).toHaveURL(/\/videos\/index$/);

  await page.goto('/dashboard-overview');
  const plan = page.locator('.dashboard-plan');
  await expect(plan).toContainText('Free');
  await grantPlan(email, 'Pro');
  await page.reload();
  await expect(plan).toContainText('LeadReel Pro');
  await page.goto('/account/memberships');
  await expect(page.locator('.ant-descriptions-item', { hasText: 'Current plan' })).toContainText('LeadReel Pro');
  await snap(page, 'memberships-pro-en');
});

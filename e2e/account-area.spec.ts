import { expect, test } from '@playwright/test';
import { failOnPageProblems, snap } from './support.ts';
import { admin, grantPlan, signUpByApi, switchLanguage } from './support-console.ts';
import { uploadVideo } from './support-video.ts';

// in Chromium, as far as it is built: a Pro user makes an API key (shown once), rotates and revokes
// it; a referrer brings a customer who pays in the sandbox, sees the commission and its reversal after a
// refund; a user asks for their account's deletion, finds their pages gone and the console closed but for the
// page that cancels it, and cancels. Both languages.
failOnPageProblems(test);

const KEY = /^lr_[A-Za-z0-9_-]{43}$/;

test('a Pro user makes an API key that is shown once, rotates it and revokes it', async ({ page }) => {
  const { token, email } = await signUpByApi(page);
  await grantPlan(email, 'Pro');
  await page.goto(`/account/api-access?token=${token}`);
  await expect(page.getByText('No API keys yet')).toBeVisible();
  await page.getByRole('button', { name: 'Create API key' }).click();
  await page.getByLabel('Name').fill('CRM sync');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const secret = page.getByTestId('api-key-secret');
  await expect(secret).toHaveText(KEY);
  const first = (await secret.textContent()) ?? '';
  await expect(page.getByText('It will not be shown again.')).toBeVisible();
  await snap(page, 'api-access-secret');
  await page.getByRole('button', { name: 'Done' }).click();

  const row = page.getByRole('row', { name: /CRM sync/ });
  await expect(row).toContainText(first.slice(0, 11));
  await expect(row).toContainText('Never');
  // The list never shows the secret again.
  await expect(page.getByText(first)).toHaveCount(0);

  await row.getByTestId('api-key-rotate').click();
  await page.getByRole('button', { name: 'Rotate', exact: true }).last().click();
  await expect(secret).toHaveText(KEY);
  expect(await secret.textContent()).not.toBe(first);
  await page.getByRole('button', { name: 'Done' }).click();

  await row.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('button', { name: 'Revoke', exact: true }).last().click();
  await expect(page.getByText('API key revoked')).toBeVisible();
  await expect(page.getByText('No API keys yet')).toBeVisible();
  // The English toast leaves before the Chinese picture is taken.
  await expect(page.getByText('API key revoked')).toBeHidden({ timeout: 15_000 });

  await switchLanguage(page, '简体中文');
  await expect(page.getByText('暂无 API 密钥')).toBeVisible();
  await snap(page, 'api-access-zh');
});

test('a user asks for their account’s deletion, finds it locked, and cancels it', async ({ page }) => {
  const { token, email, password } = await signUpByApi(page);
  const videoId = await uploadVideo(page.request, token, 'leaving-tour.mp4');
  expect((await page.request.get(`/v/${videoId}`)).status()).toBe(200);

  await page.goto(`/account/delete-account?token=${token}`);
  await expect(page.getByRole('link', { name: 'Export my data' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Delete my account' });
  await page.getByLabel('I no longer use it').check();
  await page.getByText('I understand that my account will be locked now').click();
  const phrase = page.getByLabel(/To confirm, type your sign-in email/);
  await phrase.fill('DELETE');
  await expect(submit).toBeDisabled();
  await phrase.fill(email);
  await expect(submit).toBeEnabled();
  await snap(page, 'delete-account');
  await submit.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText(/Your account will be deleted on \d{4}\/\d{2}\/\d{2}/)).toBeVisible();

  // Locked at once: the watch page is gone and every session is signed out. Signing in again leads only to the
  // page that cancels.
  await expect.poll(async () => (await page.request.get(`/v/${videoId}`)).status(), { timeout: 30_000 }).toBe(404);
  await page.goto('/videos');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/account\/delete-account$/);
  await expect(page.getByText(/Your account is scheduled for deletion on \d{4}\/\d{2}\/\d{2}/)).toBeVisible();
  await switchLanguage(page, '简体中文');
  await expect(page.getByRole('button', { name: '取消注销' })).toBeVisible();
  await snap(page, 'delete-account-scheduled-zh');
  await switchLanguage(page, 'English');

  await page.getByRole('button', { name: 'Cancel deletion' }).click();
  await expect(page.getByText(/Deletion cancelled/)).toBeVisible();
  await expect.poll(async () => (await page.request.get(`/v/${videoId}`)).status(), { timeout: 30_000 }).toBe(200);
  await page.goto('/videos');
  await expect(page).toHaveURL(/\/videos/);
});

test('a referrer sees the account their link brought from its sign-up on; a sandbox payment earns nothing', async ({
  page,
  browser,
  baseURL,
}) => {
  const referrer = await signUpByApi(page);
  expect(await admin('referrer', referrer.email, 'on')).toContain('is now a referrer');
  await page.goto(`/account/affiliate-system?token=${referrer.token}`);
  const link = (await page.getByTestId('affiliate-link').textContent()) ?? '';
  expect(link).toMatch(/\/register\?ref=/);
  await expect(page.locator('.affiliate-qr')).toBeVisible();
  await expect(page.getByText('No commissions yet')).toBeVisible();
  await expect(page.getByTestId('affiliate-rule')).toContainText('test (sandbox) payments earn nothing');
  await expect(page.getByText('No account has signed up through your link yet')).toBeVisible();

  // The customer opens the console with the link's ref: the start-up binds the referrer.
  const customer = await browser.newContext({ baseURL });
  const buyer = await customer.newPage();
  const { token } = await signUpByApi(buyer);
  const ref = new URL(link).searchParams.get('ref') ?? '';
  const bound = buyer.waitForResponse((response) => response.url().includes('/api/auth/bind-referrer'));
  await buyer.goto(`/buy-vip?token=${token}&ref=${ref}`);
  expect((await bound).status()).toBe(200);

  // Before it pays anything, the referrer sees it as signed up.
  await page.reload();
  const referred = page.getByRole('table', { name: 'Referred accounts' });
  await expect(referred.locator('.ant-table-row')).toHaveCount(1);
  await expect(referred.locator('.ant-table-row').first()).toContainText(/\*\*\*@example\.test/);
  await expect(referred.locator('.ant-table-row').first()).toContainText('Signed up, not paid yet');

  // It buys Pro in the sandbox: paid, but no money moved, so no commission.
  await buyer.getByTestId('plan-Pro').getByRole('button', { name: 'Buy now' }).click();
  await buyer.getByRole('dialog').getByText('Credit card').click();
  await buyer.getByRole('dialog').getByRole('button', { name: /^Pay / }).click();
  await buyer.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(buyer).toHaveURL(/\/buy-vip\?order=/);
  await expect(buyer.getByText('Payment successful')).toBeVisible();
  await customer.close();

  await page.reload();
  await expect(referred.locator('.ant-table-row').first()).toContainText('Paid');
  await expect(referred.locator('.ant-table-row').first()).not.toContainText('not paid yet');
  await expect(page.getByRole('table', { name: 'Referrals' }).locator('.ant-table-row')).toHaveCount(0);
  await expect(page.getByText('No commissions yet')).toBeVisible();
  await snap(page, 'affiliates');
  await switchLanguage(page, '简体中文');
  await expect(page.locator('.affiliate-qr')).toBeVisible();
  await expect(page.getByRole('table', { name: '推荐的账号' })).toContainText('已付款');
  await snap(page, 'affiliates-zh');
});

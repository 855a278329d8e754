import { expect, test } from '@playwright/test';
import { failOnPageProblems, mailFromOutbox, snap } from './support.ts';
import { signUpByApi, switchLanguage } from './support-console.ts';
import { inquiryForm, saveSetting, sendLead, uploadVideo } from './support-video.ts';

// a new user buys Pro in the sandbox and reads the lead that was masked a minute before; buys
// credits with WeChat Pay's QR code and sees the ledger; sees the plans and billing history in Chinese.
failOnPageProblems(test);

const FORM = inquiryForm();

test('a Free user buys Pro in the sandbox and reads the lead that was masked, then buys credits by WeChat Pay', async ({
  page,
  context,
}) => {
  const { token, email } = await signUpByApi(page);
  const videoId = await uploadVideo(page.request, token, 'pricing-tour.mp4');
  await saveSetting(page.request, token, 'form/save', { videoId, form: FORM });
  await sendLead(page.request, videoId, {
    answers: { name: 'Grace Hopper', email: 'grace@navy.example.test' },
    page: 'https://customer.example.test/pricing',
  });

  // On Free the lead shows that it came, and nothing it said.
  await page.goto(`/form-submit-data?token=${token}`);
  await expect(page.locator('.leads-masked')).toBeVisible();
  await expect(page.locator('.ant-table-row')).toHaveCount(1);
  await expect(page.getByText('Grace Hopper')).toHaveCount(0);

  // Plans side by side, yearly by default, Free marked as the current one.
  await page.goto('/buy-vip');
  const pro = page.getByTestId('plan-Pro');
  await expect(page.getByText('Most popular')).toBeVisible();
  await expect(page.getByTestId('plan-Free').getByRole('button', { name: 'Current plan' })).toBeDisabled();
  await snap(page, 'buy-vip');
  await pro.getByRole('button', { name: 'Buy now' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Credit card').click();
  await snap(page, 'payment-dialog');
  await dialog.getByRole('button', { name: /^Pay / }).click();

  // The sandbox's checkout page, then back to the console with the outcome.
  await expect(page).toHaveURL(/\/pay\/sandbox\/sbx_/);
  await expect(page.getByText('no money moves')).toBeVisible();
  await snap(page, 'sandbox-checkout');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/buy-vip\?order=/);
  await expect(page.getByText('Payment successful')).toBeVisible();
  await snap(page, 'buy-vip-paid');
  await expect(page.getByTestId('plan-Pro').getByRole('button', { name: 'Current plan' })).toBeDisabled();

  // The lead masked a minute ago is readable in full.
  await page.goto('/form-submit-data');
  await expect(page.getByText('Grace Hopper')).toBeVisible();
  await expect(page.locator('.leads-masked')).toHaveCount(0);

  const receipt = await mailFromOutbox(email, (mail) => /receipt LR-\d{4}-\d{6}/.test(mail.subject ?? ''));
  expect(receipt.text).toContain('Pro plan, billed yearly');

  // Credits by WeChat Pay: the QR code, the payment made on the "phone" (the page the code opens), and the
  // dialog seeing it by itself.
  await page.goto('/buy-credits');
  await expect(page.getByText('Plan grant')).toBeVisible();
  await page.getByTestId('credits-credits-500').getByRole('button').click();
  const pay = page.getByRole('dialog', { name: 'Checkout' });
  await pay.getByText('WeChat Pay').click();
  // Chosen before paying: once, on a loaded machine, Pay went ahead with the card chosen by default.
  await expect(pay.getByRole('radio', { name: 'WeChat Pay' })).toBeChecked();
  await pay.getByRole('button', { name: /^Pay / }).click();
  await expect(pay.getByText('Scan with WeChat')).toBeVisible();
  await expect(pay.locator('canvas, svg').first()).toBeVisible();
  await snap(page, 'payment-wechat-qr');
  const phonePromise = context.waitForEvent('page');
  await pay.getByRole('link', { name: 'Open the payment page' }).click();
  const phone = await phonePromise;
  await phone.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(phone).toHaveURL(/order=/);
  // The phone's tab stays open: closing it once hung Chromium's close for the whole test timeout. The
  // context closes it at the end.
  await page.bringToFront();
  await expect(pay.getByText('Payment successful')).toBeVisible();
  await pay.getByRole('button', { name: 'Done' }).click();
  await expect(page.locator('.ant-table-row', { hasText: 'Purchase' })).toContainText('+500');
  await snap(page, 'buy-credits');

  // Billing history on the memberships page, in both languages.
  await page.goto('/account/memberships');
  const history = page.locator('.ant-card', { hasText: 'Billing history' });
  await expect(history.locator('.ant-table-row')).toHaveCount(2);
  await expect(history).toContainText(/LR-\d{4}-\d{6}/);
  // Both paid orders have their PDF invoice, downloaded under the invoice's number.
  const links = history.getByRole('button', { name: 'Download invoice' });
  await expect(links).toHaveCount(2);
  const [download] = await Promise.all([page.waitForEvent('download'), links.first().click()]);
  expect(download.suggestedFilename()).toMatch(/^LR-\d{4}-\d{6}\.pdf$/);
  const pdf = await download.createReadStream();
  const head = await new Promise<string>((resolve) => pdf.once('data', (chunk) => resolve(String(chunk).slice(0, 5))));
  pdf.destroy();
  expect(head).toBe('%PDF-');
  // Every column fits on a laptop's screen; a phone scrolls the table sideways, never the page.
  const table = history.locator('.ant-table-content');
  for (const width of [1440, 1366]) {
    await page.setViewportSize({ width, height: 860 });
    expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth), `${width} wide`).toBeLessThanOrEqual(0);
  }
  await snap(page, 'memberships-billing');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  // The sidebar folds into the phone's menu with a transition: the page is measured once it has.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 15_000 })
    .toBeLessThanOrEqual(390);
  await table.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await snap(page, 'memberships-billing-phone');
  await page.setViewportSize({ width: 1366, height: 860 });

  // The details its next invoices are made out to.
  const details = page.getByTestId('billing-details');
  await details.getByLabel('Company name').fill('Acme GmbH');
  await details.getByLabel('Address').fill('Hauptstraße 1\n10115 Berlin');
  await details.getByLabel('Country or region').fill('Germany');
  await details.getByLabel('Tax ID').fill('DE123456789');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Billing details saved')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('billing-details').getByLabel('Tax ID')).toHaveValue('DE123456789');

  await switchLanguage(page, '简体中文');
  const historyZh = page.locator('.ant-card', { hasText: '账单记录' });
  await expect(historyZh).toContainText('微信支付');
  // What each order bought is read again in the language just chosen, not as it was ordered.
  await expect(historyZh).toContainText('Pro 套餐（按年计费）');
  await expect(historyZh).toContainText('500 积分');
  await expect(historyZh.getByRole('button', { name: '下载发票' })).toHaveCount(2);
  await expect(page.getByTestId('billing-details')).toContainText('开票信息');
  await snap(page, 'memberships-billing-zh');
  await page.goto('/buy-vip');
  await expect(page.getByTestId('plan-Pro').getByRole('button', { name: '当前套餐' })).toBeDisabled();
  await snap(page, 'buy-vip-zh');
});

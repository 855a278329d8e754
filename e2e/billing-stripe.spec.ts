import { expect, test } from '@playwright/test';
import { startFakeStripe } from '../apps/server/test/fakes/stripe.ts';
import { mailFromOutbox, snap, watchPageProblems } from './support.ts';
import { signUpByApi } from './support-console.ts';
import { ownLeadReel } from './support-server.ts';

// a card payment by the Stripe path. A LeadReel of the test's own is configured with Stripe, whose
// fake on loopback speaks Stripe's API, hosts the checkout page and signs the webhook it delivers.
test('a user pays for Pro by card through Stripe Checkout, and the webhook makes it theirs', async ({ browser }) => {
  const stripe = await startFakeStripe();
  const leadreel = await ownLeadReel({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.url,
  });
  stripe.sendWebhooksTo(`${leadreel.url}/pay/stripe/webhook`);
  const context = await browser.newContext({ baseURL: leadreel.url });
  const page = await context.newPage();
  const problems = watchPageProblems(page);
  try {
    const { token, email } = await signUpByApi(page, leadreel.dataDir);
    await page.goto(`/buy-vip?token=${token}`);
    await page.getByText('Monthly', { exact: true }).click();
    await page.getByTestId('plan-Pro').getByRole('button', { name: 'Buy now' }).click();
    const dialog = page.getByRole('dialog');
    // With Stripe configured the sandbox is off, and cards are the one method.
    await expect(dialog.getByText('Credit card')).toBeVisible();
    await expect(dialog.getByText('WeChat Pay')).toHaveCount(0);
    await expect(dialog.getByRole('checkbox', { name: /Renew automatically/ })).toBeChecked();
    await dialog.getByRole('button', { name: /^Pay / }).click();

    // Stripe's hosted page: a subscription for the monthly price in dollars.
    await expect(page).toHaveURL(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    const session = [...stripe.sessions.values()].at(-1);
    expect(session).toMatchObject({ mode: 'subscription', currency: 'usd', customer_email: email });
    await snap(page, 'stripe-checkout');
    await page.getByRole('button', { name: /^Pay / }).click();

    await expect(page).toHaveURL(/\/buy-vip\?order=/);
    await expect(page.getByText('Payment successful')).toBeVisible();
    await expect(page.getByTestId('plan-Pro').getByRole('button', { name: 'Current plan' })).toBeDisabled();
    const receipt = await mailFromOutbox(
      email,
      (mail) => /receipt LR-\d{4}-\d{6}/.test(mail.subject ?? ''),
      leadreel.dataDir,
    );
    expect(receipt.text).toContain('Pro plan, billed monthly');

    // Auto-renew runs at Stripe: the memberships page says when it renews.
    await page.goto('/account/memberships');
    await expect(page.getByText(/^Renews on \d{4}\/\d{2}\/\d{2}/)).toBeVisible();
    await snap(page, 'stripe-memberships');
    expect(problems).toEqual([]);
  } finally {
    await context.close();
    await leadreel.close();
    await stripe.close();
  }
});

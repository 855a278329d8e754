import { expect, test } from '@playwright/test';
import { failOnPageProblems, snap } from './support.ts';
import { signUpByApi, switchLanguage } from './support-console.ts';

// the dashboard overview of an account that has nothing yet (analytics-journey.spec.ts has
// one with a viewing): the welcome, a range, figures at zero and the plan's allowance, in both languages.
failOnPageProblems(test);

test('a new account’s overview welcomes it and says nothing was played yet, in both languages', async ({ page }) => {
  const { token } = await signUpByApi(page);
  await page.goto(`/dashboard-overview?token=${token}`);
  await expect(page.getByRole('heading', { name: 'Welcome to LeadReel' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByText('Days in UTC')).toBeVisible();
  const plays = page.locator('.analytics-figure', { has: page.locator('dt', { hasText: /^Plays\s*$/ }) });
  await expect(plays.locator('dd.analytics-figure-value')).toHaveText('0');
  // Nothing before either: no change to show.
  await expect(plays.locator('.analytics-trend')).toHaveCount(0);
  await expect(page.getByText('No plays in this range yet')).toBeVisible();
  await expect(page.getByText('No video was played in this range')).toBeVisible();
  const recent = page.locator('.analytics-card', { hasText: 'Recent leads' });
  await expect(recent.getByRole('link', { name: 'View all leads' })).toHaveAttribute('href', '/form-submit-data');
  const plan = page.locator('.analytics-card', { hasText: 'Plan and usage' });
  await expect(plan.getByText('Free', { exact: true })).toBeVisible();
  await expect(plan.getByRole('progressbar')).toHaveCount(2);

  // A preset of the range asks again for the last 7 days.
  const asked = page.waitForRequest((request) => request.url().includes('/api/analytics/overview'));
  await page.getByLabel('Date range').first().click();
  await page.getByText('Last 7 days').click();
  const query = new URL((await asked).url()).searchParams;
  const days = (Date.parse(query.get('to') ?? '') - Date.parse(query.get('from') ?? '')) / 86_400_000;
  expect(days).toBe(6);
  await page.keyboard.press('Escape');
  // The picker scrolled the page to show itself: the picture starts at the top, where the sidebar sticks.
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, 'dashboard-overview-new');

  await switchLanguage(page, '简体中文');
  await expect(page.getByRole('heading', { name: '欢迎使用 LeadReel' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '概览' })).toBeVisible();
  await expect(page.getByText('此时间范围内还没有播放')).toBeVisible();
  await expect(page.getByText('套餐与用量')).toBeVisible();
});

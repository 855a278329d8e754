import { expect, test } from '@playwright/test';
import { failOnPageProblems, snap } from './support.ts';

failOnPageProblems(test);

// A browser set to Chinese meets the console in Chinese on its first visit, until its user picks a language.
test.use({ locale: 'zh-CN' });

test('a first visit from a Chinese browser is in Chinese, and a choice made then is kept', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('登录 - LeadReel');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { name: '登录 LeadReel' })).toBeVisible();
  await snap(page, 'first-visit-zh');
  // The user's own choice wins over the browser's from then on.
  await page.evaluate(() => localStorage.setItem('leadreel.language', 'en'));
  await page.reload();
  await expect(page).toHaveTitle('Login - LeadReel');
});

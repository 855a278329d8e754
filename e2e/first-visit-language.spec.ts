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

/** WCAG's contrast ratio of two sRGB colours given as [r, g, b] in 0-255. */
function contrast(a: number[], b: number[]): number {
  const luminance = (rgb: number[]) => {
    const [r = 0, g = 0, bl = 0] = rgb.map((value) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

test('the sign-in page describes itself to search engines, and its subtitle reads at AA contrast', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /B2B leads/);
  const colours = await page.locator('.public-subtitle').evaluate((element) => {
    // The text's colour over the card's white, alpha blended as the screen shows it.
    const [r = 0, g = 0, b = 0, alpha = 1] =
      getComputedStyle(element)
        .color.match(/[\d.]+/g)
        ?.map(Number) ?? [];
    return [r, g, b].map((value) => value * alpha + 255 * (1 - alpha));
  });
  expect(contrast(colours, [255, 255, 255])).toBeGreaterThanOrEqual(4.5);
});

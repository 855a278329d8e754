import { expect, type Page, test } from '@playwright/test';
import { failOnPageProblems, snap } from './support.ts';
import { grantPlan, LANGS, signUpByApi } from './support-console.ts';
import { uploadVideo } from './support-video.ts';

// Every console screen is usable on a phone (390x844): nothing wider than the screen, the sidebar closed
// until asked for, and each screen's main action in reach.
failOnPageProblems(test);
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** How far the page reaches past the screen's right edge, and what sticks out furthest. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    let widest = '';
    let right = width;
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.right > right + 0.5 && getComputedStyle(element).position !== 'fixed') {
        right = box.right;
        const chain: string[] = [];
        for (let at: HTMLElement | null = element; at && chain.length < 6; at = at.parentElement) {
          chain.push(`${at.tagName.toLowerCase()}.${[...at.classList].slice(0, 2).join('.')}`);
        }
        widest = chain.join(' < ');
      }
    }
    return { scroll: document.documentElement.scrollWidth - width, widest };
  });
}

const SCREENS = [
  '/dashboard-overview',
  '/videos/index',
  '/form-submit-data',
  '/buy-vip',
  '/buy-credits',
  '/account/memberships',
  '/account/api-access',
  '/account/change-password',
  '/account/delete-account',
  '/account/global-settings/email-notification',
  '/account/global-settings/privacy',
];

test('the sign-in and register pages fit a phone', async ({ page }) => {
  for (const path of ['/login', '/register', '/forget-password']) {
    await page.goto(path);
    await expect(page.locator('.public-card, form').first()).toBeVisible();
    expect((await overflow(page)).scroll, path).toBeLessThanOrEqual(0);
  }
  await snap(page, 'phone-forget-password', { fullPage: false });
});

test('every console screen fits a phone, in both languages', async ({ page }) => {
  const { email, token } = await signUpByApi(page);
  await grantPlan(email, 'Pro');
  const videoId = await uploadVideo(page.request, token, 'Phone check.mp4');
  await page.goto(`/videos/index?token=${token}`);
  // The token is kept once the console has checked it.
  await expect(page.locator('.app-content')).toBeVisible();
  await expect(page).not.toHaveURL(/token=/);
  const wide: string[] = [];
  for (const language of LANGS) {
    await page.evaluate((code) => localStorage.setItem('leadreel.language', code), language.code);
    for (const path of [...SCREENS, `/video-setting/${videoId}/inquiry-form`, `/video-setting/${videoId}/analytics`]) {
      await page.goto(path);
      await expect(page.locator('.app-content')).toBeVisible();
      await page.waitForLoadState('networkidle');
      // The sidebar waits closed on a phone, whatever page opened.
      await expect(page.locator('.sider-backdrop')).toHaveCount(0);
      const found = await overflow(page);
      if (found.scroll > 0)
        wide.push(`${path} (${language.code}): ${found.scroll} px past the screen, ${found.widest}`);
    }
    await page.goto('/videos/index');
    await expect(
      page.getByRole('button', { name: language.code === 'en' ? /Upload/ : /上传/ }).first(),
    ).toBeInViewport();
    await snap(page, `phone-videos-${language.code}`, { fullPage: false });
  }
  expect(wide).toEqual([]);
});

import { expect, type Page, test } from '@playwright/test';
import { failOnPageProblems, snap } from './support.ts';
import { grantPlan, LANGS, signUpByApi } from './support-console.ts';
import { uploadVideo } from './support-video.ts';

// A laptop's screen shows every part of the console whole: the sidebar's last entry can be clicked, the
// video settings' tabs keep their names, and the inquiry form's preview shows its buttons.
failOnPageProblems(test);

/** Whether the middle of `selector`'s first match is that element (nothing covers it there). */
async function clickableAtItsMiddle(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      element.scrollIntoView({ block: 'nearest' });
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return box.bottom <= window.innerHeight && hit !== null && element.contains(hit);
    });
}

test('at 1366x768 and 1440x900 the console shows its parts whole', async ({ page }) => {
  const { email, token } = await signUpByApi(page);
  await grantPlan(email, 'Pro');
  const videoId = await uploadVideo(page.request, token, 'Layout check.mp4');
  for (const language of LANGS) {
    for (const [width, height] of [
      [1366, 768],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      // The account's settings open the sidebar's longest branch, ending in its last entry.
      await page.goto(`/account/global-settings/privacy?token=${token}`);
      await page.evaluate((code) => localStorage.setItem('leadreel.language', code), language.code);
      await page.reload();
      const last = page.locator('.app-sider .ant-menu-item').last();
      await expect(last).toBeVisible();
      // Polled: the branch opens with an animation.
      await expect
        .poll(() => clickableAtItsMiddle(page, '.app-sider .ant-menu-item >> nth=-1'), {
          message: `${width}x${height}`,
        })
        .toBe(true);
      await page.goto(`/video-setting/${videoId}/inquiry-form`);
      const tabs = page.locator('.video-settings .ant-tabs-tab');
      await expect(tabs.first()).toBeVisible();
      // Every tab whole inside the bar: none cut at its edge, none hidden behind a "more" menu.
      const clipped = await tabs.evaluateAll((elements) => {
        const nav = elements[0]?.closest('.ant-tabs-nav');
        if (!nav) return ['no tab bar'];
        const bar = nav.getBoundingClientRect();
        return elements
          .filter((element) => {
            const box = element.getBoundingClientRect();
            return box.width === 0 || box.left < bar.left - 0.5 || box.right > bar.right + 0.5;
          })
          .map((element) => element.textContent);
      });
      expect(await page.locator('.video-settings .ant-tabs-nav-operations:visible').count()).toBe(0);
      expect(clipped, `${width}x${height}`).toEqual([]);
      const preview = page.locator('.inquiry-preview');
      await expect(preview).toBeVisible();
      const actionsInside = await preview.evaluate((element) => {
        const actions = element.querySelector('.inquiry-preview-actions') as HTMLElement;
        const frame = (element.closest('.contact-preview') ?? element.parentElement) as HTMLElement;
        const a = actions.getBoundingClientRect();
        const f = frame.getBoundingClientRect();
        return a.bottom <= f.bottom + 0.5 && a.top >= f.top - 0.5;
      });
      expect(actionsInside, `${width}x${height}`).toBe(true);
      await snap(page, `inquiry-form-${width}-${language.code}`, { fullPage: false });
    }
  }
});

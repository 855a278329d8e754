import { expect, type Page, test } from '@playwright/test';
import { signUpByApi } from './support-console.ts';
import { uploadVideo } from './support-video.ts';

// LeadReel's pages evaluate no code: under a policy without 'unsafe-eval' (ours on the API reference, or a
// customer's proxy in front of the console) nothing is refused. Zod probed `new Function` on both pages.

/** The `securitypolicyviolation` events a page raises about evaluating code, from its first script on. */
async function watchEval(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { evalRefused: string[] }).evalRefused = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      if (event.blockedURI === 'eval')
        seen.push(`${event.violatedDirective} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { evalRefused: string[] }).evalRefused);
}

test('the API reference evaluates no code under its own policy', async ({ page }) => {
  const refused = await watchEval(page);
  const answer = await page.goto('/api/v1/docs');
  expect(answer?.headers()['content-security-policy']).not.toContain('unsafe-eval');
  await expect(page.getByText('List videos, newest first').first()).toBeVisible();
  expect(await refused()).toEqual([]);
});

test('the console evaluates no code under a policy without unsafe-eval', async ({ page }) => {
  const { token } = await signUpByApi(page);
  await uploadVideo(page.request, token, 'Policy check.mp4');
  // The console's document as a strict proxy would serve it: scripts from its own origin, no eval.
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    await route.fulfill({
      response,
      headers: { ...response.headers(), 'content-security-policy': "script-src 'self' 'unsafe-inline'" },
    });
  });
  const refused = await watchEval(page);
  await page.goto(`/videos/index?token=${token}`);
  await expect(page.locator('.video-table tbody tr.ant-table-row')).toHaveCount(1);
  await page.goto('/account/memberships');
  await expect(page.getByTestId('usage-board')).toBeVisible();
  expect(await refused()).toEqual([]);
});

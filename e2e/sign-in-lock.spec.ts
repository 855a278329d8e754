import { expect, test } from '@playwright/test';
import { failOnPageProblems } from './support.ts';
import { signUpByApi, switchLanguage } from './support-console.ts';

failOnPageProblems(test);

const LOCKED = {
  en: 'too many failed sign-ins to this account from unrecognised devices; try again later, sign in from a device you used before, or reset your password',
  zh: '该账号在陌生设备上登录失败次数过多；请稍后再试、在曾登录过的设备上登录，或重置密码',
};

// guesses from elsewhere lock out unknown clients only; the browser the owner signed in
// with keeps signing in (its device cookie goes along with the console's same-origin fetch).
test('after ten wrong passwords from elsewhere the owner still signs in from their browser', async ({
  page,
  browser,
  request,
}) => {
  // Three console loads on a machine that may be busy: a generous limit, never a speed check.
  const { email, password } = await signUpByApi(page);
  const signIn = async (on: typeof page) => {
    await on.goto('/login');
    await on.getByLabel(/^(Email|邮箱)$/).fill(email);
    await on.getByLabel(/^(Password|密码)$/, { exact: true }).fill(password);
    await on.locator('button[type="submit"]').click();
  };
  // The owner signed in from this browser before (page.request shares the browser's cookies).
  expect((await page.request.post('/api/auth/login', { data: { email, password } })).status()).toBe(200);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name.startsWith('lr_device_'))).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

  // `request` keeps no cookies of the page: a stranger guessing.
  for (let i = 0; i < 10; i++) {
    const wrong = await request.post('/api/auth/login', { data: { email, password: `guess ${i} wrong` } });
    expect(wrong.status()).toBe(401);
  }
  expect((await request.post('/api/auth/login', { data: { email, password } })).status()).toBe(429);

  await signIn(page);
  await expect(page).toHaveURL(/\/(guide|dashboard-overview)/);

  // A browser that never signed in is told why, in its language.
  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  await signIn(other);
  await expect(other.getByText(LOCKED.en)).toBeVisible();
  await switchLanguage(other, '简体中文');
  await other.locator('button[type="submit"]').click();
  await expect(other.getByText(LOCKED.zh)).toBeVisible();
  await stranger.close();
});

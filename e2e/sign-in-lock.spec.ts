import { expect, type Page, test } from '@playwright/test';
import { codeFromOutbox, failOnPageProblems, mailFromOutbox, snap } from './support.ts';
import { signUpByApi, switchLanguage } from './support-console.ts';

failOnPageProblems(test);

const CODE_SCREEN = { en: 'Enter the code we mailed', zh: '输入邮件中的验证码' };

// Guesses from elsewhere cost the owner nothing: the browser the owner signed in with keeps signing in (its
// device cookie goes along with the console's same-origin fetch), and a browser that never signed in is
// asked for a code mailed to the owner besides the right password, instead of being refused.
test('after ten wrong passwords from elsewhere the owner signs in from their browser, and from a new one with a mailed code', async ({
  page,
  browser,
  request,
}) => {
  // Several console loads on a machine that may be busy: a generous limit, never a speed check.
  test.setTimeout(180_000);
  const { email, password } = await signUpByApi(page);
  const signIn = async (on: Page) => {
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
  // From now on a guess is answered as the right password would be, and mails the owner nothing.
  const guess = await request.post('/api/auth/login', { data: { email, password: 'one more guess' } });
  expect(await guess.json()).toMatchObject({ statusCode: 401, error: 'login_code_required' });

  await signIn(page);
  await expect(page).toHaveURL(/\/(guide|dashboard-overview)/);

  // A new browser: the code screen, then signed in with the code mailed to the owner.
  const phone = await browser.newContext();
  const onPhone = await phone.newPage();
  await signIn(onPhone);
  await expect(onPhone.getByRole('heading', { name: CODE_SCREEN.en })).toBeVisible();
  await expect(onPhone.getByRole('button', { name: /^Resend in \d+ s$/ })).toBeDisabled();
  await snap(onPhone, 'sign-in-code-en');
  const mail = await mailFromOutbox(email, (m) => (m.subject ?? '').includes('sign-in code'));
  const code = /^(\d{6})$/m.exec(mail.text ?? '')?.[1] ?? '';
  await onPhone.getByLabel('Verification code').fill(code);
  await onPhone.locator('button[type="submit"]').click();
  await expect(onPhone).toHaveURL(/\/(guide|dashboard-overview)/);
  await phone.close();

  // Another new browser, in Chinese: the screen and a wrong code's refusal in its language.
  const laptop = await browser.newContext();
  const onLaptop = await laptop.newPage();
  await onLaptop.goto('/login');
  await switchLanguage(onLaptop, '简体中文');
  await signIn(onLaptop);
  await expect(onLaptop.getByRole('heading', { name: CODE_SCREEN.zh })).toBeVisible();
  const mailed = await codeFromOutbox(email);
  const wrong = mailed === '000000' ? '111111' : '000000';
  await onLaptop.getByLabel('验证码').fill(wrong);
  await onLaptop.locator('button[type="submit"]').click();
  await expect(onLaptop.getByRole('alert')).toHaveText('验证码错误');
  await snap(onLaptop, 'sign-in-code-zh');
  await laptop.close();
});

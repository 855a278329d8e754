import { expect, test } from '@playwright/test';
import { codeFromOutbox, failOnPageProblems, snap } from './support.ts';
import { LANGS, registerThroughUi, signUpByApi, switchLanguage } from './support-console.ts';

// Nothing the console does may break its Content-Security-Policy or throw in the page.
failOnPageProblems(test);

test.describe('public screens', () => {
  for (const lang of LANGS) {
    test(`look finished in ${lang.label}`, async ({ page }) => {
      await page.goto('/login');
      if (lang.code !== 'en') await switchLanguage(page, lang.label);
      for (const [path, title] of [
        ['/login', { en: 'Login', zh_CN: '登录' }],
        ['/register', { en: 'Sign up', zh_CN: '注册' }],
        ['/forget-password', { en: 'Forgot password', zh_CN: '忘记密码' }],
        ['/reset-password', { en: 'Reset password', zh_CN: '重置密码' }],
      ] as const) {
        await page.goto(path);
        await expect(page).toHaveTitle(`${title[lang.code]} - LeadReel`);
        await snap(page, `${path.slice(1)}-${lang.code}`);
      }
    });
  }

  test('validate as the spec words it', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Please enter your email address')).toBeVisible();
    await expect(page.getByText('Please enter your password')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await expect(page.getByText('Please enter the correct email address')).toBeVisible();

    await page.getByLabel('Email').fill('nobody@example.test');
    await page.getByLabel('Password', { exact: true }).fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('The account or password is incorrect')).toBeVisible();
    await snap(page, 'login-error-en');

    await page.goto('/register');
    await page.getByLabel('Password', { exact: true }).fill('one password');
    await page.getByLabel('Confirm password').fill('another password');
    await page.getByLabel('Verification code').fill('12');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('The passwords entered do not match')).toBeVisible();
    await expect(page.getByText('Please complete the verification code')).toBeVisible();
    await snap(page, 'register-errors-en');
  });

  test('a console route opened while logged out goes to login, and back after signing in', async ({ page }) => {
    const { email, password } = await signUpByApi(page);
    await page.goto('/account/memberships');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in to LeadReel' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/account\/memberships$/);
    await expect(page).toHaveTitle('Memberships - LeadReel');
  });
});

test('a new user registers, uses the console in both languages, logs out, logs in and changes the password', async ({
  page,
}) => {
  const { email, password } = await registerThroughUi(page);
  // A new account starts with the guide.
  await expect(page).toHaveURL(/\/guide\/user-guide\/start-guide$/);
  await expect(page.getByRole('button', { name: 'Next (1/3)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Skip' })).toHaveCount(0);
  await snap(page, 'guide-1-en');
  await page.getByRole('button', { name: 'Next (1/3)' }).click();
  await expect(page.getByRole('button', { name: 'Skip' })).toBeVisible();
  await snap(page, 'guide-2-en');
  // The step is remembered: a reload comes back to it.
  await page.goto('/dashboard-overview');
  await expect(page).toHaveURL(/\/guide\/user-guide\/whatsapp$/);
  await page.getByRole('button', { name: 'Next (2/3)' }).click();
  await page.getByRole('button', { name: 'Finish (3/3)' }).click();
  await expect(page).toHaveURL(/\/videos\/index$/);
  const community = page.getByRole('dialog', { name: 'Join our customer community' });
  await expect(community).toBeVisible();
  await expect(community.getByRole('img', { name: 'QR code of the community chat' })).toBeVisible();
  await snap(page, 'community-en');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard-overview$/);
  await expect(page).toHaveTitle('Overview - LeadReel');
  await expect(page.getByTestId('account-menu')).toContainText(email);
  await snap(page, 'dashboard-en');

  await switchLanguage(page, '简体中文');
  await expect(page).toHaveTitle('概览 - LeadReel');
  await expect(page.getByText('欢迎使用 LeadReel')).toBeVisible();
  await snap(page, 'dashboard-zh_CN');
  await page.goto('/account');
  await expect(page).toHaveURL(/\/account\/memberships$/);
  await expect(page.getByText('免费版').first()).toBeVisible();
  await snap(page, 'memberships-zh_CN');
  await page.goto('/account/change-password');
  await snap(page, 'change-password-zh_CN');
  // Blog-to-video is a paid plan's: on Free, My projects offers the upgrade.
  await page.goto('/videos/blog-to-video');
  await expect(page.getByText('博客转视频属于付费套餐功能。升级后即可把文章变成视频。')).toBeVisible();
  await snap(page, 'blog-upgrade-zh_CN');
  await switchLanguage(page, 'English');
  await expect(page).toHaveTitle('My projects - LeadReel');
  await expect(page.getByText('Blog-to-video is part of the paid plans.')).toBeVisible();

  await page.getByTestId('account-menu').hover();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to LeadReel' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('leadreel.token'))).toBeNull();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard-overview$/);

  await page.goto('/account/change-password');
  await expect(page).toHaveTitle('Change password - LeadReel');
  await page.getByLabel('Current password').fill(password);
  await page.getByLabel('New password', { exact: true }).fill('   ');
  await page.getByLabel('Confirm new password').fill('   ');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The new password cannot be empty')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('second password 2');
  await page.getByLabel('Confirm new password').fill('second password 2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed.')).toBeVisible();
  await snap(page, 'change-password-en');

  const old = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(old.status()).toBe(401);
  const fresh = await page.request.post('/api/auth/login', { data: { email, password: 'second password 2' } });
  expect(fresh.status()).toBe(200);
});

test('token login from a link, and a revoked token sends the console to login', async ({ page }) => {
  const { token } = await signUpByApi(page);
  await page.goto(`/?token=${token}&isNew=true`);
  await expect(page).toHaveURL(/\/guide\/user-guide\/start-guide$/);
  expect(await page.evaluate(() => localStorage.getItem('leadreel.token'))).toBe(token);

  await page.request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
  await page.goto('/dashboard-overview');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to LeadReel' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('leadreel.token'))).toBeNull();
});

test('the forgotten-password flow resets the password with the mailed code', async ({ page }) => {
  const { email } = await signUpByApi(page);
  await page.goto('/forget-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset code' }).click();
  await expect(page).toHaveURL(/\/reset-password\?email=/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  // The newest mail to this address is the reset code.
  await page.getByLabel('Verification code').fill(await codeFromOutbox(email));
  await page.getByLabel('New password', { exact: true }).fill('after reset 123');
  await page.getByLabel('Confirm new password').fill('after reset 123');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to LeadReel' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('after reset 123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard-overview$/);
});

test('start-up binds ?ref once and ?pay opens the plans', async ({ page }) => {
  const referrer = await signUpByApi(page);
  const referrerId = (
    await (
      await page.request.get('/api/account/detail', { headers: { authorization: `Bearer ${referrer.token}` } })
    ).json()
  ).data.userId as string;
  const user = await signUpByApi(page);
  await page.goto(`/?token=${user.token}`);
  await expect(page).toHaveURL(/\/dashboard-overview$/);

  await page.goto(`/dashboard-overview?ref=${referrerId}&pay=1`);
  await expect(page).toHaveURL(/\/buy-vip$/);
  await expect(page).toHaveTitle('Upgrade plan - LeadReel');
  await expect
    .poll(async () => {
      const detail = await page.request.get('/api/account/detail', {
        headers: { authorization: `Bearer ${user.token}` },
      });
      return (await detail.json()).data.refererId;
    })
    .toBe(referrerId);
  await snap(page, 'buy-vip-en');
});

test.describe('on a phone', () => {
  test.use({
    viewport: { width: 390, height: 844 },
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
  });

  test('the console gets its mobile style and the sidebar folds away', async ({ page }) => {
    const { token } = await signUpByApi(page);
    await page.goto(`/dashboard-overview?token=${token}`);
    await expect(page.getByText('Welcome to LeadReel')).toBeVisible();
    await expect(page.locator('#root')).toHaveClass(/mobile/);
    await snap(page, 'dashboard-mobile-en');
    expect((await page.locator('.app-sider').boundingBox())?.width).toBeLessThanOrEqual(1); // its border
    await page.goto('/login');
    await snap(page, 'login-mobile-en');
  });
});

// One test per language: each is a fresh account and stays short enough for a loaded machine.
for (const lang of LANGS) {
  test(`every signed-in screen in ${lang.label}`, async ({ page }) => {
    const { token } = await signUpByApi(page);
    await page.goto(`/dashboard-overview?token=${token}`);
    await expect(page.getByText('Welcome to LeadReel')).toBeVisible();
    const screens: Array<[string, string, { en: string; zh_CN: string }]> = [
      ['/dashboard-overview', 'dashboard', { en: 'Overview', zh_CN: '概览' }],
      ['/videos/index', 'video-list', { en: 'Video list', zh_CN: '视频列表' }],
      ['/videos/blog-to-video', 'my-projects', { en: 'My projects', zh_CN: '我的项目' }],
      ['/form-submit-data', 'form-submit-data', { en: 'Form submissions', zh_CN: '表单提交' }],
      ['/buy-credits', 'buy-credits', { en: 'Buy credits', zh_CN: '购买积分' }],
      ['/account/memberships', 'memberships', { en: 'Memberships', zh_CN: '会员' }],
      // On Free, the webhooks screen offers the plans.
      ['/account/webhooks', 'webhooks-free', { en: 'Webhooks', zh_CN: 'Webhook 通知' }],
      [
        '/account/global-settings/email-notification',
        'email-notification',
        { en: 'Email notifications', zh_CN: '邮件通知' },
      ],
      ['/video-setting/some-video/branding', 'video-setting-branding', { en: 'Branding', zh_CN: '品牌展示' }],
      ['/channel-setting/some-site', 'channel-setting', { en: 'Site settings', zh_CN: '站点设置' }],
      ['/blog-to-video/some-project/audio/bgm/online', 'blog-to-video-bgm', { en: 'Music library', zh_CN: '音乐库' }],
      ['/account/affiliate-system', 'affiliate-forbidden', { en: 'Affiliate program', zh_CN: '推广计划' }],
      ['/no/such/page', 'not-found', { en: 'Page not found', zh_CN: '页面不存在' }],
      // Last: opening a guide step saves it, and a saved step takes every later load back to the guide.
      ['/guide/user-guide/inquiry-form', 'guide-3', { en: 'Inquiry form', zh_CN: '询盘表单' }],
    ];
    if (lang.code !== 'en') await switchLanguage(page, lang.label);
    for (const [path, name, title] of screens) {
      await page.goto(path);
      await expect(page).toHaveTitle(`${title[lang.code]} - LeadReel`);
      await snap(page, `${name}-${lang.code}`);
    }
    // The guide's finish leaves it with the community invitation on the video list.
    await page.getByRole('button', { name: /^(Finish|完成)/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await snap(page, `community-${lang.code}`);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^(Close|关闭)$/ })
      .last()
      .click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Only referrers see the affiliate programme.
    await page.goto('/account/affiliate-system');
    // Exact: the account's email, made of the clock's digits, may hold "403" too.
    await expect(page.getByText('403', { exact: true })).toBeVisible();
  });
}

test('account and plan reload when the tab becomes visible again; no Google button without a client id', async ({
  page,
}) => {
  const { token } = await signUpByApi(page);
  await page.goto(`/dashboard-overview?token=${token}`);
  await expect(page.getByText('Welcome to LeadReel')).toBeVisible();
  const account = page.waitForRequest((r) => r.url().endsWith('/api/account/detail'));
  const plan = page.waitForRequest((r) => r.url().endsWith('/api/pay/vip-user-info'));
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await Promise.all([account, plan]);

  await page.getByTestId('account-menu').hover();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to LeadReel' })).toBeVisible();
  await expect(page.getByText(/Google/)).toHaveCount(0);
});

import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { fakeDns } from '../apps/server/test/fakes/dns.ts';
import { CHROMIUM } from './chromium.ts';
import { snap, watchPageProblems } from './support.ts';
import { signUpByApi, switchLanguage } from './support-console.ts';
import { ownLeadReel } from './support-server.ts';
import { uploadVideo } from './support-video.ts';

// The sites console in Chromium, as an owner builds a site on it: the list, a new site under the brand of a
// verified domain (a LeadReel and a DNS of the test's own, the name mapped to this machine with
// --host-resolver-rules), each settings screen, then the site as a viewer meets it there, its email gate and
// the lead it names, in English and Chinese, and the site deleted. The public pages have their own spec.
const run = promisify(execFile);
const TARGET = 'cname.console-site-e2e.test';
const DOMAIN = 'videos.console-site-e2e.test';
const SITE = 'Console Pump Academy';
const OFFICIAL = 'https://acme-console-e2e.test/';

test.use({
  launchOptions: { ...CHROMIUM, args: [...CHROMIUM.args, `--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1`] },
  // A limit, not an expectation: an action that cannot happen fails where it stands instead of at the test's end.
  actionTimeout: 60_000,
});

async function api(request: APIRequestContext, token: string, url: string, data?: unknown) {
  const headers = { authorization: `Bearer ${token}` };
  const response =
    data === undefined ? await request.get(url, { headers }) : await request.post(url, { data, headers });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return (await response.json()).data;
}

/** A PNG picture of `size`, drawn by ffmpeg, as the owner's file on disk. */
async function picture(dir: string, name: string, size: string, color: string) {
  const file = path.join(dir, name);
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `color=c=${color}:s=${size}`, '-frames:v', '1', file],
  ]);
  return file;
}

/**
 * Picks `option` in the antd select `select` opens, as a user does: in its own dropdown (the one its list
 * controls), since another select's may still be fading out.
 */
async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await expect(select).toHaveAttribute('aria-controls', /.+/);
  const list = await select.getAttribute('aria-controls');
  await page
    .locator('.ant-select-dropdown', { has: page.locator(`[id="${list}"]`) })
    .locator('.ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
    .click();
  await expect(select).toHaveAttribute('aria-expanded', 'false');
}

async function toastGone(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true })).toBeHidden({ timeout: 15_000 });
}

/** Saves the open settings screen and waits for the toast to say so and go. */
async function save(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await toastGone(page, 'Saved');
}

/** Whether the page's video is playing: started, and not paused. */
const playing = (page: Page) =>
  page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime > 0 && !video.paused);

test('an owner builds a site on the sites console, a viewer meets it on the brand domain, in English and Chinese', async ({
  browser,
}) => {
  // Two videos are encoded before the screens open: on a loaded machine that alone takes minutes.
  test.setTimeout(900_000);
  const dns = await fakeDns();
  const leadreel = await ownLeadReel({ DEFAULT_PLAN: 'Pro', DNS_SERVERS: dns.server, CUSTOM_DOMAIN_TARGET: TARGET });
  const owner = await browser.newContext({ baseURL: leadreel.url });
  const files = await mkdtemp(path.join(tmpdir(), 'leadreel-e2e-sites-'));
  try {
    const page = await owner.newPage();
    const problems = watchPageProblems(page);
    const { token } = await signUpByApi(page, leadreel.dataDir);
    const call = (url: string, data?: unknown) => api(page.request, token, url, data);
    const [pump, valve] = await Promise.all([
      uploadVideo(page.request, token, 'pump-tour.mp4'),
      uploadVideo(page.request, token, 'valve-service.mp4'),
    ]);

    // The domain, verified against the test's DNS, and the brand on it.
    const domain = await call('/api/vod/cname/add', { domain: DOMAIN });
    dns.set(DOMAIN, { CNAME: TARGET });
    dns.set(domain.txtName, { TXT: [domain.txtValue] });
    // Checked again now, as the Retry button does, not at the backoff's next minute after the check at adding.
    const retried = await page.request.post('/api/vod/cname/retry', {
      data: { id: domain.id },
      headers: { authorization: `Bearer ${token}` },
    });
    // 409: the first check found the records already, and there is nothing left to retry.
    expect([200, 409], await retried.text()).toContain(retried.status());
    await expect
      .poll(async () => (await call('/api/vod/cname/list')).list[0]?.status, { timeout: 90_000 })
      .toBe('verified');
    await call('/api/brand/add', {
      name: 'Acme Console',
      logo: null,
      favicon: null,
      pageBackgroundColor: '#1d3557',
      buttonColor: '#e63946',
      buttonFontColor: '#f1faee',
      domainId: domain.id,
    });

    // The empty list, and a new site: the brand chosen, the name required.
    await page.goto(`/channel-list?token=${token}`);
    const list = page.getByRole('table', { name: 'Sites' });
    await expect(list.getByText('No sites yet')).toBeVisible();
    await expect(page.getByTestId('site-usage')).toHaveText(/^0 \/ \d+ sites used$/);
    await snap(page, 'sites-list-empty-en');
    await page.getByTestId('site-create').click();
    const add = page.getByRole('dialog', { name: 'New site' });
    await choose(page, add.getByLabel('Brand'), `Acme Console (${DOMAIN})`);
    await add.getByRole('button', { name: 'New site' }).click();
    await expect(add.getByText('Enter the site name')).toBeVisible();
    await add.getByLabel('Site name').fill('   ');
    await add.getByRole('button', { name: 'New site' }).click();
    await expect(add.getByText('Enter the site name')).toBeVisible();
    expect((await call('/api/brand-channel/list')).list).toEqual([]);
    await add.getByLabel('Site name').fill(SITE);
    await expect(add.getByText('Enter the site name')).toBeHidden();
    await snap(page, 'sites-add-dialog-en');
    await add.getByRole('button', { name: 'New site' }).click();
    await expect(page).toHaveURL(/\/channel-setting\/[0-9a-f-]{36}\/profile\/site-info$/);
    const siteId = /channel-setting\/([0-9a-f-]{36})\//.exec(page.url())?.[1] ?? '';
    const base = `/channel-setting/${siteId}`;
    await expect(page.getByRole('heading', { level: 4, name: SITE })).toBeVisible();
    const menu = page.getByRole('menu', { name: 'Site settings' });
    const open = async (screen: string) => {
      await menu.getByRole('menuitem', { name: screen }).click();
      await expect(page.locator('.ant-card-head-title', { hasText: screen })).toBeVisible();
    };
    await toastGone(page, 'Site created');

    // Site info: a description, a banner, and a picture refused under 98x98 before a bigger one is taken.
    await page.getByLabel('Description').fill('Installation and service videos for our pumps and valves.');
    await page.getByTestId('site-banner-input').setInputFiles(await picture(files, 'banner.png', '1280x320', 'teal'));
    const banner = page.getByTestId('site-banner-preview').getByRole('img', { name: 'Banner' });
    await expect(banner).toBeVisible();
    const pictureInput = page.getByTestId('site-picture-input');
    await pictureInput.setInputFiles(await picture(files, 'small.png', '60x60', 'orange'));
    await expect(page.getByText('The site picture must be at least 98x98 pixels')).toBeVisible();
    await expect(page.getByTestId('site-picture-preview')).toHaveText('None yet');
    await pictureInput.setInputFiles(await picture(files, 'picture.png', '200x200', 'orange'));
    const avatar = page.getByTestId('site-picture-preview').getByRole('img', { name: 'Picture' });
    await expect(avatar).toBeVisible();
    await toastGone(page, 'The site picture must be at least 98x98 pixels');
    await save(page);
    await page.reload();
    for (const image of [banner, avatar]) {
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }
    await expect(page.getByLabel('Description')).toHaveValue(/^Installation and service videos/);

    // Contact info: a script link is refused in the form, a real address and an email are taken.
    await open('Contact info');
    const official = page.getByLabel('Official website');
    await official.fill('javascript:alert(1)');
    await page.getByLabel('LinkedIn page').fill('https://linkedin.com.evil.test/acme');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Enter a link that starts with http:// or https://')).toBeVisible();
    await expect(page.getByText('Enter a link to your page on this network')).toBeVisible();
    expect((await call(`/api/brand-channel/detail?id=${siteId}`)).contact.officialSite).toBeNull();
    // Scrolled back up, as Save scrolled the page down: a full-page picture draws the sticky sidebar where it is.
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, 'sites-contact-refused-en');
    await official.fill(OFFICIAL);
    await page.getByLabel('LinkedIn page').fill('');
    await page.getByLabel('Email').fill('sales@acme-console-e2e.test');
    await expect(page.getByText('Enter a link that starts with http:// or https://')).toBeHidden();
    await save(page);
    expect((await call(`/api/brand-channel/detail?id=${siteId}`)).contact).toMatchObject({
      officialSite: OFFICIAL,
      email: 'sales@acme-console-e2e.test',
      linkedin: null,
    });

    // Category pages: two with a video each, chosen in the choose-video dialog, and one with none.
    await open('Category pages');
    // In either language: the same table is read again on the Chinese screen.
    const categories = page.getByRole('table', { name: /^(Category pages|分类页)$/ });
    await expect(categories.getByText('No categories yet')).toBeVisible();
    const category = async (name: string, video: RegExp | null) => {
      await page.getByRole('button', { name: 'New category' }).click();
      const dialog = page.getByRole('dialog', { name: 'New category' });
      await dialog.getByLabel('Category name').fill(name);
      await dialog.getByLabel('Description').fill(`${name}, start to finish.`);
      if (video) {
        await dialog.getByRole('button', { name: 'Add videos' }).click();
        const chooser = page.getByRole('dialog', { name: 'Choose videos' });
        await chooser.getByRole('row', { name: video }).getByRole('checkbox').check();
        await chooser.getByRole('button', { name: 'OK' }).click();
        await expect(chooser).toBeHidden();
        await expect(dialog.getByTestId('category-video')).toHaveText([video]);
        await expect(dialog.getByTestId('category-video-usage')).toHaveText(/^1 \/ \d+ videos$/);
        if (name === 'Installation') await snap(page, 'sites-category-dialog-en');
      }
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      await expect(categories.getByRole('row', { name: new RegExp(name) })).toBeVisible();
      await toastGone(page, 'Category saved');
    };
    await category('Installation', /pump-tour/);
    await category('Service', /valve-service/);
    await category('Coming soon', null);
    const order = () => categories.locator('tbody tr strong');
    await expect(order()).toHaveText(['Installation', 'Service', 'Coming soon']);
    await expect(categories.getByRole('row', { name: /Coming soon/ })).toContainText('Hidden: no videos');
    await expect(categories.getByRole('row', { name: /Service/ })).not.toContainText('Hidden');
    await page.getByRole('button', { name: 'Move Service up' }).click();
    await expect(order()).toHaveText(['Service', 'Installation', 'Coming soon']);
    await page.reload();
    await expect(order()).toHaveText(['Service', 'Installation', 'Coming soon']);

    // Navigation bar: a link to each category, in the order of the site's rows, and to the official site.
    await open('Navigation bar');
    await expect(page.getByText("No links yet: the bar shows only the site's name.")).toBeVisible();
    const rows = page.getByTestId('nav-row');
    await page.getByRole('button', { name: 'Add link' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(rows.nth(0).getByText('Enter the link text')).toBeVisible();
    for (const [index, label] of ['Service', 'Installation'].entries()) {
      if (index > 0) await page.getByRole('button', { name: 'Add link' }).click();
      await rows.nth(index).getByLabel('Link text').fill(label);
      await choose(page, rows.nth(index).getByLabel('Category', { exact: true }), label);
    }
    await page.getByRole('button', { name: 'Add link' }).click();
    await rows.nth(2).getByLabel('Link text').fill('Our website');
    await choose(page, rows.nth(2).getByLabel('Links to'), 'Official website');
    await expect(rows.nth(2)).toContainText(OFFICIAL);
    await expect(page.getByTestId('nav-usage')).toHaveText(/^3 \/ \d+ links$/);
    await expect(page.getByRole('navigation', { name: 'Navigation bar preview' })).toHaveText(
      `${SITE}ServiceInstallationOur website`,
    );
    await save(page);
    const saved = await call(`/api/brand-channel/detail?id=${siteId}`);
    expect(saved.navigation.map((link: { label: string }) => link.label)).toEqual([
      'Service',
      'Installation',
      'Our website',
    ]);

    // Home tab: no For You row, square thumbnails, and the email gate once per site.
    await open('Home tab');
    const forYou = page.getByRole('switch', { name: 'For You recommendations' });
    await expect(forYou).toBeChecked();
    await forYou.click();
    await expect(forYou).not.toBeChecked();
    await page.locator('label', { hasText: '1:1 square' }).click();
    await expect(page.getByRole('radio', { name: '1:1 square' })).toBeChecked();
    await page.locator('label', { hasText: 'Once per site' }).click();
    await expect(page.getByRole('radio', { name: 'Once per site' })).toBeChecked();
    await save(page);
    expect((await call(`/api/brand-channel/detail?id=${siteId}`)).home).toEqual({
      forYou: false,
      thumbnailRatio: '1:1',
      emailGate: 'once',
    });
    await expect(page.getByRole('link', { name: /View site/ })).toHaveAttribute('href', `https://${DOMAIN}/`);
    expect(problems).toEqual([]);

    // The site on its brand's domain, as a viewer meets it.
    const origin = `http://${DOMAIN}:${new URL(leadreel.url).port}`;
    const viewerContext = await browser.newContext({ baseURL: origin });
    const viewer = await viewerContext.newPage();
    const viewerProblems = watchPageProblems(viewer);
    await viewer.goto('/');
    await expect(viewer.getByRole('heading', { level: 1, name: SITE })).toBeVisible();
    await expect(viewer.getByText('Installation and service videos for our pumps and valves.')).toBeVisible();
    expect(await viewer.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(29, 53, 87)');
    await expect(viewer.locator('body')).toHaveClass(/\bratio-1-1\b/);
    await expect(viewer.getByRole('navigation', { name: 'Site' }).getByRole('link')).toHaveText([
      'Service',
      'Installation',
      'Our website',
    ]);
    await expect(
      viewer.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Our website' }),
    ).toHaveAttribute('href', OFFICIAL);
    await expect(viewer.getByRole('heading', { level: 2 })).toHaveText(['Service', 'Installation']);
    await expect(viewer.locator('#for-you')).toHaveCount(0);
    for (const image of [viewer.locator('.site-hero-banner'), viewer.locator('.site-picture').first()]) {
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }
    await snap(viewer, 'sites-public-home-en');

    // Once per site: the first video plays freely, the second asks for the email first.
    const gate = viewer.getByRole('form', { name: 'Enter your email to keep watching' });
    await viewer.getByRole('region', { name: 'Service' }).locator(`a[href$="/video/${valve}"]`).first().click();
    await expect(viewer).toHaveURL(`${origin}/video/${valve}`);
    await viewer.getByRole('button', { name: /^Play video: / }).click();
    await expect.poll(() => playing(viewer), { timeout: 60_000 }).toBe(true);
    await expect(gate).toBeHidden();
    await viewer.goto('/');
    await viewer.getByRole('region', { name: 'Installation' }).locator(`a[href$="/video/${pump}"]`).first().click();
    await expect(viewer).toHaveURL(`${origin}/video/${pump}`);
    await viewer.getByRole('button', { name: /^Play video: / }).click();
    await expect(gate).toBeVisible();
    await expect(gate.getByLabel('Work email')).toBeFocused();
    await gate.getByLabel('Work email').fill('not an email');
    await gate.getByRole('button', { name: 'Continue' }).click();
    await expect(gate).toContainText('Enter a valid email address');
    await snap(viewer, 'sites-public-gate-en');
    await gate.getByLabel('Work email').fill('grace@example.test');
    await gate.getByRole('button', { name: 'Continue' }).click();
    await expect(gate).toBeHidden({ timeout: 30_000 });
    await expect.poll(() => playing(viewer), { timeout: 60_000 }).toBe(true);
    expect(viewerProblems).toEqual([]);

    // The console's form submissions name the site the lead came from.
    await page.goto('/form-submit-data');
    const lead = page.locator('.ant-table-row', { hasText: 'grace@example.test' });
    await expect(lead).toContainText(`Site: ${SITE}`);
    await snap(page, 'sites-lead-en');

    // Every screen, in English and then in Chinese.
    const screens = [
      ['list', '/channel-list', 'Sites', '站点'],
      ['site-info', `${base}/profile/site-info`, 'Site info', '站点信息'],
      ['contact-info', `${base}/profile/contact-info`, 'Contact info', '联系方式'],
      ['home-tab', `${base}/home-tab`, 'Home tab', '首页标签'],
      ['category-page', `${base}/category-page`, 'Category pages', '分类页'],
      ['sitemap', `${base}/sitemap`, 'Sitemap', '站点地图'],
      ['navigation-bar', `${base}/navigation-bar`, 'Navigation bar', '导航栏'],
    ] as const;
    for (const [lang, language] of [
      ['en', 'English'],
      ['zh_CN', '简体中文'],
    ] as const) {
      await page.goto('/channel-list');
      await switchLanguage(page, language);
      for (const [screen, url, en, zh] of screens) {
        await page.goto(url);
        const title = lang === 'en' ? en : zh;
        if (screen === 'list') {
          await expect(
            page.getByRole('table', { name: title }).getByRole('row', { name: new RegExp(SITE) }),
          ).toContainText(`${DOMAIN}/`);
        } else {
          await expect(page.locator('.ant-card-head-title', { hasText: title })).toBeVisible();
          await expect(page.getByRole('heading', { level: 4, name: SITE })).toBeVisible();
        }
        if (screen === 'site-info') {
          const shown = page
            .getByTestId('site-picture-preview')
            .getByRole('img', { name: lang === 'en' ? 'Picture' : '头像' });
          await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
        }
        if (screen === 'category-page') {
          await expect(order()).toHaveText(['Service', 'Installation', 'Coming soon']);
          await expect(page.getByText(lang === 'en' ? 'Hidden: no videos' : '已隐藏：没有视频')).toBeVisible();
        }
        if (screen === 'navigation-bar') await expect(rows).toHaveCount(3);
        await snap(page, `sites-${screen}-${lang}`);
      }
    }
    await page.goto('/channel-list');
    await switchLanguage(page, 'English');

    // Deleted from the list, after its confirmation: the list is empty and the domain's root is no page.
    const row = list.getByRole('row', { name: new RegExp(SITE) });
    await row.getByTestId('site-remove').click();
    await expect(page.getByRole('tooltip')).toContainText(`Delete ${SITE}? Its pages and categories go with it.`);
    await snap(page, 'sites-remove-confirm-en');
    await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Site deleted')).toBeVisible();
    await expect(list.getByText('No sites yet')).toBeVisible();
    await expect(page.getByTestId('site-usage')).toHaveText(/^0 \/ \d+ sites used$/);
    // A page is rendered at most every 2 seconds: the one from before the deletion may still be served.
    await expect.poll(async () => (await viewer.goto('/'))?.status(), { timeout: 30_000 }).toBe(404);
    expect(problems).toEqual([]);
    await viewerContext.close();
  } catch (error) {
    console.log(leadreel.log());
    throw error;
  } finally {
    await owner.close();
    await leadreel.close();
    await dns.close();
    await rm(files, { recursive: true, force: true });
  }
});

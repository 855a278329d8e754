import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { fakeDns } from '../apps/server/test/fakes/dns.ts';
import { CHROMIUM } from './chromium.ts';
import { snap, watchPageProblems } from './support.ts';
import { signUpByApi, switchLanguage } from './support-console.ts';
import { ownLeadReel } from './support-server.ts';
import { uploadVideo } from './support-video.ts';

// in Chromium: a Pro owner adds a custom domain on the custom domain screen, publishes the records it shows
// in a DNS of the test's own, sees it verified without reloading, makes a brand for it on the brand screen,
// and shares a video on it. A LeadReel of the test's own asks that DNS (DNS_SERVERS). Both languages.
const run = promisify(execFile);
const TARGET = 'cname.leadreel-e2e.test';
const DOMAIN = 'watch.acme-e2e.test';

/** A JPG or PNG picture of `size`, drawn by ffmpeg, as the owner's file on disk. */
async function picture(dir: string, name: string, size: string, color: string) {
  const file = path.join(dir, name);
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=${color}:s=${size}`,
    '-frames:v',
    '1',
    file,
  ]);
  return file;
}

// Chromium finds the custom domain on this machine, as DNS would find the customer's CNAME.
test.use({ launchOptions: { ...CHROMIUM, args: [...CHROMIUM.args, `--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1`] } });

async function toastGone(page: Page, text: string) {
  await expect(page.getByText(text)).toBeHidden({ timeout: 15_000 });
}

test('an owner verifies a custom domain, brands it and shares a video on it, in English and Chinese', async ({
  browser,
}) => {
  const dns = await fakeDns();
  const leadreel = await ownLeadReel({ DEFAULT_PLAN: 'Pro', DNS_SERVERS: dns.server, CUSTOM_DOMAIN_TARGET: TARGET });
  const context = await browser.newContext({ baseURL: leadreel.url });
  const files = await mkdtemp(path.join(tmpdir(), 'leadreel-e2e-brand-'));
  try {
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    const { token } = await signUpByApi(page, leadreel.dataDir);
    const videoId = await uploadVideo(page.request, token, 'domain-tour.mp4');

    // The domain is checked as the server checks it before anything is sent.
    await page.goto(`/account/custom-domain?token=${token}`);
    await expect(page.getByText('No custom domains yet')).toBeVisible();
    const field = page.getByLabel('Domain', { exact: true });
    await field.fill('https://watch.acme-e2e.test/videos');
    await page.getByRole('button', { name: 'Add domain' }).click();
    await expect(
      page.getByText('Enter a domain name only, such as video.example.com: no http://, port, path or *'),
    ).toBeVisible();
    await field.fill('Watch.ACME-e2e.test.');
    await expect(page.getByText(`You will publish DNS records for ${DOMAIN}`)).toBeVisible();
    await page.getByRole('button', { name: 'Add domain' }).click();
    const card = page.getByTestId('domain-card');
    await expect(card.getByTestId('domain-status')).toHaveText('Verifying');
    const records = card.getByRole('table', { name: 'DNS records' });
    await expect(records.getByRole('row', { name: /CNAME/ })).toContainText(TARGET);
    const txtRow = records.getByRole('row', { name: /TXT/ });
    await expect(txtRow).toContainText(`_leadreel.${DOMAIN}`);
    await expect(card.getByText(/24-48 hours/)).toBeVisible();
    await expect(page.getByTestId('domain-usage')).toHaveText(/^1 \/ \d+ domains used$/);
    await toastGone(page, 'Domain added: publish its DNS records to verify it');
    await snap(page, 'custom-domain-verifying-en');

    // Cancelled, it fails with the server's reason; published and retried, it turns verified on its own.
    await card.getByRole('button', { name: 'Cancel verification' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Cancel verification' }).click();
    await expect(card.getByTestId('domain-status')).toHaveText('Failed');
    await expect(card.getByText('The last check failed')).toBeVisible();
    const txtValue = ((await txtRow.locator('code').nth(1).textContent()) ?? '').trim();
    expect(txtValue).not.toBe('');
    dns.set(DOMAIN, { CNAME: TARGET });
    dns.set(`_leadreel.${DOMAIN}`, { TXT: [txtValue] });
    await card.getByRole('button', { name: 'Retry' }).click();
    await expect(card.getByTestId('domain-status')).toHaveText('Verified', { timeout: 90_000 });
    await expect(card.getByText('Active')).toBeVisible();
    await expect(card.getByText(/Last checked \d{4}\/\d{2}\/\d{2} \d{2}:\d{2} · verified/)).toBeVisible();
    await toastGone(page, 'Checking the domain again');
    await snap(page, 'custom-domain-en');
    await switchLanguage(page, '简体中文');
    await expect(card.getByTestId('domain-status')).toHaveText('已验证');
    await snap(page, 'custom-domain-zh_CN');
    await page.getByRole('button', { name: '更换域名' }).click();
    await expect(page.getByRole('dialog')).toContainText(`在新域名验证通过之前，${DOMAIN} 仍会正常提供页面`);
    await snap(page, 'custom-domain-reset-zh_CN');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /取\s?消/ })
      .click();
    await switchLanguage(page, 'English');

    // A brand for the domain: its logo and favicon go up first, then the brand is saved with them.
    await page.goto('/account/global-settings/brand-setting');
    await expect(page.getByText('No brands yet')).toBeVisible();
    await page.getByRole('button', { name: 'New brand' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Brand name').fill('Acme Video');
    await dialog.getByTestId('brand-logo-input').setInputFiles(await picture(files, 'logo.png', '300x120', 'orange'));
    await expect(dialog.locator('img.brand-image-logo')).toBeVisible();
    await dialog.getByTestId('brand-favicon-input').setInputFiles(await picture(files, 'icon.png', '64x64', 'navy'));
    await expect(dialog.getByText('This image is 64x64 pixels; 100x100 is recommended.')).toBeVisible();
    await dialog
      .getByTestId('brand-favicon-input')
      .setInputFiles({ name: 'icon.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(page.getByText('Unsupported file type')).toBeVisible();
    await dialog.getByLabel('Button colour').fill('#e4572e');
    await expect(dialog.getByTestId('brand-preview-button')).toHaveCSS('background-color', 'rgb(228, 87, 46)');
    await expect(dialog.getByLabel('Custom domain')).toBeVisible();
    await expect(dialog.locator('.ant-select-content, .ant-select-selection-item').first()).toContainText(DOMAIN);
    await toastGone(page, 'Unsupported file type');
    await snap(page, 'brand-setting-dialog-en');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Brand saved')).toBeVisible();
    const row = page.getByRole('row', { name: /Acme Video/ });
    await expect(row).toContainText(DOMAIN);
    await expect(row.getByAltText('Logo')).toBeVisible();
    await toastGone(page, 'Brand saved');
    await snap(page, 'brand-setting-en');
    await switchLanguage(page, '简体中文');
    await expect(page.getByRole('table')).toContainText('操作');
    await snap(page, 'brand-setting-zh_CN');
    await page
      .getByRole('button', { name: '编 辑' })
      .or(page.getByRole('button', { name: '编辑' }))
      .click();
    await expect(page.getByRole('dialog')).toContainText('按钮颜色');
    await snap(page, 'brand-setting-dialog-zh_CN');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /取\s?消/ })
      .click();
    await switchLanguage(page, 'English');

    // Shared: the custom domain first, the default domain after it.
    await page.goto('/videos/index');
    await page.locator('.ant-table-row', { hasText: 'domain-tour' }).getByRole('button', { name: 'Share' }).click();
    const share = page.getByRole('dialog');
    await expect(share.getByLabel('Watch page link')).toHaveValue(`https://${DOMAIN}/v/${videoId}`);
    await share.getByLabel('Domain').click();
    const host = new URL(leadreel.url).host;
    await expect(page.locator('.ant-select-item-option')).toHaveText([DOMAIN, `${host} (default)`]);
    await snap(page, 'share-custom-domain-en');
    await page.locator('.ant-select-item-option', { hasText: '(default)' }).click();
    await expect(share.getByLabel('Watch page link')).toHaveValue(`${leadreel.url}/v/${videoId}`);
    await switchLanguage(page, '简体中文');
    await expect(share.getByLabel('观看页链接')).toHaveValue(`${leadreel.url}/v/${videoId}`);
    await expect(share).toContainText(`${host}（默认）`);
    await snap(page, 'share-custom-domain-zh_CN');
    expect(problems).toEqual([]);

    await viewOnTheDomain(browser, leadreel, videoId, token, page);
  } finally {
    await context.close();
    await leadreel.close();
    await dns.close();
    await rm(files, { recursive: true, force: true });
  }
});

/**
 * A viewer opens the video on the custom domain, which Chromium resolves to this machine as DNS would
 * resolve the customer's CNAME: the brand's page, at addresses on that host, in both languages; another
 * account's video is not there; and the brand's name, however hostile, is only text.
 */
async function viewOnTheDomain(
  viewerBrowser: Browser,
  leadreel: { url: string; dataDir: string },
  videoId: string,
  token: string,
  owner: Page,
) {
  const leadreelUrl = leadreel.url;
  const port = new URL(leadreelUrl).port;
  const origin = `http://${DOMAIN}:${port}`;
  const auth = { authorization: `Bearer ${token}` };
  const [brand] = (await (await owner.request.get('/api/brand/list', { headers: auth })).json()).data.list;
  const contexts: BrowserContext[] = [];
  const newContext = async (options: Parameters<Browser['newContext']>[0] = {}) => {
    const context = await viewerBrowser.newContext(options);
    contexts.push(context);
    return context;
  };
  try {
    for (const locale of ['en-US', 'zh-CN']) {
      const viewer = await (await newContext({ locale })).newPage();
      const problems = watchPageProblems(viewer);
      const response = await viewer.goto(`${origin}/v/${videoId}`);
      expect(response?.status()).toBe(200);
      await expect(viewer).toHaveTitle(/ - Acme Video$/);
      await expect(viewer.locator('html')).toHaveAttribute('lang', locale === 'zh-CN' ? 'zh-CN' : 'en');
      await expect(viewer.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/v/${videoId}`);
      await expect(viewer.locator('.site-header')).toHaveText('Acme Video');
      await expect(viewer.locator('.site-header img')).toBeVisible();
      // The favicon is the brand's, served from the domain itself.
      const icon = await viewer.locator('link[rel="icon"]').first().getAttribute('href');
      expect(icon).toMatch(/^\/brand-media\//);
      const iconType = await viewer.evaluate(async (url) => (await fetch(url)).headers.get('content-type'), `${icon}`);
      expect(iconType).toMatch(/^image\//);
      const colours = await viewer.evaluate(() => ({
        button: getComputedStyle(document.documentElement).getPropertyValue('--lr-button').trim(),
        background: getComputedStyle(document.body).backgroundColor,
      }));
      expect(colours.button).toBe(brand.buttonColor);
      expect(colours.background).toBe(rgb(brand.pageBackgroundColor));
      // It plays from the domain too: its media are the domain's.
      await viewer.getByRole('button', { name: /^(Play video|播放视频)/ }).click();
      await expect
        .poll(() => viewer.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime), {
          timeout: 60_000,
        })
        .toBeGreaterThan(0);
      await snap(viewer, `custom-domain-watch-${locale === 'zh-CN' ? 'zh_CN' : 'en'}`);
      expect(problems).toEqual([]);
    }

    // Another account's video does not exist on this domain; on the installation's address it does.
    const stranger = await newContext({ baseURL: leadreelUrl });
    const strangerPage = await stranger.newPage();
    const other = await signUpByApi(strangerPage, leadreel.dataDir);
    const otherVideo = await uploadVideo(strangerPage.request, other.token, 'not-on-this-domain.mp4');
    // (Through the browser, which resolves the domain; the test's own requests would ask the real DNS.)
    const status = async (url: string) => (await strangerPage.goto(url))?.status();
    expect(await status(`${origin}/v/${otherVideo}`)).toBe(404);
    expect(await status(`${leadreelUrl}/v/${otherVideo}`)).toBe(200);
    // Nor is the console, or the account's API.
    expect(await status(`${origin}/videos/index`)).toBe(404);
    expect(await status(`${origin}/api/account/detail`)).toBe(404);

    // Every text of the brand is shown as text: no script of the owner's runs on its pages.
    const hostile = `</title><script>alert(1)</script><img src=x onerror=alert(2)>`;
    const edited = await owner.request.post('/api/brand/edit', {
      headers: auth,
      data: {
        id: brand.id,
        name: hostile.slice(0, 60),
        logo: brand.logo,
        favicon: brand.favicon,
        pageBackgroundColor: brand.pageBackgroundColor,
        buttonColor: brand.buttonColor,
        buttonFontColor: brand.buttonFontColor,
        domainId: brand.domainId,
      },
    });
    expect(edited.status()).toBe(200);
    const viewer = await (await newContext()).newPage();
    const dialogs: string[] = [];
    viewer.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await viewer.goto(`${origin}/v/${videoId}`);
    await expect(viewer.locator('.site-header')).toHaveText(hostile.slice(0, 60));
    await expect(viewer).toHaveTitle(new RegExp(`${escapeRegExp(hostile.slice(0, 60))}$`));
    expect(await viewer.locator('.site-header img[src="x"]').count()).toBe(0);
    expect(dialogs).toEqual([]);
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
}

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

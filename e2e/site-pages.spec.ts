import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { fakeDns } from '../apps/server/test/fakes/dns.ts';
import { CHROMIUM } from './chromium.ts';
import { DESKTOP_CHROME, snap, watchPageProblems } from './support.ts';
import { signUpByApi } from './support-console.ts';
import { expectLighthouse, nuErrors } from './support-quality.ts';
import { ownLeadReel } from './support-server.ts';
import { inquiryForm, saveSetting, uploadVideo } from './support-video.ts';

// A public site as its viewers and search engines meet it, in Chromium: on its brand's verified domain (a
// LeadReel and a DNS of the test's own, the name mapped to this machine with --host-resolver-rules), in
// both languages. The site is built through the API its screens call; the screens have their own spec.
const TARGET = 'cname.site-e2e.test';
const DOMAIN = 'videos.acme-site-e2e.test';

test.use({ launchOptions: { ...CHROMIUM, args: [...CHROMIUM.args, `--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1`] } });

async function api(request: APIRequestContext, token: string, url: string, data?: unknown) {
  const headers = { authorization: `Bearer ${token}` };
  const response =
    data === undefined ? await request.get(url, { headers }) : await request.post(url, { data, headers });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return (await response.json()).data;
}

/** A page of the site fetched by the browser on its own host (the request client knows no mapped names). */
const fetched = (page: Page, path: string) =>
  page.evaluate(async (url) => {
    const response = await fetch(url);
    return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
  }, path);

const jsonLdTypes = (page: Page) =>
  page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? '{}')['@type']));

test('a site on its brand domain: colours, search, a video played and its form sent, JSON-LD, sitemap, checkers', async ({
  browser,
}, testInfo) => {
  test.setTimeout(600_000);
  const dns = await fakeDns();
  const leadreel = await ownLeadReel({ DEFAULT_PLAN: 'Pro', DNS_SERVERS: dns.server, CUSTOM_DOMAIN_TARGET: TARGET });
  const owner = await browser.newContext({ baseURL: leadreel.url });
  try {
    const page = await owner.newPage();
    const { token } = await signUpByApi(page, leadreel.dataDir);
    const call = (url: string, data?: unknown) => api(page.request, token, url, data);
    const pump = await uploadVideo(page.request, token, 'pump-tour.mp4');
    const valve = await uploadVideo(page.request, token, 'valve-service.mp4');
    const seo = (videoId: string, title: string, description: string) =>
      saveSetting(page.request, token, 'video/seo-page/save', {
        videoId,
        title,
        description,
        keywords: [],
        slug: '',
        indexable: true,
      });
    await seo(pump, 'Pump installation in ten minutes', 'How our pumps are installed and started on site.');
    await seo(valve, 'Valve maintenance', 'Cleaning and testing the valves every quarter.');
    await saveSetting(page.request, token, 'form/save', { videoId: valve, form: inquiryForm({ second: 1 }) });

    // The domain, verified against the test's DNS, and the brand on it.
    const domain = await call('/api/vod/cname/add', { domain: DOMAIN });
    dns.set(DOMAIN, { CNAME: TARGET });
    dns.set(domain.txtName, { TXT: [domain.txtValue] });
    // Checked again now, rather than at its next check (a first check may have run before the records).
    const headers = { authorization: `Bearer ${token}` };
    for (const step of ['cancel', 'retry'])
      await page.request.post(`/api/vod/cname/${step}`, { data: { id: domain.id }, headers });
    await expect
      .poll(async () => (await call('/api/vod/cname/list')).list[0]?.status, { timeout: 90_000 })
      .toBe('verified');
    const brand = await call('/api/brand/add', {
      name: 'Acme Pumps',
      logo: null,
      favicon: null,
      pageBackgroundColor: '#0b2545',
      buttonColor: '#f4d35e',
      buttonFontColor: '#0b2545',
      domainId: domain.id,
    });
    const profile = {
      name: 'Acme Pump Academy',
      description: 'Installation and service videos for our pumps and valves.',
      banner: null,
      picture: null,
      contact: {
        officialSite: 'https://acme-site-e2e.test/',
        email: 'sales@acme-site-e2e.test',
        linkedin: 'https://www.linkedin.com/company/acme-e2e',
        youtube: null,
        tiktok: null,
        facebook: null,
        x: null,
        pinterest: null,
        telegram: null,
        instagram: null,
      },
    };
    const site = await call('/api/brand-channel/add', { brandId: brand.id, profile });
    const category = (name: string, videoIds: string[]) =>
      call('/api/brand-channel/category/add', {
        siteId: site.id,
        name,
        description: `${name}, start to finish.`,
        visible: true,
        videoIds,
      });
    const install = await category('Installation', [pump]);
    const service = await category('Service', [valve]);
    await call('/api/brand-channel/navigation', {
      id: site.id,
      navigation: [
        { label: 'Installation', target: { kind: 'category', categoryId: install.id } },
        { label: 'Service', target: { kind: 'category', categoryId: service.id } },
        { label: 'Our website', target: { kind: 'official' } },
      ],
    });

    // A viewer on the brand's domain.
    const origin = `http://${DOMAIN}:${new URL(leadreel.url).port}`;
    // A desktop Chrome's user agent: the server counts no viewing of a browser that says it is headless.
    const viewerContext = await browser.newContext({ baseURL: origin, userAgent: DESKTOP_CHROME });
    const viewer = await viewerContext.newPage();
    const problems = watchPageProblems(viewer);
    await viewer.goto('/');
    await expect(viewer.getByRole('heading', { level: 1, name: 'Acme Pump Academy' })).toBeVisible();
    await expect(viewer.getByRole('navigation', { name: 'Site' }).getByRole('link')).toHaveText([
      'Installation',
      'Service',
      'Our website',
    ]);
    expect(await viewer.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(11, 37, 69)');
    expect(await jsonLdTypes(viewer)).toEqual(['Organization', 'WebSite']);
    await snap(viewer, 'site-home-en');

    await viewer.getByRole('searchbox', { name: 'Search videos' }).fill('valves');
    await viewer.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(viewer.getByRole('status')).toHaveText('1 video found');
    await snap(viewer, 'site-search-en');
    await viewer.getByRole('link', { name: 'Valve maintenance' }).click();
    await expect(viewer).toHaveURL(`${origin}/video/${valve}`);
    expect(await jsonLdTypes(viewer)).toEqual(['VideoObject', 'BreadcrumbList']);
    await expect(viewer.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Service');
    await viewer.getByRole('button', { name: /^Play video: / }).click();
    const form = viewer.getByRole('form', { name: 'Get a quote' });
    await expect(form).toBeVisible({ timeout: 30_000 });
    await form.getByLabel('Your name').fill('Ada Lovelace');
    await form.getByLabel('Work email').fill('ada@example.test');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(viewer.getByText('Thanks!')).toBeVisible();
    await snap(viewer, 'site-video-en');
    const [lead] = (await call('/api/user-form-list/list')).list;
    expect(lead).toMatchObject({ videoId: valve, siteName: 'Acme Pump Academy', pageUrl: `${origin}/video/${valve}` });
    // The viewing counts in the video's figures with the site's page as where it was watched (rolled up
    // seconds after it is written, and by a run every minute).
    const today = new Date().toISOString().slice(0, 10);
    await expect
      .poll(
        async () =>
          (await call(`/api/analytics/video/breakdown?videoId=${valve}&from=${today}&to=${today}`)).pages.map(
            (row: { name: string }) => row.name,
          ),
        { timeout: 180_000, intervals: [2000] },
      )
      .toContain(`${origin}/video/${valve}`);

    // The sitemap robots.txt names, listing the site's pages on its domain with the video extension.
    const robots = await fetched(viewer, '/robots.txt');
    expect(robots.body).toContain(`Sitemap: ${origin}/sites/${site.id}/sitemap.xml`);
    const sitemap = await fetched(viewer, `/sites/${site.id}/sitemap.xml`);
    expect(sitemap.type).toBe('application/xml; charset=utf-8');
    expect(sitemap.body).toContain(`<loc>${origin}/</loc>`);
    expect(sitemap.body).toContain(`<loc>${origin}/video/${pump}</loc>`);
    expect(sitemap.body).toContain('<video:title>Pump installation in ten minutes</video:title>');

    // The checkers: every page of the site, as its domain serves it.
    const pages: [string, string][] = [];
    for (const [name, path] of [
      ['home.html', '/'],
      ['category.html', `/category/${install.id}`],
      ['video.html', `/video/${pump}`],
      ['search.html', '/search?q=pump'],
      ['gallery.html', `/sites/${site.id}/embed`],
    ] as const) {
      const answer = await fetched(viewer, path);
      expect(answer.status, path).toBe(200);
      pages.push([name, answer.body]);
    }
    expect(await nuErrors(pages, testInfo), 'Nu HTML checker errors').toEqual([]);

    // Chinese viewers read the site's own words in Chinese.
    const chinese = await browser.newContext({ baseURL: origin, locale: 'zh-CN' });
    const zh = await chinese.newPage();
    await zh.goto('/');
    await expect(zh.getByRole('searchbox', { name: '搜索视频' })).toBeVisible();
    await expect(zh.locator('#for-you')).toHaveText('为你推荐');
    await snap(zh, 'site-home-zh_CN');
    await chinese.close();

    // A category whose last video leaves it is no longer shown.
    await call('/api/brand-channel/category/edit', {
      id: service.id,
      name: 'Service',
      description: '',
      visible: true,
      videoIds: [],
    });
    await viewer.goto('/');
    await expect(viewer.getByRole('heading', { level: 2, name: 'Service' })).toHaveCount(0);
    await expect(viewer.getByRole('navigation', { name: 'Site' }).getByRole('link')).toHaveText([
      'Installation',
      'Our website',
    ]);
    expect((await fetched(viewer, `/category/${service.id}`)).status).toBe(404);
    expect(problems).toEqual([]);
    await viewerContext.close();

    // On a phone, and with every text of the site, a category and a video written to attack it: read as text.
    const attack = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    await call('/api/brand-channel/profile', {
      id: site.id,
      profile: { ...profile, name: attack.slice(0, 60), description: attack },
    });
    await call('/api/brand-channel/category/edit', {
      id: install.id,
      name: attack.slice(0, 60),
      description: attack,
      visible: true,
      videoIds: [pump],
    });
    await seo(pump, attack, attack);
    const phoneContext = await browser.newContext({
      baseURL: origin,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const phone = await phoneContext.newPage();
    const dialogs: string[] = [];
    phone.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    for (const path of ['/', `/category/${install.id}`, `/video/${pump}`, `/search?q=${encodeURIComponent(attack)}`]) {
      // A page is rendered at most every 2 seconds: the one from before the change may still be served.
      await expect(async () => {
        await phone.goto(path);
        await expect(phone.locator('h1').first()).toContainText('<img src=x', { timeout: 1000 });
      }).toPass({ timeout: 30_000 });
    }
    await phone.goto('/');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snap(phone, 'site-home-phone');
    expect(dialogs).toEqual([]);
    await phoneContext.close();

    // Lighthouse on a phone, at the site's address on the installation (its canonical there).
    for (const path of [`/sites/${site.id}`, `/sites/${site.id}/video/${pump}`]) {
      await expectLighthouse(`${leadreel.url}${path}`, testInfo, {
        seo: 100,
        accessibility: 95,
        'best-practices': 100,
      });
    }
  } catch (error) {
    console.log(leadreel.log());
    throw error;
  } finally {
    await owner.close();
    await leadreel.close();
    await dns.close();
  }
});

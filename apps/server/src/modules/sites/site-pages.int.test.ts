import { DEFAULT_FORM } from '@leadreel/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { leadFrom } from '../../../test/factories.ts';
import { post, type TestApp, useTestApp } from '../../../test/helpers.ts';
import { ownerWithSite, profile } from '../../../test/site-factories.ts';

// The public site on the real PostgreSQL: pages rendered by the site layer, on the installation's own
// address (/sites/{id}) and at the root of the brand's domain. Every page is rendered afresh (no page cache).
const t: TestApp = useTestApp({}, { pageCacheMs: 0 });

type Owner = Awaited<ReturnType<typeof ownerWithSite>>;

/** A ready video of the owner's with an SEO title and description, made in the database. */
async function video(owner: Owner, title: string, description = '') {
  const row = await t.db
    .insertInto('video')
    .values({
      account_id: owner.accountId,
      folder_id: owner.folderId,
      name: `${title.slice(0, 20)}.mp4`,
      status: 'ready',
      playable: true,
      size: 1,
      source_key: 'sources/x',
      part_size: 1,
      duration_sec: 75,
      width: 1280,
      height: 720,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('video_setting')
    .values({
      video_id: row.id,
      seo: JSON.stringify({ title, description, keywords: [], slug: '', indexable: true }) as never,
    })
    .execute();
  return row.id;
}

async function category(owner: Owner, name: string, videoIds: string[], visible = true) {
  const answer = await post(
    t.app,
    '/api/brand-channel/category/add',
    { siteId: owner.siteId, name, description: `${name} described`, visible, videoIds },
    owner.token,
  );
  expect(answer.status).toBe(200);
  return answer.body.data.id as string;
}

const page = (url: string, host = 'localhost', headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { host, ...headers } });

const domainOf = async (owner: Owner) =>
  (
    await t.db
      .selectFrom('brand')
      .innerJoin('custom_domain', 'custom_domain.id', 'brand.domain_id')
      .select('custom_domain.domain')
      .where('brand.id', '=', owner.brandId)
      .executeTakeFirstOrThrow()
  ).domain;

/** The JSON-LD blocks of a page, parsed. */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) =>
    JSON.parse(match[1] as string),
  );

async function siteWithVideos() {
  const owner = await ownerWithSite(t, 'Pro');
  const pump = await video(owner, 'Pump installation', 'How our pumps are installed on site');
  const valve = await video(owner, 'Valve maintenance', 'Cleaning the valves');
  const parts = await video(owner, '汽车配件介绍', '我们的汽车配件');
  const tours = await category(owner, 'Product tours', [pump, valve]);
  const china = await category(owner, '中国市场', [parts]);
  const hidden = await category(owner, 'Secret plans', [valve], false);
  const empty = await category(owner, 'Coming soon', []);
  return { owner, pump, valve, parts, tours, china, hidden, empty };
}

describe('the public site', () => {
  it('shows the home with its visible categories, their videos, and its JSON-LD', async () => {
    const { owner, pump, tours, hidden, empty } = await siteWithVideos();
    const home = await page(`/sites/${owner.siteId}`);
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.body).toContain('<h1>Acme Videos</h1>');
    expect(home.body).toContain('Product tours');
    expect(home.body).toContain(`href="/sites/${owner.siteId}/video/${pump}"`);
    expect(home.body).toContain(`href="/sites/${owner.siteId}/category/${tours}"`);
    // A hidden category, and one with no video, are not shown to viewers.
    expect(home.body).not.toContain('Secret plans');
    expect(home.body).not.toContain(hidden);
    expect(home.body).not.toContain('Coming soon');
    expect(home.body).not.toContain(empty);
    expect(home.body).toContain(`<link rel="canonical" href="${t.config.publicUrl}/sites/${owner.siteId}">`);
    const [organization, website] = jsonLd(home.body);
    expect(organization).toMatchObject({ '@type': 'Organization', name: 'Acme' });
    expect(website).toMatchObject({ '@type': 'WebSite', name: 'Acme Videos' });
    // The brand's colours, in the page's one style element allowed by its hash.
    expect(home.body).toContain('--lr-button:#1677ff');
    expect(home.headers['content-security-policy']).toContain("style-src 'sha256-");
    // No framework, and no player on the home: it loads no script at all.
    expect(home.body).not.toMatch(/<script src=/);
  });

  it('answers a category page, paged, and a 404 for one it does not show', async () => {
    const { owner, pump, valve, tours, hidden, empty } = await siteWithVideos();
    const found = await page(`/sites/${owner.siteId}/category/${tours}`);
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain('<h1>Product tours</h1>');
    expect(found.body).toContain(`/video/${pump}`);
    expect(found.body).toContain(`/video/${valve}`);
    const [crumbs] = jsonLd(found.body);
    expect(crumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Acme Videos' },
        { position: 2, name: 'Product tours' },
      ],
    });
    for (const url of [
      `/sites/${owner.siteId}/category/${hidden}`,
      `/sites/${owner.siteId}/category/${empty}`,
      `/sites/${owner.siteId}/category/${tours}?page=2`,
      `/sites/${owner.siteId}/category/${tours}?page=0`,
      `/sites/${owner.siteId}/category/${tours}?page=abc`,
      `/sites/${owner.siteId}/category/not-a-uuid`,
    ]) {
      const answer = await page(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body, url).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('plays a video of the site with its breadcrumb, VideoObject and related videos', async () => {
    const { owner, pump, valve } = await siteWithVideos();
    const answer = await page(`/sites/${owner.siteId}/video/${pump}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain(`data-video-id="${pump}"`);
    expect(answer.body).toContain('<h1>Pump installation</h1>');
    expect(answer.body).toContain(
      `<link rel="canonical" href="${t.config.publicUrl}/sites/${owner.siteId}/video/${pump}">`,
    );
    const blocks = jsonLd(answer.body);
    expect(blocks.map((block) => block['@type'])).toEqual(['VideoObject', 'BreadcrumbList']);
    expect(blocks[0]).toMatchObject({ name: 'Pump installation', duration: 'PT1M15S' });
    expect(blocks[1].itemListElement.map((item: { name: string }) => item.name)).toEqual([
      'Acme Videos',
      'Product tours',
      'Pump installation',
    ]);
    // Related: the category's other video; the player's script is the only one on the page.
    expect(answer.body).toContain(`/video/${valve}`);
    expect(answer.body.match(/<script src=/g)).toHaveLength(1);

    // A video of the account the site does not show, and another account's, are not on it.
    const loose = await video(owner, 'Not on the site');
    const stranger = await ownerWithSite(t, 'Pro');
    const theirs = await video(stranger, 'Theirs');
    // (The category screens refuse another account's video; one slipped in is still not shown.)
    await t.db
      .updateTable('site_category')
      .set({ video_ids: [pump, theirs] })
      .where('site_id', '=', owner.siteId)
      .where('name', '=', 'Product tours')
      .execute();
    for (const id of [loose, theirs, 'not-a-uuid']) {
      expect((await page(`/sites/${owner.siteId}/video/${id}`)).statusCode, id).toBe(404);
    }
  });

  it('names the video page in each language it has subtitles in, with that transcript', async () => {
    const { owner, pump } = await siteWithVideos();
    const track = (lang: string, label: string, text: string, isDefault: boolean) =>
      t.db
        .insertInto('subtitle')
        .values({
          video_id: pump,
          lang,
          label,
          is_default: isDefault,
          cues: JSON.stringify([{ start: 0, end: 2, text }]) as never,
        })
        .execute();
    await track('en', 'English', 'Open the valve first.', true);
    await track('zh-CN', '中文', '先打开阀门。', false);
    const url = `/sites/${owner.siteId}/video/${pump}`;
    const address = `${t.config.publicUrl}${url}`;
    const english = (await page(url)).body;
    expect(english).toContain(`<link rel="alternate" hreflang="en" href="${address}">`);
    expect(english).toContain(`<link rel="alternate" hreflang="zh-CN" href="${address}?hl=zh-CN">`);
    expect(english).toContain(`<link rel="alternate" hreflang="x-default" href="${address}">`);
    expect(english).toContain('Open the valve first.');
    const chinese = await page(`${url}?hl=zh-CN`);
    expect(chinese.statusCode).toBe(200);
    expect(chinese.body).toContain(`<link rel="canonical" href="${address}?hl=zh-CN">`);
    expect(chinese.body).toContain('先打开阀门。');
    expect(chinese.body).not.toContain('Open the valve first.');
    // A language it has no track in, or the default's own, is no page of its own.
    expect((await page(`${url}?hl=fr`)).statusCode).toBe(404);
    expect((await page(`${url}?hl=en`)).statusCode).toBe(404);
    expect((await page(`${url}?hl=${'x'.repeat(5000)}`)).statusCode).toBe(404);
  });

  it('serves the site at the root of its brand domain, and not another account site there', async () => {
    const { owner, pump, tours } = await siteWithVideos();
    const host = await domainOf(owner);
    const home = await page('/', host);
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<h1>Acme Videos</h1>');
    expect(home.body).toContain(`href="/video/${pump}"`);
    expect(home.body).toContain(`<link rel="canonical" href="http://${host}/">`);
    expect((await page(`/category/${tours}`, host)).body).toContain('<h1>Product tours</h1>');
    expect((await page(`/video/${pump}`, host)).body).toContain(
      `<link rel="canonical" href="http://${host}/video/${pump}">`,
    );
    // The same site under its /sites/ path there names the root as its address.
    expect((await page(`/sites/${owner.siteId}`, host)).body).toContain(
      `<link rel="canonical" href="http://${host}/">`,
    );

    const stranger = await ownerWithSite(t, 'Pro');
    expect((await page(`/sites/${stranger.siteId}`, host)).statusCode).toBe(404);
    // On the installation's own address, `/` stays the console and the root paths are no site's.
    const own = await page('/');
    expect(own.body).not.toContain('Acme Videos');
    expect((await page(`/category/${tours}`)).statusCode).toBe(404);
  });

  it('searches titles and descriptions in English and in Chinese', async () => {
    const { owner, pump, valve, parts } = await siteWithVideos();
    const search = async (q: string) => {
      const answer = await page(`/sites/${owner.siteId}/search?q=${encodeURIComponent(q)}`);
      expect(answer.statusCode, `${q} ${answer.body.slice(0, 300)}`).toBe(200);
      expect(answer.body, q).toContain('<meta name="robots" content="noindex">');
      return answer.body;
    };
    const results = (html: string) => [...html.matchAll(/\/video\/([0-9a-f-]{36})"/g)].map((match) => match[1]);
    expect(results(await search('pump'))).toEqual([pump]);
    // Stemmed: "installed" finds "installation"; a description's word finds its video.
    expect(results(await search('installed'))).toEqual([pump]);
    expect(results(await search('cleaning valves'))).toEqual([valve]);
    expect(results(await search('汽车'))).toEqual([parts]);
    expect(results(await search('配件'))).toEqual([parts]);
    expect(results(await search('车'))).toEqual([parts]);
    expect(results(await search('飞机'))).toEqual([]);
    expect(await search('zebra')).toContain('No video matches your search.');
    // Bad input is a page with no result, never an error.
    for (const q of ['\u0000', 'x'.repeat(10_000), "' or 1=1 --", '<script>alert(1)</script>', '&|!:*', '汽车 & !']) {
      expect(await search(q)).not.toContain('<script>alert(1)</script>');
    }
    // A lone surrogate as a client can put it in a URL, and a repeated parameter: a page, not an error.
    const lone = await page(`/sites/${owner.siteId}/search?q=%ED%A0%80pump&q=second`);
    expect(lone.statusCode).toBe(200);
    expect(lone.body).toContain('<form class="site-search"');
    const chinese = await page(`/sites/${owner.siteId}/search?q=zebra`, 'localhost', { 'accept-language': 'zh-CN' });
    expect(chinese.body).toContain('没有与搜索内容匹配的视频。');
    expect(chinese.body).toContain('<html lang="zh-CN">');
  });

  it('lists the site in its sitemap with the video extension, and nothing once hidden from search engines', async () => {
    const { owner, pump, tours } = await siteWithVideos();
    const sitemap = await page(`/sites/${owner.siteId}/sitemap.xml`);
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemap.body).toContain(`<loc>${t.config.publicUrl}/sites/${owner.siteId}</loc>`);
    expect(sitemap.body).toContain(`<loc>${t.config.publicUrl}/sites/${owner.siteId}/category/${tours}</loc>`);
    expect(sitemap.body).toContain(`<loc>${t.config.publicUrl}/sites/${owner.siteId}/video/${pump}</loc>`);
    expect(sitemap.body).toContain('<video:title>Pump installation</video:title>');
    expect(sitemap.body).toContain('<video:duration>75</video:duration>');
    const host = await domainOf(owner);
    const robots = await page('/robots.txt', host);
    expect(robots.body).toContain(`Sitemap: http://${host}/sites/${owner.siteId}/sitemap.xml`);
    expect((await page(`/sites/${owner.siteId}/sitemap.xml`, host)).body).toContain(
      `<loc>http://${host}/video/${pump}</loc>`,
    );

    await post(
      t.app,
      '/api/brand-channel/sitemap',
      { id: owner.siteId, sitemap: { indexed: false, pages: [] } },
      owner.token,
    );
    expect((await page(`/sites/${owner.siteId}/sitemap.xml`)).body).not.toContain('<url>');
    expect((await page(`/sites/${owner.siteId}`)).body).toContain('<meta name="robots" content="noindex">');
    expect((await page('/robots.txt', host)).body).not.toContain('/sites/');
  });

  it('orders For You by views watched to the end', async () => {
    const { owner, pump, valve } = await siteWithVideos();
    await t.services.analytics.flush();
    const hour = new Date(Date.now() - 3_600_000);
    hour.setUTCMinutes(0, 0, 0);
    for (const [id, completions] of [
      [pump, 1],
      [valve, 5],
    ] as const) {
      await sql`insert into analytics_video_hour (video_id, hour, account_id, loads, plays, completions, leads, clicks,
        cta_clicks, watch_seconds, reached, watched, coverage)
        values (${id}, ${hour}, ${owner.accountId}, 10, 10, ${completions}, 0, 0, 0, 100, '{}', '{}', 0)`.execute(
        t.analyticsDb,
      );
    }
    const home = (await page(`/sites/${owner.siteId}`)).body;
    const forYou = home.slice(home.indexOf('id="for-you"'), home.indexOf('</section>', home.indexOf('id="for-you"')));
    expect(forYou.indexOf(valve)).toBeGreaterThan(-1);
    expect(forYou.indexOf(valve)).toBeLessThan(forYou.indexOf(pump));
    // The featured video is the first of For You.
    expect(home.indexOf(`site-featured" href="/sites/${owner.siteId}/video/${valve}"`)).toBeGreaterThan(-1);

    await post(
      t.app,
      '/api/brand-channel/home',
      { id: owner.siteId, home: { forYou: false, thumbnailRatio: '9:16' } },
      owner.token,
    );
    const off = (await page(`/sites/${owner.siteId}`)).body;
    expect(off).not.toContain('id="for-you"');
    expect(off).toContain('ratio-9-16');
  });

  it('writes every text of the site, category and video as text, never markup', async () => {
    const owner = await ownerWithSite(t, 'Pro');
    const attack = '<script>alert(1)</script><img src=x onerror=alert(2)>"\'';
    await post(
      t.app,
      '/api/brand-channel/profile',
      { id: owner.siteId, profile: profile({ name: attack.slice(0, 60), description: attack }) },
      owner.token,
    );
    const id = await video(owner, attack, attack);
    const categoryId = await category(owner, attack.slice(0, 60), [id]);
    await post(
      t.app,
      '/api/brand-channel/navigation',
      { id: owner.siteId, navigation: [{ label: attack.slice(0, 40), target: { kind: 'category', categoryId } }] },
      owner.token,
    );
    for (const url of [
      `/sites/${owner.siteId}`,
      `/sites/${owner.siteId}/category/${categoryId}`,
      `/sites/${owner.siteId}/video/${id}`,
      `/sites/${owner.siteId}/search?q=${encodeURIComponent(attack)}`,
    ]) {
      const html = (await page(url)).body;
      expect(html, url).not.toContain('<script>alert');
      expect(html, url).not.toContain('<img src=x');
      expect(html, url).toContain('&lt;script&gt;');
    }
  });

  it('answers 404 once the plan has no sites, and on the domain once the brand is deleted', async () => {
    const { owner } = await siteWithVideos();
    const host = await domainOf(owner);
    expect((await post(t.app, '/api/brand/del', { id: owner.brandId }, owner.token)).status).toBe(200);
    expect((await page('/', host)).statusCode).toBe(404);
    // The site stays at its default path, without the brand's look.
    const kept = await page(`/sites/${owner.siteId}`);
    expect(kept.statusCode).toBe(200);
    expect(kept.body).not.toContain('--lr-button:#1677ff');

    await t.db.updateTable('account').set({ plan_type: 'Free' }).where('id', '=', owner.accountId).execute();
    expect((await page(`/sites/${owner.siteId}`)).statusCode).toBe(404);
    const unknown = await page('/sites/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect((await page('/sites/not-a-site')).statusCode).toBe(404);
  });

  it('embeds the whole site as a gallery whose videos open in the frame, where the account lets its embeds play', async () => {
    const { owner, pump, tours } = await siteWithVideos();
    const gallery = await page(`/sites/${owner.siteId}/embed`);
    expect(gallery.statusCode).toBe(200);
    expect(gallery.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(gallery.headers['x-frame-options']).toBeUndefined();
    expect(gallery.body).toContain(`href="/sites/${owner.siteId}/embed/video/${pump}"`);
    expect(gallery.body).toContain(`id="c-${tours}"`);
    expect(gallery.body).toContain('<meta name="robots" content="noindex">');
    expect(gallery.body).not.toContain('class="site-top"');
    const inFrame = await page(`/sites/${owner.siteId}/embed/video/${pump}`);
    expect(inFrame.statusCode).toBe(200);
    expect(inFrame.body).toContain(`data-video-id="${pump}"`);
    expect(inFrame.body).toContain(`href="/sites/${owner.siteId}/embed"`);
    expect((await page(`/sites/${owner.siteId}/embed/video/${await video(owner, 'Loose')}`)).statusCode).toBe(404);

    await post(t.app, '/api/vod/player/embed-config/save', { domains: ['shop.example.test'] }, owner.token);
    const allowed = await page(`/sites/${owner.siteId}/embed`);
    expect(allowed.headers['content-security-policy']).toContain(
      "frame-ancestors 'self' https://shop.example.test http://shop.example.test",
    );
    // The site's own pages are never framed.
    expect((await page(`/sites/${owner.siteId}`)).headers['content-security-policy']).toContain(
      "frame-ancestors 'none'",
    );
    // One snippet: the embed script turns a site's div into that frame.
    const script = await page('/player/embed.js');
    expect(script.body).toContain('data-leadreel-site');
    expect(script.body).toContain("'/sites/' + siteId + '/embed'");
  });

  describe('the email gate and the site a lead names', () => {
    const gate = (body: Record<string, unknown>, from = '203.0.113.7') =>
      t.app.inject({ method: 'POST', url: '/api/public/site-gate', payload: body, remoteAddress: from });
    const leadsOf = (owner: Owner) =>
      t.db.selectFrom('lead').selectAll().where('account_id', '=', owner.accountId).execute();

    it('asks for the email only when the site turns its gate on, and keeps it as a lead naming the site', async () => {
      const { owner, pump, valve } = await siteWithVideos();
      const body = {
        siteId: owner.siteId,
        videoId: pump,
        email: 'buyer@example.test',
        page: `${t.config.publicUrl}/sites/${owner.siteId}/video/${pump}`,
        referrer: '',
        language: 'en-GB',
        elapsedMs: 5000,
        website: '',
      };
      // Off (the default): no gate on the page, and the route takes nothing.
      expect((await page(`/sites/${owner.siteId}/video/${pump}`)).body).not.toContain('<form class="lr-gate"');
      expect((await gate(body)).statusCode).toBe(404);

      await post(
        t.app,
        '/api/brand-channel/home',
        { id: owner.siteId, home: { forYou: true, thumbnailRatio: '16:9', emailGate: 'once' } },
        owner.token,
      );
      const gated = (await page(`/sites/${owner.siteId}/video/${pump}`)).body;
      expect(gated).toContain(`data-gate="once" data-site="${owner.siteId}"`);
      expect(gated).toContain('<form class="lr-gate" hidden');
      expect((await gate(body)).statusCode).toBe(200);
      const [lead] = await leadsOf(owner);
      expect(lead).toMatchObject({
        video_id: pump,
        answers: { email: 'buyer@example.test' },
        site_id: owner.siteId,
        site_name: 'Acme Videos',
      });
      const listed = await t.app.inject({
        url: '/api/user-form-list/list',
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(listed.json().data.list[0]).toMatchObject({
        siteName: 'Acme Videos',
        answers: { email: 'buyer@example.test' },
      });

      // Bad input is refused and stores nothing; a script's fast or trapped post is answered like a success.
      const stranger = await ownerWithSite(t, 'Pro');
      const theirs = await video(stranger, 'Theirs');
      for (const [change, status] of [
        [{ email: '' }, 400],
        [{ email: 'not-an-email' }, 400],
        [{ email: `${'a'.repeat(10_000)}@example.test` }, 400],
        [{ email: 'a\u0000b@example.test' }, 400],
        [{ email: '\ud800@example.test' }, 400],
        [{ email: 42 }, 400],
        [{ siteId: 'not-a-uuid' }, 400],
        [{ siteId: stranger.siteId }, 404],
        [{ videoId: theirs }, 404],
        [{ extra: true }, 400],
      ] as const) {
        const answer = await gate({ ...body, ...change });
        expect(answer.statusCode, JSON.stringify(change).slice(0, 60)).toBe(status);
      }
      expect((await gate({ ...body, videoId: valve, website: 'spam' })).statusCode).toBe(200);
      expect((await gate({ ...body, videoId: valve, elapsedMs: 100 })).statusCode).toBe(200);
      expect(await leadsOf(owner)).toHaveLength(1);
    });

    it('names the site of the page an inquiry was sent from, and none for a page of no site or of another account', async () => {
      const { owner, pump } = await siteWithVideos();
      await t.db
        .insertInto('video_setting')
        .values({ video_id: pump, form: JSON.stringify({ ...DEFAULT_FORM, enabled: true }) as never })
        .onConflict((oc) =>
          oc.column('video_id').doUpdateSet({ form: JSON.stringify({ ...DEFAULT_FORM, enabled: true }) as never }),
        )
        .execute();
      const host = await domainOf(owner);
      const stranger = await ownerWithSite(t, 'Pro');
      const send = (pageUrl: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/public/lead',
          payload: { ...leadFrom(pump), page: pageUrl },
          remoteAddress: '198.51.100.4',
        });
      for (const pageUrl of [
        `${t.config.publicUrl}/sites/${owner.siteId}/video/${pump}`,
        `https://${host}/video/${pump}`,
        `https://${host}/`,
        `${t.config.publicUrl}/v/${pump}`,
        `${t.config.publicUrl}/sites/${stranger.siteId}/video/${pump}`,
        'not a url',
      ]) {
        expect((await send(pageUrl)).statusCode, pageUrl).toBe(200);
      }
      const named = (await leadsOf(owner)).map((lead) => [lead.page_url, lead.site_name]);
      expect(named).toEqual(
        expect.arrayContaining([
          [`${t.config.publicUrl}/sites/${owner.siteId}/video/${pump}`, 'Acme Videos'],
          [`https://${host}/video/${pump}`, 'Acme Videos'],
          [`https://${host}/`, 'Acme Videos'],
          [`${t.config.publicUrl}/v/${pump}`, null],
          [`${t.config.publicUrl}/sites/${stranger.siteId}/video/${pump}`, null],
          ['not a url', null],
        ]),
      );
    });
  });
});

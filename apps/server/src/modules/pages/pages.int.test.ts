import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { accountOnPlan, readyVideos } from '../../../test/factories.ts';
import { get, post, useTestApp } from '../../../test/helpers.ts';

// the SEO page setting (basic-setting) and the viewer's pages it drives: the watch page, the
// embed, oEmbed, the sitemap and robots.txt.
const PUBLIC = 'https://videos.example.test';
const t = useTestApp({ PUBLIC_URL: PUBLIC, BRAND_NAME: 'Acme Video' }, { media: true });
const readyVideo = readyVideos(() => t);
/** A signed-up account with one ready video. */
async function accountWithVideo(name = 'launch.mp4') {
  // Link names are a paid plan's; these accounts have one (the Free refusal is tested on its own).
  const account = await accountOnPlan(t, 'Pro');
  return { ...account, videoId: await readyVideo(account, name) };
}

const SEO = {
  title: 'Our launch',
  description: 'What we built.',
  keywords: ['b2b', 'video'],
  slug: '',
  indexable: true,
};
const saveSeo = (token: string, body: Record<string, unknown>) =>
  post(t.app, '/api/vod/video/seo-page/save', body, token);
const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

// Every text setting holds what an attacker would type; the pages must show it as text and run none of it.
const HOSTILE = `</script><script>alert(1)</script>"><img src=x onerror=alert(2)>' javascript:alert(3) <!--`;

function jsonLd(html: string) {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('no JSON-LD block');
  return JSON.parse(match[1] as string);
}

describe('the SEO page setting (the console contract basic-setting)', () => {
  it('starts from the video itself, saves, and answers the watch and embed addresses', async () => {
    const { token, videoId } = await accountWithVideo();
    const fresh = await get(t.app, `/api/vod/video/seo-page?videoId=${videoId}`, token);
    expect(fresh.status).toBe(200);
    expect(fresh.body.data).toEqual({
      videoId,
      title: '',
      description: '',
      keywords: [],
      slug: '',
      indexable: true,
      sourceUrl: '',
      coverUrl: null,
      watchUrl: `${PUBLIC}/v/${videoId}`,
      embedUrl: `${PUBLIC}/embed/${videoId}`,
    });
    const saved = await saveSeo(token, { videoId, ...SEO, slug: '  Spring-Launch ' });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ slug: 'spring-launch', watchUrl: `${PUBLIC}/v/spring-launch` });
    expect((await get(t.app, `/api/vod/video/seo-page?videoId=${videoId}`, token)).body.data).toMatchObject({
      title: 'Our launch',
      keywords: ['b2b', 'video'],
      slug: 'spring-launch',
    });
  });

  it('refuses bad values with the field and message, and writes nothing', async () => {
    const { token, videoId } = await accountWithVideo();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'x'.repeat(101) }, 'seo_title_too_long'],
      [{ description: 'x'.repeat(5001) }, 'seo_description_too_long'],
      [{ keywords: Array.from({ length: 21 }, (_, i) => `k${i}`) }, 'seo_keywords_too_many'],
      [{ keywords: ['k'.repeat(51)] }, 'seo_keyword_too_long'],
      [{ keywords: [''] }, 'illegal_input'],
      [{ keywords: 'b2b' }, 'illegal_input'],
      [{ title: 42 }, 'illegal_input'],
      [{ indexable: 'yes' }, 'illegal_input'],
      [{ sourceUrl: 'javascript:alert(1)' }, 'seo_source_invalid'],
      [{ sourceUrl: 'ftp://blog.example.test/post' }, 'seo_source_invalid'],
      [{ sourceUrl: 'data:text/html,<script>alert(1)</script>' }, 'seo_source_invalid'],
      [{ sourceUrl: 'blog.example.test/post' }, 'seo_source_invalid'],
      [
        { sourceUrl: `https://blog.example.test/${'p'.repeat(2001 - 'https://blog.example.test/'.length)}` },
        'seo_source_invalid',
      ],
      [{ sourceUrl: `https://blog.example.test/${'p'.repeat(10_000)}` }, 'seo_source_invalid'],
      [{ sourceUrl: 'https://blog.example.test/\u0000' }, 'illegal_input'],
      [{ sourceUrl: 'https://blog.example.test/\ud800' }, 'illegal_input'],
      [{ sourceUrl: 42 }, 'seo_source_invalid'],
      [{ sourceUrl: null }, 'seo_source_invalid'],
      [{ slug: 'ab' }, 'slug_invalid'],
      [{ slug: 'two  words' }, 'slug_invalid'],
      [{ slug: 'a--b' }, 'slug_invalid'],
      [{ slug: '../admin' }, 'slug_invalid'],
      [{ slug: 'x'.repeat(81) }, 'slug_invalid'],
      [{ slug: videoId }, 'slug_invalid'],
      [{ videoId: 'not-an-id' }, 'video_invalid'],
      [{ extra: 1 }, 'unknown_field'],
    ];
    for (const [change, error] of cases) {
      const answer = await saveSeo(token, { videoId, ...SEO, ...change });
      expect(answer.status, JSON.stringify(change).slice(0, 80)).toBe(400);
      expect(answer.body.error, JSON.stringify(change).slice(0, 80)).toBe(error);
    }
    expect((await get(t.app, `/api/vod/video/seo-page?videoId=${videoId}`, token)).body.data).toMatchObject({
      title: '',
      sourceUrl: '',
    });
  });

  it('keeps the source article: trimmed, at most 2000 characters, kept by a save without it, cleared by an empty one', async () => {
    const { token, videoId } = await accountWithVideo();
    const read = async () => (await get(t.app, `/api/vod/video/seo-page?videoId=${videoId}`, token)).body.data;
    const saved = await saveSeo(token, { videoId, ...SEO, sourceUrl: '  https://blog.example.test/spring?lang=en ' });
    expect(saved.status).toBe(200);
    expect(saved.body.data.sourceUrl).toBe('https://blog.example.test/spring?lang=en');
    expect((await read()).sourceUrl).toBe('https://blog.example.test/spring?lang=en');
    // A caller that does not know the field (SEO has none) changes the rest and keeps the article.
    expect((await saveSeo(token, { videoId, ...SEO, title: 'Renamed' })).body.data.sourceUrl).toBe(
      'https://blog.example.test/spring?lang=en',
    );
    expect(await read()).toMatchObject({ title: 'Renamed', sourceUrl: 'https://blog.example.test/spring?lang=en' });
    const longest = `http://blog.example.test/${'p'.repeat(2000 - 'http://blog.example.test/'.length)}`;
    expect((await saveSeo(token, { videoId, ...SEO, sourceUrl: longest })).status).toBe(200);
    expect((await read()).sourceUrl).toBe(longest);
    expect((await saveSeo(token, { videoId, ...SEO, sourceUrl: '' })).status).toBe(200);
    expect((await read()).sourceUrl).toBe('');
  });

  it('keeps new link names to paid plans, and a link name already set when the plan ends', async () => {
    const { token, videoId, email } = await accountWithVideo();
    expect((await saveSeo(token, { videoId, ...SEO, slug: 'kept-name' })).status).toBe(200);
    await t.db.updateTable('account').set({ plan_type: 'Free' }).where('email', '=', email).execute();
    expect((await saveSeo(token, { videoId, ...SEO, title: 'Renamed', slug: 'kept-name' })).status).toBe(200);
    const refused = await saveSeo(token, { videoId, ...SEO, slug: 'another-name' });
    expect([refused.status, refused.body.error, refused.body.field]).toEqual([403, 'link_name_not_allowed', 'slug']);
    expect((await saveSeo(token, { videoId, ...SEO, slug: '' })).status).toBe(200);
    expect((await saveSeo(token, { videoId, ...SEO, slug: 'kept-name' })).status).toBe(403);
  });

  it('keeps each account to its own videos, slugs unique, and settings closed from the Frozen period on', async () => {
    const owner = await accountWithVideo();
    const other = await accountWithVideo();
    expect((await get(t.app, `/api/vod/video/seo-page?videoId=${owner.videoId}`, other.token)).status).toBe(404);
    const foreign = await saveSeo(other.token, { videoId: owner.videoId, ...SEO, title: 'hijacked' });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('video_invalid');
    expect((await get(t.app, `/api/vod/video/seo-page?videoId=${owner.videoId}`, owner.token)).body.data.title).toBe(
      '',
    );

    expect((await saveSeo(owner.token, { videoId: owner.videoId, ...SEO, slug: 'taken-name' })).status).toBe(200);
    const clash = await saveSeo(other.token, { videoId: other.videoId, ...SEO, slug: 'taken-name' });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ error: 'slug_taken' });

    await t.db.updateTable('account').set({ vip_period: 'frozen-period' }).where('email', '=', other.email).execute();
    const frozen = await saveSeo(other.token, { videoId: other.videoId, ...SEO });
    expect(frozen.status).toBe(403);
    expect(frozen.body.error).toBe('plan_period');
    // The addresses stay readable (the share and embed dialogs need them).
    expect((await get(t.app, `/api/vod/video/seo-page?videoId=${other.videoId}`, other.token)).status).toBe(200);

    await post(t.app, '/api/vod/video/delete', { videoIds: [owner.videoId] }, owner.token);
    expect((await saveSeo(owner.token, { videoId: owner.videoId, ...SEO })).status).toBe(404);
    expect((await page('/v/taken-name')).statusCode).toBe(404);
  });
});

describe('the watch page', () => {
  it('is readable without JavaScript, with canonical, cards, oEmbed discovery and a VideoObject', async () => {
    const { token, videoId } = await accountWithVideo();
    await saveSeo(token, { videoId, ...SEO, slug: 'our-launch', description: 'Line one.\nLine two.' });
    const response = await page('/v/our-launch');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain('<title>Our launch</title>');
    expect(html).toContain('<h1>Our launch</h1>');
    expect(html).toContain('Line one.\nLine two.');
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC}/v/our-launch">`);
    expect(html).toContain('<meta name="twitter:card" content="player">');
    expect(html).toContain(`<meta name="twitter:player" content="${PUBLIC}/embed/${videoId}">`);
    expect(html).toContain('<meta property="og:type" content="video.other">');
    expect(html).toMatch(
      /<meta property="og:image" content="https:\/\/videos\.example\.test\/media\/[^"]+poster\.jpg">/,
    );
    expect(html).toContain(
      `<link rel="alternate" type="application/json+oembed" href="${PUBLIC}/oembed?url=${encodeURIComponent(`${PUBLIC}/v/our-launch`)}&amp;format=json"`,
    );
    expect(html).not.toContain('noindex');
    // No source article: no link to one (and no isBasedOn in the VideoObject below).
    expect(html).not.toContain('watch-source');
    // The facade: a poster and a play button, its script inline, naming the rest of the player it fetches on
    // intent; no script fetched, and no video engine, until then.
    expect(html).toMatch(/<button class="lr-play" type="button" aria-label="Play video: Our launch">/);
    expect(html).toMatch(/<script data-player="\/player\/player\.js\?v=[0-9a-f]{12}">\(function\(\)\{/);
    expect(html).not.toMatch(/<script[^>]* src=/);
    expect(html).not.toMatch(/<(script|link)[^>]*hls/);
    expect(jsonLd(html)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      name: 'Our launch',
      description: 'Line one.\nLine two.',
      thumbnailUrl: [expect.stringMatching(/^https:\/\/videos\.example\.test\/media\/.+\/poster\.jpg$/)],
      uploadDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      duration: 'PT2S',
      contentUrl: `${PUBLIC}/media/${videoId}/master.m3u8`,
      embedUrl: `${PUBLIC}/embed/${videoId}`,
      // On the installation's own address, the installation publishes it.
      publisher: { '@type': 'Organization', name: 'Acme Video', url: PUBLIC },
      keywords: 'b2b, video',
      width: 320,
      height: 240,
    });
    // The same page by id names the slug as canonical.
    expect((await page(`/v/${videoId}`)).body).toContain(`<link rel="canonical" href="${PUBLIC}/v/our-launch">`);
  });

  it('links the source article under the description and names it as isBasedOn, keeping its own canonical', async () => {
    const { token, videoId } = await accountWithVideo();
    const article = 'https://blog.example.test/post?q="<b>&x=1';
    expect((await saveSeo(token, { videoId, ...SEO, slug: 'based-on', sourceUrl: article })).status).toBe(200);
    const html = (await page('/v/based-on')).body;
    const link =
      '<p class="watch-source"><a href="https://blog.example.test/post?q=&quot;&lt;b&gt;&amp;x=1" target="_blank" rel="noopener">Read the article</a></p>';
    expect(html).toContain(link);
    expect(html.indexOf(link)).toBeGreaterThan(html.indexOf('<p class="description">What we built.</p>'));
    expect(html).not.toContain('nofollow');
    expect(html).not.toContain('<b>');
    expect(jsonLd(html).isBasedOn).toBe(article);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC}/v/based-on">`);
    // The embed is the player alone.
    expect((await page(`/embed/${videoId}`)).body).not.toContain('Read the article');
    const chinese = (await page('/v/based-on', { 'accept-language': 'zh-CN' })).body;
    expect(chinese).toContain('rel="noopener">阅读原文</a>');
  });

  it('never links a stored source article that is not an http or https address', async () => {
    const { videoId } = await accountWithVideo();
    await t.db
      .insertInto('video_setting')
      .values({ video_id: videoId, seo: { ...SEO, sourceUrl: 'javascript:alert(1)' } })
      .onConflict((oc) => oc.column('video_id').doUpdateSet({ seo: { ...SEO, sourceUrl: 'javascript:alert(1)' } }))
      .execute();
    const html = (await page(`/v/${videoId}`)).body;
    expect(html).toContain('<h1>Our launch</h1>');
    expect(html).not.toContain('javascript:');
    expect(jsonLd(html)).not.toHaveProperty('isBasedOn');
  });

  it('offers the poster as AVIF, then WebP, at the width the player shows, and the JPEG alone for a video made before them', async () => {
    const { videoId } = await accountWithVideo();
    // The test video is 320 wide: its set holds that width alone (never wider than the source).
    const watch = (await page(`/v/${videoId}`)).body;
    expect(watch).toMatch(
      /<picture><source type="image\/avif" srcset="\/media\/[^" ]+\/posters\/320\.avif 320w" sizes="\(min-width: 960px\) 928px, calc\(100vw - 32px\)"><source type="image\/webp" srcset="\/media\/[^" ]+\/posters\/320\.webp 320w" sizes="[^"]+"><img src="\/media\/[^"]+\/poster\.jpg"[^>]*><\/picture>/,
    );
    // An embed is as wide as its frame.
    const embed = (await page(`/embed/${videoId}`)).body;
    expect(embed).toMatch(/<source type="image\/avif" srcset="[^"]+\/posters\/320\.avif 320w" sizes="100vw">/);
    for (const [file, type] of [
      [/srcset="([^" ]+\.avif) /.exec(embed)?.[1], 'image/avif'],
      [/srcset="([^" ]+\.webp) /.exec(embed)?.[1], 'image/webp'],
    ]) {
      const answer = await page(String(file));
      expect(answer.statusCode, file).toBe(200);
      expect(answer.headers['content-type']).toBe(type);
      expect(answer.rawPayload.length).toBeGreaterThan(100);
    }
    // A video the pipeline made before the set: the JPEG poster as it was.
    const { videoId: olderId } = await accountWithVideo();
    const row = await t.db.selectFrom('video').select('media').where('id', '=', olderId).executeTakeFirstOrThrow();
    const { posterSet: _set, ...older } = row.media as NonNullable<typeof row.media>;
    await t.db.updateTable('video').set({ media: older }).where('id', '=', olderId).execute();
    const before = (await page(`/embed/${olderId}`)).body;
    expect(before).not.toContain('<picture>');
    expect(before).toMatch(/<div class="lr-player"[^>]*><img src="\/media\/[^"]+\/poster\.jpg"/);
  });

  it('ships a strict CSP: own scripts only, no inline script or style besides its own hashed facade and style', async () => {
    const { videoId } = await accountWithVideo();
    for (const url of [`/v/${videoId}`, `/embed/${videoId}`]) {
      const answer = await page(url);
      const csp = answer.headers['content-security-policy'] as string;
      expect(csp).toContain("default-src 'none'");
      expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/]+=*';/);
      expect(csp).not.toContain('unsafe-inline');
      // The one inline script is the facade, allowed by the hash of exactly its text.
      const inline = [...answer.body.matchAll(/<script(?! type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g)];
      expect(inline).toHaveLength(1);
      const hash = createHash('sha256')
        .update(inline[0]?.[1] ?? '')
        .digest('base64');
      expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
    }
    expect((await page(`/v/${videoId}`)).headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect((await page(`/embed/${videoId}`)).headers['content-security-policy']).toContain('frame-ancestors *');
  });

  it('shows hostile text as text in the page, the attributes, the cards and the JSON-LD', async () => {
    const { token, videoId } = await accountWithVideo();
    const saved = await saveSeo(token, {
      videoId,
      ...SEO,
      title: HOSTILE,
      description: HOSTILE,
      keywords: [HOSTILE.slice(0, 50)],
    });
    expect(saved.status).toBe(200);
    for (const url of [`/v/${videoId}`, `/embed/${videoId}`]) {
      const html = (await page(url)).body;
      // The only script elements are the JSON-LD block and our player; no attribute was broken out of.
      expect(
        html.match(/<script\b[^>]*>/g)?.filter((tag) => !tag.includes('ld+json') && !tag.includes('/player/player.js')),
      ).toEqual([]);
      expect(html).not.toMatch(/<img src=x|<!--/);
      expect(html).toContain(
        '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(2)&gt;',
      );
    }
    const html = (await page(`/v/${videoId}`)).body;
    expect(jsonLd(html).name).toBe(HOSTILE);
    expect(jsonLd(html).description).toBe(HOSTILE);
  });

  it('is a 404 page for an unknown id or slug, a video not yet playable, and a deleted one', async () => {
    const { token, videoId } = await accountWithVideo();
    const [waiting] = (
      await post(
        t.app,
        '/api/vod/video/pre-add-custom-video',
        { videos: [{ videoName: 'later.mp4', size: 1000 }] },
        token,
      )
    ).body.data;
    for (const url of [
      '/v/00000000-0000-4000-8000-000000000000',
      '/v/no-such-name',
      `/v/${waiting}`,
      `/embed/${waiting}`,
      '/embed/not-an-id',
    ]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(response.body, url).toContain('<meta name="robots" content="noindex">');
    }
    // A path that escapes its segment never reaches a page.
    expect((await page('/v/%2e%2e')).statusCode).toBe(404);
    await post(t.app, '/api/vod/video/delete', { videoIds: [videoId] }, token);
    expect((await page(`/v/${videoId}`)).statusCode).toBe(404);
  });

  it('speaks Chinese to a viewer who asks for it first', async () => {
    const { videoId } = await accountWithVideo();
    const html = (await page(`/v/${videoId}`, { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' })).body;
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain('aria-label="播放视频: launch"');
    expect((await page(`/v/${videoId}`, { 'accept-language': 'en-US,zh;q=0.5' })).body).toContain('<html lang="en">');
  });
});

describe('oEmbed, the sitemap and robots.txt', () => {
  it('answers oEmbed for watch and embed URLs of this server, scaled to the asked size, and nothing else', async () => {
    const { token, videoId } = await accountWithVideo();
    await saveSeo(token, { videoId, ...SEO, slug: 'oembed-demo' });
    const answer = await page(`/oembed?url=${encodeURIComponent(`${PUBLIC}/v/oembed-demo`)}&maxwidth=160`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      type: 'video',
      version: '1.0',
      title: 'Our launch',
      provider_name: 'Acme Video',
      width: 160,
      height: 120,
      html: `<iframe src="${PUBLIC}/embed/${videoId}" width="160" height="120" title="Our launch" frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`,
    });
    expect((await page(`/oembed?url=${encodeURIComponent(`${PUBLIC}/embed/${videoId}`)}`)).statusCode).toBe(200);
    for (const url of [
      `https://evil.example.test/v/${videoId}`,
      `${PUBLIC}/v/no-such-name`,
      'javascript:alert(1)',
      '',
    ]) {
      expect((await page(`/oembed?url=${encodeURIComponent(url)}`)).statusCode, url).toBe(404);
    }
    expect((await page(`/oembed?url=${encodeURIComponent(`${PUBLIC}/v/${videoId}`)}&format=xml`)).statusCode).toBe(501);
  });

  it('lists indexable watch pages with their video details, leaving out noindex ones', async () => {
    const listed = await accountWithVideo();
    const hidden = await accountWithVideo();
    await saveSeo(listed.token, { videoId: listed.videoId, ...SEO, title: 'Listed & found', slug: 'listed-video' });
    await saveSeo(hidden.token, { videoId: hidden.videoId, ...SEO, slug: 'hidden-video', indexable: false });
    expect((await page('/v/hidden-video')).body).toContain('<meta name="robots" content="noindex">');
    const sitemap = await page('/sitemap.xml');
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemap.body).toContain(`<loc>${PUBLIC}/v/listed-video</loc>`);
    expect(sitemap.body).toContain('<video:title>Listed &amp; found</video:title>');
    expect(sitemap.body).toContain(`<video:player_loc>${PUBLIC}/embed/${listed.videoId}</video:player_loc>`);
    expect(sitemap.body).toContain('<video:duration>2</video:duration>');
    expect(sitemap.body).not.toContain('hidden-video');
    const robots = await page('/robots.txt');
    expect(robots.body).toContain(`Sitemap: ${PUBLIC}/sitemap.xml`);
    expect(robots.body).toContain('Disallow: /api/');
  });

  it('serves the player script for a year by its hash, and hls.js for the play button', async () => {
    const { videoId } = await accountWithVideo();
    const html = (await page(`/v/${videoId}`)).body;
    const script = /<script data-player="(\/player\/player\.js\?v=[0-9a-f]+)"/.exec(html)?.[1] as string;
    const player = await page(script);
    expect(player.statusCode).toBe(200);
    expect(player.headers['cache-control']).toContain('immutable');
    expect(player.body).toContain('/player/hls.light.min.js');
    const hls = await page('/player/hls.light.min.js');
    expect(hls.statusCode).toBe(200);
    expect(hls.headers['content-type']).toBe('text/javascript; charset=utf-8');
    // Compressed for browsers that ask, the same bytes once decoded.
    const br = await page('/player/hls.light.min.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(hls.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).equals(hls.rawPayload)).toBe(true);
    const gz = await page(`/v/${videoId}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(html);
  });
});

describe('the WhatsApp, telephone and email buttons', () => {
  const button = { enabled: true, label: '', position: 'bottom-right', showFrom: 0, showUntil: null };
  const save = (token: string, path: string, videoId: string, setting: Record<string, unknown>) =>
    post(t.app, `/api/vod/video/${path}/save`, { videoId, setting }, token);

  it('saves each button, normalising numbers, and shows them on the watch page and the embed as links', async () => {
    const { token, videoId } = await accountWithVideo();
    const fresh = await get(t.app, `/api/vod/video/whatsapp?videoId=${videoId}`, token);
    expect(fresh.body.data).toEqual({ ...button, enabled: false, number: '', message: '' });
    const whatsapp = await save(token, 'whatsapp', videoId, {
      ...button,
      number: '+44 (20) 7946-0958',
      message: 'Hi! I saw "Our launch" & want a demo',
      showFrom: 1,
    });
    expect(whatsapp.status).toBe(200);
    expect(whatsapp.body.data.number).toBe('+442079460958');
    expect(
      (await save(token, 'phone', videoId, { ...button, number: '+8613800138000', label: 'Call sales' })).status,
    ).toBe(200);
    expect(
      (
        await save(token, 'email', videoId, {
          ...button,
          address: 'Sales@Example.test',
          subject: 'Demo?',
          position: 'top-left',
        })
      ).status,
    ).toBe(200);
    expect((await get(t.app, `/api/vod/video/phone?videoId=${videoId}`, token)).body.data.label).toBe('Call sales');

    const html = (await page(`/v/${videoId}`)).body;
    expect(html).toContain(
      'href="https://wa.me/442079460958?text=Hi!%20I%20saw%20%22Our%20launch%22%20%26%20want%20a%20demo" target="_blank" rel="noopener" data-lr-contact="whatsapp" data-from="1" data-until=""',
    );
    expect(html).toContain(
      'href="tel:+8613800138000" target="_top" data-lr-contact="telephone" data-from="0" data-until="">Call sales</a>',
    );
    expect(html).toContain(
      'class="lr-contact lr-pos-top-left lr-email" href="mailto:sales@example.test?subject=Demo%3F"',
    );
    // The watch page repeats them below the title, readable without the player.
    expect(html).toMatch(/<nav class="watch-contacts" aria-label="Contact">.*Email us<\/a><\/nav>/);
    expect((await page(`/embed/${videoId}`)).body).toContain('data-lr-contact="whatsapp"');
  });

  it('refuses numbers not in international form, bad addresses, long texts, backwards times and hostile links', async () => {
    const { token, videoId } = await accountWithVideo();
    const cases: [string, Record<string, unknown>, string][] = [
      ['whatsapp', { number: '07946 0958' }, 'phone_invalid'],
      ['whatsapp', { number: '+0123456789' }, 'phone_invalid'],
      ['whatsapp', { number: 'javascript:alert(1)' }, 'phone_invalid'],
      ['whatsapp', { number: '' }, 'phone_invalid'],
      ['whatsapp', { number: '+4420794609', message: 'm'.repeat(501) }, 'whatsapp_message_too_long'],
      ['phone', { number: '+1 (555) 010-9999 ext 2' }, 'phone_invalid'],
      ['phone', { number: 4420794609 }, 'phone_invalid'],
      ['phone', { number: '+4420794609', label: 'x'.repeat(31) }, 'contact_label_too_long'],
      ['phone', { number: '+4420794609', showFrom: 10, showUntil: 5 }, 'contact_times'],
      ['phone', { number: '+4420794609', showFrom: -1 }, 'illegal_input'],
      ['phone', { number: '+4420794609', position: 'middle' }, 'illegal_input'],
      ['email', { address: 'not-an-address' }, 'email_invalid'],
      ['email', { address: 'a@b.co\r\nBcc: all@example.test' }, 'email_invalid'],
      ['email', { address: 'a@b.co', subject: 's'.repeat(201) }, 'email_subject_too_long'],
      ['email', { address: 'a@b.co', extra: true }, 'unknown_field'],
    ];
    for (const [path, change, error] of cases) {
      const base =
        path === 'email'
          ? { ...button, address: '', subject: '' }
          : path === 'whatsapp'
            ? { ...button, number: '', message: '' }
            : { ...button, number: '' };
      const answer = await save(token, path, videoId, { ...base, ...change });
      expect(answer.status, `${path} ${JSON.stringify(change)}`).toBe(400);
      expect(answer.body.error, `${path} ${JSON.stringify(change)}`).toBe(error);
    }
    // A button that is off may stay unfilled.
    expect((await save(token, 'phone', videoId, { ...button, enabled: false, number: '' })).status).toBe(200);
    // Text in labels stays text.
    await save(token, 'phone', videoId, { ...button, number: '+4420794609', label: '<img src=x onerror=alert(1)>' });
    const html = (await page(`/v/${videoId}`)).body;
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;</a>');
    expect(html).not.toContain('<img src=x');
  });

  it("keeps each account to its own videos' buttons", async () => {
    const owner = await accountWithVideo();
    const other = await accountWithVideo();
    expect((await get(t.app, `/api/vod/video/whatsapp?videoId=${owner.videoId}`, other.token)).status).toBe(404);
    const answer = await save(other.token, 'whatsapp', owner.videoId, {
      ...button,
      number: '+4420794609',
      message: '',
    });
    expect(answer.status).toBe(404);
    expect((await get(t.app, `/api/vod/video/whatsapp?videoId=${owner.videoId}`, owner.token)).body.data.enabled).toBe(
      false,
    );
  });

  it('records a click from any page, as the player sends it, and refuses bad or unknown ones', async () => {
    const { videoId } = await accountWithVideo();
    const beacon = (body: unknown, contentType = 'text/plain;charset=UTF-8') =>
      t.app.inject({
        method: 'POST',
        url: '/api/public/click',
        payload: typeof body === 'string' ? body : JSON.stringify(body),
        headers: { 'content-type': contentType },
      });
    const click = {
      videoId,
      kind: 'whatsapp',
      second: 12.5,
      page: 'https://customer.example/pricing',
      referrer: 'https://search.example.test/',
    };
    expect((await beacon(click)).statusCode).toBe(204);
    expect((await beacon({ ...click, kind: 'email' }, 'application/json')).statusCode).toBe(204);
    const rows = await t.db
      .selectFrom('contact_click')
      .selectAll()
      .where('video_id', '=', videoId)
      .orderBy('created_at')
      .execute();
    expect(rows.map((row) => [row.kind, row.second, row.page_url, row.referrer])).toEqual([
      ['whatsapp', 12.5, 'https://customer.example/pricing', 'https://search.example.test/'],
      ['email', 12.5, 'https://customer.example/pricing', 'https://search.example.test/'],
    ]);
    for (const [bad, status] of [
      ['not json', 400],
      [{ ...click, kind: 'script' }, 400],
      [{ ...click, second: -1 }, 400],
      [{ ...click, page: 'p'.repeat(2001) }, 400],
      [{ ...click, videoId: 'x' }, 400],
      [{ ...click, extra: 1 }, 400],
      [{ ...click, videoId: '00000000-0000-4000-8000-000000000000' }, 404],
    ] as const) {
      expect((await beacon(bad)).statusCode, JSON.stringify(bad).slice(0, 60)).toBe(status);
    }
    expect(await t.db.selectFrom('contact_click').select('id').where('video_id', '=', videoId).execute()).toHaveLength(
      2,
    );
  });
});

describe('where embeds may play', () => {
  it('lets embeds play anywhere until the account lists its websites, then only there', async () => {
    const { token, videoId } = await accountWithVideo();
    const config = () => get(t.app, '/api/vod/player/embed-config', token);
    expect((await config()).body.data).toEqual({ domains: [] });
    const open = await page(`/embed/${videoId}`);
    expect(open.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(open.headers['x-frame-options']).toBeUndefined();

    const saved = await post(
      t.app,
      '/api/vod/player/embed-config/save',
      {
        domains: ['https://www.Example.test/pricing?x=1', '*.shop.example.test', 'localhost:8080', 'www.example.test'],
      },
      token,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data.domains).toEqual(['www.example.test', '*.shop.example.test', 'localhost:8080']);
    await new Promise((resolve) => setTimeout(resolve, 2100)); // the page cache's 2 s
    const csp = (await page(`/embed/${videoId}`)).headers['content-security-policy'] as string;
    expect(csp).toContain(
      "frame-ancestors 'self' https://www.example.test http://www.example.test https://*.shop.example.test http://*.shop.example.test https://localhost:8080 http://localhost:8080",
    );
    // The watch page itself is never framed.
    expect((await page(`/v/${videoId}`)).headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('refuses what is not a website, too many of them, and other accounts cannot read or change it', async () => {
    const { token } = await accountWithVideo();
    for (const [domains, error] of [
      [['javascript:alert(1)'], 'embed_domain_invalid'],
      [['example'], 'embed_domain_invalid'],
      [["example.test 'unsafe-inline'"], 'embed_domain_invalid'],
      [['example.test;script-src *'], 'embed_domain_invalid'],
      [['*'], 'embed_domain_invalid'],
      [[''], 'embed_domain_invalid'],
      [Array.from({ length: 51 }, (_, i) => `site${i}.example.test`), 'embed_domains_too_many'],
      ['example.test', 'illegal_input'],
    ] as const) {
      const answer = await post(t.app, '/api/vod/player/embed-config/save', { domains }, token);
      expect(answer.status, JSON.stringify(domains).slice(0, 50)).toBe(400);
      expect(answer.body.error, JSON.stringify(domains).slice(0, 50)).toBe(error);
    }
    expect((await get(t.app, '/api/vod/player/embed-config', token)).body.data.domains).toEqual([]);
    expect((await get(t.app, '/api/vod/player/embed-config')).status).toBe(403);
  });
});

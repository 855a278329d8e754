import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { accountOnPlan, videoWithForm } from '../../../test/factories.ts';
import { post, type TestApp, useTestApp } from '../../../test/helpers.ts';

// An album's public pages on the real PostgreSQL, rendered by the site layer: the feed, its grid and its
// embed, on the installation's address and on the account's custom domain. Every page is rendered afresh.
const t: TestApp = useTestApp({}, { pageCacheMs: 0 });

type Owner = Awaited<ReturnType<typeof accountOnPlan>>;

/** A ready video of the owner's with an SEO title and a poster, made in the database; `tall` is 9:16. */
async function video(owner: Owner, title: string, { tall = false } = {}) {
  const row = await t.db
    .insertInto('video')
    .values({
      account_id: owner.accountId,
      folder_id: owner.folderId,
      name: 'clip.mp4',
      status: 'ready',
      playable: true,
      size: 1,
      source_key: 'sources/x',
      part_size: 1,
      duration_sec: 42,
      width: tall ? 720 : 1280,
      height: tall ? 1280 : 720,
      media: JSON.stringify({
        master: 'master.m3u8',
        renditions: [],
        poster: 'poster.jpg',
        thumbnail: 'thumbnail.jpg',
        storyboard: null,
        preview: null,
        bytes: 1,
      }) as never,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('video_setting')
    .values({
      video_id: row.id,
      seo: JSON.stringify({ title, description: '', keywords: [], slug: '', indexable: true }) as never,
    })
    .execute();
  return row.id;
}

async function album(owner: Owner, title: string, videoIds: string[], coverVideoId: string | null = null) {
  const answer = await post(t.app, '/api/vod/video/classify/add', { title, videoIds, coverVideoId }, owner.token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.id as string;
}

const page = (url: string, host = 'localhost', headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { host, ...headers } });

/** A verified, active custom domain of the owner's, made in the database as the site layer's tests do. */
async function domainOf(owner: Owner) {
  const domain = `a-${randomBytes(4).toString('hex')}.example.com`;
  await t.db
    .insertInto('custom_domain')
    .values({
      account_id: owner.accountId,
      domain,
      token: randomBytes(8).toString('hex'),
      status: 'verified',
      active: true,
    })
    .execute();
  return domain;
}

/** The ids of the players on a page, in page order. */
const players = (html: string) =>
  [...html.matchAll(/data-lr-player data-src="[^"]*" data-video-id="([^"]+)"/g)].map((m) => m[1]);
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1] as string));

async function albumOfThree() {
  const owner = await accountOnPlan(t, 'Pro');
  const pump = await video(owner, 'Pump installation');
  const valve = await video(owner, 'Valve maintenance');
  const filter = await video(owner, 'Filter change');
  // The album's order, not the videos' own.
  const id = await album(owner, 'Product tours', [valve, pump, filter], pump);
  return { owner, id, pump, valve, filter };
}

describe("an album's feed", () => {
  it('plays the videos in the album order, one slide each, with their titles and contact buttons', async () => {
    const { owner, id, pump, valve, filter } = await albumOfThree();
    const whatsapp = {
      enabled: true,
      label: 'Chat on WhatsApp',
      position: 'bottom-right',
      showFrom: 0,
      showUntil: null,
      number: '+86 138 0013 8000',
      message: '',
    };
    const saved = await post(t.app, '/api/vod/video/whatsapp/save', { videoId: valve, setting: whatsapp }, owner.token);
    expect(saved.status).toBe(200);
    const answer = await page(`/a/${id}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(players(answer.body)).toEqual([valve, pump, filter]);
    expect(answer.body).toContain('<h1 class="visually-hidden">Product tours</h1>');
    for (const [videoId, title] of [
      [valve, 'Valve maintenance'],
      [pump, 'Pump installation'],
      [filter, 'Filter change'],
    ]) {
      expect(answer.body).toContain(`id="v-${videoId}" data-lr-slide`);
      expect(answer.body).toContain(`<h2 id="t-${videoId}">${title}</h2>`);
      expect(answer.body).toContain(`href="/a/${id}?view=grid"`);
    }
    // The first slide's poster comes at once, the others' only near view.
    const posters = [...answer.body.matchAll(/<img src="\/media\/[^"]+poster\.jpg"[^>]*>/g)].map((m) => m[0]);
    expect(posters).toHaveLength(3);
    expect(posters[0]).toContain('fetchpriority="high"');
    expect(posters.slice(1).every((img) => img.includes('loading="lazy"'))).toBe(true);
    expect(answer.body).toContain('>Tap for sound</button>');
    expect(answer.body).toContain(`<link rel="canonical" href="${t.config.publicUrl}/a/${id}">`);
    expect(answer.body).toContain('<meta property="og:title" content="Product tours">');
    // The chosen cover stands for the album in link previews.
    expect(answer.body).toMatch(
      new RegExp(`<meta property="og:image" content="[^"]+/media/${pump}/[^"]+poster\\.jpg">`),
    );
    const [list] = jsonLd(answer.body);
    expect(list).toMatchObject({ '@type': 'ItemList', name: 'Product tours', numberOfItems: 3 });
    expect(list.itemListElement.map((item: { position: number; item: { name: string } }) => item.item.name)).toEqual([
      'Valve maintenance',
      'Pump installation',
      'Filter change',
    ]);
    expect(list.itemListElement[0]).toMatchObject({ position: 1, url: `${t.config.publicUrl}/a/${id}#v-${valve}` });
    expect(list.itemListElement[0].item['@type']).toBe('VideoObject');
    expect(answer.body).toContain('Chat on WhatsApp');
    // No framework, no console code: the player's facade and the feed's own script, nothing else runs.
    const scripts = [...answer.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.filter((tag) => !tag.includes('application/ld+json'))).toEqual([
      expect.stringMatching(/^<script src="\/player\/player\.js\?v=[0-9a-f]{12}" defer>$/),
      expect.stringMatching(/^<script src="\/player\/feed\.js\?v=[0-9a-f]{12}" defer>$/),
    ]);
    const csp = answer.headers['content-security-policy'] as string;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/style-src 'sha256-[^']+'/);
    expect(answer.body.match(/<style>/g)).toHaveLength(1);
  });

  it('gives each slide its own inquiry form, each named by its own title', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const forms = [await videoWithForm(t, owner), await videoWithForm(t, owner)];
    const id = await album(owner, 'Pricing', forms);
    const html = (await page(`/a/${id}`)).body;
    for (const videoId of forms) {
      expect(
        html.match(new RegExp(`<form class="lr-form" hidden novalidate data-video-id="${videoId}"`, 'g')),
      ).toHaveLength(1);
      expect(html).toContain(`aria-labelledby="lr-form-title-${videoId}"`);
      expect(html).toContain(`<h2 id="lr-form-title-${videoId}">`);
    }
    expect(html).not.toContain('"lr-form-title"');
  });

  it('lists the videos as a grid, each opening the feed at its slide', async () => {
    const { id, pump, valve, filter } = await albumOfThree();
    const grid = await page(`/a/${id}?view=grid`);
    expect(grid.statusCode).toBe(200);
    expect(grid.body).toContain('<h1>Product tours</h1>');
    expect(grid.body).toContain('3 videos');
    expect(grid.body).toContain(`<a class="album-play" href="/a/${id}">Play all</a>`);
    const links = [...grid.body.matchAll(/<li class="album-card"><a href="([^"]+)">/g)].map((m) => m[1]);
    expect(links).toEqual([`/a/${id}#v-${valve}`, `/a/${id}#v-${pump}`, `/a/${id}#v-${filter}`]);
    expect(grid.body).toContain('<span class="album-card-title">Valve maintenance</span>');
    expect(grid.body).toContain(`<link rel="canonical" href="${t.config.publicUrl}/a/${id}">`);
    // The grid is links and pictures: no script at all.
    expect(grid.body).not.toMatch(/<script src=/);
    expect(grid.body).not.toContain('data-lr-player');

    // Any other view, repeated or hostile, is the feed or the grid, never an error.
    for (const query of ['?view=list', '?view=', `?view=${'x'.repeat(10_000)}`, '?view=%00', '?view=%ED%A0%80']) {
      const feed = await page(`/a/${id}${query}`);
      expect(feed.statusCode, query.slice(0, 20)).toBe(200);
      expect(feed.body, query.slice(0, 20)).toContain('data-lr-feed');
    }
    expect((await page(`/a/${id}?view=grid&view=list`)).body).toContain('album-cards');
  });

  it('cuts the grid to the shape most of its videos have', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const tall = [await video(owner, 'One', { tall: true }), await video(owner, 'Two', { tall: true })];
    const wide = await video(owner, 'Three');
    const id = await album(owner, 'Reels', [...tall, wide]);
    expect((await page(`/a/${id}?view=grid`)).body).toContain('<ul class="album-cards portrait">');
  });

  it('plays in a frame where the account allows its embeds, and nowhere on its own page', async () => {
    const { owner, id } = await albumOfThree();
    const open = await page(`/a/${id}/embed`);
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(open.headers['x-frame-options']).toBeUndefined();
    expect(open.body).toContain('<meta name="robots" content="noindex">');
    expect(open.body).toContain(`<link rel="canonical" href="${t.config.publicUrl}/a/${id}">`);
    expect(open.body).toContain('data-lr-feed');
    // An embed stays one feed: no way out to the grid inside someone else's page.
    expect(open.body).not.toContain('?view=grid');

    const saved = await post(
      t.app,
      '/api/vod/player/embed-config/save',
      { domains: ['www.example.test'] },
      owner.token,
    );
    expect(saved.status).toBe(200);
    const listed = await page(`/a/${id}/embed`);
    expect(listed.headers['content-security-policy']).toContain(
      "frame-ancestors 'self' https://www.example.test http://www.example.test",
    );
    expect(listed.headers['x-frame-options']).toBeUndefined();
    expect((await page(`/a/${id}`)).headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const missing = await page('/a/00000000-0000-4000-8000-000000000000/embed');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toContain('frame-ancestors *');
  });

  it("serves the account's albums on its custom domain, and no other account's there", async () => {
    const { owner, id, valve } = await albumOfThree();
    const host = await domainOf(owner);
    const own = await page(`/a/${id}`, host);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain(`<link rel="canonical" href="http://${host}/a/${id}">`);
    expect(jsonLd(own.body)[0].itemListElement[0].url).toBe(`http://${host}/a/${id}#v-${valve}`);
    expect((await page(`/a/${id}/embed`, host)).statusCode).toBe(200);

    const stranger = await albumOfThree();
    for (const url of [`/a/${stranger.id}`, `/a/${stranger.id}?view=grid`, `/a/${stranger.id}/embed`]) {
      const answer = await page(url, host);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body, url).not.toContain('Product tours');
    }
    // The installation's own address serves every account's album.
    expect((await page(`/a/${stranger.id}`)).statusCode).toBe(200);
  });

  it('is a 404 page for an unknown, malformed or deleted album, and for one with nothing to play', async () => {
    const { owner, id } = await albumOfThree();
    const empty = await album(owner, 'Nothing yet', []);
    const later = await video(owner, 'Later');
    const unready = await album(owner, 'Still encoding', [later]);
    await t.db.updateTable('video').set({ playable: false }).where('id', '=', later).execute();
    for (const url of [
      '/a/00000000-0000-4000-8000-000000000000',
      '/a/not-a-uuid',
      `/a/${'a'.repeat(99)}`,
      '/a/%00',
      `/a/${empty}`,
      `/a/${unready}`,
      `/a/${unready}?view=grid`,
      `/a/${unready}/embed`,
    ]) {
      const answer = await page(url);
      expect(answer.statusCode, url.slice(0, 40)).toBe(404);
      expect(answer.headers['content-type'], url.slice(0, 40)).toBe('text/html; charset=utf-8');
      expect(answer.body, url.slice(0, 40)).toContain('<meta name="robots" content="noindex">');
      expect(answer.body, url.slice(0, 40)).toContain('This album is not available.');
    }
    // An address too long for any route, or not UTF-8 (a lone surrogate), is refused before it reaches a page.
    expect((await page('/a/%ED%A0%80')).statusCode).toBe(400);
    expect((await page(`/a/${'a'.repeat(10_000)}`)).statusCode).toBe(414);
    expect((await post(t.app, '/api/vod/video/classify/del', { id }, owner.token)).status).toBe(200);
    expect((await page(`/a/${id}`)).statusCode).toBe(404);
    expect((await page(`/a/${id}/embed`)).statusCode).toBe(404);
  });

  it('leaves out a deleted video, another account video and one that cannot play', async () => {
    const { owner, id, pump, valve, filter } = await albumOfThree();
    expect((await post(t.app, '/api/vod/video/delete', { videoIds: [pump] }, owner.token)).status).toBe(200);
    await t.db.updateTable('video').set({ playable: false }).where('id', '=', filter).execute();
    const stranger = await accountOnPlan(t, 'Pro');
    const theirs = await video(stranger, 'Their secret video');
    // (The album screens refuse another account's video; one slipped in is still not shown.)
    await t.db
      .updateTable('album')
      .set({ video_ids: [theirs, valve, pump, filter] })
      .where('id', '=', id)
      .execute();
    const answer = await page(`/a/${id}`);
    expect(answer.statusCode).toBe(200);
    expect(players(answer.body)).toEqual([valve]);
    expect(answer.body).not.toContain('Their secret video');
    expect(answer.body).not.toContain(theirs);
    // The cover was deleted: the album's first video stands for it.
    expect(answer.body).toMatch(new RegExp(`<meta property="og:image" content="[^"]+/media/${valve}/`));
  });

  it("answers 404 once the album's account asked to be deleted", async () => {
    const { owner, id } = await albumOfThree();
    await t.db
      .insertInto('account_deletion')
      .values({
        account_id: owner.accountId,
        email: owner.email,
        language: 'en',
        reason: 'other',
        note: '',
        delete_after: new Date(Date.now() + 14 * 86_400_000),
      })
      .execute();
    expect((await page(`/a/${id}`)).statusCode).toBe(404);
    expect((await page(`/a/${id}/embed`)).statusCode).toBe(404);
  });

  it('writes every title as text, never markup', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const attack = '</script><script>alert(1)</script>"><img src=x onerror=alert(2)>';
    const one = await video(owner, attack);
    const id = await album(owner, attack.slice(0, 100), [one]);
    for (const url of [`/a/${id}`, `/a/${id}?view=grid`, `/a/${id}/embed`]) {
      const html = (await page(url)).body;
      expect(html, url).not.toContain('<script>alert');
      expect(html, url).not.toContain('<img src=x');
      expect(html, url).toContain('&lt;/script&gt;&lt;script&gt;alert(1)');
    }
    // The JSON-LD keeps the title as it was typed, and its block is not closed early.
    expect(jsonLd((await page(`/a/${id}`)).body)[0].name).toBe(attack);
  });

  it('speaks Chinese to a viewer who asks for it first', async () => {
    const { id } = await albumOfThree();
    const chinese = { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' };
    const feed = (await page(`/a/${id}`, 'localhost', chinese)).body;
    expect(feed).toContain('<html lang="zh-CN">');
    expect(feed).toContain('>点按开启声音</button>');
    expect(feed).toContain('>全部视频</a>');
    const grid = (await page(`/a/${id}?view=grid`, 'localhost', chinese)).body;
    expect(grid).toContain('>全部播放</a>');
    expect(grid).toContain('3 个视频');
    expect((await page('/a/not-a-uuid', 'localhost', chinese)).body).toContain('该专辑无法访问。');
  });
});

import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@leadreel/shared';
import { describe, expect, it } from 'vitest';
import { accountOnPlan, videoWithForm } from '../../../test/factories.ts';
import { get, post, useTestApp } from '../../../test/helpers.ts';
import { brandOf, contact, ownerWithSite, profile } from '../../../test/site-factories.ts';

// Sites on the real PostgreSQL. Brands are added through their own route, on a verified domain row made
// here directly, as the site layer's tests do.
const t = useTestApp();

const refusal = (answer: { status: number; body: { error?: string; field?: string } }) => [
  answer.status,
  answer.body.error,
];

const addCategory = (owner: { token: string }, siteId: string, more: Record<string, unknown> = {}) =>
  post(
    t.app,
    '/api/brand-channel/category/add',
    { siteId, name: 'Tours', description: '', visible: true, videoIds: [], ...more },
    owner.token,
  );

const siteRow = (id: string) => t.db.selectFrom('site').selectAll().where('id', '=', id).executeTakeFirst();
const categoryRows = (siteId: string) =>
  t.db.selectFrom('site_category').selectAll().where('site_id', '=', siteId).orderBy('position').execute();

describe('sites: the screens', () => {
  it('adds, lists, saves and deletes a site', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const brandId = await brandOf(t, owner);
    const added = await post(
      t.app,
      '/api/brand-channel/add',
      {
        brandId,
        profile: profile({
          name: '  Acme Videos  ',
          contact: contact({
            officialSite: 'https://acme.example',
            email: 'hello@acme.example',
            linkedin: 'https://www.linkedin.com/company/acme',
            youtube: 'https://youtu.be/abc',
            tiktok: 'https://www.tiktok.com/@acme',
            facebook: 'https://fb.com/acme',
            x: 'https://twitter.com/acme',
            pinterest: 'https://www.pinterest.co.uk/acme',
            telegram: 'https://t.me/acme',
            instagram: 'https://instagram.com/acme',
          }),
        }),
      },
      owner.token,
    );
    expect(added.status).toBe(200);
    const site = added.body.data;
    expect(site).toMatchObject({
      brandId,
      name: 'Acme Videos',
      description: 'Product tours',
      banner: null,
      bannerUrl: null,
      picture: null,
      pictureUrl: null,
      home: { forYou: true, thumbnailRatio: '16:9' },
      navigation: [],
    });
    expect(site.contact.pinterest).toBe('https://www.pinterest.co.uk/acme');

    const list = await get(t.app, '/api/brand-channel/list', owner.token);
    expect(list.body.data).toEqual({ list: [site], allowed: true, cap: 3 });
    expect((await get(t.app, `/api/brand-channel/detail?id=${site.id}`, owner.token)).body.data).toEqual(site);

    const home = await post(
      t.app,
      '/api/brand-channel/home',
      { id: site.id, home: { forYou: false, thumbnailRatio: '9:16' } },
      owner.token,
    );
    // The email gate is off until the home tab turns it on.
    expect(home.body.data.home).toEqual({ forYou: false, thumbnailRatio: '9:16', emailGate: 'off' });
    const gated = await post(
      t.app,
      '/api/brand-channel/home',
      { id: site.id, home: { forYou: false, thumbnailRatio: '9:16', emailGate: 'once' } },
      owner.token,
    );
    expect(gated.body.data.home.emailGate).toBe('once');
    const wrongGate = await post(
      t.app,
      '/api/brand-channel/home',
      { id: site.id, home: { forYou: false, thumbnailRatio: '9:16', emailGate: 'always' } },
      owner.token,
    );
    expect(wrongGate.status).toBe(400);
    const sitemap = await post(
      t.app,
      '/api/brand-channel/sitemap',
      { id: site.id, sitemap: { indexed: false, pages: ['home'] } },
      owner.token,
    );
    expect(sitemap.body.data.sitemap).toEqual({ indexed: false, pages: ['home'] });
    const saved = await post(
      t.app,
      '/api/brand-channel/profile',
      { id: site.id, profile: profile({ name: 'Renamed', description: '' }) },
      owner.token,
    );
    expect(saved.body.data).toMatchObject({ name: 'Renamed', description: '', contact: contact() });

    const category = (await addCategory(owner, site.id)).body.data;
    const navigation = [
      { label: 'Tours', target: { kind: 'category', categoryId: category.id } },
      { label: 'Home page', target: { kind: 'official' } },
      { label: 'Blog', target: { kind: 'url', url: 'https://blog.acme.example/' } },
    ];
    const nav = await post(t.app, '/api/brand-channel/navigation', { id: site.id, navigation }, owner.token);
    expect(nav.status).toBe(200);
    expect(nav.body.data.navigation).toEqual(navigation);
    // A deleted category's link goes with it.
    await post(t.app, '/api/brand-channel/category/del', { id: category.id }, owner.token);
    expect((await siteRow(site.id))?.navigation).toEqual(navigation.slice(1));

    expect((await post(t.app, '/api/brand-channel/del', { id: site.id }, owner.token)).status).toBe(200);
    expect(await siteRow(site.id)).toBeUndefined();
  });

  it('keeps a site, without a brand, when its brand is deleted', async () => {
    const owner = await ownerWithSite(t);
    expect((await post(t.app, '/api/brand/del', { id: owner.brandId }, owner.token)).status).toBe(200);
    expect((await get(t.app, `/api/brand-channel/detail?id=${owner.siteId}`, owner.token)).body.data.brandId).toBe(
      null,
    );
  });

  it('adds, edits, orders and deletes categories of the account’s own videos', async () => {
    const owner = await ownerWithSite(t);
    const [v1, v2] = [await videoWithForm(t, owner), await videoWithForm(t, owner)];
    const first = await addCategory(owner, owner.siteId, { name: 'One', videoIds: [v2, v1] });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ name: 'One', order: 0, visible: true, videoIds: [v2, v1] });
    const second = (await addCategory(owner, owner.siteId, { name: 'Two', visible: false })).body.data;
    expect(second.order).toBe(1);

    const edited = await post(
      t.app,
      '/api/brand-channel/category/edit',
      { id: second.id, name: 'Deux', description: 'd', visible: true, videoIds: [v1] },
      owner.token,
    );
    expect(edited.body.data).toMatchObject({ id: second.id, name: 'Deux', description: 'd', videoIds: [v1] });

    const ordered = await post(
      t.app,
      '/api/brand-channel/category/order',
      { siteId: owner.siteId, ids: [second.id, first.body.data.id] },
      owner.token,
    );
    expect(ordered.status).toBe(200);
    expect(ordered.body.data.list.map((c: { id: string }) => c.id)).toEqual([second.id, first.body.data.id]);
    const listed = await get(t.app, `/api/brand-channel/category/list?id=${owner.siteId}`, owner.token);
    expect(listed.body.data.list.map((c: { name: string; order: number }) => [c.name, c.order])).toEqual([
      ['Deux', 0],
      ['One', 1],
    ]);
    expect((await post(t.app, '/api/brand-channel/category/del', { id: second.id }, owner.token)).status).toBe(200);
    expect((await categoryRows(owner.siteId)).map((row) => row.name)).toEqual(['One']);
  });
});

describe('sites: bad input', () => {
  const LONG = 'x'.repeat(10_000);
  const texts: [string, string][] = [
    ['', 'site_name_required'],
    [LONG, 'site_name_too_long'],
    ['a\u0000b', 'illegal_input'],
    ['a\uD800b', 'illegal_input'],
  ];

  it('refuses empty, too long, NUL and lone-surrogate names and descriptions, changing nothing', async () => {
    const owner = await ownerWithSite(t);
    for (const [name, error] of texts) {
      const answer = await post(
        t.app,
        '/api/brand-channel/profile',
        { id: owner.siteId, profile: profile({ name }) },
        owner.token,
      );
      expect(refusal(answer), name.slice(0, 10)).toEqual([400, error]);
      const category = await addCategory(owner, owner.siteId, { name });
      expect(refusal(category)).toEqual([400, error.replace('site_', 'category_')]);
    }
    const descriptions: [string, string][] = [
      [LONG, 'site_description_too_long'],
      ['a\u0000b', 'illegal_input'],
      ['a\uDC00', 'illegal_input'],
    ];
    for (const [description, error] of descriptions) {
      const answer = await post(
        t.app,
        '/api/brand-channel/profile',
        { id: owner.siteId, profile: profile({ description }) },
        owner.token,
      );
      expect(refusal(answer)).toEqual([400, error]);
      const category = await addCategory(owner, owner.siteId, { description });
      expect(refusal(category)).toEqual([400, error.replace('site_', 'category_')]);
    }
    expect((await siteRow(owner.siteId))?.name).toBe('Acme Videos');
    expect(await categoryRows(owner.siteId)).toEqual([]);
  });

  it('refuses javascript:, data: and off-network links in contact info and navigation', async () => {
    const owner = await ownerWithSite(t);
    const bad: [string, string, string][] = [
      ['officialSite', 'javascript:alert(1)', 'site_url_invalid'],
      ['officialSite', 'data:text/html,<script>alert(1)</script>', 'site_url_invalid'],
      ['officialSite', 'ftp://acme.example', 'site_url_invalid'],
      ['linkedin', 'javascript:alert(1)//linkedin.com', 'site_social_invalid'],
      ['youtube', 'https://youtube.com.evil.example/x', 'site_social_invalid'],
      ['x', 'https://evil.example/?x.com', 'site_social_invalid'],
      ['facebook', 'data:text/html,facebook.com', 'site_social_invalid'],
      ['telegram', 'https://telegram.evil/acme', 'site_social_invalid'],
      ['email', 'javascript:alert(1)', 'email_invalid'],
    ];
    for (const [field, value, error] of bad) {
      const answer = await post(
        t.app,
        '/api/brand-channel/profile',
        { id: owner.siteId, profile: profile({ contact: contact({ [field]: value }) }) },
        owner.token,
      );
      expect(refusal(answer), `${field} ${value}`).toEqual([400, error]);
    }
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'http://acme.example/']) {
      const answer = await post(
        t.app,
        '/api/brand-channel/navigation',
        { id: owner.siteId, navigation: [{ label: 'x', target: { kind: 'url', url } }] },
        owner.token,
      );
      expect(refusal(answer), url).toEqual([400, 'navigation_url_invalid']);
    }
    const eleven = Array.from({ length: 11 }, () => ({ label: 'x', target: { kind: 'official' } }));
    expect(
      refusal(
        await post(t.app, '/api/brand-channel/navigation', { id: owner.siteId, navigation: eleven }, owner.token),
      ),
    ).toEqual([400, 'navigation_too_many']);
    const row = await siteRow(owner.siteId);
    expect(row?.contact).toEqual(contact());
    expect(row?.navigation).toEqual([]);
  });

  it("answers 404 for another account's site, brand, category and video, changing nothing", async () => {
    const owner = await ownerWithSite(t);
    const other = await ownerWithSite(t);
    const otherCategory = (await addCategory(other, other.siteId)).body.data.id as string;
    const otherVideo = await videoWithForm(t, other);
    const ownCategory = (await addCategory(owner, owner.siteId)).body.data.id as string;
    const before = await siteRow(other.siteId);

    const notFound = async (answer: Promise<{ status: number; body: { error?: string } }>, error: string) =>
      expect(refusal(await answer)).toEqual([404, error]);
    const site = other.siteId;
    await notFound(get(t.app, `/api/brand-channel/detail?id=${site}`, owner.token), 'site_not_found');
    await notFound(get(t.app, `/api/brand-channel/category/list?id=${site}`, owner.token), 'site_not_found');
    await notFound(post(t.app, '/api/brand-channel/del', { id: site }, owner.token), 'site_not_found');
    await notFound(
      post(t.app, '/api/brand-channel/profile', { id: site, profile: profile({ name: 'x' }) }, owner.token),
      'site_not_found',
    );
    await notFound(
      post(t.app, '/api/brand-channel/home', { id: site, home: { forYou: false, thumbnailRatio: '1:1' } }, owner.token),
      'site_not_found',
    );
    await notFound(
      post(t.app, '/api/brand-channel/sitemap', { id: site, sitemap: { indexed: false, pages: [] } }, owner.token),
      'site_not_found',
    );
    await notFound(
      post(t.app, '/api/brand-channel/navigation', { id: site, navigation: [] }, owner.token),
      'site_not_found',
    );
    await notFound(addCategory(owner, site), 'site_not_found');
    await notFound(
      post(t.app, '/api/brand-channel/category/order', { siteId: site, ids: [otherCategory] }, owner.token),
      'site_not_found',
    );
    await notFound(
      post(
        t.app,
        '/api/brand-channel/category/edit',
        { id: otherCategory, name: 'x', description: '', visible: true, videoIds: [] },
        owner.token,
      ),
      'category_not_found',
    );
    await notFound(
      post(t.app, '/api/brand-channel/category/del', { id: otherCategory }, owner.token),
      'category_not_found',
    );
    await notFound(
      post(
        t.app,
        '/api/brand-channel/navigation',
        { id: owner.siteId, navigation: [{ label: 'x', target: { kind: 'category', categoryId: otherCategory } }] },
        owner.token,
      ),
      'category_not_found',
    );
    await notFound(addCategory(owner, owner.siteId, { videoIds: [otherVideo] }), 'video_invalid');
    await notFound(addCategory(owner, owner.siteId, { videoIds: [randomUUID()] }), 'video_invalid');
    await notFound(
      post(
        t.app,
        '/api/brand-channel/category/edit',
        { id: ownCategory, name: 'x', description: '', visible: true, videoIds: [otherVideo] },
        owner.token,
      ),
      'video_invalid',
    );
    // Another account's brand is no brand of this one.
    expect(
      refusal(await post(t.app, '/api/brand-channel/add', { brandId: other.brandId, profile: profile() }, owner.token)),
    ).toEqual([400, 'site_brand_required']);

    expect(await siteRow(other.siteId)).toEqual(before);
    expect((await categoryRows(other.siteId)).map((row) => [row.id, row.name])).toEqual([[otherCategory, 'Tours']]);
    expect((await categoryRows(owner.siteId)).map((row) => [row.name, row.video_ids])).toEqual([['Tours', []]]);
    expect(await t.db.selectFrom('site').select('id').where('account_id', '=', owner.accountId).execute()).toHaveLength(
      1,
    );
  });

  it('refuses an order with missing, repeated or foreign categories, and repeated videos', async () => {
    const owner = await ownerWithSite(t);
    const other = await ownerWithSite(t);
    const foreign = (await addCategory(other, other.siteId)).body.data.id as string;
    const a = (await addCategory(owner, owner.siteId, { name: 'A' })).body.data.id as string;
    const b = (await addCategory(owner, owner.siteId, { name: 'B' })).body.data.id as string;
    for (const ids of [[a], [a, a], [a, b, b], [a, foreign], [a, b, foreign], [b, randomUUID()]]) {
      const answer = await post(t.app, '/api/brand-channel/category/order', { siteId: owner.siteId, ids }, owner.token);
      expect(refusal(answer)).toEqual([400, 'category_order_invalid']);
    }
    expect((await categoryRows(owner.siteId)).map((row) => row.id)).toEqual([a, b]);
    const video = await videoWithForm(t, owner);
    expect(refusal(await addCategory(owner, owner.siteId, { videoIds: [video, video] }))).toEqual([
      400,
      'category_videos_repeated',
    ]);
  });
});

describe('sites: plans', () => {
  it('refuses Free, with the brand that a site needs first', async () => {
    const free = await accountOnPlan(t, 'Free');
    const answer = await post(
      t.app,
      '/api/brand-channel/add',
      { brandId: randomUUID(), profile: profile() },
      free.token,
    );
    expect(refusal(answer)).toEqual([403, 'site_not_allowed']);
    expect((await get(t.app, '/api/brand-channel/list', free.token)).body.data).toEqual({
      list: [],
      allowed: false,
      cap: 0,
    });

    const lite = await accountOnPlan(t, 'Lite');
    const none = await post(t.app, '/api/brand-channel/add', { brandId: randomUUID(), profile: profile() }, lite.token);
    expect(refusal(none)).toEqual([400, 'site_brand_required']);
    expect(MESSAGES.site_brand_required).toMatch(/No brands are available/);
  });

  it("stops at the plan's cap", async () => {
    const lite = await ownerWithSite(t, 'Lite');
    const answer = await post(
      t.app,
      '/api/brand-channel/add',
      { brandId: lite.brandId, profile: profile() },
      lite.token,
    );
    expect(refusal(answer)).toEqual([400, 'sites_too_many']);
    expect(await t.db.selectFrom('site').select('id').where('account_id', '=', lite.accountId).execute()).toHaveLength(
      1,
    );
  });

  it('is closed to changes from Frozen on, and still listed', async () => {
    const owner = await ownerWithSite(t);
    await t.db.updateTable('account').set({ vip_period: 'frozen-period' }).where('id', '=', owner.accountId).execute();
    const saved = await post(
      t.app,
      '/api/brand-channel/profile',
      { id: owner.siteId, profile: profile({ name: 'Frozen' }) },
      owner.token,
    );
    expect(refusal(saved)).toEqual([403, 'plan_period']);
    expect(refusal(await addCategory(owner, owner.siteId))).toEqual([403, 'plan_period']);
    expect(
      refusal(await post(t.app, '/api/brand-channel/add', { brandId: owner.brandId, profile: profile() }, owner.token)),
    ).toEqual([403, 'plan_period']);
    expect(refusal(await post(t.app, '/api/brand-channel/del', { id: owner.siteId }, owner.token))).toEqual([
      403,
      'plan_period',
    ]);
    expect((await get(t.app, '/api/brand-channel/list', owner.token)).body.data.list).toHaveLength(1);
    expect((await siteRow(owner.siteId))?.name).toBe('Acme Videos');
  });
});

import { randomBytes } from 'node:crypto';
import { MESSAGES, type PlanType } from '@leadreel/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { accountOnPlan } from '../../../test/factories.ts';
import { get, post, useTestApp } from '../../../test/helpers.ts';
import { png } from './test-images.ts';

// Brands on the real PostgreSQL, the local storage driver and the real sharp. The domains module is
// written beside this one: custom_domain rows are made here directly.
const t = useTestApp();
const DAY_MS = 86_400_000;

const account = (plan: PlanType = 'Pro') => accountOnPlan(t, plan);
const list = (token: string) => get(t.app, '/api/brand/list', token);
const add = (token: string, body: unknown) => post(t.app, '/api/brand/add', body, token);
const edit = (token: string, body: unknown) => post(t.app, '/api/brand/edit', body, token);
const del = (token: string, id: unknown) => post(t.app, '/api/brand/del', { id }, token);
const refusal = (answer: { status: number; body: { error?: string; field?: string } }) => [
  answer.status,
  answer.body.error,
  answer.body.field,
];
const status = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

/** One of the account's custom domains, verified and serving. */
async function domainOf(accountId: string) {
  const domain = `v-${randomBytes(4).toString('hex')}.example.com`;
  const row = await t.db
    .insertInto('custom_domain')
    .values({ account_id: accountId, domain, token: randomBytes(8).toString('hex'), status: 'verified', active: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, domain };
}

async function uploaded(token: string, kind: 'logo' | 'favicon') {
  const answer = await post(
    t.app,
    '/api/brand/image',
    { kind, image: (await png(kind === 'logo' ? 300 : 64, 64)).toString('base64') },
    token,
  );
  expect(answer.status).toBe(200);
  return answer.body.data as { file: string; url: string };
}

const fields = (domainId: string, more: Record<string, unknown> = {}) => ({
  name: 'Acme Video',
  logo: null,
  favicon: null,
  pageBackgroundColor: '#ffffff',
  buttonColor: '#1677ff',
  buttonFontColor: '#000000',
  domainId,
  ...more,
});
const brandRows = (accountId: string) =>
  t.db.selectFrom('brand').selectAll().where('account_id', '=', accountId).orderBy('created_at').execute();

describe('brands: the screen', () => {
  it('adds, lists, edits and deletes a brand with its logo and favicon, dropping the images it no longer shows', async () => {
    const owner = await account();
    const domain = await domainOf(owner.accountId);
    const logo = await uploaded(owner.token, 'logo');
    const favicon = await uploaded(owner.token, 'favicon');

    const added = await add(
      owner.token,
      fields(domain.id, { name: '  Acme Video  ', logo: logo.file, favicon: favicon.file }),
    );
    expect(added.status).toBe(200);
    const brand = added.body.data;
    expect(brand).toEqual({
      id: expect.any(String),
      name: 'Acme Video',
      logo: logo.file,
      logoUrl: logo.url,
      favicon: favicon.file,
      faviconUrl: favicon.url,
      pageBackgroundColor: '#ffffff',
      buttonColor: '#1677ff',
      buttonFontColor: '#000000',
      domainId: domain.id,
      domain: domain.domain,
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
    });
    expect(await list(owner.token)).toEqual({
      status: 200,
      body: { statusCode: 200, data: { list: [brand], allowed: true, cap: 3 } },
    });
    // Saved, the images outlive the sweep of unsaved uploads.
    t.clock.advance(3 * DAY_MS);
    await t.services.brands.sweep();
    const served = await t.app.inject({ method: 'GET', url: logo.url });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(300);
    expect(await status(favicon.url)).toBe(200);

    // A new logo, the favicon taken away: both old files go.
    const newLogo = await uploaded(owner.token, 'logo');
    const edited = await edit(owner.token, {
      id: brand.id,
      ...fields(domain.id, { name: 'Acme', logo: newLogo.file, buttonColor: '#FF0000' }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      id: brand.id,
      name: 'Acme',
      logo: newLogo.file,
      logoUrl: newLogo.url,
      favicon: null,
      faviconUrl: null,
      buttonColor: '#FF0000',
      createdAt: brand.createdAt,
    });
    expect(edited.body.data.updatedAt).toBeGreaterThan(brand.updatedAt);
    expect([await status(logo.url), await status(favicon.url), await status(newLogo.url)]).toEqual([404, 404, 200]);
    // Saving the same again keeps the logo it shows.
    expect((await edit(owner.token, { id: brand.id, ...fields(domain.id, { logo: newLogo.file }) })).status).toBe(200);
    expect(await status(newLogo.url)).toBe(200);

    expect(await del(owner.token, brand.id)).toEqual({ status: 200, body: { statusCode: 200, data: null } });
    expect(await status(newLogo.url)).toBe(404);
    expect((await list(owner.token)).body.data.list).toEqual([]);
    expect(refusal(await del(owner.token, brand.id))).toEqual([404, 'brand_not_found', 'id']);
  });

  it('keeps an image two brands show until neither shows it', async () => {
    const owner = await account();
    const logo = await uploaded(owner.token, 'logo');
    const first = await add(owner.token, fields((await domainOf(owner.accountId)).id, { logo: logo.file }));
    const second = await add(owner.token, fields((await domainOf(owner.accountId)).id, { logo: logo.file }));
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await del(owner.token, first.body.data.id)).status).toBe(200);
    expect(await status(logo.url)).toBe(200);
    expect((await del(owner.token, second.body.data.id)).status).toBe(200);
    expect(await status(logo.url)).toBe(404);
  });

  it('refuses bad fields with the field and its message key, and stores nothing', async () => {
    const owner = await account();
    const domain = await domainOf(owner.accountId);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'brand_name_required', 'name'],
      [{ name: '   ' }, 'brand_name_required', 'name'],
      [{ name: 'x'.repeat(61) }, 'brand_name_too_long', 'name'],
      [{ name: 'Acme\u0000' }, 'illegal_input', 'name'],
      [{ name: 'Acme \ud800' }, 'illegal_input', 'name'],
      [{ name: 12 }, 'brand_name_required', 'name'],
      [{ name: null }, 'brand_name_required', 'name'],
      [{ pageBackgroundColor: 'red' }, 'color_invalid', 'pageBackgroundColor'],
      [{ buttonColor: '#12345' }, 'color_invalid', 'buttonColor'],
      [{ buttonFontColor: '#1234567' }, 'color_invalid', 'buttonFontColor'],
      [{ buttonFontColor: 0x123456 }, 'color_invalid', 'buttonFontColor'],
      [{ domainId: 'video.example.com' }, 'brand_domain_required', 'domainId'],
      [{ domainId: null }, 'brand_domain_required', 'domainId'],
      [{ logo: 5 }, 'illegal_input', 'logo'],
      [{ favicon: 'x'.repeat(81) }, 'illegal_input', 'favicon'],
      [{ logo: 'logo\u0000' }, 'illegal_input', 'logo'],
      [{ accountId: owner.accountId }, 'unknown_field', 'accountId'],
    ];
    for (const [change, error, field] of cases) {
      const answer = await add(owner.token, fields(domain.id, change));
      expect(refusal(answer), JSON.stringify(change)).toEqual([400, error, field]);
      expect(answer.body.message).toBe(MESSAGES[error as keyof typeof MESSAGES]);
    }
    // 60 characters is the most a name may have.
    expect((await add(owner.token, fields(domain.id, { name: 'x'.repeat(60) }))).status).toBe(200);
    const { id } = (await list(owner.token)).body.data.list[0];
    expect(refusal(await edit(owner.token, { id, ...fields(domain.id, { name: 'x'.repeat(61) }) }))).toEqual([
      400,
      'brand_name_too_long',
      'name',
    ]);
    expect(refusal(await edit(owner.token, { id: 'not-an-id', ...fields(domain.id) }))).toEqual([
      400,
      'brand_not_found',
      'id',
    ]);
    expect(refusal(await del(owner.token, 42))).toEqual([400, 'brand_not_found', 'id']);
    expect((await brandRows(owner.accountId)).map((row) => row.name)).toEqual(['x'.repeat(60)]);
  });

  it("takes only the account's own domains, one brand each", async () => {
    const owner = await account();
    const other = await account();
    const own = await domainOf(owner.accountId);
    const theirs = await domainOf(other.accountId);
    const unknown = crypto.randomUUID();
    for (const domainId of [theirs.id, unknown]) {
      expect(refusal(await add(owner.token, fields(domainId)))).toEqual([400, 'brand_domain_required', 'domainId']);
    }
    // Another account's domain that has a brand is as unknown as one that has none: nothing says it is taken.
    expect((await add(other.token, fields(theirs.id))).status).toBe(200);
    expect(refusal(await add(owner.token, fields(theirs.id)))).toEqual([400, 'brand_domain_required', 'domainId']);

    const first = await add(owner.token, fields(own.id));
    expect(first.status).toBe(200);
    expect(refusal(await add(owner.token, fields(own.id, { name: 'Second' })))).toEqual([
      409,
      'brand_domain_taken',
      'domainId',
    ]);
    // Moving another brand onto it is refused too; moving the same brand onto another own domain is not.
    const spare = await domainOf(owner.accountId);
    const second = await add(owner.token, fields(spare.id, { name: 'Second' }));
    expect(refusal(await edit(owner.token, { id: second.body.data.id, ...fields(own.id) }))).toEqual([
      409,
      'brand_domain_taken',
      'domainId',
    ]);
    expect(refusal(await edit(owner.token, { id: second.body.data.id, ...fields(theirs.id) }))).toEqual([
      400,
      'brand_domain_required',
      'domainId',
    ]);
    const third = await domainOf(owner.accountId);
    const moved = await edit(owner.token, { id: first.body.data.id, ...fields(third.id) });
    expect([moved.status, moved.body.data.domain]).toEqual([200, third.domain]);

    // Two adds at once on one domain: one brand.
    const fourth = await domainOf(owner.accountId);
    await t.db.updateTable('account').set({ plan_type: 'Business' }).where('id', '=', owner.accountId).execute();
    const racing = await Promise.all([add(owner.token, fields(fourth.id)), add(owner.token, fields(fourth.id))]);
    expect(racing.map((answer) => answer.status).sort()).toEqual([200, 409]);

    // A domain removed leaves its brand without one, listed with null.
    await t.db.deleteFrom('custom_domain').where('id', '=', third.id).execute();
    const listed = (await list(owner.token)).body.data.list;
    expect(listed.find((brand: { id: string }) => brand.id === first.body.data.id)).toMatchObject({
      domainId: null,
      domain: null,
    });
  });

  it("keeps another account's brand out of reach: not found on edit and delete, and unchanged", async () => {
    const owner = await account();
    const other = await account();
    const ownDomain = await domainOf(owner.accountId);
    const theirDomain = await domainOf(other.accountId);
    const logo = await uploaded(other.token, 'logo');
    const theirs = (await add(other.token, fields(theirDomain.id, { logo: logo.file }))).body.data;
    const before = await brandRows(other.accountId);

    for (const answer of [
      await edit(owner.token, { id: theirs.id, ...fields(ownDomain.id, { name: 'Taken over' }) }),
      await edit(owner.token, { id: theirs.id, ...fields(theirDomain.id, { name: 'Taken over' }) }),
      await del(owner.token, theirs.id),
      await edit(owner.token, { id: crypto.randomUUID(), ...fields(ownDomain.id) }),
    ]) {
      expect(refusal(answer)).toEqual([404, 'brand_not_found', 'id']);
    }
    expect(await brandRows(other.accountId)).toEqual(before);
    expect(await status(logo.url)).toBe(200);
    expect((await list(owner.token)).body.data.list).toEqual([]);
  });

  it('takes as images only files this account uploaded, of their kind', async () => {
    const owner = await account();
    const other = await account();
    const domain = await domainOf(owner.accountId);
    const theirs = await uploaded(other.token, 'logo');
    const ownFavicon = await uploaded(owner.token, 'favicon');
    const ownLogo = await uploaded(owner.token, 'logo');
    const cases: [Record<string, unknown>, string][] = [
      [{ logo: theirs.file }, 'logo'],
      [{ logo: ownFavicon.file }, 'logo'],
      [{ favicon: ownLogo.file }, 'favicon'],
      [{ logo: 'logo-20260101-0123456789abcdef' }, 'logo'],
      [{ logo: '../../etc/passwd' }, 'logo'],
      [{ favicon: `${ownFavicon.file}/100.png` }, 'favicon'],
      [{ logo: '' }, 'logo'],
    ];
    for (const [change, field] of cases) {
      expect(refusal(await add(owner.token, fields(domain.id, change))), JSON.stringify(change)).toEqual([
        400,
        'brand_image_invalid',
        field,
      ]);
    }
    expect(await brandRows(owner.accountId)).toEqual([]);
    // The other account's upload is still its own to save.
    const otherDomain = await domainOf(other.accountId);
    expect((await add(other.token, fields(otherDomain.id, { logo: theirs.file }))).status).toBe(200);

    // A refused save leaves the uploads it checked where they were, to be saved by the next try.
    const refused = await add(owner.token, fields(crypto.randomUUID(), { logo: ownLogo.file }));
    expect(refusal(refused)).toEqual([400, 'brand_domain_required', 'domainId']);
    expect(await status(ownLogo.url)).toBe(200);
    expect((await add(owner.token, fields(domain.id, { logo: ownLogo.file }))).status).toBe(200);
    expect(await status(ownLogo.url)).toBe(200);

    // Swept before it was saved, an upload can no longer be.
    const late = await uploaded(owner.token, 'favicon');
    t.clock.advance(2 * DAY_MS + 1);
    await t.services.brands.sweep();
    const spare = await domainOf(owner.accountId);
    expect(refusal(await add(owner.token, fields(spare.id, { favicon: late.file })))).toEqual([
      400,
      'brand_image_invalid',
      'favicon',
    ]);
  });
});

describe('brands: plans and periods', () => {
  it('refuses Free with branding_not_allowed, lists with allowed false, and lets a lapsed plan delete', async () => {
    const free = await account('Free');
    const domain = await domainOf(free.accountId);
    expect((await list(free.token)).body.data).toEqual({ list: [], allowed: false, cap: 0 });
    expect(await add(free.token, fields(domain.id))).toEqual({
      status: 403,
      body: { statusCode: 403, error: 'branding_not_allowed', message: MESSAGES.branding_not_allowed },
    });
    expect(await brandRows(free.accountId)).toEqual([]);

    const lapsed = await account('Pro');
    const own = await domainOf(lapsed.accountId);
    const { id } = (await add(lapsed.token, fields(own.id))).body.data;
    await t.db.updateTable('account').set({ plan_type: 'Free' }).where('id', '=', lapsed.accountId).execute();
    expect((await list(lapsed.token)).body.data).toMatchObject({ allowed: false, cap: 0, list: [{ id }] });
    expect(refusal(await edit(lapsed.token, { id, ...fields(own.id) }))).toEqual([
      403,
      'branding_not_allowed',
      undefined,
    ]);
    expect(await t.services.brands.forDomain(own.id)).toBeNull();
    expect((await del(lapsed.token, id)).status).toBe(200);
  });

  it("holds an account to its plan's cap with brands_too_many", async () => {
    const lite = await account('Lite');
    const first = await add(lite.token, fields((await domainOf(lite.accountId)).id));
    expect(first.status).toBe(200);
    const second = await domainOf(lite.accountId);
    expect(await add(lite.token, fields(second.id))).toEqual({
      status: 400,
      body: { statusCode: 400, error: 'brands_too_many', message: MESSAGES.brands_too_many },
    });
    // Editing is not adding; deleting makes room.
    expect((await edit(lite.token, { id: first.body.data.id, ...fields(second.id) })).status).toBe(200);
    expect((await del(lite.token, first.body.data.id)).status).toBe(200);
    expect((await add(lite.token, fields(second.id))).status).toBe(200);
  });

  it('closes adding, editing and deleting from the Frozen period on; the list stays until Clear', async () => {
    const owner = await account();
    const domain = await domainOf(owner.accountId);
    const { id } = (await add(owner.token, fields(domain.id))).body.data;
    await t.db.updateTable('account').set({ vip_period: 'frozen-period' }).where('id', '=', owner.accountId).execute();
    for (const answer of [
      await add(owner.token, fields((await domainOf(owner.accountId)).id)),
      await edit(owner.token, { id, ...fields(domain.id, { name: 'Frozen' }) }),
      await del(owner.token, id),
    ]) {
      expect(answer).toEqual({
        status: 403,
        body: { statusCode: 403, error: 'plan_period', message: MESSAGES.plan_period },
      });
    }
    expect((await list(owner.token)).body.data.list).toMatchObject([{ id, name: 'Acme Video' }]);
    await t.db.updateTable('account').set({ vip_period: 'clear-period' }).where('id', '=', owner.accountId).execute();
    expect(refusal(await list(owner.token))).toEqual([403, 'plan_period', undefined]);
  });
});

describe('brands: the public pages and the account going', () => {
  it("answers a domain's brand for its pages, and null without one or without canUseBranding", async () => {
    const owner = await account();
    const domain = await domainOf(owner.accountId);
    const logo = await uploaded(owner.token, 'logo');
    const favicon = await uploaded(owner.token, 'favicon');
    await add(owner.token, fields(domain.id, { logo: logo.file, favicon: favicon.file, buttonColor: '#00aa00' }));
    const brand = await t.services.brands.forDomain(domain.id);
    const base = `/brand-media/${owner.accountId}/${favicon.file}`;
    expect(brand).toEqual({
      name: 'Acme Video',
      logoPath: logo.url,
      faviconPaths: { ico32: `${base}/32.ico`, png180: `${base}/180.png`, png100: `${base}/100.png` },
      pageBackgroundColor: '#ffffff',
      buttonColor: '#00aa00',
      buttonFontColor: '#000000',
    });
    for (const path of [logo.url, ...Object.values(brand?.faviconPaths ?? {})]) {
      expect(await status(path), path).toBe(200);
    }

    const plain = await domainOf(owner.accountId);
    await add(owner.token, fields(plain.id));
    expect(await t.services.brands.forDomain(plain.id)).toMatchObject({ logoPath: null, faviconPaths: null });
    expect(await t.services.brands.forDomain((await domainOf(owner.accountId)).id)).toBeNull();
    expect(await t.services.brands.forDomain(crypto.randomUUID())).toBeNull();
  });

  it("erases the account's brand images with the account, and stops serving them once it is locked", async () => {
    const owner = await account();
    const domain = await domainOf(owner.accountId);
    const logo = await uploaded(owner.token, 'logo');
    const favicon = await uploaded(owner.token, 'favicon');
    await add(owner.token, fields(domain.id, { logo: logo.file, favicon: favicon.file }));
    const saved = `media/${owner.accountId}/brands/${logo.file}/logo.png`;
    expect(await t.services.storage.head(saved)).not.toBeNull();

    const requested = await post(
      t.app,
      '/api/account/delete',
      { reason: 'switching', note: 'Moving on.', agreed: true, phrase: owner.email },
      owner.token,
    );
    expect(requested.status).toBe(200);
    expect([await status(logo.url), await status(favicon.url)]).toEqual([404, 404]);
    expect(await t.services.brands.forDomain(domain.id)).toBeNull();

    t.clock.advance(15 * DAY_MS);
    await t.services.accountDeletion.run();
    expect(await t.services.storage.head(saved)).toBeNull();
    expect(await t.services.storage.head(`media/${owner.accountId}/brands/${favicon.file}/32.ico`)).toBeNull();
  });
});

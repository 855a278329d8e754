import { BRAND_IMAGE_MAX_BYTES, MESSAGES } from '@leadreel/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { accountOnPlan } from '../../../test/factories.ts';
import { get, post, useTestApp } from '../../../test/helpers.ts';
import { brandOf, ownerWithSite, profile } from '../../../test/site-factories.ts';
import { gif, jpeg, MARKER, pixel, png, svgWithScript } from '../brands/test-images.ts';

// A site's banner and picture on the real PostgreSQL, the local storage driver and the real sharp: the
// brands module's image pipeline, with the site's own kinds.
const t = useTestApp();
const DAY_MS = 86_400_000;

type Answer = { status: number; body: { error?: string; field?: string; message?: string } };
const refusal = (answer: Answer) => [answer.status, answer.body.error, answer.body.field];
const upload = (token: string, kind: string, image: Buffer | string) =>
  post(
    t.app,
    '/api/brand-channel/image',
    { kind, image: typeof image === 'string' ? image : image.toString('base64') },
    token,
  );
async function uploaded(token: string, kind: 'banner' | 'picture', image: Buffer) {
  const answer = await upload(token, kind, image);
  expect(answer.status).toBe(200);
  return answer.body.data as { file: string; url: string };
}
const saveProfile = (token: string, id: string, more: Record<string, unknown>) =>
  post(t.app, '/api/brand-channel/profile', { id, profile: profile(more) }, token);
const detail = async (token: string, id: string) =>
  (await get(t.app, `/api/brand-channel/detail?id=${id}`, token)).body.data;
async function fetched(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  return { status: response.statusCode, type: response.headers['content-type'], body: response.rawPayload };
}
const status = async (url: string) => (await fetched(url)).status;
const sizeOf = async (image: Buffer) => {
  const { format, width, height } = await sharp(image).metadata();
  return [format, width, height];
};
/** A PNG of one colour, `alpha` 0 for a transparent one. */
const plain = (width: number, height: number, alpha = 1) =>
  sharp({ create: { width, height, channels: 4, background: { r: 0, g: 128, b: 0, alpha } } })
    .png()
    .toBuffer();

describe('site images: upload, save, serve', () => {
  it("saves a banner and a picture with the profile, and the site's detail serves them", async () => {
    const owner = await ownerWithSite(t);
    const banner = await uploaded(owner.token, 'banner', await jpeg(2400, 1200));
    const picture = await uploaded(owner.token, 'picture', await png(300, 150));
    expect(banner.file).toMatch(/^banner-\d{8}-[0-9a-f]{16}$/);
    expect(banner.url).toBe(`/brand-media/${owner.accountId}/${banner.file}/banner.jpg`);
    expect(picture.file).toMatch(/^picture-\d{8}-[0-9a-f]{16}$/);
    expect(picture.url).toBe(`/brand-media/${owner.accountId}/${picture.file}/400.png`);

    const saved = await saveProfile(owner.token, owner.siteId, { banner: banner.file, picture: picture.file });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      banner: banner.file,
      bannerUrl: banner.url,
      picture: picture.file,
      pictureUrl: picture.url,
    });
    expect(await detail(owner.token, owner.siteId)).toEqual(saved.body.data);

    // Saved, they outlive the sweep of unsaved uploads.
    t.clock.advance(3 * DAY_MS);
    await t.services.brands.sweep();

    // The banner: fitted inside 1920x640, a JPEG, nothing of the upload's metadata kept.
    const servedBanner = await fetched(banner.url);
    expect([servedBanner.status, servedBanner.type]).toEqual([200, 'image/jpeg']);
    expect(await sizeOf(servedBanner.body)).toEqual(['jpeg', 1280, 640]);
    expect((await sharp(servedBanner.body).metadata()).exif).toBeUndefined();
    expect(servedBanner.body.toString('latin1')).not.toContain(MARKER);

    // The picture: a 400 px square cut from the middle of the 2:1 upload (red left, blue right), and a 96 px one.
    const servedPicture = await fetched(picture.url);
    expect([servedPicture.status, servedPicture.type]).toEqual([200, 'image/png']);
    expect(await sizeOf(servedPicture.body)).toEqual(['png', 400, 400]);
    expect(servedPicture.body.toString('latin1')).not.toContain(MARKER);
    const [redLeft, , blueLeft, alphaTop] = await pixel(servedPicture.body, 5, 5);
    expect([redLeft, blueLeft, alphaTop]).toEqual([255, 0, 255]);
    const [redRight, , blueRight] = await pixel(servedPicture.body, 395, 395);
    expect([redRight, blueRight]).toEqual([0, 255]);
    const small = await fetched(picture.url.replace('400.png', '96.png'));
    expect([small.status, small.type]).toEqual([200, 'image/png']);
    expect(await sizeOf(small.body)).toEqual(['png', 96, 96]);
    // A variant of another kind is not this one's.
    expect(await status(picture.url.replace('400.png', 'banner.jpg'))).toBe(404);
  });

  it('adds a site with its images, keeps a small banner as it is and lays a transparent one on white', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const brandId = await brandOf(t, owner);
    const banner = await uploaded(owner.token, 'banner', await plain(600, 200, 0));
    const picture = await uploaded(owner.token, 'picture', await plain(98, 98));
    const added = await post(
      t.app,
      '/api/brand-channel/add',
      { brandId, profile: profile({ banner: banner.file, picture: picture.file }) },
      owner.token,
    );
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ bannerUrl: banner.url, pictureUrl: picture.url });
    t.clock.advance(3 * DAY_MS);
    await t.services.brands.sweep();
    const served = (await fetched(banner.url)).body;
    expect(await sizeOf(served)).toEqual(['jpeg', 600, 200]);
    const [r, g, b] = await pixel(served, 300, 100);
    expect(Math.min(r as number, g as number, b as number)).toBeGreaterThan(250);
    // A 98 px picture is drawn up to the 400 px square, as every picture is.
    expect(await sizeOf((await fetched(picture.url)).body)).toEqual(['png', 400, 400]);
  });

  it('replacing an image deletes the old one; one two sites show stays until neither does', async () => {
    const owner = await ownerWithSite(t);
    const first = await uploaded(owner.token, 'banner', await png(200, 100));
    const second = await uploaded(owner.token, 'banner', await png(200, 100));
    const picture = await uploaded(owner.token, 'picture', await png(120, 120));
    expect((await saveProfile(owner.token, owner.siteId, { banner: first.file, picture: picture.file })).status).toBe(
      200,
    );

    const replaced = await saveProfile(owner.token, owner.siteId, { banner: second.file, picture: picture.file });
    expect(replaced.body.data).toMatchObject({ banner: second.file, bannerUrl: second.url, picture: picture.file });
    expect([await status(first.url), await status(second.url), await status(picture.url)]).toEqual([404, 200, 200]);
    // Saved again the same, the images stay.
    expect((await saveProfile(owner.token, owner.siteId, { banner: second.file, picture: picture.file })).status).toBe(
      200,
    );
    expect([await status(second.url), await status(picture.url)]).toEqual([200, 200]);

    // A second site shows the same picture; taken off the first, it stays for the second.
    const another = await post(
      t.app,
      '/api/brand-channel/add',
      { brandId: owner.brandId, profile: profile({ picture: picture.file }) },
      owner.token,
    );
    expect(another.status).toBe(200);
    const cleared = await saveProfile(owner.token, owner.siteId, { banner: null, picture: null });
    expect(cleared.body.data).toMatchObject({ banner: null, bannerUrl: null, picture: null, pictureUrl: null });
    expect([await status(second.url), await status(picture.url)]).toEqual([404, 200]);
    expect((await post(t.app, '/api/brand-channel/del', { id: another.body.data.id }, owner.token)).status).toBe(200);
    expect(await status(picture.url)).toBe(404);
  });

  it("deletes a site's images with the site", async () => {
    const owner = await ownerWithSite(t);
    const banner = await uploaded(owner.token, 'banner', await jpeg(400, 200));
    const picture = await uploaded(owner.token, 'picture', await png(150, 150));
    await saveProfile(owner.token, owner.siteId, { banner: banner.file, picture: picture.file });
    const saved = `media/${owner.accountId}/sites/${picture.file}/96.png`;
    expect(await t.services.storage.head(saved)).not.toBeNull();
    expect((await post(t.app, '/api/brand-channel/del', { id: owner.siteId }, owner.token)).status).toBe(200);
    expect([await status(banner.url), await status(picture.url)]).toEqual([404, 404]);
    expect(await t.services.storage.head(saved)).toBeNull();
  });

  it("serves a site's images on the account's own custom domain, and nobody else's there", async () => {
    const owner = await ownerWithSite(t);
    const other = await ownerWithSite(t);
    const { domain } = await t.db
      .selectFrom('custom_domain')
      .select('domain')
      .where('account_id', '=', owner.accountId)
      .executeTakeFirstOrThrow();
    const own = await uploaded(owner.token, 'picture', await png(100, 100));
    const theirs = await uploaded(other.token, 'picture', await png(100, 100));
    const onDomain = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: domain } });
    const served = await onDomain(own.url.replace('400.png', '96.png'));
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);
    expect((await onDomain(theirs.url)).statusCode).toBe(404);
  });
});

describe('site images: what is refused', () => {
  it('refuses a picture under 98x98 pixels, on either side; a banner may be small', async () => {
    const owner = await ownerWithSite(t);
    for (const [width, height] of [
      [97, 97],
      [97, 400],
      [400, 97],
      [1, 1],
    ] as const) {
      const answer = await upload(owner.token, 'picture', await png(width, height));
      expect(refusal(answer), `${width}x${height}`).toEqual([400, 'site_picture_too_small', 'image']);
      expect(answer.body.message).toBe(MESSAGES.site_picture_too_small);
    }
    // Read from a JPEG's header as from a PNG's.
    expect(refusal(await upload(owner.token, 'picture', await jpeg(97, 97)))).toEqual([
      400,
      'site_picture_too_small',
      'image',
    ]);
    expect((await upload(owner.token, 'picture', await jpeg(98, 98))).status).toBe(200);
    expect((await upload(owner.token, 'picture', await png(98, 98))).status).toBe(200);
    expect((await upload(owner.token, 'banner', await png(97, 97))).status).toBe(200);
  });

  it('refuses what is not a JPG or PNG by its bytes, and more than 2 MB', async () => {
    const owner = await ownerWithSite(t);
    const cases: [string, Buffer | string][] = [
      ['text', Buffer.from('just some text, not an image')],
      ['an SVG with a script', svgWithScript()],
      ['a GIF', await gif()],
      ['a GIF behind a PNG signature', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), await gif()])],
      ['nothing', ''],
      ['10,000 characters of not base64', '%'.repeat(10_000)],
    ];
    for (const kind of ['banner', 'picture']) {
      for (const [what, image] of cases) {
        const answer = await upload(owner.token, kind, image);
        expect(refusal(answer), `${kind}: ${what}`).toEqual([400, 'image_file_invalid', 'image']);
        expect(answer.body.message).toBe(MESSAGES.image_file_invalid);
      }
    }
    // Random bytes behind a PNG signature: the size is checked before anything reads them.
    const big = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(BRAND_IMAGE_MAX_BYTES - 7, 7),
    ]);
    expect(refusal(await upload(owner.token, 'banner', big))).toEqual([400, 'image_too_large', 'image']);
    // Past the route's body limit, Fastify refuses before parsing, as brand images are.
    expect((await upload(owner.token, 'picture', 'A'.repeat(3_200_000))).status).toBe(413);
  });

  it('refuses a kind it does not know, what is not a string, and no sign-in', async () => {
    const owner = await ownerWithSite(t);
    const image = (await png(100, 100)).toString('base64');
    const cases: [unknown, string, string][] = [
      [{ kind: 'logo', image }, 'illegal_input', 'kind'],
      [{ kind: '', image }, 'illegal_input', 'kind'],
      [{ kind: 'banner'.repeat(2_000), image }, 'illegal_input', 'kind'],
      [{ kind: 12, image }, 'illegal_input', 'kind'],
      [{ image }, 'illegal_input', 'kind'],
      [{ kind: 'picture', image: 12 }, 'image_file_invalid', 'image'],
      [{ kind: 'picture' }, 'image_file_invalid', 'image'],
      [{ kind: 'picture', image: 'a\u0000b' }, 'illegal_input', 'image'],
      [{ kind: 'picture', image: '\ud800' }, 'illegal_input', 'image'],
      [{ kind: 'picture', image, name: 'picture.png' }, 'unknown_field', 'name'],
    ];
    for (const [body, error, field] of cases) {
      const answer = await post(t.app, '/api/brand-channel/image', body, owner.token);
      expect(refusal(answer), JSON.stringify(body).slice(0, 80)).toEqual([400, error, field]);
    }
    expect(refusal(await post(t.app, '/api/brand-channel/image', { kind: 'picture', image }))).toEqual([
      403,
      'unauthorized',
      undefined,
    ]);
  });

  it("takes as a site's images only files this account uploaded, of their kind", async () => {
    const owner = await ownerWithSite(t);
    const other = await ownerWithSite(t);
    const theirs = await uploaded(other.token, 'banner', await png(200, 100));
    const ownBanner = await uploaded(owner.token, 'banner', await png(200, 100));
    const ownPicture = await uploaded(owner.token, 'picture', await png(100, 100));
    const logo = await post(
      t.app,
      '/api/brand/image',
      { kind: 'logo', image: (await png(100, 40)).toString('base64') },
      owner.token,
    );
    const cases: [Record<string, unknown>, string, string][] = [
      [{ banner: theirs.file }, 'brand_image_invalid', 'banner'],
      [{ banner: ownPicture.file }, 'brand_image_invalid', 'banner'],
      [{ picture: ownBanner.file }, 'brand_image_invalid', 'picture'],
      [{ banner: logo.body.data.file }, 'brand_image_invalid', 'banner'],
      [{ picture: 'picture-20260101-0123456789abcdef' }, 'brand_image_invalid', 'picture'],
      [{ banner: '../../etc/passwd' }, 'brand_image_invalid', 'banner'],
      [{ picture: `${ownPicture.file}/400.png` }, 'brand_image_invalid', 'picture'],
      [{ banner: '' }, 'brand_image_invalid', 'banner'],
      [{ banner: 'b'.repeat(10_000) }, 'illegal_input', 'profile.banner'],
      [{ picture: 'a\u0000b' }, 'illegal_input', 'profile.picture'],
      [{ picture: '\ud800' }, 'illegal_input', 'profile.picture'],
      [{ picture: 12 }, 'illegal_input', 'profile.picture'],
    ];
    for (const [change, error, field] of cases) {
      const answer = await saveProfile(owner.token, owner.siteId, change);
      expect(refusal(answer), JSON.stringify(change).slice(0, 80)).toEqual([400, error, field]);
    }
    expect(await detail(owner.token, owner.siteId)).toMatchObject({ banner: null, picture: null });
    // The other account's upload is still its own to save.
    expect((await saveProfile(other.token, other.siteId, { banner: theirs.file })).status).toBe(200);

    // A save refused after its images were checked (the plan's cap on sites) leaves them waiting, to be
    // saved by the next try, and nothing of them saved.
    const lite = await ownerWithSite(t, 'Lite');
    const picture = await uploaded(lite.token, 'picture', await png(100, 100));
    const added = await post(
      t.app,
      '/api/brand-channel/add',
      { brandId: lite.brandId, profile: profile({ picture: picture.file }) },
      lite.token,
    );
    expect(refusal(added)).toEqual([400, 'sites_too_many', undefined]);
    expect(await t.services.storage.head(`media/${lite.accountId}/sites/${picture.file}/400.png`)).toBeNull();
    expect(await status(picture.url)).toBe(200);
    expect((await saveProfile(lite.token, lite.siteId, { picture: picture.file })).status).toBe(200);
    expect(await status(picture.url)).toBe(200);

    // Swept before it was saved, an upload can no longer be.
    const late = await uploaded(owner.token, 'banner', await png(200, 100));
    t.clock.advance(2 * DAY_MS + 1);
    await t.services.brands.sweep();
    expect(refusal(await saveProfile(owner.token, owner.siteId, { banner: late.file }))).toEqual([
      400,
      'brand_image_invalid',
      'banner',
    ]);
  });

  it('is refused without canUseChannel, and from the Frozen period on', async () => {
    const image = await png(100, 100);
    const free = await accountOnPlan(t, 'Free');
    expect(refusal(await upload(free.token, 'picture', image))).toEqual([403, 'site_not_allowed', undefined]);
    const frozen = await ownerWithSite(t);
    await t.db.updateTable('account').set({ vip_period: 'frozen-period' }).where('id', '=', frozen.accountId).execute();
    expect(refusal(await upload(frozen.token, 'picture', image))).toEqual([403, 'plan_period', undefined]);
  });
});

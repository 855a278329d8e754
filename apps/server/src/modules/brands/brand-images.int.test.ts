import { randomBytes } from 'node:crypto';
import { BRAND_IMAGE_MAX_BYTES, MESSAGES, type PlanType } from '@leadreel/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { accountOnPlan } from '../../../test/factories.ts';
import { post, useTestApp } from '../../../test/helpers.ts';
import { MAX_INPUT_PIXELS } from './brand-images.ts';
import { declaredPng, gif, jpeg, MARKER, pixel, png, svgWithScript } from './test-images.ts';

// Brand images on the real PostgreSQL, the local storage driver and the real sharp.
const t = useTestApp();
const DAY_MS = 86_400_000;

const account = (plan: PlanType = 'Pro') => accountOnPlan(t, plan);
const upload = (token: string, kind: string, image: Buffer | string) =>
  post(t.app, '/api/brand/image', { kind, image: typeof image === 'string' ? image : image.toString('base64') }, token);
async function fetched(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
}
const refusal = (answer: { status: number; body: { error?: string; field?: string } }) => [
  answer.status,
  answer.body.error,
  answer.body.field,
];

/** The variants an upload answered with, beside the preview the answer names. */
const variantsOf = (url: string, names: string[]) => names.map((name) => url.replace(/[^/]+$/, name));

describe('brand images: what is stored', () => {
  it('fits a logo in 400x160, turned as its EXIF says, as a PNG without any of its metadata', async () => {
    const owner = await account();
    const photo = await jpeg(1200, 600);
    expect(photo.toString('latin1')).toContain(MARKER);
    const answer = await upload(owner.token, 'logo', photo);
    expect(answer.status).toBe(200);
    const { file, url } = answer.body.data;
    expect(file).toMatch(/^logo-\d{8}-[0-9a-f]{16}$/);
    expect(url).toBe(`/brand-media/${owner.accountId}/${file}/logo.png`);

    const served = await fetched(url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(served.headers['content-security-policy']).toBeUndefined();
    const metadata = await sharp(served.body).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 320, 160]);
    expect([metadata.exif, metadata.icc, metadata.xmp, metadata.orientation]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(served.body.toString('latin1')).not.toContain(MARKER);

    // Orientation 6: stored landscape, shown turned a quarter clockwise, so its red half ends on top.
    const turned = await upload(owner.token, 'logo', await jpeg(200, 100, 6));
    const upright = (await fetched(turned.body.data.url)).body;
    const uprightMetadata = await sharp(upright).metadata();
    expect([uprightMetadata.width, uprightMetadata.height, uprightMetadata.orientation]).toEqual([80, 160, undefined]);
    const [red, , blue] = await pixel(upright, 40, 10);
    expect(red).toBeGreaterThan(200);
    expect(blue).toBeLessThan(50);
    const [redBelow, , blueBelow] = await pixel(upright, 40, 150);
    expect(redBelow).toBeLessThan(50);
    expect(blueBelow).toBeGreaterThan(200);

    // A small logo is not blown up.
    const small = await upload(owner.token, 'logo', await png(60, 30));
    expect(await sharp((await fetched(small.body.data.url)).body).metadata()).toMatchObject({ width: 60, height: 30 });
  });

  it('makes a favicon of any shape into 32 (inside an ICO), 180 and 100 px squares on transparency', async () => {
    const owner = await account();
    const answer = await upload(owner.token, 'favicon', await png(300, 150));
    expect(answer.status).toBe(200);
    const { file, url } = answer.body.data;
    expect(file).toMatch(/^favicon-\d{8}-[0-9a-f]{16}$/);
    expect(url).toBe(`/brand-media/${owner.accountId}/${file}/100.png`);

    const [ico, touch, preview] = await Promise.all(variantsOf(url, ['32.ico', '180.png', '100.png']).map(fetched));
    expect([ico?.status, touch?.status, preview?.status]).toEqual([200, 200, 200]);
    expect(ico?.headers['content-type']).toBe('image/x-icon');
    expect(touch?.headers['content-type']).toBe('image/png');
    for (const [served, size] of [
      [touch, 180],
      [preview, 100],
    ] as const) {
      const metadata = await sharp(served?.body).metadata();
      expect([metadata.format, metadata.width, metadata.height, metadata.hasAlpha]).toEqual(['png', size, size, true]);
      expect(served?.body.toString('latin1')).not.toContain(MARKER);
    }
    // Contained, not cropped: the band above the 2:1 picture is transparent, its middle opaque.
    expect((await pixel(preview?.body as Buffer, 50, 5))[3]).toBe(0);
    expect((await pixel(preview?.body as Buffer, 10, 50))[3]).toBe(255);

    // ICONDIR (reserved 0, type 1, one image), its entry (32x32, 32 bits, size, offset 22), then a PNG.
    const body = ico?.body as Buffer;
    expect([body.readUInt16LE(0), body.readUInt16LE(2), body.readUInt16LE(4)]).toEqual([0, 1, 1]);
    expect([body[6], body[7], body.readUInt16LE(12), body.readUInt32LE(18)]).toEqual([32, 32, 32, 22]);
    expect(body.readUInt32LE(14)).toBe(body.length - 22);
    expect(await sharp(body.subarray(22)).metadata()).toMatchObject({ format: 'png', width: 32, height: 32 });

    // A variant a logo has is not a favicon's, and the other way round.
    expect((await fetched(url.replace(/[^/]+$/, 'logo.png'))).status).toBe(404);
  });
});

describe('brand images: what is refused', () => {
  it('refuses what is not a JPG or PNG by its bytes, whatever it claims', async () => {
    const owner = await account();
    const cases: [string, Buffer | string][] = [
      ['text', Buffer.from('just some text, not an image')],
      ['an SVG with a script', svgWithScript()],
      ['an SVG behind an XML declaration', Buffer.from(`<?xml version="1.0"?>${svgWithScript()}`)],
      ['a GIF', await gif()],
      ['nothing', ''],
      ['not base64 at all', '%%%%'],
      // A PNG's signature in front of a GIF: sharp reads the GIF, which is still not a PNG.
      ['a GIF behind a PNG signature', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), await gif()])],
    ];
    for (const [what, image] of cases) {
      const answer = await upload(owner.token, 'logo', image);
      expect(refusal(answer), what).toEqual([400, 'image_file_invalid', 'image']);
      expect(answer.body.message).toBe('Unsupported file type');
    }
  });

  it('refuses more than 2 MB with image_too_large, and a body past the limit with 413', async () => {
    const owner = await account();
    // Random bytes behind a PNG signature: the size is checked before anything reads them.
    const big = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(BRAND_IMAGE_MAX_BYTES - 7, 7),
    ]);
    expect(refusal(await upload(owner.token, 'logo', big))).toEqual([400, 'image_too_large', 'image']);
    // Past the contract's 3,000,000 characters of base64, zod says the same.
    expect(refusal(await upload(owner.token, 'logo', 'A'.repeat(3_000_004)))).toEqual([
      400,
      'image_too_large',
      'image',
    ]);
    // Past the route's body limit, Fastify refuses before parsing, as the video settings' uploads do.
    expect((await upload(owner.token, 'logo', 'A'.repeat(3_200_000))).status).toBe(413);
  });

  it('refuses 20,000 x 20,000 pixels from the header alone, quickly', async () => {
    const owner = await account();
    const bomb = declaredPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(2_000);
    const started = performance.now();
    const answer = await upload(owner.token, 'logo', bomb);
    // Decoding 400 million pixels would take seconds and 1.6 GB; reading the header takes milliseconds.
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(refusal(answer)).toEqual([400, 'image_size_failed', 'image']);
    expect(answer.body.message).toBe(
      `failed to get image size: 20000x20000 is more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels`,
    );
    // At the limit, it is read and drawn.
    const atLimit = await upload(owner.token, 'logo', declaredPng(8_000, 5_000, 5_000));
    expect(atLimit.status).toBe(200);
    expect(await sharp((await fetched(atLimit.body.data.url)).body).metadata()).toMatchObject({
      width: 256,
      height: 160,
    });
  });

  it('refuses a corrupt image with sharp reason in the message', async () => {
    const owner = await account();
    const photo = await jpeg(64, 64);
    // Cut inside the header: sharp cannot read the size.
    const header = await upload(owner.token, 'logo', photo.subarray(0, 40));
    expect(refusal(header)).toEqual([400, 'image_size_failed', 'image']);
    expect(header.body.message).toMatch(/^failed to get image size: Input buffer has corrupt header: VipsJpeg: .+$/);
    expect(header.body.message).not.toContain('\n');

    // Cut inside the pixels: the header reads, drawing it fails on the missing scan.
    const large = await jpeg(800, 600);
    const scan = await upload(owner.token, 'favicon', large.subarray(0, Math.floor(large.length * 0.6)));
    expect(refusal(scan)).toEqual([400, 'image_size_failed', 'image']);
    expect(scan.body.message).toMatch(/^failed to get image size: .*(premature end|truncated)/i);
  });

  it("carries the reason in the envelope's values, for the console to word in its language", async () => {
    const owner = await account();
    const large = await jpeg(800, 600);
    const truncated = await upload(owner.token, 'logo', large.subarray(0, Math.floor(large.length * 0.6)));
    expect(refusal(truncated)).toEqual([400, 'image_size_failed', 'image']);
    expect(truncated.body.values).toEqual({ reason: expect.stringMatching(/premature end|truncated/i) });
    expect(truncated.body.message).toBe(`failed to get image size: ${truncated.body.values.reason}`);
    // An error whose text has no placeholder carries no values.
    const notAnImage = await upload(owner.token, 'logo', await gif());
    expect(refusal(notAnImage)).toEqual([400, 'image_file_invalid', 'image']);
    expect(notAnImage.body).not.toHaveProperty('values');
  });

  it('refuses a kind it does not know and what is not a string', async () => {
    const owner = await account();
    const image = (await png(10, 10)).toString('base64');
    const cases: [unknown, string, string][] = [
      [{ kind: 'banner', image }, 'illegal_input', 'kind'],
      [{ image }, 'illegal_input', 'kind'],
      [{ kind: 'logo', image: 12 }, 'image_file_invalid', 'image'],
      [{ kind: 'logo' }, 'image_file_invalid', 'image'],
      [{ kind: 'logo', image: 'a\u0000b' }, 'illegal_input', 'image'],
      [{ kind: 'logo', image, name: 'logo.png' }, 'unknown_field', 'name'],
    ];
    for (const [body, error, field] of cases) {
      expect(refusal(await post(t.app, '/api/brand/image', body, owner.token)), JSON.stringify(body)).toEqual([
        400,
        error,
        field,
      ]);
    }
    expect(refusal(await post(t.app, '/api/brand/image', { kind: 'logo', image }))).toEqual([
      403,
      'unauthorized',
      undefined,
    ]);
  });

  it('is refused without canUseBranding, and from the Frozen period on', async () => {
    const image = await png(10, 10);
    const free = await account('Free');
    expect(await upload(free.token, 'logo', image)).toEqual({
      status: 403,
      body: { statusCode: 403, error: 'branding_not_allowed', message: MESSAGES.branding_not_allowed },
    });
    const frozen = await account('Pro');
    await t.db.updateTable('account').set({ vip_period: 'frozen-period' }).where('id', '=', frozen.accountId).execute();
    expect(refusal(await upload(frozen.token, 'logo', image))).toEqual([403, 'plan_period', undefined]);
  });
});

describe('brand images: serving and sweeping', () => {
  it('answers 404 for a name it did not make, another account, a variant that is not one', async () => {
    const owner = await account();
    const other = await account();
    const { file, url } = (await upload(owner.token, 'logo', await png(20, 20))).body.data;
    const missing = [
      `/brand-media/${other.accountId}/${file}/logo.png`,
      `/brand-media/not-an-id/${file}/logo.png`,
      `/brand-media/${owner.accountId}/${file}/image.png`,
      `/brand-media/${owner.accountId}/${file}/..%2f..%2fsecret`,
      `/brand-media/${owner.accountId}/logo-20260101-0000000000000000/logo.png`,
      `/brand-media/${owner.accountId}/logo.png/logo.png`,
    ];
    for (const path of missing) {
      const answer = await fetched(path);
      expect([answer.status, answer.headers['cache-control']], path).toEqual([404, 'no-store']);
    }
    expect((await fetched(url)).status).toBe(200);
  });

  it("serves an account's images on its own custom domain, and nobody else's there", async () => {
    const owner = await account();
    const other = await account();
    const domain = `brand-${randomBytes(4).toString('hex')}.example.com`;
    await t.db
      .insertInto('custom_domain')
      .values({ account_id: owner.accountId, domain, token: 'token', status: 'verified', active: true })
      .execute();
    const own = (await upload(owner.token, 'favicon', await png(20, 20))).body.data.url;
    const theirs = (await upload(other.token, 'favicon', await png(20, 20))).body.data.url;
    const onDomain = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: domain } });
    const served = await onDomain(own.replace('100.png', '32.ico'));
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/x-icon']);
    const refused = await onDomain(theirs);
    expect([refused.statusCode, refused.headers['cache-control']]).toEqual([404, 'no-store']);
    // On the installation's own address, the console previews both.
    expect([(await fetched(own)).status, (await fetched(theirs)).status]).toEqual([200, 200]);
  });

  it('sweeps an upload never saved to a brand once the day after its own is over', async () => {
    const owner = await account();
    const { url } = (await upload(owner.token, 'logo', await png(20, 20))).body.data;
    await t.services.brands.sweep();
    t.clock.advance(DAY_MS);
    await t.services.brands.sweep();
    expect((await fetched(url)).status).toBe(200);
    t.clock.advance(DAY_MS + 1);
    await t.services.brands.sweep();
    expect((await fetched(url)).status).toBe(404);
  });
});

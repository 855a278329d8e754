import { describe, expect, it } from 'vitest';
import { assertSafeKey } from '../storage/keys.ts';
import { dayOf, isVariantOf, mediaPath, newFileName, parseFile, pendingFolder, savedFolder } from './brand-files.ts';
import { formatOf, icoOf, sizeFailed } from './brand-images.ts';

describe('brand file names', () => {
  it('names each upload by its kind, its UTC day and 64 random bits, and reads that back', () => {
    const now = new Date('2026-12-05T23:59:59.999Z');
    const file = newFileName('favicon', now);
    expect(file).toMatch(/^favicon-20261205-[0-9a-f]{16}$/);
    expect(parseFile(file)).toEqual({ kind: 'favicon', day: '20261205' });
    expect(newFileName('favicon', now)).not.toBe(file);
    expect(dayOf(new Date('2026-12-06T00:00:00Z'))).toBe('20261206');
  });

  it.each([
    '',
    'logo',
    'cover-20261205-0123456789abcdef',
    'logo-2026125-0123456789abcdef',
    'logo-20261205-0123456789ABCDEF',
    'logo-20261205-0123456789abcdef/../x',
    '../logo-20261205-0123456789abcdef',
    'logo-20261205-0123456789abcdef\n',
    'logo-20261205-0123456789abcdef.png',
  ])('refuses %j, which it never made', (file) => {
    expect(parseFile(file)).toBeNull();
  });

  it("reads a site's banner and picture as their own kinds", () => {
    expect(parseFile('banner-20261205-0123456789abcdef')).toEqual({ kind: 'banner', day: '20261205' });
    expect(parseFile('picture-20261205-0123456789abcdef')).toEqual({ kind: 'picture', day: '20261205' });
    expect(newFileName('picture', new Date('2026-12-05T00:00:00Z'))).toMatch(/^picture-20261205-[0-9a-f]{16}$/);
  });

  it('makes storage keys the storage accepts, under the account for saved images', () => {
    const account = '6a1f0c3e-2b4d-4e5f-8a9b-0c1d2e3f4a5b';
    const file = 'logo-20261205-0123456789abcdef';
    expect(assertSafeKey(`${savedFolder(account, 'logo', file)}logo.png`)).toBe(
      `media/${account}/brands/${file}/logo.png`,
    );
    const banner = 'banner-20261205-0123456789abcdef';
    expect(assertSafeKey(`${savedFolder(account, 'banner', banner)}banner.jpg`)).toBe(
      `media/${account}/sites/${banner}/banner.jpg`,
    );
    expect(assertSafeKey(`${pendingFolder(account, file, '20261205')}logo.png`)).toBe(
      `brand-uploads/20261205/${account}/${file}/logo.png`,
    );
    expect(mediaPath(account, file, 'logo.png')).toBe(`/brand-media/${account}/${file}/logo.png`);
  });

  it("knows each kind's variants, and no other", () => {
    expect(
      ['logo.png', '32.ico', '180.png', '100.png', 'toString', '__proto__'].map((v) => isVariantOf('logo', v)),
    ).toEqual([true, false, false, false, false, false]);
    expect(['logo.png', '32.ico', '180.png', '100.png', 'constructor'].map((v) => isVariantOf('favicon', v))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
    expect(['banner.jpg', '400.png', '96.png', 'logo.png'].map((v) => isVariantOf('banner', v))).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(['banner.jpg', '400.png', '96.png', '100.png'].map((v) => isVariantOf('picture', v))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});

describe('brand image bytes', () => {
  it.each([
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0], 'png'],
    [[0xff, 0xd8, 0xff, 0xe0], 'jpeg'],
    [[0xff, 0xd8, 0xff], null],
    [[0x89, 0x50, 0x4e, 0x47], null],
    [[...Buffer.from('GIF89a')], null],
    [[...Buffer.from('<svg>')], null],
    [[], null],
  ])('recognises %j as %s by its first bytes', (bytes, format) => {
    expect(formatOf(Buffer.from(bytes))).toBe(format);
  });

  it('wraps a PNG in a one-image ICO', () => {
    const png = Buffer.from('not really a png, but bytes');
    const ico = icoOf(png, 32);
    expect([...ico.subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]);
    expect([ico[6], ico[7], ico.readUInt16LE(10), ico.readUInt16LE(12)]).toEqual([32, 32, 1, 32]);
    expect([ico.readUInt32LE(14), ico.readUInt32LE(18)]).toEqual([png.length, 22]);
    expect(ico.subarray(22)).toEqual(png);
    expect([icoOf(png, 256)[6], icoOf(png, 256)[7]]).toEqual([0, 0]);
  });

  it("words a failed read with sharp's first line, or says it does not know", () => {
    const failed = sizeFailed(new Error('Input buffer has corrupt header: VipsJpeg: premature end\nVipsJpeg: again'));
    expect([failed.statusCode, failed.code, failed.field, failed.message]).toEqual([
      400,
      'image_size_failed',
      'image',
      'failed to get image size: Input buffer has corrupt header: VipsJpeg: premature end',
    ]);
    expect(failed.values).toEqual({ reason: 'Input buffer has corrupt header: VipsJpeg: premature end' });
    expect(sizeFailed('thrown text').message).toBe('failed to get image size: unknown reason');
    expect(sizeFailed(new Error('')).message).toBe('failed to get image size: unknown reason');
  });
});

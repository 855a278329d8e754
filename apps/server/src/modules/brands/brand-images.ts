import { BRAND_IMAGE_MAX_BYTES, FAVICON_RECOMMENDED_PX, SITE_PICTURE_MIN_PX } from '@leadreel/shared';
import sharp, { type Sharp } from 'sharp';
import { badRequest, imageSizeFailed } from '../../errors.ts';
import type { ImageKind, Variant } from './brand-files.ts';

/**
 * Brand and site images (docs/product.md "Brands"): a JPG or PNG of at most 2 MB, recognised by its
 * bytes, read for its size from its header before any pixel is decoded, then drawn again by sharp into
 * the variants the pages use. What is stored is only what sharp wrote: no metadata of the upload (EXIF, GPS, ICC,
 * comments) survives, since sharp writes none unless asked to (withMetadata / keepExif).
 */

/**
 * The most pixels an upload may have: a 48 MP phone photo's 8000x6000 is refused, its usual 12 MP output
 * taken. Decoding is what costs memory (4 bytes a pixel), and a 2 MB PNG of one colour can declare
 * 20,000 x 20,000 pixels; the header says so before anything is decoded.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
/** The box a logo fits in, keeping its aspect ratio: pages draw it at most 200x80 CSS pixels, twice for HiDPI. */
export const LOGO_BOX = { width: 400, height: 160 };
/** The box a site's banner fits in, keeping its aspect ratio: a full-width 3:1 header on a 1920 px screen. */
export const BANNER_BOX = { width: 1920, height: 640 };
/** A little above sharp's default of 80: the banner is the largest picture on its page. */
const BANNER_QUALITY = 82;
/** A site picture's squares: 400 px for up to 200 CSS pixels at twice the density, 96 px for lists. */
export const PICTURE_PX = 400;
export const PICTURE_SMALL_PX = 96;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The format by the file's own first bytes (PNG's 8-byte signature, JPEG's SOI and a marker), never a name. */
export function formatOf(bytes: Buffer): 'png' | 'jpeg' | null {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return null;
}

/** "failed to get image size: {{reason}}", with sharp's first line of reason when it gave one. */
export function sizeFailed(error: unknown) {
  const message = error instanceof Error ? error.message : '';
  const reason = message.split('\n')[0]?.trim().slice(0, 200) || 'unknown reason';
  return imageSizeFailed(reason);
}

/**
 * An ICO holding one PNG (allowed since Windows Vista and read by every browser): a 6-byte ICONDIR, one
 * 16-byte ICONDIRENTRY, then the PNG. https://learn.microsoft.com/en-us/previous-versions/ms997538(v=msdn.10)
 */
export function icoOf(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1: an icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6); // width, 0 meaning 256
  header.writeUInt8(size >= 256 ? 0 : size, 7); // height
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(header.length, 18); // where the image starts
  return Buffer.concat([header, png]);
}

/** Fitted whole in a transparent square: a favicon need not be square, and is never cropped. */
const contained = (input: Sharp, size: number) =>
  input
    .clone()
    .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png({ compressionLevel: 9 })
    .toBuffer();

/** Filling a square, its middle kept: a site's picture is shown round or square, never letterboxed. */
const covered = (input: Sharp, size: number) =>
  input.clone().resize(size, size, { fit: 'cover' }).png({ compressionLevel: 9 }).toBuffer();

/** How each kind is drawn into its variants (brand-files.ts VARIANTS), from the upload turned upright. */
const DRAW: { [K in ImageKind]: (input: Sharp) => Promise<[Variant<K>, Buffer][]> } = {
  logo: async (input) => [
    [
      'logo.png',
      await input
        .clone()
        .resize(LOGO_BOX.width, LOGO_BOX.height, { fit: 'inside', withoutEnlargement: true })
        .png({ compressionLevel: 9 })
        .toBuffer(),
    ],
  ],
  favicon: async (input) => {
    const [ico, touch, preview] = await Promise.all([
      contained(input, 32),
      contained(input, 180),
      contained(input, FAVICON_RECOMMENDED_PX),
    ]);
    return [
      ['32.ico', icoOf(ico, 32)],
      ['180.png', touch],
      ['100.png', preview],
    ];
  },
  // A JPEG, as the photos banners mostly are: a fraction of a PNG's bytes at this size, and read by every
  // browser, mail reader and link preview a page's image reaches. It has no transparency, so a transparent
  // upload is laid on white, where it would otherwise turn black.
  banner: async (input) => [
    [
      'banner.jpg',
      await input
        .clone()
        .resize(BANNER_BOX.width, BANNER_BOX.height, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: BANNER_QUALITY, mozjpeg: true })
        .toBuffer(),
    ],
  ],
  picture: async (input) => {
    const [large, small] = await Promise.all([covered(input, PICTURE_PX), covered(input, PICTURE_SMALL_PX)]);
    return [
      ['400.png', large],
      ['96.png', small],
    ];
  },
};

/** Checks an upload and returns its variants (brand-files.ts VARIANTS), or throws the 400 that says why. */
export async function renderImage(kind: ImageKind, bytes: Buffer): Promise<Map<Variant, Buffer>> {
  if (bytes.length > BRAND_IMAGE_MAX_BYTES) throw badRequest('image_too_large', 'image');
  const format = formatOf(bytes);
  if (!format) throw badRequest('image_file_invalid', 'image');

  // The header only: metadata() decodes no pixel, so an oversized image costs nothing to refuse.
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch((error: unknown) => {
      throw sizeFailed(error);
    });
  if (metadata.format !== format) throw badRequest('image_file_invalid', 'image');
  const { width, height } = metadata;
  if (!width || !height) throw sizeFailed(undefined);
  if (width * height > MAX_INPUT_PIXELS) {
    throw sizeFailed(new Error(`${width}x${height} is more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels`));
  }
  // "A site picture is at least 98x98 pixels": both sides, so turning it by its EXIF changes nothing.
  if (kind === 'picture' && Math.min(width, height) < SITE_PICTURE_MIN_PX) {
    throw badRequest('site_picture_too_small', 'image');
  }

  // limitInputPixels again, should a header lie; failOn 'warning' (the default) refuses a truncated scan.
  // autoOrient turns the picture as its EXIF says before the EXIF is dropped.
  const input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' }).autoOrient();
  try {
    return new Map<Variant, Buffer>(await DRAW[kind](input));
  } catch (error) {
    throw sizeFailed(error);
  }
}

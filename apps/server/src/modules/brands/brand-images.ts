import { BRAND_IMAGE_MAX_BYTES, type BrandImageKind, FAVICON_RECOMMENDED_PX } from '@leadreel/shared';
import sharp from 'sharp';
import { badRequest, imageSizeFailed } from '../../errors.ts';
import type { Variant } from './brand-files.ts';

/**
 * Brand images (docs/product.md "Brands"): a JPG or PNG of at most 2 MB, recognised by its bytes, read
 * for its size from its header before any pixel is decoded, then drawn again by sharp into the variants
 * the pages use. What is stored is only what sharp wrote: no metadata of the upload (EXIF, GPS, ICC,
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

/** Checks an upload and returns its variants (brand-files.ts VARIANTS), or throws the 400 that says why. */
export async function renderBrandImage(kind: BrandImageKind, bytes: Buffer): Promise<Map<Variant, Buffer>> {
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

  // limitInputPixels again, should a header lie; failOn 'warning' (the default) refuses a truncated scan.
  // autoOrient turns the picture as its EXIF says before the EXIF is dropped.
  const input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' }).autoOrient();
  const transparent = { r: 0, g: 0, b: 0, alpha: 0 };
  const square = (size: number) =>
    input
      .clone()
      .resize(size, size, { fit: 'contain', background: transparent })
      .png({ compressionLevel: 9 })
      .toBuffer();
  try {
    if (kind === 'logo') {
      const logo = await input
        .clone()
        .resize(LOGO_BOX.width, LOGO_BOX.height, { fit: 'inside', withoutEnlargement: true })
        .png({ compressionLevel: 9 })
        .toBuffer();
      return new Map<Variant, Buffer>([['logo.png', logo]]);
    }
    // A favicon need not be square: it is fitted whole on a transparent square, not cropped.
    const [ico, touch, preview] = await Promise.all([square(32), square(180), square(FAVICON_RECOMMENDED_PX)]);
    return new Map<Variant, Buffer>([
      ['32.ico', icoOf(ico, 32)],
      ['180.png', touch],
      ['100.png', preview],
    ]);
  } catch (error) {
    throw sizeFailed(error);
  }
}

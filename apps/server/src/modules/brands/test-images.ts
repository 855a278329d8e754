import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Images for the brand tests, made by sharp itself (or by hand where sharp would take too long), so each
 * test says what it sends. Not imported by the application.
 */

/** Text the tests hide in an upload's metadata and look for in what is served. */
export const MARKER = 'leadreel-marker-secret-gps';

/** A picture whose left half is red and right half blue, as raw RGB, for telling which way it is turned. */
function halves(width: number, height: number) {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      if (x < width / 2) raw[at] = 255;
      else raw[at + 2] = 255;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

const exif = { IFD0: { Copyright: MARKER, ImageDescription: MARKER, Artist: MARKER } };

/** A JPEG carrying EXIF with the marker (and `orientation`, when given). */
export const jpeg = (width: number, height: number, orientation?: number) =>
  halves(width, height)
    .jpeg({ quality: 90 })
    .withMetadata({ exif, ...(orientation ? { orientation } : {}) })
    .toBuffer();

/** A PNG carrying EXIF with the marker. */
export const png = (width: number, height: number) => halves(width, height).png().withMetadata({ exif }).toBuffer();

export const gif = () => halves(16, 16).gif().toBuffer();

export const svgWithScript = () =>
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG declaring `width` x `height` black grey-scale pixels (https://www.w3.org/TR/png-3/#11IHDR), with
 * `rows` of them given: with a few, a few hundred bytes that would be gigabytes decoded, which sharp would
 * take minutes to make.
 */
export function declaredPng(width: number, height: number, rows = 4) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const data = deflateSync(Buffer.alloc((width + 1) * rows));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', data),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The colour of one pixel of an image, as [r, g, b, alpha]. */
export async function pixel(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 4;
  return [...data.subarray(at, at + 4)];
}

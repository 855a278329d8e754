import { BRAND_IMAGE_MAX_BYTES } from '@leadreel/shared';
import { i18n } from '../../i18n/index.ts';

/** "Brand and site images: JPG, JPEG or PNG": checked by the media type and by the extension. */
const IMAGE_TYPES = ['image/jpeg', 'image/png'];
const IMAGE_EXTENSIONS = /\.(jpe?g|png)$/i;
export const IMAGE_ACCEPT = 'image/png,image/jpeg,.jpg,.jpeg,.png';

/** A picked image the browser refused, with the words to show (the server's for the same refusal). */
export class ImageRefused extends Error {}

export type ReadImage = { base64: string; width: number; height: number };

/** The image's size in pixels, as the browser decodes it. */
async function imageSize(file: File): Promise<{ width: number; height: number }> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  }
  const url = URL.createObjectURL(file);
  try {
    return await new Promise((resolve, reject) => {
      const image = new Image();
      image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
      image.onerror = () => reject(new Error('the image could not be decoded'));
      image.src = url;
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** A file's bytes as base64, in slices (a spread of two million bytes would overflow the call stack). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/**
 * A brand or domain image as the server takes it: a JPG or PNG of at most 2 MB, in base64, with its size
 * in pixels. Anything else is refused here (ImageRefused) in the words of the spec: "Unsupported file
 * type", the 2 MB message, or "failed to get image size: {reason}" with an unknown-reason fallback.
 */
export async function readImageFile(file: File): Promise<ReadImage> {
  if (file.size === 0 || !IMAGE_TYPES.includes(file.type) || !IMAGE_EXTENSIONS.test(file.name)) {
    throw new ImageRefused(i18n.t('errors.image_file_invalid'));
  }
  if (file.size > BRAND_IMAGE_MAX_BYTES) throw new ImageRefused(i18n.t('errors.image_too_large'));
  let size: { width: number; height: number };
  try {
    size = await imageSize(file);
  } catch (failure) {
    const reason = failure instanceof Error && failure.message ? failure.message : i18n.t('images.unknownReason');
    throw new ImageRefused(i18n.t('errors.image_size_failed', { reason }));
  }
  return { base64: await base64Of(file), ...size };
}

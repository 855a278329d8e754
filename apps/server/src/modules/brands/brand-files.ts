import { randomBytes } from 'node:crypto';
import { BRAND_IMAGE_KINDS, type BrandImageKind, SITE_IMAGE_KINDS, type SiteImageKind } from '@leadreel/shared';

/**
 * Where the images of brands and of the sites shown under them live and how they are reached
 * (docs/product.md "Brands"). Every name here is made by the server: an image's file is
 * `<kind>-<day>-<16 hex>`, its variants a fixed list per kind.
 *
 *   brand-uploads/<day>/<account>/<file>/<variant>   uploaded, not yet saved (swept by day)
 *   media/<account>/brands/<file>/<variant>          saved to a brand (logo, favicon)
 *   media/<account>/sites/<file>/<variant>           saved to a site (banner, picture)
 *
 * Saved images are erased with the account, since account deletion erases media/<account>/.
 */

/** A brand's images and a site's: one pipeline, told apart by the kind at the head of the file's name. */
export type ImageKind = BrandImageKind | SiteImageKind;
const IMAGE_KINDS: readonly ImageKind[] = [...BRAND_IMAGE_KINDS, ...SITE_IMAGE_KINDS];

/** The files one upload makes, by kind, with the content type each is served with. */
export const VARIANTS = {
  logo: { 'logo.png': 'image/png' },
  // A real ICO (one 32x32 PNG inside) for the browsers and readers that only take /favicon.ico's format,
  // the 180 px PNG for Apple's touch icon, and the 100 px one the console previews.
  favicon: { '32.ico': 'image/x-icon', '180.png': 'image/png', '100.png': 'image/png' },
  banner: { 'banner.jpg': 'image/jpeg' },
  // The 400 px square the site's header and the console show, the 96 px one for lists and small places.
  picture: { '400.png': 'image/png', '96.png': 'image/png' },
} as const satisfies Record<ImageKind, Record<string, string>>;

/** A variant of a kind of image; without a kind, any variant of any. */
export type Variant<K extends ImageKind = ImageKind> = {
  [Kind in K]: keyof (typeof VARIANTS)[Kind] & string;
}[K];

/** The variant the console previews, and the one a brand's `logoUrl` or a site's `bannerUrl` names. */
export const PREVIEW: { [K in ImageKind]: Variant<K> } = {
  logo: 'logo.png',
  favicon: '100.png',
  banner: 'banner.jpg',
  picture: '400.png',
};

/** The folder under media/<account>/ that an image saved to its owner's row waits in. */
const SAVED_UNDER: Record<ImageKind, string> = { logo: 'brands', favicon: 'brands', banner: 'sites', picture: 'sites' };

const FILE = new RegExp(`^(${IMAGE_KINDS.join('|')})-(\\d{8})-[0-9a-f]{16}$`);

/** `20261205`: the UTC day an upload waits under until it is saved. */
export const dayOf = (date: Date) => date.toISOString().slice(0, 10).replaceAll('-', '');

export const newFileName = (kind: ImageKind, now: Date) => `${kind}-${dayOf(now)}-${randomBytes(8).toString('hex')}`;

/** What a file name says, or null for anything we did not make (checked before it goes into a key). */
export function parseFile(file: string): { kind: ImageKind; day: string } | null {
  const match = FILE.exec(file);
  return match ? { kind: match[1] as ImageKind, day: match[2] as string } : null;
}

export const isVariantOf = (kind: ImageKind, variant: string): variant is Variant =>
  Object.hasOwn(VARIANTS[kind], variant);

export const contentTypeOf = (kind: ImageKind, variant: Variant) =>
  (VARIANTS[kind] as Record<string, string>)[variant] as string;

export const savedFolder = (accountId: string, kind: ImageKind, file: string) =>
  `media/${accountId}/${SAVED_UNDER[kind]}/${file}/`;
export const pendingDayFolder = (day: string) => `brand-uploads/${day}/`;
export const pendingFolder = (accountId: string, file: string, day: string) =>
  `${pendingDayFolder(day)}${accountId}/${file}/`;

/**
 * The same-origin path a variant is served at (brand-media.routes.ts), on the console's host and on every
 * custom domain alike. The account's id is in it because an upload not yet saved has no brand to name.
 */
export const mediaPath = (accountId: string, file: string, variant: Variant) =>
  `/brand-media/${accountId}/${file}/${variant}`;

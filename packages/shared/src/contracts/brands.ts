import { z } from 'zod';
import { textField } from '../text.ts';

// ---- Brands (the console contract global-settings/brand-setting: name (publisher), logo, favicon,
// pageBackgroundColor, buttonColor, buttonFontColor, associated custom domain; docs/product.md "Brands") ----

export const BRAND_NAME_MAX = 60;
/** "Brand and site image is at most 2 MB." */
export const BRAND_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** "Favicon recommended 100x100." */
export const FAVICON_RECOMMENDED_PX = 100;
export const BRAND_IMAGE_KINDS = ['logo', 'favicon'] as const;
export type BrandImageKind = (typeof BRAND_IMAGE_KINDS)[number];

const colorField = textField('color_invalid').regex(/^#[0-9a-fA-F]{6}$/, 'color_invalid');

export const brandNameField = textField('brand_name_required')
  .trim()
  .min(1, 'brand_name_required')
  .max(BRAND_NAME_MAX, 'brand_name_too_long');
export const brandIdField = z.uuid({ error: 'brand_not_found' });

/** An image as the brand screen sends it: a JPG or PNG in base64, checked by its bytes on the server. */
export const brandImageBody = z.strictObject({
  kind: z.enum(BRAND_IMAGE_KINDS, { error: 'illegal_input' }),
  image: textField('image_file_invalid').max(3_000_000, 'image_too_large'),
});

const brandFields = {
  name: brandNameField,
  /** Files returned by the image upload (brandImageBody); null for none. */
  logo: textField().max(80).nullable(),
  favicon: textField().max(80).nullable(),
  pageBackgroundColor: colorField,
  buttonColor: colorField,
  buttonFontColor: colorField,
  /** "Brands require a custom domain": one of the account's domains, each with at most one brand. */
  domainId: z.uuid({ error: 'brand_domain_required' }),
};
export const addBrandBody = z.strictObject(brandFields);
/** What the brand screen saves, in both its add and edit bodies. */
export type BrandInput = z.infer<typeof addBrandBody>;
export const editBrandBody = z.strictObject({ id: brandIdField, ...brandFields });
export const brandIdBody = z.strictObject({ id: brandIdField });

// Answers: plain shapes, checked and not transformed.

export const brandImageData = z.object({ file: z.string(), url: z.string() });

export const brandData = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  logoUrl: z.string().nullable(),
  favicon: z.string().nullable(),
  faviconUrl: z.string().nullable(),
  pageBackgroundColor: z.string(),
  buttonColor: z.string(),
  buttonFontColor: z.string(),
  domainId: z.string().nullable(),
  /** The domain's name (punycode), null when the domain was removed. */
  domain: z.string().nullable(),
  /** Seconds since the epoch. */
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Brand = z.infer<typeof brandData>;

export const brandListData = z.object({
  list: z.array(brandData),
  /** False when the plan lacks canUseBranding. */
  allowed: z.boolean(),
  /** The plan's cap on brands. */
  cap: z.number().int(),
});

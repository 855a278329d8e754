import { z } from 'zod';
import { textField } from '../text.ts';
import { EMAIL_PATTERN } from './common.ts';
import { submitLeadBody } from './forms.ts';

// ---- Sites (the console contract's "Site/channel", identified by brandChannelId: category pages, profile,
// contact info, home tab; calls "brand and brand-channel CRUD, home tab, categories, navigation") ----

export const SITE_NAME_MAX = 60;
export const SITE_DESCRIPTION_MAX = 2000;
export const SITE_URL_MAX = 2000;
export const NAVIGATION_MAX = 10;
export const NAVIGATION_LABEL_MAX = 40;
export const CATEGORY_NAME_MAX = 60;
export const CATEGORY_DESCRIPTION_MAX = 500;
export const CATEGORY_VIDEOS_MAX = 200;

export const THUMBNAIL_RATIOS = ['16:9', '9:16', '1:1', '4:3'] as const;
export const SITEMAP_PAGES = ['home', 'categories', 'videos'] as const;
/**
 * When a site asks for the viewer's email before a video (docs/product.md "Sites"): never, once per site
 * before the second video, or before every video.
 */
export const EMAIL_GATES = ['off', 'once', 'every'] as const;
export type EmailGate = (typeof EMAIL_GATES)[number];
/** A site's own images, beside its brand's: the banner over its home page and its square picture. */
export const SITE_IMAGE_KINDS = ['banner', 'picture'] as const;
export type SiteImageKind = (typeof SITE_IMAGE_KINDS)[number];
/** "A site picture is at least 98x98 pixels." */
export const SITE_PICTURE_MIN_PX = 98;

/**
 * The networks of the contact info ("LinkedIn, YouTube, TikTok, Meta/Facebook, X, Pinterest, Telegram,
 * Instagram"), each with the hosts its own links live on: a link elsewhere is not that network's page.
 * A host matches itself and its subdomains (www.linkedin.com, m.youtube.com).
 */
export const SOCIAL_HOSTS = {
  linkedin: ['linkedin.com'],
  youtube: ['youtube.com', 'youtu.be'],
  tiktok: ['tiktok.com'],
  facebook: ['facebook.com', 'fb.com'],
  x: ['x.com', 'twitter.com'],
  pinterest: [/^(?:[a-z0-9-]+\.)*pinterest\.(?:[a-z]{2,3}|co\.[a-z]{2}|com\.[a-z]{2})$/],
  telegram: ['t.me', 'telegram.me'],
  instagram: ['instagram.com'],
} as const satisfies Record<string, readonly (string | RegExp)[]>;
export type SocialNetwork = keyof typeof SOCIAL_HOSTS;

/** The URL as parsed when it is http(s) (https only when `httpsOnly`), else null: javascript:, data: and the rest are refused. */
export function webUrl(value: string, httpsOnly = false): URL | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const schemes = httpsOnly ? ['https:'] : ['https:', 'http:'];
  if (!schemes.includes(url.protocol) || !url.hostname || url.username || url.password) return null;
  return url;
}

const onHosts = (url: URL, hosts: readonly (string | RegExp)[]) => {
  const host = url.hostname.toLowerCase();
  return hosts.some((allowed) =>
    typeof allowed === 'string' ? host === allowed || host.endsWith(`.${allowed}`) : allowed.test(host),
  );
};

const urlText = () =>
  textField('site_url_invalid').trim().min(1, 'site_url_invalid').max(SITE_URL_MAX, 'site_url_invalid');

const webUrlField = urlText().refine((value) => webUrl(value) !== null, 'site_url_invalid');
const socialField = (network: SocialNetwork) =>
  urlText().refine((value) => {
    const url = webUrl(value);
    return url !== null && onHosts(url, SOCIAL_HOSTS[network]);
  }, 'site_social_invalid');

export const siteNameField = textField('site_name_required')
  .trim()
  .min(1, 'site_name_required')
  .max(SITE_NAME_MAX, 'site_name_too_long');
export const siteDescriptionField = textField().max(SITE_DESCRIPTION_MAX, 'site_description_too_long');
export const siteIdField = z.uuid({ error: 'site_not_found' });
export const categoryIdField = z.uuid({ error: 'category_not_found' });

/** Contact info: each link null for none. */
export const siteContact = z.strictObject({
  officialSite: webUrlField.nullable(),
  email: textField('email_invalid').trim().max(254, 'email_too_long').regex(EMAIL_PATTERN, 'email_invalid').nullable(),
  linkedin: socialField('linkedin').nullable(),
  youtube: socialField('youtube').nullable(),
  tiktok: socialField('tiktok').nullable(),
  facebook: socialField('facebook').nullable(),
  x: socialField('x').nullable(),
  pinterest: socialField('pinterest').nullable(),
  telegram: socialField('telegram').nullable(),
  instagram: socialField('instagram').nullable(),
});
export type SiteContact = z.infer<typeof siteContact>;

export const siteProfile = z.strictObject({
  name: siteNameField,
  description: siteDescriptionField,
  /** Files returned by the image upload (siteImageBody); null for none. */
  banner: textField().max(80).nullable(),
  picture: textField().max(80).nullable(),
  contact: siteContact,
});
export type SiteProfileInput = z.infer<typeof siteProfile>;

/** "Home tab with For You recommendation and thumbnail ratio." */
export const siteHome = z.strictObject({
  forYou: z.boolean({ error: 'illegal_input' }),
  thumbnailRatio: z.enum(THUMBNAIL_RATIOS, { error: 'illegal_input' }),
  emailGate: z.enum(EMAIL_GATES, { error: 'illegal_input' }).default('off'),
});
export type SiteHome = z.infer<typeof siteHome>;

/** Whether search engines may index the site, and which kinds of page its sitemap lists. */
export const siteSitemap = z.strictObject({
  indexed: z.boolean({ error: 'illegal_input' }),
  pages: z
    .array(z.enum(SITEMAP_PAGES, { error: 'illegal_input' }))
    .max(SITEMAP_PAGES.length, 'illegal_input')
    .refine((pages) => new Set(pages).size === pages.length, 'illegal_input'),
});
export type SiteSitemap = z.infer<typeof siteSitemap>;

export const navigationTarget = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('category'), categoryId: categoryIdField }),
    z.strictObject({ kind: z.literal('official') }),
    z.strictObject({
      kind: z.literal('url'),
      url: urlText().refine((value) => webUrl(value, true) !== null, 'navigation_url_invalid'),
    }),
  ],
  { error: 'illegal_input' },
);
export const navigationLink = z.strictObject({
  label: textField('navigation_label_required')
    .trim()
    .min(1, 'navigation_label_required')
    .max(NAVIGATION_LABEL_MAX, 'navigation_label_too_long'),
  target: navigationTarget,
});
export type NavigationLink = z.infer<typeof navigationLink>;
export const siteNavigation = z.array(navigationLink).max(NAVIGATION_MAX, 'navigation_too_many');

// Requests.

export const addSiteBody = z.strictObject({ brandId: z.uuid({ error: 'site_brand_required' }), profile: siteProfile });
export const siteIdBody = z.strictObject({ id: siteIdField });
/** An image as the site-info screen sends it: a JPG or PNG in base64, checked by its bytes on the server. */
export const siteImageBody = z.strictObject({
  kind: z.enum(SITE_IMAGE_KINDS, { error: 'illegal_input' }),
  image: textField('image_file_invalid').max(3_000_000, 'image_too_large'),
});
export const siteIdQuery = z.strictObject({ id: siteIdField });
export const saveSiteProfileBody = z.strictObject({ id: siteIdField, profile: siteProfile });
export const saveSiteHomeBody = z.strictObject({ id: siteIdField, home: siteHome });
export const saveSiteSitemapBody = z.strictObject({ id: siteIdField, sitemap: siteSitemap });
export const saveSiteNavigationBody = z.strictObject({ id: siteIdField, navigation: siteNavigation });

const categoryFields = {
  name: textField('category_name_required')
    .trim()
    .min(1, 'category_name_required')
    .max(CATEGORY_NAME_MAX, 'category_name_too_long'),
  description: textField().max(CATEGORY_DESCRIPTION_MAX, 'category_description_too_long'),
  /** "A category with no video is not visible to viewers", whatever this says. */
  visible: z.boolean({ error: 'illegal_input' }),
  /** The account's own videos, in the order the category shows them. */
  videoIds: z
    .array(z.uuid({ error: 'video_invalid' }))
    .max(CATEGORY_VIDEOS_MAX, 'category_videos_too_many')
    .refine((ids) => new Set(ids).size === ids.length, 'category_videos_repeated'),
};
export const addCategoryBody = z.strictObject({ siteId: siteIdField, ...categoryFields });
export type CategoryInput = z.infer<z.ZodObject<typeof categoryFields>>;
export const editCategoryBody = z.strictObject({ id: categoryIdField, ...categoryFields });
export const categoryIdBody = z.strictObject({ id: categoryIdField });
/** Every category of the site, once each, in their new order. */
export const orderCategoriesBody = z.strictObject({
  siteId: siteIdField,
  ids: z.array(categoryIdField).max(1000, 'category_order_invalid'),
});

/** A viewer's email asked by a site's gate before a video (public.siteGate), kept as a lead of that video. */
export const siteGateBody = z.strictObject({
  siteId: siteIdField,
  videoId: z.uuid({ error: 'not_found' }),
  email: textField('email_invalid').trim().max(254, 'email_too_long').regex(EMAIL_PATTERN, 'email_invalid'),
  page: textField().max(2000, 'illegal_input'),
  referrer: textField().max(2000, 'illegal_input'),
  language: textField().max(35, 'illegal_input'),
  /** How long the gate was on screen before it was sent; people take seconds, scripts do not. */
  elapsedMs: z.number({ error: 'illegal_input' }).int('illegal_input').min(0, 'illegal_input'),
  /** A field people never see: anything in it was typed by a script. */
  website: textField().max(500, 'illegal_input'),
  viewerId: submitLeadBody.shape.viewerId,
  sessionId: submitLeadBody.shape.sessionId,
  captcha: textField().max(4096, 'illegal_input').optional(),
});

// Answers: plain shapes, checked and not transformed.

export const siteData = z.object({
  id: z.string(),
  /** Null once the brand is deleted: the site stays at its /sites/ address, without a brand's look or domain. */
  brandId: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  banner: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  picture: z.string().nullable(),
  pictureUrl: z.string().nullable(),
  contact: z.object({
    officialSite: z.string().nullable(),
    email: z.string().nullable(),
    linkedin: z.string().nullable(),
    youtube: z.string().nullable(),
    tiktok: z.string().nullable(),
    facebook: z.string().nullable(),
    x: z.string().nullable(),
    pinterest: z.string().nullable(),
    telegram: z.string().nullable(),
    instagram: z.string().nullable(),
  }),
  home: z.object({ forYou: z.boolean(), thumbnailRatio: z.enum(THUMBNAIL_RATIOS), emailGate: z.enum(EMAIL_GATES) }),
  sitemap: z.object({ indexed: z.boolean(), pages: z.array(z.enum(SITEMAP_PAGES)) }),
  navigation: z.array(
    z.object({
      label: z.string(),
      target: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('category'), categoryId: z.string() }),
        z.object({ kind: z.literal('official') }),
        z.object({ kind: z.literal('url'), url: z.string() }),
      ]),
    }),
  ),
  /** Seconds since the epoch. */
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Site = z.infer<typeof siteData>;

export const siteListData = z.object({
  list: z.array(siteData),
  /** False when the plan lacks canUseChannel. */
  allowed: z.boolean(),
  /** The plan's cap on sites. */
  cap: z.number().int(),
});

export const categoryData = z.object({
  id: z.string(),
  siteId: z.string(),
  name: z.string(),
  description: z.string(),
  visible: z.boolean(),
  order: z.number().int(),
  videoIds: z.array(z.string()),
});
export type Category = z.infer<typeof categoryData>;
export const categoryListData = z.object({ list: z.array(categoryData) });
export const siteImageData = z.object({ file: z.string(), url: z.string() });

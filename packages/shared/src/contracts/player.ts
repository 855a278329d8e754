import { z } from 'zod';
import { videoIdField } from './videos.ts';

// ---- Video settings: basic-setting, the SEO page (spec §2 /video-setting/{videoId}/basic-setting) ----

export const SEO_TITLE_MAX = 100;
export const SEO_DESCRIPTION_MAX = 5000;
export const SEO_KEYWORDS_MAX = 20;
export const SEO_KEYWORD_MAX = 50;
export const SLUG_MIN = 3;
export const SLUG_MAX = 80;
/** Lower-case words joined by single hyphens: readable in a link and safe in any path. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const slugField = z
  .string({ error: 'slug_invalid' })
  .trim()
  .toLowerCase()
  .max(SLUG_MAX, 'slug_invalid')
  .refine((slug) => slug === '' || (slug.length >= SLUG_MIN && SLUG_PATTERN.test(slug)), 'slug_invalid');

export const seoPageFields = z.strictObject({
  /** The watch page's title; empty means the video's name. */
  title: z.string({ error: 'illegal_input' }).trim().max(SEO_TITLE_MAX, 'seo_title_too_long'),
  description: z.string({ error: 'illegal_input' }).trim().max(SEO_DESCRIPTION_MAX, 'seo_description_too_long'),
  keywords: z
    .array(
      z.string({ error: 'illegal_input' }).trim().min(1, 'illegal_input').max(SEO_KEYWORD_MAX, 'seo_keyword_too_long'),
      {
        error: 'illegal_input',
      },
    )
    .max(SEO_KEYWORDS_MAX, 'seo_keywords_too_many'),
  /** `/v/{slug}` besides `/v/{videoId}`; empty for none. Unique across the whole server. */
  slug: slugField,
  /** Whether search engines may index the watch page (false adds noindex and leaves it out of the sitemap). */
  indexable: z.boolean({ error: 'illegal_input' }),
});
export type SeoPageFields = z.infer<typeof seoPageFields>;

export const seoPageQuery = z.strictObject({ videoId: videoIdField });
export const saveSeoPageBody = seoPageFields.extend({ videoId: videoIdField });
export const seoPageData = seoPageFields.extend({
  videoId: z.string(),
  /** The watch page's public address, by slug when there is one. */
  watchUrl: z.string(),
  embedUrl: z.string(),
});
export type SeoPage = z.infer<typeof seoPageData>;

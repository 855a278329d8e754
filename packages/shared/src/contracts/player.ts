import { z } from 'zod';
import { textField } from '../text.ts';
import { EMAIL_PATTERN } from './common.ts';
import { videoIdField } from './videos.ts';

// ---- Video settings: basic-setting, the SEO page (the console contract /video-setting/{videoId}/basic-setting) ----

export const SEO_TITLE_MAX = 100;
export const SEO_DESCRIPTION_MAX = 5000;
export const SEO_KEYWORDS_MAX = 20;
export const SEO_KEYWORD_MAX = 50;
export const SLUG_MIN = 3;
export const SLUG_MAX = 80;
/** Lower-case words joined by single hyphens: readable in a link and safe in any path. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const slugField = textField('slug_invalid')
  .trim()
  .toLowerCase()
  .max(SLUG_MAX, 'slug_invalid')
  .refine((slug) => slug === '' || (slug.length >= SLUG_MIN && SLUG_PATTERN.test(slug)), 'slug_invalid');

export const SOURCE_URL_MAX = 2000;

/** An address a page may link to: http or https with a dotted host (never javascript:, data: or a bare word). */
export function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** The article a video was made from (docs/product.md "Blog-to-video", source article); empty for none. */
export const sourceUrlField = textField('seo_source_invalid')
  .trim()
  .max(SOURCE_URL_MAX, 'seo_source_invalid')
  .refine((text) => text === '' || isWebAddress(text), 'seo_source_invalid');

export const seoPageFields = z.strictObject({
  /** The watch page's title; empty means the video's name. */
  title: textField().trim().max(SEO_TITLE_MAX, 'seo_title_too_long'),
  description: textField().trim().max(SEO_DESCRIPTION_MAX, 'seo_description_too_long'),
  keywords: z
    .array(textField().trim().min(1, 'illegal_input').max(SEO_KEYWORD_MAX, 'seo_keyword_too_long'), {
      error: 'illegal_input',
    })
    .max(SEO_KEYWORDS_MAX, 'seo_keywords_too_many'),
  /** `/v/{slug}` besides `/v/{videoId}`; empty for none. Unique across the whole server. */
  slug: slugField,
  /** Whether search engines may index the watch page (false adds noindex and leaves it out of the sitemap). */
  indexable: z.boolean({ error: 'illegal_input' }),
  /**
   * The source article's address, linked from the watch page. A save without it keeps the stored one, so a
   * caller written before it existed does not erase it.
   */
  sourceUrl: sourceUrlField.optional(),
});
export type SeoPageFields = z.infer<typeof seoPageFields>;

export const seoPageQuery = z.strictObject({ videoId: videoIdField });
export const saveSeoPageBody = seoPageFields.extend({ videoId: videoIdField });
export const seoPageData = seoPageFields.extend({
  sourceUrl: z.string(),
  videoId: z.string(),
  /** The cover the owner uploaded for the watch page and its shared card; null for the video's own poster. */
  coverUrl: z.string().nullable(),
  /** The watch page's public address, by slug when there is one. */
  watchUrl: z.string(),
  embedUrl: z.string(),
});
export type SeoPage = z.infer<typeof seoPageData>;
/** A cover image as the browser read it, base64 (JPEG or PNG, at most 2 MB once decoded); null removes it. */
export const coverUploadBody = z.strictObject({
  videoId: videoIdField,
  image: textField('cover_file_invalid')
    .max(Math.ceil((2 * 1024 * 1024) / 3) * 4 + 4, 'cover_too_large')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'cover_file_invalid')
    .nullable(),
});

// ---- Video settings: whatsapp, telephone and email buttons (the console contract /video-setting/{videoId}/...) ----

export const CONTACT_KINDS = ['whatsapp', 'telephone', 'email'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];
export const BUTTON_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export const CONTACT_LABEL_MAX = 30;
export const WHATSAPP_MESSAGE_MAX = 500;
export const EMAIL_SUBJECT_MAX = 200;
/** The longest video we take is 10 hours; a button's times are seconds within it. */
export const MAX_VIDEO_SECONDS = 36_000;

/**
 * A phone or WhatsApp number in international form (E.164: +, country code, at most 15 digits); spaces,
 * dots, hyphens and brackets as people write them are dropped. Empty while the button is off.
 */
export const internationalNumberField = textField('phone_invalid')
  .transform((text) => text.replace(/[\s().-]/g, ''))
  .refine((number) => number === '' || /^\+[1-9]\d{6,14}$/.test(number), 'phone_invalid');

/** An email address for a mail button; empty while the button is off. */
const buttonAddressField = textField('email_invalid')
  .trim()
  .toLowerCase()
  .refine((address) => address === '' || (address.length <= 254 && EMAIL_PATTERN.test(address)), 'email_invalid');

const secondField = z
  .number({ error: 'illegal_input' })
  .int('illegal_input')
  .min(0, 'illegal_input')
  .max(MAX_VIDEO_SECONDS, 'illegal_input');

const buttonFields = {
  enabled: z.boolean({ error: 'illegal_input' }),
  /** The button's text; empty uses the player's own wording in the viewer's language. */
  label: textField().trim().max(CONTACT_LABEL_MAX, 'contact_label_too_long'),
  position: z.enum(BUTTON_POSITIONS, { error: 'illegal_input' }),
  /** Shown from this second of the video... */
  showFrom: secondField,
  /** ...until this one; null for the end. */
  showUntil: secondField.nullable(),
};

/** An enabled button needs its number or address; its times run forwards. */
function checkButton(target: 'number' | 'address') {
  return (
    setting: { enabled: boolean; showFrom: number; showUntil: number | null } & Record<string, unknown>,
    context: z.RefinementCtx,
  ) => {
    if (setting.enabled && setting[target] === '') {
      context.addIssue({
        code: 'custom',
        message: target === 'number' ? 'phone_invalid' : 'email_invalid',
        path: [target],
      });
    }
    if (setting.showUntil !== null && setting.showUntil <= setting.showFrom) {
      context.addIssue({ code: 'custom', message: 'contact_times', path: ['showUntil'] });
    }
  };
}

export const whatsappSetting = z
  .strictObject({
    ...buttonFields,
    number: internationalNumberField,
    message: textField().trim().max(WHATSAPP_MESSAGE_MAX, 'whatsapp_message_too_long'),
  })
  .superRefine(checkButton('number'));
export const telephoneSetting = z
  .strictObject({ ...buttonFields, number: internationalNumberField })
  .superRefine(checkButton('number'));
export const emailButtonSetting = z
  .strictObject({
    ...buttonFields,
    address: buttonAddressField,
    subject: textField().trim().max(EMAIL_SUBJECT_MAX, 'email_subject_too_long'),
  })
  .superRefine(checkButton('address'));
export type WhatsappSetting = z.infer<typeof whatsappSetting>;
export type TelephoneSetting = z.infer<typeof telephoneSetting>;
export type EmailButtonSetting = z.infer<typeof emailButtonSetting>;
export type ContactSettings = { whatsapp: WhatsappSetting; telephone: TelephoneSetting; email: EmailButtonSetting };

export const CONTACT_SCHEMAS = { whatsapp: whatsappSetting, telephone: telephoneSetting, email: emailButtonSetting };

/** A new video's buttons: off, bottom right, for the whole video, nothing filled in. */
export const DEFAULT_CONTACTS = {
  whatsapp: {
    enabled: false,
    label: '',
    position: 'bottom-right',
    showFrom: 0,
    showUntil: null,
    number: '',
    message: '',
  },
  telephone: { enabled: false, label: '', position: 'bottom-right', showFrom: 0, showUntil: null, number: '' },
  email: {
    enabled: false,
    label: '',
    position: 'bottom-right',
    showFrom: 0,
    showUntil: null,
    address: '',
    subject: '',
  },
} as const;

/** What each contact screen reads (plain shapes: the answer is checked, not transformed again). */
const buttonData = {
  enabled: z.boolean(),
  label: z.string(),
  position: z.enum(BUTTON_POSITIONS),
  showFrom: z.number(),
  showUntil: z.number().nullable(),
};
export const whatsappData = z.object({ ...buttonData, number: z.string(), message: z.string() });
export const telephoneData = z.object({ ...buttonData, number: z.string() });
export const emailButtonData = z.object({ ...buttonData, address: z.string(), subject: z.string() });

/** Each contact screen's body: the video and its setting. */
export const saveWhatsappBody = z.strictObject({ videoId: videoIdField, setting: whatsappSetting });
export const saveTelephoneBody = z.strictObject({ videoId: videoIdField, setting: telephoneSetting });
export const saveEmailButtonBody = z.strictObject({ videoId: videoIdField, setting: emailButtonSetting });
export const contactQuery = z.strictObject({ videoId: videoIdField });

// ---- Clicks on the player's buttons (recorded for leads and analytics) ----

export const CLICK_KINDS = ['whatsapp', 'telephone', 'email', 'widget', 'action'] as const;
export type ClickKind = (typeof CLICK_KINDS)[number];

/**
 * The anonymous viewer id the player keeps per account (the lead timeline joins a viewer's clicks to their
 * lead by it): an opaque random token. A malformed one is dropped rather than refused, so a viewer's click
 * or lead is never lost over a browser's corrupted storage; the row is then only not linked.
 */
export const VIEWER_ID = /^[A-Za-z0-9_-]{16,64}$/;
export const viewerIdField = textField()
  .regex(VIEWER_ID)
  .optional()
  .catch(() => undefined);

export const contactClickBody = z.strictObject({
  videoId: videoIdField,
  kind: z.enum(CLICK_KINDS, { error: 'illegal_input' }),
  /** Second of the video when clicked. */
  second: z.number({ error: 'illegal_input' }).min(0, 'illegal_input').max(MAX_VIDEO_SECONDS, 'illegal_input'),
  /** The page the player was on (the customer's page for an embed), and where the viewer came from. */
  page: textField().max(2000, 'illegal_input'),
  referrer: textField().max(2000, 'illegal_input'),
  viewerId: viewerIdField,
  /** The player's viewing (its analytics session): the click counts in it. Dropped when malformed. */
  sessionId: viewerIdField,
});

// ---- Embed config: the websites where the account's embeds may play (optional) ----

export const EMBED_DOMAINS_MAX = 50;
const HOST =
  /^(\*\.)?(localhost|([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}|\d{1,3}(?:\.\d{1,3}){3})(:\d{1,5})?$/;

/** A website as people paste it (https://www.example.com/page) kept as its host (www.example.com). */
export const embedDomainField = textField('embed_domain_invalid')
  .trim()
  .toLowerCase()
  .transform((text) => text.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/[/?#].*$/, ''))
  .refine((host) => host.length <= 255 && HOST.test(host), 'embed_domain_invalid');

export const embedConfigBody = z.strictObject({
  domains: z.array(embedDomainField, { error: 'illegal_input' }).max(EMBED_DOMAINS_MAX, 'embed_domains_too_many'),
});
export const embedConfigData = z.object({ domains: z.array(z.string()) });

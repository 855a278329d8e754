import { z } from 'zod';
import { textField } from '../text.ts';
import { BUTTON_POSITIONS, MAX_VIDEO_SECONDS } from './player.ts';
import { videoIdField } from './videos.ts';

// ---- What the viewer sees besides the contact buttons: branding, the call to action, the contact widget
// and the share networks (the console contract /video-setting/{videoId}/branding, super-action, widget, share) ----

export const URL_MAX = 2000;
/** A link the viewer may follow: http or https only (never javascript:, data: or a bare word). */
export const httpUrlField = textField('url_invalid')
  .trim()
  .max(URL_MAX, 'url_invalid')
  .refine((text) => {
    if (text === '') return true;
    try {
      const url = new URL(text);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
    } catch {
      return false;
    }
  }, 'url_invalid');

/** A colour as #rrggbb (what colour pickers give); #rgb is widened, letters kept lower case. */
export const hexColorField = textField('color_invalid')
  .trim()
  .toLowerCase()
  .transform((text) => (/^#[0-9a-f]{3}$/.test(text) ? `#${[...text.slice(1)].map((c) => c + c).join('')}` : text))
  .refine((text) => /^#[0-9a-f]{6}$/.test(text), 'color_invalid');

const secondField = z
  .number({ error: 'illegal_input' })
  .int('illegal_input')
  .min(0, 'illegal_input')
  .max(MAX_VIDEO_SECONDS, 'illegal_input');

/** A stored logo, named by the server when the image was uploaded. */
export const LOGO_FILE = /^logo-[a-z0-9]{16}\.(png|jpg)$/;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** Any image the server stored for a video's pages (its logo, its cover), as the media routes serve them. */
export const BRAND_FILE = /^(logo|cover)-[a-z0-9]{16}\.(png|jpg)$/;

export const brandingSetting = z.strictObject({
  /** The uploaded logo's file name (POST /vod/video/logo/upload answers it); null for none. */
  logo: textField('logo_invalid').regex(LOGO_FILE, 'logo_invalid').nullable(),
  logoPosition: z.enum(BUTTON_POSITIONS, { error: 'illegal_input' }),
  /** Where a click on the logo goes; empty for nowhere. */
  logoLink: httpUrlField,
  /** The progress bar, the play button and the focus rings. */
  playerColor: hexColorField,
  /** The player's buttons (contact, call to action), and their text. */
  buttonColor: hexColorField,
  fontColor: hexColorField,
});
export type BrandingSetting = z.infer<typeof brandingSetting>;
export const DEFAULT_BRANDING: BrandingSetting = {
  logo: null,
  logoPosition: 'top-left',
  logoLink: '',
  playerColor: '#1677ff',
  // White text on it passes WCAG AA (6.2:1); the console's own #1677ff would not (4.1:1).
  buttonColor: '#0958d9',
  fontColor: '#ffffff',
};
export const brandingData = z.object({
  logo: z.string().nullable(),
  logoPosition: z.enum(BUTTON_POSITIONS),
  logoLink: z.string(),
  playerColor: z.string(),
  buttonColor: z.string(),
  fontColor: z.string(),
  /** The logo's public address, for previews. */
  logoUrl: z.string().nullable(),
});
/** A logo image as the browser read it, base64 (JPEG or PNG, at most LOGO_MAX_BYTES once decoded). */
export const logoUploadBody = z.strictObject({
  videoId: videoIdField,
  image: textField('logo_file_invalid')
    .max(Math.ceil(LOGO_MAX_BYTES / 3) * 4 + 4, 'logo_too_large')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'logo_file_invalid'),
});
export const logoUploadData = z.object({ logo: z.string(), logoUrl: z.string() });

export const ACTION_STYLES = ['button', 'banner'] as const;
export const ACTION_TIMINGS = ['during', 'end'] as const;
export const ACTION_TEXT_MAX = 60;

/** The call to action (the console contract super-action): a button or a banner that links out, at set times or at the end. */
export const superActionSetting = z
  .strictObject({
    enabled: z.boolean({ error: 'illegal_input' }),
    style: z.enum(ACTION_STYLES, { error: 'illegal_input' }),
    text: textField().trim().max(ACTION_TEXT_MAX, 'action_text_too_long'),
    link: httpUrlField,
    /** Where a button sits (a banner runs along the bottom). */
    position: z.enum(BUTTON_POSITIONS, { error: 'illegal_input' }),
    timing: z.enum(ACTION_TIMINGS, { error: 'illegal_input' }),
    /** With timing "during": from this second until that one (null for the end). */
    showFrom: secondField,
    showUntil: secondField.nullable(),
  })
  .superRefine((setting, context) => {
    if (setting.enabled && setting.text === '') {
      context.addIssue({ code: 'custom', message: 'action_text_required', path: ['text'] });
    }
    if (setting.enabled && setting.link === '') {
      context.addIssue({ code: 'custom', message: 'url_invalid', path: ['link'] });
    }
    if (setting.timing === 'during' && setting.showUntil !== null && setting.showUntil <= setting.showFrom) {
      context.addIssue({ code: 'custom', message: 'contact_times', path: ['showUntil'] });
    }
  });
export type SuperActionSetting = z.infer<typeof superActionSetting>;
export const DEFAULT_SUPER_ACTION: SuperActionSetting = {
  enabled: false,
  style: 'button',
  text: '',
  link: '',
  position: 'bottom-left',
  timing: 'end',
  showFrom: 0,
  showUntil: null,
};
export const superActionData = z.object({
  enabled: z.boolean(),
  style: z.enum(ACTION_STYLES),
  text: z.string(),
  link: z.string(),
  position: z.enum(BUTTON_POSITIONS),
  timing: z.enum(ACTION_TIMINGS),
  showFrom: z.number(),
  showUntil: z.number().nullable(),
});

export const WIDGET_CHANNELS = ['whatsapp', 'telephone', 'email'] as const;
export const WIDGET_POSITIONS = ['bottom-left', 'bottom-right'] as const;
export const WIDGET_TITLE_MAX = 40;
export const WIDGET_MESSAGE_MAX = 200;

/** The floating contact-me widget (the console contract widget): one bubble that opens the chosen channels. */
export const widgetSetting = z
  .strictObject({
    enabled: z.boolean({ error: 'illegal_input' }),
    title: textField().trim().max(WIDGET_TITLE_MAX, 'widget_title_too_long'),
    message: textField().trim().max(WIDGET_MESSAGE_MAX, 'widget_message_too_long'),
    channels: z
      .array(z.enum(WIDGET_CHANNELS, { error: 'illegal_input' }), { error: 'illegal_input' })
      .max(WIDGET_CHANNELS.length, 'illegal_input')
      .refine((channels) => new Set(channels).size === channels.length, 'illegal_input'),
    position: z.enum(WIDGET_POSITIONS, { error: 'illegal_input' }),
  })
  .superRefine((setting, context) => {
    if (setting.enabled && setting.channels.length === 0) {
      context.addIssue({ code: 'custom', message: 'widget_channels_required', path: ['channels'] });
    }
  });
export type WidgetSetting = z.infer<typeof widgetSetting>;
export const DEFAULT_WIDGET: WidgetSetting = {
  enabled: false,
  title: '',
  message: '',
  channels: [],
  position: 'bottom-right',
};
export const widgetData = z.object({
  enabled: z.boolean(),
  title: z.string(),
  message: z.string(),
  channels: z.array(z.enum(WIDGET_CHANNELS)),
  position: z.enum(WIDGET_POSITIONS),
});

export const SHARE_NETWORKS = ['facebook', 'x', 'linkedin', 'whatsapp', 'telegram', 'pinterest', 'copy'] as const;
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];
/** Each network as it names itself, in every language: the console's share dialog and the player's links. */
export const SHARE_NETWORK_NAMES: Record<Exclude<ShareNetwork, 'copy'>, string> = {
  facebook: 'Facebook',
  x: 'X',
  linkedin: 'LinkedIn',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  pinterest: 'Pinterest',
};

/** Which share buttons the player and the watch page offer (the console contract share). */
export const shareSetting = z.strictObject({
  enabled: z.boolean({ error: 'illegal_input' }),
  networks: z
    .array(z.enum(SHARE_NETWORKS, { error: 'illegal_input' }), { error: 'illegal_input' })
    .max(SHARE_NETWORKS.length, 'illegal_input')
    .refine((networks) => new Set(networks).size === networks.length, 'illegal_input'),
});
export type ShareSetting = z.infer<typeof shareSetting>;
export const DEFAULT_SHARE: ShareSetting = { enabled: true, networks: ['facebook', 'x', 'linkedin', 'copy'] };
export const shareData = z.object({ enabled: z.boolean(), networks: z.array(z.enum(SHARE_NETWORKS)) });

/** The four screens by their column, with their bodies. */
export const saveBrandingBody = z.strictObject({ videoId: videoIdField, setting: brandingSetting });
export const saveSuperActionBody = z.strictObject({ videoId: videoIdField, setting: superActionSetting });
export const saveWidgetBody = z.strictObject({ videoId: videoIdField, setting: widgetSetting });
export const saveShareBody = z.strictObject({ videoId: videoIdField, setting: shareSetting });

export type OverlaySettings = {
  branding: BrandingSetting;
  superAction: SuperActionSetting;
  widget: WidgetSetting;
  share: ShareSetting;
};
export type OverlayKind = keyof OverlaySettings;
/** What each overlay screen reads back: its setting, branding with its logo's address added. */
export type OverlayData = Omit<OverlaySettings, 'branding'> & { branding: z.infer<typeof brandingData> };
export const DEFAULT_OVERLAYS: OverlaySettings = {
  branding: DEFAULT_BRANDING,
  superAction: DEFAULT_SUPER_ACTION,
  widget: DEFAULT_WIDGET,
  share: DEFAULT_SHARE,
};

// ---- kit-clone: copy chosen settings from one video to many (the console contract kit-clone) ----

/**
 * What can be copied; the SEO page goes without its title and link name, which belong to one video, and
 * subtitles replace the target's tracks.
 */
export const CLONE_PARTS = [
  'seo',
  'branding',
  'whatsapp',
  'telephone',
  'email',
  'widget',
  'superAction',
  'share',
  'subtitles',
  'form',
] as const;
export type ClonePart = (typeof CLONE_PARTS)[number];
export const CLONE_TARGETS_MAX = 100;
export const kitCloneBody = z.strictObject({
  videoId: videoIdField,
  targetVideoIds: z
    .array(videoIdField, { error: 'illegal_input' })
    .min(1, 'clone_targets_required')
    .max(CLONE_TARGETS_MAX, 'clone_targets_too_many'),
  parts: z
    .array(z.enum(CLONE_PARTS, { error: 'illegal_input' }), { error: 'illegal_input' })
    .min(1, 'clone_parts_required')
    .max(CLONE_PARTS.length, 'illegal_input'),
});
export const kitCloneData = z.object({ copied: z.number() });

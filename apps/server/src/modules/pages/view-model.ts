import type { Corner, InquiryForm } from '@leadreel/shared';
import type { SiteBrand } from '../../site/site.ts';
import type { FormChallenge } from '../leads/captcha.ts';

/** What a public page shows of a video; every text is the owner's and is escaped where it is written. */
export type PublicVideo = {
  id: string;
  title: string;
  description: string;
  keywords: string[];
  indexable: boolean;
  /** The article the video was made from (an http or https address), or null. */
  sourceUrl: string | null;
  /** Absolute URLs (canonical, cards, JSON-LD). */
  watchUrl: string;
  embedUrl: string;
  posterUrl: string | null;
  /** Same-origin path of the poster, for the page's own <img> (CSP img-src 'self' whatever host was used). */
  posterPath: string | null;
  /** Same-origin path of the 640-wide thumbnail, offered to small players through srcset. */
  thumbnailPath: string | null;
  /**
   * The poster as AVIF and WebP at the widths the pipeline made (modules/videos/poster-set.ts), same-origin
   * paths, for the facade's <picture>; empty with the owner's cover and for videos made before the set.
   */
  posterSources: PosterSource[];
  /** Same-origin path of the scrubbing storyboard (WebVTT). */
  storyboardPath: string | null;
  thumbnailUrl: string | null;
  /** Same-origin path of the HLS master. */
  hlsPath: string;
  hlsUrl: string;
  durationSec: number | null;
  width: number;
  height: number;
  uploadedAt: Date;
  /** Who publishes the page: the brand's name on a branded domain, else the installation's. */
  brand: string;
  /** The origin of the site the page is shown on. */
  publicUrl: string;
  /** The look of the brand whose domain the page is on, or null. */
  site: SiteBrand | null;
  /** The contact buttons that are on, with their links already built (wa.me, tel:, mailto:). */
  contacts: PublicContact[];
  /** Sites where the account's embeds may play; empty for anywhere. */
  embedDomains: string[];
  /** The owner's look (paid plans); null for LeadReel's. */
  branding: PublicBranding | null;
  /** Whether the "powered by" mark shows (it goes with the account's own branding). */
  showMark: boolean;
  action: PublicAction | null;
  widget: PublicWidget | null;
  /** Share links in the player and on the watch page, built here; empty when sharing is off. */
  share: PublicShare[];
  /** Subtitle tracks, the default first. */
  tracks: { src: string; lang: string; label: string; isDefault: boolean }[];
  /** Dubbed languages, offered as audio languages beside the original's (modules/speech). */
  dubs: { lang: string; label: string }[];
  /** The audio language the player starts in (the page's `?hl=`), null for the original. */
  audioLang: string | null;
  /** The default (else first) track's cues, shown as the transcript. */
  transcript: { start: number; text: string }[];
  /** The inquiry form, when it is on. */
  form: PublicForm | null;
  /** Who the player's anonymous viewer id belongs to (see viewerScope): one id per account in a browser. */
  viewerScope: string;
  /** The owner's privacy mode: the player keeps nothing in the viewer's browser (no viewer id). */
  privacyMode: boolean;
};

export type PosterSource = { type: 'image/avif' | 'image/webp'; files: { path: string; width: number }[] };

export type PublicForm = Omit<InquiryForm, 'enabled'> & {
  /** Who a "once per viewer" remembers: a hash of the account, the same on all its videos. */
  scope: string;
  /** The installation's challenge the form asks viewers to pass (CAPTCHA_PROVIDER), or none. */
  challenge: FormChallenge | null;
};

export type PublicBranding = {
  logoPath: string | null;
  logoPosition: Corner;
  logoLink: string;
  playerColor: string;
  buttonColor: string;
  fontColor: string;
};

export type PublicAction = {
  style: 'button' | 'banner';
  text: string;
  href: string;
  position: Corner;
  /** null from/until with atEnd: shown when the video ends. */
  from: number;
  until: number | null;
  atEnd: boolean;
};

export type PublicWidget = {
  title: string;
  message: string;
  position: 'bottom-left' | 'bottom-right';
  links: PublicContact[];
};

export type PublicShare = { network: string; href: string };

export type PublicContact = {
  kind: 'whatsapp' | 'telephone' | 'email';
  href: string;
  /** The owner's text, or empty for the player's own words in the viewer's language. */
  label: string;
  position: 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';
  from: number;
  until: number | null;
};

export type { PageLanguage } from '../../site/language.ts';

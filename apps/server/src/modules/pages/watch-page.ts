import {
  CORNERS,
  type Corner,
  type FormField,
  type InquiryForm,
  PLAYER_CORNERS,
  type SlotItem,
  stackCorners,
} from '@leadreel/shared';
import { WATCH_PAGE_TEXT } from '@leadreel/shared/viewer-text/watch-page';
import { cspHash, escapeHtml, isoDuration, jsonForScript } from './html.ts';
import type { PlayerAssets } from './player-assets.ts';

/** What a public page shows of a video; every text is the owner's and is escaped where it is written. */
export type PublicVideo = {
  id: string;
  title: string;
  description: string;
  keywords: string[];
  indexable: boolean;
  /** Absolute URLs (canonical, cards, JSON-LD). */
  watchUrl: string;
  embedUrl: string;
  posterUrl: string | null;
  /** Same-origin path of the poster, for the page's own <img> (CSP img-src 'self' whatever host was used). */
  posterPath: string | null;
  /** Same-origin path of the 640-wide thumbnail, offered to small players through srcset. */
  thumbnailPath: string | null;
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
  brand: string;
  publicUrl: string;
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
  /** The default (else first) track's cues, shown as the transcript. */
  transcript: { start: number; text: string }[];
  /** The inquiry form, when it is on. */
  form: PublicForm | null;
  /** Who the player's anonymous viewer id belongs to (see viewerScope): one id per account in a browser. */
  viewerScope: string;
};

export type PublicForm = Omit<InquiryForm, 'enabled'> & {
  /** Who a "once per viewer" remembers: a hash of the account, the same on all its videos. */
  scope: string;
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

export type PageLanguage = 'en' | 'zh-CN';

const TEXTS = WATCH_PAGE_TEXT satisfies Record<PageLanguage, unknown>;

/** One contact link: the owner's words or ours, opening outside the frame, recorded by the player. */
function contactLink(contact: PublicContact, lang: PageLanguage, className: string, recordAs?: string): string {
  const label = contact.label || TEXTS[lang][contact.kind];
  const external = contact.kind === 'whatsapp' ? ' target="_blank" rel="noopener"' : ' target="_top"';
  return `<a class="${className} lr-${contact.kind}" href="${escapeHtml(contact.href)}"${external} data-lr-contact="${recordAs ?? contact.kind}" data-from="${contact.from}" data-until="${contact.until ?? ''}">${escapeHtml(label)}</a>`;
}

/** The call to action: a button in its corner or a banner along the bottom, at its times or at the end. */
function actionLink(action: PublicAction, className: string): string {
  return `<a class="${className}" href="${escapeHtml(action.href)}" target="_blank" rel="noopener" data-lr-contact="action" data-from="${action.from}" data-until="${action.until ?? ''}"${action.atEnd ? ' data-at-end' : ''}>${escapeHtml(action.text)}</a>`;
}

/** The floating contact-me widget: a <details> that opens the chosen channels, with or without script. */
function widgetMarkup(widget: PublicWidget, lang: PageLanguage): string {
  const t = TEXTS[lang];
  const links = widget.links
    .map((contact) => contactLink({ ...contact, from: 0, until: null }, lang, 'lr-widget-link', 'widget'))
    .join('');
  return `<details class="lr-widget lr-widget-${widget.position}"><summary>${escapeHtml(widget.title || t.widget)}</summary><div class="lr-widget-panel">${widget.message ? `<p>${escapeHtml(widget.message)}</p>` : ''}${links}</div></details>`;
}

/** Share links; "copy" is a button the player script brings to life (hidden without it). */
function shareLinks(video: PublicVideo, lang: PageLanguage, className: string): string {
  const t = TEXTS[lang];
  return video.share
    .map((item) =>
      item.network === 'copy'
        ? `<button type="button" class="${className} lr-share-copy" data-lr-copy="${escapeHtml(item.href)}" hidden>${escapeHtml(t.copy)}</button>`
        : `<a class="${className} lr-share-${item.network}" href="${escapeHtml(item.href)}" target="_blank" rel="noopener">${escapeHtml(SHARE_NAMES[item.network] ?? item.network)}</a>`,
    )
    .join('');
}

const SHARE_NAMES: Record<string, string> = {
  facebook: 'Facebook',
  x: 'X',
  linkedin: 'LinkedIn',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  pinterest: 'Pinterest',
};

/**
 * Everything over the video, each in its corner's slot (shared/contracts/slots.ts): contact buttons, the call
 * to action, the logo or the "powered by" mark, the widget and (in embeds) sharing; a banner along the
 * bottom; then the form over all of it.
 */
function overlay(video: PublicVideo, lang: PageLanguage, embedded: boolean): string {
  const t = TEXTS[lang];
  const things: { item: SlotItem; corner: Corner; html: string }[] = video.contacts.map((contact) => ({
    item: 'contact',
    corner: contact.position,
    html: contactLink(contact, lang, `lr-contact lr-pos-${contact.position}`),
  }));
  let banner = '';
  if (video.action?.style === 'banner') banner = actionLink(video.action, 'lr-action lr-action-banner');
  else if (video.action) {
    const corner = video.action.position;
    things.push({ item: 'action', corner, html: actionLink(video.action, `lr-action lr-contact lr-pos-${corner}`) });
  }
  const logo = video.branding?.logoPath;
  if (logo && video.branding) {
    const image = `<img src="${escapeHtml(logo)}" alt="${escapeHtml(t.logo)}" height="40">`;
    const position = `lr-logo lr-logo-${video.branding.logoPosition}`;
    things.push({
      item: 'logo',
      corner: video.branding.logoPosition,
      html: video.branding.logoLink
        ? `<a class="${position}" href="${escapeHtml(video.branding.logoLink)}" target="_blank" rel="noopener">${image}</a>`
        : `<span class="${position}">${image}</span>`,
    });
  }
  if (video.showMark) {
    things.push({
      item: 'mark',
      corner: PLAYER_CORNERS.mark,
      html: `<a class="lr-mark" href="${escapeHtml(video.publicUrl)}" target="_blank" rel="noopener">${escapeHtml(`${t.poweredBy} ${video.brand}`)}</a>`,
    });
  }
  if (video.widget)
    things.push({ item: 'widget', corner: video.widget.position, html: widgetMarkup(video.widget, lang) });
  if (embedded && video.share.length > 0) {
    things.push({
      item: 'share',
      corner: PLAYER_CORNERS.share,
      html: `<details class="lr-share"><summary>${escapeHtml(t.share)}</summary><div class="lr-share-panel">${shareLinks(video, lang, 'lr-share-link')}</div></details>`,
    });
  }
  const stacks = stackCorners(things);
  const slots = CORNERS.map(
    (corner) => `<div class="lr-slot lr-slot-${corner}">${stacks[corner].map((thing) => thing.html).join('')}</div>`,
  );
  return `<div class="lr-contacts">${slots.join('')}${banner}</div>${formMarkup(video, lang)}`;
}

const INPUT_TYPES: Partial<Record<FormField['kind'], string>> = { email: 'email', phone: 'tel' };
const AUTOCOMPLETE: Partial<Record<FormField['kind'], string>> = {
  name: 'name',
  email: 'email',
  phone: 'tel',
  company: 'organization',
  country: 'country-name',
};

/** One field of the form, labelled, with a place for the server's word on it. */
function formFieldMarkup(field: FormField): string {
  const id = escapeHtml(field.id);
  const label = escapeHtml(field.label);
  const required = field.required ? ' required' : '';
  const error = `<span class="lr-form-error" data-error-for="${id}" aria-live="polite"></span>`;
  if (field.kind === 'checkbox') {
    return `<label class="lr-form-check"><input type="checkbox" data-field="${id}" name="${id}"${required}> ${label}</label>${error}`;
  }
  if (field.kind === 'choice' || field.kind === 'multi') {
    const type = field.kind === 'choice' ? 'radio' : 'checkbox';
    const options = field.options
      .map(
        (option) =>
          `<label class="lr-form-check"><input type="${type}" data-field="${id}" name="${id}" value="${escapeHtml(option)}"${field.kind === 'multi' ? ' data-multi' : ''}> ${escapeHtml(option)}</label>`,
      )
      .join('');
    return `<fieldset class="lr-form-group"><legend>${label}${field.required ? ' *' : ''}</legend>${options}</fieldset>${error}`;
  }
  const placeholder = field.placeholder ? ` placeholder="${escapeHtml(field.placeholder)}"` : '';
  const control =
    field.kind === 'message' || field.kind === 'textarea'
      ? `<textarea data-field="${id}" name="${id}" rows="3" maxlength="5000"${placeholder}${required}></textarea>`
      : `<input type="${INPUT_TYPES[field.kind] ?? 'text'}" data-field="${id}" name="${id}" maxlength="${field.kind === 'email' ? 254 : 200}"${AUTOCOMPLETE[field.kind] ? ` autocomplete="${AUTOCOMPLETE[field.kind]}"` : ''}${placeholder}${required}>`;
  return `<label class="lr-form-field"><span>${label}${field.required ? ' *' : ''}</span>${control}</label>${error}`;
}

/** The inquiry form, hidden until the player shows it at its moment. */
function formMarkup(video: PublicVideo, lang: PageLanguage): string {
  const form = video.form;
  if (!form) return '';
  const t = TEXTS[lang];
  const data = [
    `data-video-id="${escapeHtml(video.id)}"`,
    `data-moment="${form.moment}"`,
    `data-second="${form.second}"`,
    `data-scope="${escapeHtml(form.scope)}"`,
    form.oncePerViewer ? 'data-once' : '',
    form.skippable ? 'data-skippable' : '',
    form.redirectUrl ? `data-redirect="${escapeHtml(form.redirectUrl)}"` : '',
    // The shared answer check's rules, so the player marks every problem before anything is sent.
    `data-rules="${escapeHtml(JSON.stringify(form.fields.map(({ id, kind, required, options }) => ({ id, kind, required, options }))))}"`,
  ]
    .filter(Boolean)
    .join(' ');
  return [
    `<form class="lr-form" hidden novalidate ${data} aria-labelledby="lr-form-title">`,
    '<div class="lr-form-body">',
    `<h2 id="lr-form-title">${escapeHtml(form.title || t.formTitle)}</h2>`,
    form.description ? `<p class="lr-form-description">${escapeHtml(form.description)}</p>` : '',
    form.fields.map(formFieldMarkup).join(''),
    `<div class="lr-form-trap" aria-hidden="true"><label>${escapeHtml(t.trap)} <input type="text" name="website" tabindex="-1" autocomplete="off"></label></div>`,
    '<p class="lr-form-status" aria-live="polite"></p>',
    `<div class="lr-form-actions"><button type="submit" class="lr-form-submit">${escapeHtml(form.submitText || t.send)}</button>`,
    form.skippable ? `<button type="button" class="lr-form-skip">${escapeHtml(t.skip)}</button>` : '',
    '</div></div>',
    `<p class="lr-form-thanks" hidden tabindex="-1">${escapeHtml(form.thanksMessage || t.thanks)}</p>`,
    '</form>',
  ].join('');
}

/** The owner's colours as the page's custom properties (checked as #rrggbb when saved). */
function brandingStyle(branding: PublicBranding | null, form: PublicForm | null): string {
  const hex = (value: string) => (/^#[0-9a-f]{6}$/.test(value) ? value : '#0958d9');
  const vars = [
    ...(branding
      ? [
          `--lr-accent:${hex(branding.playerColor)}`,
          `--lr-button:${hex(branding.buttonColor)}`,
          `--lr-button-text:${hex(branding.fontColor)}`,
        ]
      : []),
    ...(form ? [`--lr-submit:${hex(form.submitColor)}`] : []),
  ];
  return vars.length > 0 ? `\n:root{${vars.join(';')}}` : '';
}

/** The page's style and its CSP hash: the fixed sheet, and the owner's colours when there are some. */
export function pageStyle(video: PublicVideo | null): { css: string; hash: string } {
  const css = STYLE + brandingStyle(video?.branding ?? null, video?.form ?? null);
  return { css, hash: css === STYLE ? STYLE_HASH : cspHash(css) };
}

function clock(seconds: number): string {
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The viewer's language from Accept-Language: Chinese when it comes first among the two we speak. */
export function pageLanguage(acceptLanguage: string | undefined): PageLanguage {
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part) => part.trim().split(';')[0]?.toLowerCase() ?? '')
    .filter(Boolean);
  const first = tags.find((tag) => tag.startsWith('zh') || tag.startsWith('en'));
  return first?.startsWith('zh') ? 'zh-CN' : 'en';
}

// Fixed styles, allowed by their hash (no 'unsafe-inline'): nothing the owner writes can style the page.
const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans CJK SC",sans-serif;color:#1f1f1f;background:#fff}
.watch{max-width:960px;margin:0 auto;padding:16px}
.lr-player{position:relative;aspect-ratio:var(--ratio,16/9);background:#000;overflow:hidden;border-radius:8px}
.lr-player img,.lr-player video{position:absolute;inset:0;width:100%;height:100%;object-fit:contain;border:0}
.lr-play{position:absolute;left:50%;top:50%;width:72px;height:72px;margin:-36px 0 0 -36px;border:0;border-radius:50%;background:rgba(0,0,0,.65);cursor:pointer}
.lr-play:hover,.lr-play:focus-visible{background:var(--lr-accent,#1677ff);outline:3px solid #fff}
.lr-play svg{width:32px;height:32px;margin-left:4px;fill:#fff}
.lr-contacts{position:absolute;inset:0;z-index:2;display:grid;grid-template:auto minmax(0,1fr) auto auto/minmax(0,1fr) minmax(0,1fr);gap:0 8px;padding:10px;overflow:hidden;pointer-events:none}
.lr-has-controls .lr-contacts{bottom:52px}
.lr-slot{display:flex;flex-direction:column;gap:6px;min-width:0;align-self:start}.lr-slot>*{max-width:100%;pointer-events:auto}.lr-slot>.lr-unfit{display:none}
.lr-slot-top-left{grid-area:1/1;align-items:flex-start}.lr-slot-top-right{grid-area:1/2;align-items:flex-end}
.lr-slot-bottom-left{grid-area:3/1;flex-direction:column-reverse;align-items:flex-start;align-self:end}.lr-slot-bottom-right{grid-area:3/2;flex-direction:column-reverse;align-items:flex-end;align-self:end}
.lr-contact{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;padding:8px 14px;border-radius:20px;background:var(--lr-button,#0958d9);color:var(--lr-button-text,#fff);font-size:14px;font-weight:600;text-decoration:none;box-shadow:0 2px 6px rgba(0,0,0,.35)}
.lr-contact.lr-whatsapp,.watch-contact.lr-whatsapp{background:#15803d}
.lr-contact:focus-visible{outline:3px solid #fff}
.watch-contacts{display:flex;flex-wrap:wrap;gap:8px;margin:12px 0}
.watch-contact{padding:8px 16px;border-radius:20px;background:var(--lr-button,#0958d9);color:var(--lr-button-text,#fff);font-weight:600;text-decoration:none}
.lr-controls{position:absolute;left:0;right:0;bottom:0;display:flex;align-items:center;gap:6px;padding:24px 8px 6px;background:linear-gradient(transparent,rgba(0,0,0,.7));color:#fff;font-size:13px;transition:opacity .2s}
.lr-player video::-webkit-media-text-track-container{bottom:48px}
.lr-idle .lr-controls{opacity:0}.lr-idle{cursor:none}
.lr-button{flex:none;width:36px;height:36px;padding:6px;border:0;border-radius:4px;background:none;color:#fff;cursor:pointer}
.lr-button svg{width:24px;height:24px;fill:currentColor}
.lr-button:focus-visible,.lr-select:focus-visible,.lr-controls input:focus-visible{outline:2px solid #fff;outline-offset:1px}
.lr-time{flex:none;font-variant-numeric:tabular-nums;white-space:nowrap}
.lr-seek-wrap{position:relative;flex:1;min-width:60px;display:flex}
.lr-seek{width:100%;accent-color:var(--lr-accent,#1677ff);cursor:pointer}
.lr-volume{width:64px;accent-color:#fff}
.lr-select{flex:none;max-width:84px;height:28px;border:0;border-radius:4px;background:rgba(255,255,255,.15);color:#fff;font:inherit}
.lr-select option{color:#000}
.lr-preview{position:absolute;bottom:28px;display:none;min-width:40px;border:2px solid #fff;border-radius:4px;background:#000 no-repeat;box-shadow:0 2px 8px rgba(0,0,0,.5)}
.lr-preview.lr-visible{display:block}
.lr-preview-time{position:absolute;left:0;right:0;bottom:-1px;text-align:center;background:rgba(0,0,0,.6);font-size:12px}
@media (max-width:480px){.lr-volume,.lr-time,.lr-speed{display:none}}
.lr-mark{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;padding:2px 8px;border-radius:4px;background:rgba(0,0,0,.6);color:#fff;font-size:12px;text-decoration:none}
.lr-action-banner{grid-area:4/1/5/3;margin:6px -10px -10px;pointer-events:auto;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;padding:12px 16px;background:var(--lr-button,#0958d9);color:var(--lr-button-text,#fff);font-weight:600;text-align:center;text-decoration:none}
.lr-logo{display:block;line-height:0}.lr-logo img{position:static;width:auto;height:40px;max-width:min(160px,100%);object-fit:contain}
.lr-widget{position:relative;max-width:min(280px,100%);color:#1f1f1f;font-size:14px}
.lr-widget summary,.lr-share summary{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}.lr-widget summary{list-style:none;cursor:pointer;padding:10px 16px;border-radius:22px;background:var(--lr-button,#0958d9);color:var(--lr-button-text,#fff);font-weight:600;box-shadow:0 2px 6px rgba(0,0,0,.35)}
.lr-widget summary::-webkit-details-marker{display:none}
.lr-widget-panel{position:absolute;z-index:1;bottom:48px;min-width:200px;padding:12px;border-radius:8px;background:#fff;box-shadow:0 4px 16px rgba(0,0,0,.35)}.lr-widget-bottom-right .lr-widget-panel{right:0}
.lr-widget-panel p{margin:0 0 8px}.lr-widget-link{display:block;margin-top:6px;padding:8px 12px;border-radius:6px;background:#f0f5ff;color:#0b3d91;font-weight:600;text-decoration:none}
.lr-share{position:relative;max-width:100%;font-size:14px}
.lr-share summary{list-style:none;cursor:pointer;padding:6px 12px;border-radius:16px;background:rgba(0,0,0,.6);color:#fff}
.lr-share-panel{position:absolute;z-index:1;right:0;top:36px;display:flex;flex-direction:column;gap:4px;padding:8px;border-radius:8px;background:#fff;box-shadow:0 4px 16px rgba(0,0,0,.35)}
.lr-share-link{display:block;padding:6px 12px;border:0;border-radius:6px;background:none;color:#0b3d91;font:inherit;text-align:left;text-decoration:none;white-space:nowrap;cursor:pointer}
.watch-share{display:flex;flex-wrap:wrap;gap:8px;margin:12px 0}
.watch-share-link{padding:6px 14px;border:1px solid #d9d9d9;border-radius:16px;background:#fff;color:#1f1f1f;font:inherit;font-size:14px;text-decoration:none;cursor:pointer}
.transcript h2{font-size:18px;margin:24px 0 8px}.transcript ol{list-style:none;margin:0;padding:0;max-height:360px;overflow:auto}.transcript li{margin:4px 0}
.cue-time{display:inline-block;min-width:48px;color:#595959;font-variant-numeric:tabular-nums}
.lr-form{position:absolute;inset:0;z-index:3;overflow:auto;overscroll-behavior:contain;padding:12px 16px 0;background:rgba(16,16,16,.92);color:#fff;font-size:14px}
.lr-form-sheet{position:fixed;z-index:2147483000;background:#101010}
.lr-form-body{max-width:440px;margin:0 auto}.lr-form h2{margin:0 0 6px;font-size:18px}.lr-form-description{margin:0 0 12px;white-space:pre-line}
.lr-form-field{display:flex;flex-direction:column;gap:2px;margin-top:6px}.lr-form-field input,.lr-form-field textarea{width:100%;padding:6px 8px;border:1px solid #8c8c8c;border-radius:6px;font:inherit;color:#1f1f1f;background:#fff}
.lr-form-group{margin:8px 0 0;padding:0;border:0}.lr-form-group legend{padding:0;margin-bottom:4px}.lr-form-check{display:block;margin:4px 0}
.lr-form-error,.lr-form-status{display:block;color:#ffb4a9;min-height:0}.lr-form-status{margin:8px 0 0}
.lr-form-trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.lr-form-actions{position:sticky;bottom:0;display:flex;flex-wrap:wrap;gap:8px;margin-top:4px;padding:10px 0 12px;background:#101010;box-shadow:0 -8px 8px -8px rgba(0,0,0,.8)}.lr-form-submit{padding:10px 20px;border:0;border-radius:6px;background:var(--lr-submit,#0958d9);color:#fff;font:inherit;font-weight:600;cursor:pointer}
.lr-form-skip{padding:10px 16px;border:1px solid #fff;border-radius:6px;background:none;color:#fff;font:inherit;cursor:pointer}
.lr-form:not([hidden])~.lr-controls{visibility:hidden}
.lr-form-thanks{max-width:440px;margin:40px auto;font-size:18px;text-align:center}
h1{font-size:24px;line-height:1.3;margin:16px 0 8px;overflow-wrap:anywhere}
.description{white-space:pre-line;overflow-wrap:anywhere;color:#434343}
body.embed{background:#000}body.embed .lr-player{position:fixed;inset:0;aspect-ratio:auto;border-radius:0}`;
export const STYLE_HASH = cspHash(STYLE);

/** A strict CSP for the public pages: our own script and media, this page's fixed style, nothing inline. */
export function pageCsp(frameAncestors: string, styleHash = STYLE_HASH): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src ${styleHash}`,
    "img-src 'self' data:",
    "media-src 'self' blob:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

const PLAY_ICON = '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M8 5v14l11-7z"/></svg>';

/**
 * The poster at the size the player shows: the 640-wide thumbnail for embeds and phones, the poster (at most
 * 1280 wide) for larger players, so a small embed never downloads a large image.
 */
function posterSrcset(video: PublicVideo): string {
  if (!video.thumbnailPath || !video.posterPath || video.width <= 640) return '';
  const posterWidth = Math.min(1280, video.width - (video.width % 2));
  return ` srcset="${escapeHtml(video.thumbnailPath)} 640w, ${escapeHtml(video.posterPath)} ${posterWidth}w" sizes="(min-width: 992px) 960px, 100vw"`;
}

/**
 * The player's facade (lite-youtube-embed's idea): poster, title and a play button, no video engine until the
 * viewer presses play; /player/player.js then loads hls.js (or uses native HLS) in its place.
 */
function playerMarkup(video: PublicVideo, lang: PageLanguage, assets: PlayerAssets, embedded: boolean): string {
  const t = TEXTS[lang];
  const ratio = video.width > 0 && video.height > 0 ? `${video.width}/${video.height}` : '16/9';
  return [
    `<div class="lr-player" data-lr-player data-src="${escapeHtml(video.hlsPath)}" data-video-id="${escapeHtml(video.id)}" data-scope="${escapeHtml(video.viewerScope)}" data-ratio="${ratio}" data-controls="${escapeHtml(assets.controls)}"${video.storyboardPath ? ` data-storyboard="${escapeHtml(video.storyboardPath)}"` : ''}${video.tracks.length > 0 ? ` data-tracks="${escapeHtml(JSON.stringify(video.tracks))}"` : ''}>`,
    video.posterPath
      ? `<img src="${escapeHtml(video.posterPath)}"${posterSrcset(video)} alt="" width="${video.width || 1280}" height="${video.height || 720}" fetchpriority="high">`
      : '',
    `<button class="lr-play" type="button" aria-label="${escapeHtml(`${t.play}: ${video.title}`)}">${PLAY_ICON}</button>`,
    overlay(video, lang, embedded),
    '</div>',
  ].join('');
}

/** schema.org VideoObject (https://developers.google.com/search/docs/appearance/structured-data/video). */
export function videoObject(video: PublicVideo) {
  return {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: video.title,
    description: video.description || video.title,
    ...(video.thumbnailUrl || video.posterUrl ? { thumbnailUrl: [video.posterUrl ?? video.thumbnailUrl] } : {}),
    uploadDate: video.uploadedAt.toISOString(),
    ...(video.durationSec ? { duration: isoDuration(video.durationSec) } : {}),
    contentUrl: video.hlsUrl,
    embedUrl: video.embedUrl,
    ...(video.keywords.length > 0 ? { keywords: video.keywords.join(', ') } : {}),
    ...(video.width && video.height ? { width: video.width, height: video.height } : {}),
    ...(video.transcript.length > 0
      ? {
          transcript: video.transcript
            .map((cue) => cue.text)
            .join(' ')
            .slice(0, 20_000),
        }
      : {}),
  };
}

/** Below the title: the contact buttons and the call to action, as plain links. */
function watchContacts(video: PublicVideo, lang: PageLanguage): string {
  const links = video.contacts.map((contact) => contactLink(contact, lang, 'watch-contact'));
  if (video.action)
    links.push(actionLink({ ...video.action, from: 0, until: null, atEnd: false }, 'watch-contact watch-action'));
  if (links.length === 0) return '';
  return `<nav class="watch-contacts" aria-label="${escapeHtml(TEXTS[lang].contact)}">${links.join('')}</nav>`;
}

/** The default subtitles as readable text with their times, for viewers and search engines. */
function transcriptMarkup(video: PublicVideo, lang: PageLanguage): string {
  if (video.transcript.length === 0) return '';
  const lines = video.transcript
    .map((cue) => `<li><span class="cue-time">${clock(cue.start)}</span> ${escapeHtml(cue.text)}</li>`)
    .join('');
  return `<section class="transcript"><h2>${escapeHtml(TEXTS[lang].transcript)}</h2><ol>${lines}</ol></section>`;
}

/** The watch page, /v/{id} or /v/{slug}: everything readable without JavaScript. */
export function renderWatchPage(video: PublicVideo, lang: PageLanguage, assets: PlayerAssets): string {
  const title = escapeHtml(video.title);
  const description = escapeHtml(video.description || video.title);
  const embed = escapeHtml(video.embedUrl);
  const oembed = (format: string) =>
    escapeHtml(`${video.publicUrl}/oembed?url=${encodeURIComponent(video.watchUrl)}&format=${format}`);
  const width = video.width || 1280;
  const height = video.height || 720;
  const image = video.posterUrl ? escapeHtml(video.posterUrl) : null;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    // No icon of ours on an owner's page, and no request for /favicon.ico (a 404 logged in the console).
    '<link rel="icon" href="data:,">',
    `<title>${title}</title>`,
    `<meta name="description" content="${escapeHtml((video.description || video.title).slice(0, 300))}">`,
    video.keywords.length > 0 ? `<meta name="keywords" content="${escapeHtml(video.keywords.join(', '))}">` : '',
    `<link rel="canonical" href="${escapeHtml(video.watchUrl)}">`,
    video.indexable ? '' : '<meta name="robots" content="noindex">',
    `<link rel="alternate" type="application/json+oembed" href="${oembed('json')}" title="${title}">`,
    `<meta property="og:site_name" content="${escapeHtml(video.brand)}">`,
    '<meta property="og:type" content="video.other">',
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${escapeHtml(video.watchUrl)}">`,
    image ? `<meta property="og:image" content="${image}">` : '',
    `<meta property="og:video" content="${embed}">`,
    '<meta property="og:video:type" content="text/html">',
    `<meta property="og:video:width" content="${width}">`,
    `<meta property="og:video:height" content="${height}">`,
    '<meta name="twitter:card" content="player">',
    `<meta name="twitter:title" content="${title}">`,
    `<meta name="twitter:description" content="${description}">`,
    image ? `<meta name="twitter:image" content="${image}">` : '',
    `<meta name="twitter:player" content="${embed}">`,
    `<meta name="twitter:player:width" content="${width}">`,
    `<meta name="twitter:player:height" content="${height}">`,
    `<style>${pageStyle(video).css}</style>`,
    `<script type="application/ld+json">${jsonForScript(videoObject(video))}</script>`,
  ].filter(Boolean);
  return `<!doctype html>
<html lang="${lang}">
<head>
${head.join('\n')}
</head>
<body>
<main class="watch">
${playerMarkup(video, lang, assets, false)}
<h1>${title}</h1>
${video.description ? `<p class="description">${escapeHtml(video.description)}</p>` : ''}
${watchContacts(video, lang)}
${video.share.length > 0 ? `<nav class="watch-share" aria-label="${escapeHtml(TEXTS[lang].share)}">${shareLinks(video, lang, 'watch-share-link')}</nav>` : ''}
${transcriptMarkup(video, lang)}
</main>
<script src="${escapeHtml(assets.player)}" defer></script>
</body>
</html>
`;
}

/** The embed, /embed/{id}: the player alone, filling the frame. */
export function renderEmbedPage(video: PublicVideo, lang: PageLanguage, assets: PlayerAssets): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(video.title)}</title>
<meta name="robots" content="noindex">
<link rel="canonical" href="${escapeHtml(video.watchUrl)}">
<style>${pageStyle(video).css}</style>
</head>
<body class="embed">
${playerMarkup(video, lang, assets, true)}
<script src="${escapeHtml(assets.player)}" defer></script>
</body>
</html>
`;
}

export function renderNotFoundPage(lang: PageLanguage, brand: string): string {
  const t = TEXTS[lang];
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(`${t.notFound} - ${brand}`)}</title>
<meta name="robots" content="noindex">
<style>${STYLE}</style>
</head>
<body>
<main class="watch"><h1>${escapeHtml(t.notFound)}</h1></main>
</body>
</html>
`;
}

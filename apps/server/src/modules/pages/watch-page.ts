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
};

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

const TEXTS = {
  en: {
    play: 'Play video',
    poweredBy: 'Powered by',
    notFound: 'This video is not available.',
    whatsapp: 'WhatsApp',
    telephone: 'Call us',
    email: 'Email us',
    contact: 'Contact',
  },
  'zh-CN': {
    play: '播放视频',
    poweredBy: '技术支持',
    notFound: '该视频无法观看。',
    whatsapp: 'WhatsApp',
    telephone: '致电我们',
    email: '发送邮件',
    contact: '联系',
  },
} satisfies Record<PageLanguage, Record<string, string>>;

/** One contact link: the owner's words or ours, opening outside the frame, recorded by the player. */
function contactLink(contact: PublicContact, lang: PageLanguage, className: string): string {
  const label = contact.label || TEXTS[lang][contact.kind];
  const external = contact.kind === 'whatsapp' ? ' target="_blank" rel="noopener"' : ' target="_top"';
  return `<a class="${className} lr-${contact.kind}" href="${escapeHtml(contact.href)}"${external} data-lr-contact="${contact.kind}" data-from="${contact.from}" data-until="${contact.until ?? ''}">${escapeHtml(label)}</a>`;
}

/** The buttons over the player, in their corners, shown by the player at their times. */
function contactOverlay(video: PublicVideo, lang: PageLanguage): string {
  if (video.contacts.length === 0) return '';
  return `<div class="lr-contacts">${video.contacts.map((contact) => contactLink(contact, lang, `lr-contact lr-pos-${contact.position}`)).join('')}</div>`;
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
.lr-play:hover,.lr-play:focus-visible{background:#1677ff;outline:3px solid #fff}
.lr-play svg{width:32px;height:32px;margin-left:4px;fill:#fff}
.lr-playing .lr-mark{top:8px;bottom:auto}
.lr-contacts{position:absolute;inset:0;pointer-events:none}
.lr-contact{position:absolute;pointer-events:auto;padding:8px 14px;border-radius:20px;background:#1677ff;color:#fff;font-size:14px;font-weight:600;text-decoration:none;box-shadow:0 2px 6px rgba(0,0,0,.35)}
.lr-contact.lr-whatsapp,.watch-contact.lr-whatsapp{background:#1fa855}
.lr-contact:focus-visible{outline:3px solid #fff}
.lr-pos-top-left{top:12px;left:12px}.lr-pos-top-right{top:12px;right:12px}.lr-pos-bottom-left{bottom:60px;left:12px}.lr-pos-bottom-right{bottom:60px;right:12px}
.lr-playing .lr-pos-top-right{top:44px}
.watch-contacts{display:flex;flex-wrap:wrap;gap:8px;margin:12px 0}
.watch-contact{padding:8px 16px;border-radius:20px;background:#1677ff;color:#fff;font-weight:600;text-decoration:none}
.lr-controls{position:absolute;left:0;right:0;bottom:0;display:flex;align-items:center;gap:6px;padding:24px 8px 6px;background:linear-gradient(transparent,rgba(0,0,0,.7));color:#fff;font-size:13px;transition:opacity .2s}
.lr-idle .lr-controls{opacity:0}.lr-idle{cursor:none}
.lr-button{flex:none;width:36px;height:36px;padding:6px;border:0;border-radius:4px;background:none;color:#fff;cursor:pointer}
.lr-button svg{width:24px;height:24px;fill:currentColor}
.lr-button:focus-visible,.lr-select:focus-visible,.lr-controls input:focus-visible{outline:2px solid #fff;outline-offset:1px}
.lr-time{flex:none;font-variant-numeric:tabular-nums;white-space:nowrap}
.lr-seek-wrap{position:relative;flex:1;min-width:60px;display:flex}
.lr-seek{width:100%;accent-color:#1677ff;cursor:pointer}
.lr-volume{width:64px;accent-color:#fff}
.lr-select{flex:none;max-width:84px;height:28px;border:0;border-radius:4px;background:rgba(255,255,255,.15);color:#fff;font:inherit}
.lr-select option{color:#000}
.lr-preview{position:absolute;bottom:28px;display:none;min-width:40px;border:2px solid #fff;border-radius:4px;background:#000 no-repeat;box-shadow:0 2px 8px rgba(0,0,0,.5)}
.lr-preview.lr-visible{display:block}
.lr-preview-time{position:absolute;left:0;right:0;bottom:-1px;text-align:center;background:rgba(0,0,0,.6);font-size:12px}
@media (max-width:480px){.lr-volume,.lr-time,.lr-speed{display:none}}
.lr-mark{position:absolute;right:8px;bottom:8px;padding:2px 8px;border-radius:4px;background:rgba(0,0,0,.6);color:#fff;font-size:12px;text-decoration:none}
h1{font-size:24px;line-height:1.3;margin:16px 0 8px;overflow-wrap:anywhere}
.description{white-space:pre-line;overflow-wrap:anywhere;color:#434343}
body.embed{background:#000}body.embed .lr-player{position:fixed;inset:0;aspect-ratio:auto;border-radius:0}`;
export const STYLE_HASH = cspHash(STYLE);

/** A strict CSP for the public pages: our own script and media, this page's fixed style, nothing inline. */
export function pageCsp(frameAncestors: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src ${STYLE_HASH}`,
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
function playerMarkup(video: PublicVideo, lang: PageLanguage, assets: PlayerAssets): string {
  const t = TEXTS[lang];
  const ratio = video.width > 0 && video.height > 0 ? `${video.width}/${video.height}` : '16/9';
  return [
    `<div class="lr-player" data-lr-player data-src="${escapeHtml(video.hlsPath)}" data-video-id="${escapeHtml(video.id)}" data-ratio="${ratio}" data-controls="${escapeHtml(assets.controls)}"${video.storyboardPath ? ` data-storyboard="${escapeHtml(video.storyboardPath)}"` : ''}>`,
    video.posterPath
      ? `<img src="${escapeHtml(video.posterPath)}"${posterSrcset(video)} alt="" width="${video.width || 1280}" height="${video.height || 720}" fetchpriority="high">`
      : '',
    `<button class="lr-play" type="button" aria-label="${escapeHtml(`${t.play}: ${video.title}`)}">${PLAY_ICON}</button>`,
    contactOverlay(video, lang),
    `<a class="lr-mark" href="${escapeHtml(video.publicUrl)}" target="_blank" rel="noopener">${escapeHtml(`${t.poweredBy} ${video.brand}`)}</a>`,
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
  };
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
    `<style>${STYLE}</style>`,
    `<script type="application/ld+json">${jsonForScript(videoObject(video))}</script>`,
  ].filter(Boolean);
  return `<!doctype html>
<html lang="${lang}">
<head>
${head.join('\n')}
</head>
<body>
<main class="watch">
${playerMarkup(video, lang, assets)}
<h1>${title}</h1>
${video.description ? `<p class="description">${escapeHtml(video.description)}</p>` : ''}
${video.contacts.length > 0 ? `<nav class="watch-contacts" aria-label="${escapeHtml(TEXTS[lang].contact)}">${video.contacts.map((contact) => contactLink(contact, lang, 'watch-contact')).join('')}</nav>` : ''}
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
<style>${STYLE}</style>
</head>
<body class="embed">
${playerMarkup(video, lang, assets)}
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

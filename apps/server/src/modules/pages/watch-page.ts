import { WATCH_PAGE_TEXT } from '@leadreel/shared/viewer-text/watch-page';
import { facadeScript, type PlayerAssets } from '../../site/player-assets.ts';
import type { SiteBrand } from '../../site/site.ts';
import { escapeHtml, isoDuration, jsonForScript, languageAlternates } from './html.ts';
import { EMBED_STYLE, pageStyle, STYLE } from './page-style.ts';
import { actionLink, contactLink, overlay, shareLinks } from './player-overlay.ts';
import type { PageLanguage, PublicVideo } from './view-model.ts';

export { pageLanguage } from '../../site/language.ts';
export { EMBED_STYLE, pageCsp, pageStyle, STYLE_HASH } from './page-style.ts';
export type { PageLanguage, PublicVideo } from './view-model.ts';

const TEXTS = WATCH_PAGE_TEXT satisfies Record<PageLanguage, unknown>;

function clock(seconds: number): string {
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

const PLAY_ICON = '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M8 5v14l11-7z"/></svg>';

/**
 * How wide the player shows, for the browser's pick of a poster: the watch page's column (.watch, 960 wide
 * less its 16-pixel padding each side), and a frame's whole width in an embed.
 */
export const WATCH_PLAYER_SIZES = '(min-width: 960px) 928px, calc(100vw - 32px)';
export const EMBED_PLAYER_SIZES = '100vw';

/**
 * The poster at the size the player shows: the 640-wide thumbnail for embeds and phones, the poster (at most
 * 1280 wide) for larger players, so a small embed never downloads a large image.
 */
function posterSrcset(video: PublicVideo, sizes: string): string {
  if (!video.thumbnailPath || !video.posterPath || video.width <= 640) return '';
  const posterWidth = Math.min(1280, video.width - (video.width % 2));
  return ` srcset="${escapeHtml(video.thumbnailPath)} 640w, ${escapeHtml(video.posterPath)} ${posterWidth}w" sizes="${sizes}"`;
}

/**
 * The facade's poster. With the pipeline's poster set, a <picture> whose AVIF (then WebP) source the browser
 * picks at the width the player shows: a 640-wide embed's poster is a few kilobytes where the JPEG was 17
 * (bench:embed-weight); the JPEG <img> stays for browsers without either and is what the player reads back
 * (img.currentSrc is the source picked). Videos made before the set keep the JPEGs alone.
 */
function posterMarkup(video: PublicVideo, sizes: string, lazy: boolean): string {
  if (!video.posterPath) return '';
  const img = `<img src="${escapeHtml(video.posterPath)}"${posterSrcset(video, sizes)} alt="" width="${video.width || 1280}" height="${video.height || 720}"${lazy ? ' loading="lazy"' : ' fetchpriority="high"'}>`;
  if (video.posterSources.length === 0) return img;
  const sources = video.posterSources.map(
    (source) =>
      `<source type="${source.type}" srcset="${escapeHtml(source.files.map((file) => `${file.path} ${file.width}w`).join(', '))}" sizes="${sizes}">`,
  );
  return `<picture>${sources.join('')}${img}</picture>`;
}

/**
 * A dubbed video's player fetches hls.js's full build (the light one ignores alternate audio), and starts in
 * the page's language when it has a dub in it.
 */
function dubbed(video: PublicVideo, assets: PlayerAssets) {
  if (video.dubs.length === 0) return '';
  const start = video.audioLang ? ` data-audio-lang="${escapeHtml(video.audioLang)}"` : '';
  return ` data-hls="${escapeHtml(assets.hlsFull)}"${start}`;
}

/** What a page adds to its player: attributes on its root and markup inside it (a site's email gate). */
export type PlayerExtras = { attributes: string; inner: string };

/**
 * The player's facade (lite-youtube-embed's idea): poster, title and a play button, no video engine until the
 * viewer presses play; /player/player.js then loads hls.js (or uses native HLS) in its place. `sizes` is how
 * wide the player shows, for the poster's pick.
 */
export function playerMarkup(
  video: PublicVideo,
  lang: PageLanguage,
  assets: PlayerAssets,
  embedded: boolean,
  extras: PlayerExtras = { attributes: '', inner: '' },
  lazyPoster = false,
  sizes = embedded ? EMBED_PLAYER_SIZES : WATCH_PLAYER_SIZES,
): string {
  const t = TEXTS[lang];
  const ratio = video.width > 0 && video.height > 0 ? `${video.width}/${video.height}` : '16/9';
  return [
    `<div class="lr-player" data-lr-player data-src="${escapeHtml(video.hlsPath)}" data-video-id="${escapeHtml(video.id)}" data-scope="${escapeHtml(video.viewerScope)}"${video.privacyMode ? ' data-privacy' : ''} data-ratio="${ratio}" data-controls="${escapeHtml(assets.controls)}" data-unavailable="${escapeHtml(t.unavailable)}"${video.storyboardPath ? ` data-storyboard="${escapeHtml(video.storyboardPath)}"` : ''}${video.tracks.length > 0 ? ` data-tracks="${escapeHtml(JSON.stringify(video.tracks))}"` : ''}${dubbed(video, assets)}${extras.attributes}>`,
    posterMarkup(video, sizes, lazyPoster),
    `<button class="lr-play" type="button" aria-label="${escapeHtml(`${t.play}: ${video.title}`)}">${PLAY_ICON}</button>`,
    overlay(video, lang, embedded),
    extras.inner,
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
    // Who publishes it: the brand of the domain it is on, else the installation (BRAND_NAME).
    publisher: {
      '@type': 'Organization',
      name: video.brand,
      url: video.publicUrl,
      ...(video.site?.logoPath ? { logo: `${video.publicUrl}${video.site.logoPath}` } : {}),
    },
    ...(video.keywords.length > 0 ? { keywords: video.keywords.join(', ') } : {}),
    // The article it was made from (https://schema.org/isBasedOn); the page itself stays the canonical one.
    ...(video.sourceUrl ? { isBasedOn: video.sourceUrl } : {}),
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
export function watchContacts(video: PublicVideo, lang: PageLanguage): string {
  const links = video.contacts.map((contact) => contactLink(contact, lang, 'watch-contact'));
  if (video.action)
    links.push(actionLink({ ...video.action, from: 0, until: null, atEnd: false }, 'watch-contact watch-action'));
  if (links.length === 0) return '';
  return `<nav class="watch-contacts" aria-label="${escapeHtml(TEXTS[lang].contact)}">${links.join('')}</nav>`;
}

/**
 * Under the description, the article the video was made from: the owner's own page, so followed (noopener,
 * not nofollow), in a new tab so the video stays open.
 */
function sourceLink(video: PublicVideo, lang: PageLanguage): string {
  if (!video.sourceUrl) return '';
  return `<p class="watch-source"><a href="${escapeHtml(video.sourceUrl)}" target="_blank" rel="noopener">${escapeHtml(TEXTS[lang].source)}</a></p>`;
}

/** The default subtitles as readable text with their times, for viewers and search engines. */
function transcriptMarkup(video: PublicVideo, lang: PageLanguage): string {
  if (video.transcript.length === 0) return '';
  const lines = video.transcript
    .map((cue) => `<li><span class="cue-time">${clock(cue.start)}</span> ${escapeHtml(cue.text)}</li>`)
    .join('');
  return `<section class="transcript"><h2>${escapeHtml(TEXTS[lang].transcript)}</h2><ol>${lines}</ol></section>`;
}

/**
 * The page's icon: the brand's (docs/product.md "Brands") on its domain; none of ours on an owner's page
 * otherwise, and no request for /favicon.ico (a 404 logged in the console).
 */
export function siteIcons(brand: SiteBrand | null): string {
  const icons = brand?.faviconPaths;
  if (!icons) return '<link rel="icon" href="data:,">';
  return [
    `<link rel="icon" type="image/png" sizes="32x32" href="${escapeHtml(icons.ico32)}">`,
    `<link rel="icon" type="image/png" sizes="100x100" href="${escapeHtml(icons.png100)}">`,
    `<link rel="apple-touch-icon" href="${escapeHtml(icons.png180)}">`,
  ].join('\n');
}

/** Above the player on a branded domain: the brand's logo and name, linking to the site's home. */
function siteHeader(video: PublicVideo): string {
  if (!video.site) return '';
  const name = escapeHtml(video.brand);
  const logo = video.site.logoPath ? `<img src="${escapeHtml(video.site.logoPath)}" alt="" height="36">` : '';
  return `<header class="site-header">${logo}<span>${name}</span></header>\n`;
}

/**
 * What a page showing one video says of it in its <head>: description, canonical (`canonical`, the page's
 * own address), oEmbed discovery, Open Graph and Twitter cards, and its VideoObject (with `extraJsonLd`
 * beside it). The watch page and a site's video page both use it.
 */
export function videoHead(video: PublicVideo, canonical: string, extraJsonLd: object[] = []): string[] {
  const title = escapeHtml(video.title);
  const description = escapeHtml(video.description || video.title);
  const embed = escapeHtml(video.embedUrl);
  const oembed = (format: string) =>
    escapeHtml(`${video.publicUrl}/oembed?url=${encodeURIComponent(video.watchUrl)}&format=${format}`);
  const width = video.width || 1280;
  const height = video.height || 720;
  const image = video.posterUrl ? escapeHtml(video.posterUrl) : null;
  return [
    `<meta name="description" content="${escapeHtml((video.description || video.title).slice(0, 300))}">`,
    video.keywords.length > 0 ? `<meta name="keywords" content="${escapeHtml(video.keywords.join(', '))}">` : '',
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    video.indexable ? '' : '<meta name="robots" content="noindex">',
    `<link rel="alternate" type="application/json+oembed" href="${oembed('json')}" title="${title}">`,
    `<meta property="og:site_name" content="${escapeHtml(video.brand)}">`,
    '<meta property="og:type" content="video.other">',
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
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
    ...[videoObject(video), ...extraJsonLd].map(
      (data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`,
    ),
  ].filter(Boolean);
}

/** A video shown on its own page: the player, its title and description, contact and share links, the transcript. */
export function videoMain(video: PublicVideo, lang: PageLanguage, assets: PlayerAssets, extras?: PlayerExtras): string {
  return [
    playerMarkup(video, lang, assets, false, extras),
    `<h1>${escapeHtml(video.title)}</h1>`,
    video.description ? `<p class="description">${escapeHtml(video.description)}</p>` : '',
    sourceLink(video, lang),
    watchContacts(video, lang),
    video.share.length > 0
      ? `<nav class="watch-share" aria-label="${escapeHtml(TEXTS[lang].share)}">${shareLinks(video, lang, 'watch-share-link')}</nav>`
      : '',
    transcriptMarkup(video, lang),
  ]
    .filter(Boolean)
    .join('\n');
}

/** The watch page, /v/{id} or /v/{slug}: everything readable without JavaScript. */
export function renderWatchPage(
  video: PublicVideo,
  lang: PageLanguage,
  assets: PlayerAssets,
  languages: { language: string | null; languages: string[] } = { language: null, languages: [] },
): string {
  const alternates = languageAlternates(video.watchUrl, languages.languages, languages.language);
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    siteIcons(video.site),
    `<title>${video.site ? escapeHtml(`${video.title} - ${video.brand}`) : escapeHtml(video.title)}</title>`,
    `<style>${pageStyle(video).css}</style>`,
    ...videoHead(video, alternates.canonical),
    ...alternates.links,
  ];
  return `<!doctype html>
<html lang="${lang}">
<head>
${head.join('\n')}
</head>
<body>
<main class="watch">
${siteHeader(video)}${videoMain(video, lang, assets)}
</main>
${facadeScript(assets)}
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
<style>${pageStyle(video, '', EMBED_STYLE).css}</style>
</head>
<body class="embed">
${playerMarkup(video, lang, assets, true)}
${facadeScript(assets)}
</body>
</html>
`;
}

/** A page that is not there (a video's, or `message` for another kind's), not indexed, in the fixed style. */
export function renderNotFoundPage(lang: PageLanguage, brand: string, message = TEXTS[lang].notFound): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(`${message} - ${brand}`)}</title>
<meta name="robots" content="noindex">
<style>${STYLE}</style>
</head>
<body>
<main class="watch"><h1>${escapeHtml(message)}</h1></main>
</body>
</html>
`;
}

import { ALBUM_PAGE_TEXT } from '@leadreel/shared/viewer-text/album';
import type { PageLanguage } from '../../site/language.ts';
import type { PlayerAssets } from '../../site/player-assets.ts';
import type { Site } from '../../site/site.ts';
import { cspHash, escapeHtml, jsonForScript } from '../pages/html.ts';
import { brandStyle, STYLE, videoColors } from '../pages/page-style.ts';
import type { PublicVideo } from '../pages/view-model.ts';
import { EMBED_PLAYER_SIZES, playerMarkup, siteIcons, videoObject, watchContacts } from '../pages/watch-page.ts';

/**
 * An album's public pages as HTML (docs/product.md "Albums"): the feed, its grid and its embed. Server-
 * rendered and readable without JavaScript, no framework runtime: the feed loads the player's facade script
 * and its own small one (/player/feed.js), and hls.js comes only when a video plays; the grid loads none.
 */

const TEXTS = ALBUM_PAGE_TEXT satisfies Record<PageLanguage, unknown>;

/** An album as its pages show it: its shown videos in its order, one of them its cover. */
export type PublicAlbum = {
  id: string;
  title: string;
  videos: PublicVideo[];
  /** The video whose picture stands for the album (in cards and previews). */
  cover: PublicVideo;
  /** The feed's own absolute address on the site it is shown on. */
  url: string;
  /** Its path there, the grid and the feed's slides link within it. */
  path: string;
};

/** The album's sheet, after the watch page's (fixed, allowed by its hash like it). */
const ALBUM_STYLE = `
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
body.album{background:#000;color:#f5f5f5}
.album-feed{position:relative;height:100vh;height:100dvh;overflow-y:auto;scroll-snap-type:y mandatory;overscroll-behavior-y:contain;scrollbar-width:none}
.album-feed::-webkit-scrollbar{display:none}
@media (prefers-reduced-motion:no-preference){.album-feed{scroll-behavior:smooth}}
.album-slide{display:flex;flex-direction:column;height:100vh;height:100dvh;scroll-snap-align:start;scroll-snap-stop:always}
.album-stage{position:relative;flex:1;min-height:0}
.album-stage .lr-player{position:absolute;inset:0;aspect-ratio:auto;border-radius:0}
.album-caption{display:flex;flex-wrap:wrap;align-items:center;gap:6px 12px;padding:8px 16px 12px}
.album-caption h2{flex:1 1 60%;min-width:0;margin:0;font-size:16px;line-height:1.35;overflow:hidden;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow-wrap:anywhere}
.album-caption .watch-contacts{flex:1 1 100%;order:3;flex-wrap:nowrap;margin:0;overflow-x:auto}
.album-caption .watch-contact{white-space:nowrap}
.album-grid-link{flex:none;color:inherit;font-size:14px;font-weight:600}
.album-sound{position:fixed;z-index:5;top:12px;left:50%;transform:translateX(-50%);padding:8px 16px;border:0;border-radius:18px;background:rgba(0,0,0,.7);color:#fff;font:inherit;font-size:14px;font-weight:600;cursor:pointer}
.album-sound:focus-visible{outline:3px solid #fff}
.album-grid{max-width:1200px;margin:0 auto;padding:16px}
.album-head{display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px;margin:0 0 16px}.album-head h1{flex:1 1 auto;margin:0}
.album-head img{height:36px;width:auto;max-width:180px;object-fit:contain}
.album-play{padding:8px 16px;border-radius:20px;background:var(--lr-button,#0958d9);color:var(--lr-button-text,#fff);font-weight:600;text-decoration:none}
.album-cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:20px 16px;margin:0;padding:0;list-style:none}
.album-cards.portrait{grid-template-columns:repeat(auto-fill,minmax(150px,1fr))}
.album-card a{display:block;color:inherit;text-decoration:none}.album-card a:hover .album-card-title,.album-card a:focus-visible .album-card-title{text-decoration:underline}
.album-thumb{display:block;aspect-ratio:16/9;border-radius:8px;overflow:hidden;background:#d9d9d9}.portrait .album-thumb{aspect-ratio:9/16}
.album-thumb img{display:block;width:100%;height:100%;object-fit:cover}
.album-card-title{display:block;margin-top:8px;font-weight:600;overflow-wrap:anywhere}`;

/**
 * The sheet of an album's page and its CSP hash: the watch page's and the album's, the colours of the brand
 * whose domain it is on, then each video's own colours on its slide (ids are UUIDs, colours #rrggbb).
 */
export function albumStyle(album: PublicAlbum, site: Site): { css: string; hash: string } {
  const brand = brandStyle(site.brand);
  const slides = album.videos.flatMap((video) => {
    const colors = videoColors(video);
    return colors.length > 0 ? [`#v-${video.id}{${colors.join(';')}}`] : [];
  });
  const css = [
    STYLE + ALBUM_STYLE,
    brand.vars.length > 0 ? `:root{${brand.vars.join(';')}}` : '',
    brand.page.trim(),
    ...slides,
  ]
    .filter(Boolean)
    .join('\n');
  return { css, hash: cspHash(css) };
}

/** The picture that stands for the album: its cover's, else that of the first video with one. */
const albumImage = (album: PublicAlbum) =>
  [album.cover, ...album.videos].map((video) => video.posterUrl ?? video.thumbnailUrl).find(Boolean) ?? null;

/** Kept out of search engines when any of its videos is (docs/product.md "Albums"). */
const indexable = (album: PublicAlbum) => album.videos.every((video) => video.indexable);

function pageTitle(album: PublicAlbum, site: Site): string {
  return site.brand ? `${album.title} - ${site.publisher}` : album.title;
}

function describe(album: PublicAlbum, lang: PageLanguage): string {
  return `${TEXTS[lang].videos(album.videos.length)}: ${album.videos.map((video) => video.title).join(' · ')}`.slice(
    0,
    300,
  );
}

/** schema.org ItemList of the album's VideoObjects, each at its slide (https://schema.org/ItemList). */
export function itemList(album: PublicAlbum) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: album.title,
    url: album.url,
    numberOfItems: album.videos.length,
    itemListElement: album.videos.map((video, at) => {
      const { '@context': _context, ...item } = videoObject(video);
      return { '@type': 'ListItem', position: at + 1, url: `${album.url}#v-${video.id}`, item };
    }),
  };
}

/** The head of the feed and the grid: what the album is, for search engines and link previews. */
function albumHead(album: PublicAlbum, site: Site, lang: PageLanguage, style: string, jsonLd: object[]): string[] {
  const title = escapeHtml(album.title);
  const description = escapeHtml(describe(album, lang));
  const image = albumImage(album);
  const canonical = escapeHtml(album.url);
  return [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    siteIcons(site.brand),
    `<title>${escapeHtml(pageTitle(album, site))}</title>`,
    `<meta name="description" content="${description}">`,
    `<link rel="canonical" href="${canonical}">`,
    indexable(album) ? '' : '<meta name="robots" content="noindex">',
    `<meta property="og:site_name" content="${escapeHtml(site.publisher)}">`,
    '<meta property="og:type" content="website">',
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${canonical}">`,
    image ? `<meta property="og:image" content="${escapeHtml(image)}">` : '',
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${title}">`,
    `<meta name="twitter:description" content="${description}">`,
    image ? `<meta name="twitter:image" content="${escapeHtml(image)}">` : '',
    `<style>${style}</style>`,
    ...jsonLd.map((data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`),
  ].filter(Boolean);
}

/**
 * One slide: the video's player facade filling the slide (its poster fetched only near view, but the
 * first's at once), its title and its contact buttons. `#v-{id}` is its address within the page.
 */
function slide(album: PublicAlbum, video: PublicVideo, at: number, page: FeedPage): string {
  const t = TEXTS[page.lang];
  // A form's title has one id on a page of one player; on a page of many, each form names its own. (Owner
  // text is escaped, so no quote of it can match.)
  // The stage is the page's whole width (.album-stage), as an embed's frame is.
  const player = playerMarkup(
    video,
    page.lang,
    page.assets,
    page.embedded,
    undefined,
    at > 0,
    EMBED_PLAYER_SIZES,
  ).replaceAll('"lr-form-title"', `"lr-form-title-${video.id}"`);
  return [
    `<section class="album-slide" id="v-${escapeHtml(video.id)}" data-lr-slide aria-labelledby="t-${escapeHtml(video.id)}">`,
    `<div class="album-stage">${player}</div>`,
    '<div class="album-caption">',
    `<h2 id="t-${escapeHtml(video.id)}">${escapeHtml(video.title)}</h2>`,
    page.embedded
      ? ''
      : `<a class="album-grid-link" href="${escapeHtml(`${album.path}?view=grid`)}">${escapeHtml(t.allVideos)}</a>`,
    watchContacts(video, page.lang),
    '</div>',
    '</section>',
  ].join('');
}

type FeedPage = { lang: PageLanguage; assets: PlayerAssets; site: Site; embedded: boolean };

/**
 * The feed, /a/{id}, and its embed, /a/{id}/embed: a slide per video filling the viewport, one under the
 * other, snapped as the viewer swipes. Without JavaScript every slide is still a player to press.
 */
export function renderAlbumFeed(album: PublicAlbum, page: FeedPage): string {
  const { lang, site, assets } = page;
  const style = albumStyle(album, site).css;
  const head = page.embedded
    ? [
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width,initial-scale=1">',
        `<title>${escapeHtml(album.title)}</title>`,
        '<meta name="robots" content="noindex">',
        `<link rel="canonical" href="${escapeHtml(album.url)}">`,
        `<style>${style}</style>`,
      ]
    : albumHead(album, site, lang, style, [itemList(album)]);
  return `<!doctype html>
<html lang="${lang}">
<head>
${head.join('\n')}
</head>
<body class="album">
<main class="album-feed" data-lr-feed>
<h1 class="visually-hidden">${escapeHtml(album.title)}</h1>
${album.videos.map((video, at) => slide(album, video, at, page)).join('\n')}
</main>
<button type="button" class="album-sound" data-lr-sound hidden>${escapeHtml(TEXTS[lang].tapForSound)}</button>
<script src="${escapeHtml(assets.player)}" defer></script>
<script src="${escapeHtml(assets.feed)}" defer></script>
</body>
</html>
`;
}

/**
 * The grid, /a/{id}?view=grid: every video as a picture and its title, each opening the feed at its slide
 * (`#v-{id}`, which the browser scrolls to by itself: no script, and no other page to cache).
 */
export function renderAlbumGrid(album: PublicAlbum, site: Site, lang: PageLanguage): string {
  const t = TEXTS[lang];
  // Cut to the shape most of the album's videos have: an album of phone videos is a grid of tall cards.
  const portrait = album.videos.filter((video) => video.height > video.width).length > album.videos.length / 2;
  const cards = album.videos.map((video) => {
    const picture = video.thumbnailPath ?? video.posterPath;
    const image = picture
      ? `<img src="${escapeHtml(picture)}" alt="" loading="lazy" width="${video.width || 1280}" height="${video.height || 720}">`
      : '';
    return `<li class="album-card"><a href="${escapeHtml(`${album.path}#v-${video.id}`)}"><span class="album-thumb">${image}</span><span class="album-card-title">${escapeHtml(video.title)}</span></a></li>`;
  });
  const logo = site.brand?.logoPath ? `<img src="${escapeHtml(site.brand.logoPath)}" alt="" height="36">` : '';
  return `<!doctype html>
<html lang="${lang}">
<head>
${albumHead(album, site, lang, albumStyle(album, site).css, []).join('\n')}
</head>
<body>
<main class="album-grid">
<header class="album-head">${logo}<h1>${escapeHtml(album.title)}</h1><span>${escapeHtml(t.videos(album.videos.length))}</span><a class="album-play" href="${escapeHtml(album.path)}">${escapeHtml(t.playAll)}</a></header>
<ul class="album-cards${portrait ? ' portrait' : ''}">${cards.join('')}</ul>
</main>
</body>
</html>
`;
}

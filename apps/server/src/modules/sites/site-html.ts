import { SITE_PAGE_TEXT } from '@leadreel/shared/viewer-text/site';
import { WATCH_PAGE_TEXT } from '@leadreel/shared/viewer-text/watch-page';
import type { PageLanguage } from '../../site/language.ts';
import type { PlayerAssets } from '../../site/player-assets.ts';
import { cspHash, escapeHtml, jsonForScript, languageAlternates } from '../pages/html.ts';
import { brandStyle, pageStyle, STYLE } from '../pages/page-style.ts';
import type { PublicVideo } from '../pages/view-model.ts';
import { type PlayerExtras, renderNotFoundPage, siteIcons, videoHead, videoMain } from '../pages/watch-page.ts';
import type { PublicSite, SiteCard, SiteCategory } from './public-site.ts';
import { sitePath, siteUrl } from './public-site.ts';

/**
 * The public site's pages as HTML (docs/product.md "Sites"): server-rendered, readable without JavaScript,
 * no framework runtime; only a video page loads the player's script, and hls.js only when it plays.
 */

const TEXTS = SITE_PAGE_TEXT satisfies Record<PageLanguage, unknown>;

/** The site's own sheet, after the watch page's (fixed, allowed by its hash like it). */
const SITE_STYLE = `
.site-top{display:flex;flex-wrap:wrap;align-items:center;gap:12px 24px;max-width:1200px;margin:0 auto;padding:12px 16px}
.site-brand{display:flex;align-items:center;gap:10px;color:inherit;font-weight:700;font-size:20px;text-decoration:none;overflow-wrap:anywhere}
.site-brand img{height:40px;width:auto;max-width:180px;object-fit:contain}.site-brand .site-picture{width:40px;height:40px;border-radius:50%;object-fit:cover}
.site-nav ul{display:flex;flex-wrap:wrap;gap:4px 16px;margin:0;padding:0;list-style:none}.site-nav a{color:inherit;text-decoration:none;font-weight:600;padding:6px 0;display:inline-block}.site-nav a:hover,.site-nav a:focus-visible{text-decoration:underline}
.site-search{display:flex;gap:6px;margin-left:auto}.site-search input{width:220px;max-width:50vw;padding:8px 10px;border:1px solid #8c8c8c;border-radius:6px;font:inherit;color:#1f1f1f;background:#fff}
.site-button{padding:8px 14px;border:0;border-radius:6px;background:var(--lr-button,#0958d9);color:var(--lr-button-text,#fff);font:inherit;font-weight:600;cursor:pointer;text-decoration:none;display:inline-block}
.site-main{max-width:1200px;margin:0 auto;padding:8px 16px 32px}
.site-hero{position:relative;display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:24px;align-items:center;margin:8px 0 24px;padding:24px;border-radius:12px;overflow:hidden;background:#1f1f1f;color:#fff}
.site-hero-banner{position:absolute;inset:0;width:100%;height:100%;object-fit:cover;opacity:.45}
.site-hero>*:not(.site-hero-banner){position:relative}.site-hero h1{margin:0 0 8px;font-size:32px}.site-hero p{margin:0;white-space:pre-line;overflow-wrap:anywhere}
.site-featured{display:block;color:#fff;text-decoration:none}.play-mark{position:absolute;left:50%;top:50%;width:64px;height:64px;margin:-32px 0 0 -32px;border-radius:50%;background:rgba(0,0,0,.65)}.play-mark::before{content:"";position:absolute;left:25px;top:19px;border-style:solid;border-width:13px 0 13px 22px;border-color:transparent transparent transparent #fff}.site-featured:hover .play-mark,.site-featured:focus-visible .play-mark{background:var(--lr-button,#0958d9)}.site-featured .thumb{border-radius:10px}.site-featured-title{display:block;margin-top:8px;font-weight:700;font-size:18px}
.site-row{margin:28px 0}.site-row-head{display:flex;align-items:baseline;justify-content:space-between;gap:12px}.site-row h2{margin:0 0 12px;font-size:22px;overflow-wrap:anywhere}
.site-row-head a{color:inherit;font-weight:600}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:20px 16px;margin:0;padding:0;list-style:none}
.ratio-9-16 .cards{grid-template-columns:repeat(auto-fill,minmax(160px,1fr))}
.card a{display:block;color:inherit;text-decoration:none}.card a:hover .card-title,.card a:focus-visible .card-title{text-decoration:underline}
.thumb{position:relative;display:block;aspect-ratio:16/9;border-radius:8px;overflow:hidden;background:#d9d9d9}
.ratio-9-16 .thumb{aspect-ratio:9/16}.ratio-1-1 .thumb{aspect-ratio:1/1}.ratio-4-3 .thumb{aspect-ratio:4/3}
.thumb img{width:100%;height:100%;object-fit:cover;display:block}
.duration{position:absolute;right:6px;bottom:6px;padding:1px 6px;border-radius:4px;background:rgba(0,0,0,.75);color:#fff;font-size:13px;font-variant-numeric:tabular-nums}
.card-title{display:block;margin-top:8px;font-weight:600;overflow-wrap:anywhere}
.site-page-head h1{margin:8px 0}.site-page-head p{white-space:pre-line;overflow-wrap:anywhere;margin:0 0 16px}
.crumbs ol{display:flex;flex-wrap:wrap;gap:4px;margin:8px 0;padding:0;list-style:none;font-size:14px}.crumbs li+li::before{content:"/";margin-right:4px;opacity:.6}.crumbs a{color:inherit}
.pages{display:flex;flex-wrap:wrap;gap:8px;align-items:center;justify-content:center;margin:24px 0}.pages a,.pages span{padding:6px 12px}.pages a{color:inherit;font-weight:600}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.site-video{max-width:960px}
.lr-gate{position:absolute;inset:0;z-index:4;display:flex;align-items:center;justify-content:center;padding:16px;background:rgba(16,16,16,.94);color:#fff}.lr-gate[hidden]{display:none}
.lr-gate-body{width:100%;max-width:380px}.lr-gate h2{margin:0 0 8px;font-size:18px}.lr-gate-status{min-height:1.5em;margin:6px 0;color:#ffb4a9}.site-empty{padding:48px 0;text-align:center}
.site-foot{max-width:1200px;margin:0 auto;padding:24px 16px;border-top:1px solid rgba(128,128,128,.35);font-size:14px}
.site-foot ul{display:flex;flex-wrap:wrap;gap:8px 16px;margin:0 0 8px;padding:0;list-style:none}.site-foot a{color:inherit}
@media (max-width:720px){.site-hero{grid-template-columns:1fr;padding:16px}.site-hero h1{font-size:26px}.site-search{margin-left:0;width:100%}.site-search input{flex:1;max-width:none}.cards{grid-template-columns:repeat(2,minmax(0,1fr));gap:16px 10px}}`;

const LISTING_CSS = STYLE + SITE_STYLE;

/** The sheet and its CSP hash for a page of `site`, showing `video` when it is a video's page. */
export function siteStyle(site: PublicSite, video: PublicVideo | null): { css: string; hash: string } {
  if (video) return pageStyle(video, SITE_STYLE);
  const brand = brandStyle(site.brand);
  const css = LISTING_CSS + (brand.vars.length > 0 ? `\n:root{${brand.vars.join(';')}}` : '') + brand.page;
  return { css, hash: cspHash(css) };
}

function clock(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

const ratioClass = (site: PublicSite) => `ratio-${site.home.thumbnailRatio.replace(':', '-')}`;
export const videoPath = (site: PublicSite, videoId: string) => sitePath(site, `/video/${videoId}`);
export const categoryPath = (site: PublicSite, categoryId: string, page = 1) =>
  sitePath(site, `/category/${categoryId}${page > 1 ? `?page=${page}` : ''}`);

function thumbnail(card: SiteCard, eager = false, playMark = false): string {
  const image = card.thumbnailPath
    ? `<img src="${escapeHtml(card.thumbnailPath)}" alt="" width="640" height="360"${eager ? ' fetchpriority="high"' : ' loading="lazy"'}>`
    : '';
  const duration = card.durationSec ? `<span class="duration">${clock(card.durationSec)}</span>` : '';
  return `<span class="thumb">${image}${playMark ? '<span class="play-mark"></span>' : ''}${duration}</span>`;
}

export function cardList(site: PublicSite, cards: SiteCard[], href = (id: string) => videoPath(site, id)): string {
  const items = cards.map(
    (card) =>
      `<li class="card"><a href="${escapeHtml(href(card.id))}">${thumbnail(card)}<span class="card-title">${escapeHtml(card.title)}</span></a></li>`,
  );
  return `<ul class="cards">${items.join('')}</ul>`;
}

/** A navigation link's address: a category of the site, its official site, or any https page. */
function navigationHref(site: PublicSite, link: PublicSite['navigation'][number], categories: Set<string>) {
  if (link.target.kind === 'category')
    return categories.has(link.target.categoryId) ? categoryPath(site, link.target.categoryId) : null;
  if (link.target.kind === 'official') return site.contact.officialSite;
  return link.target.url;
}

function header(site: PublicSite, lang: PageLanguage, shown: Set<string>, query = ''): string {
  const t = TEXTS[lang];
  const logo = site.brand?.logoPath
    ? `<img src="${escapeHtml(site.brand.logoPath)}" alt="" height="40">`
    : site.picturePath
      ? `<img class="site-picture" src="${escapeHtml(site.picturePath)}" alt="" width="40" height="40">`
      : '';
  const links = site.navigation.flatMap((link) => {
    const href = navigationHref(site, link, shown);
    if (!href) return [];
    const external = link.target.kind !== 'category';
    return `<li><a href="${escapeHtml(href)}"${external ? ' rel="noopener"' : ''}>${escapeHtml(link.label)}</a></li>`;
  });
  return [
    '<header class="site-top">',
    `<a class="site-brand" href="${escapeHtml(sitePath(site))}">${logo}<span>${escapeHtml(site.name)}</span></a>`,
    links.length > 0
      ? `<nav class="site-nav" aria-label="${escapeHtml(t.navigation)}"><ul>${links.join('')}</ul></nav>`
      : '',
    `<form class="site-search" role="search" method="get" action="${escapeHtml(sitePath(site, '/search'))}">`,
    `<input type="search" name="q" maxlength="100" value="${escapeHtml(query)}" placeholder="${escapeHtml(t.searchPlaceholder)}" aria-label="${escapeHtml(t.searchPlaceholder)}">`,
    `<button class="site-button" type="submit">${escapeHtml(t.search)}</button>`,
    '</form>',
    '</header>',
  ].join('');
}

/** The networks' names as the footer shows them (proper names: the same in both languages). */
const NETWORKS = {
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  facebook: 'Facebook',
  x: 'X',
  pinterest: 'Pinterest',
  telegram: 'Telegram',
  instagram: 'Instagram',
} as const;

function footer(site: PublicSite, lang: PageLanguage): string {
  const t = TEXTS[lang];
  const { contact } = site;
  const links = [
    contact.officialSite
      ? `<li><a href="${escapeHtml(contact.officialSite)}" rel="noopener">${escapeHtml(t.officialSite)}</a></li>`
      : '',
    contact.email
      ? `<li><a href="mailto:${escapeHtml(contact.email)}">${escapeHtml(`${t.email}: ${contact.email}`)}</a></li>`
      : '',
    ...Object.entries(NETWORKS).map(([key, name]) => {
      const href = contact[key as keyof typeof NETWORKS];
      return href ? `<li><a href="${escapeHtml(href)}" rel="noopener me">${name}</a></li>` : '';
    }),
  ].filter(Boolean);
  return [
    '<footer class="site-foot">',
    links.length > 0 ? `<nav aria-label="${escapeHtml(t.contact)}"><ul>${links.join('')}</ul></nav>` : '',
    `<p>© ${escapeHtml(site.publisher)}</p>`,
    '</footer>',
  ].join('');
}

/** The social profiles of the site, for its Organization's sameAs. */
const profiles = (site: PublicSite) =>
  [site.contact.officialSite, ...Object.keys(NETWORKS).map((key) => site.contact[key as keyof typeof NETWORKS])].filter(
    (url): url is string => Boolean(url),
  );

export function organization(site: PublicSite) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.publisher,
    url: siteUrl(site),
    ...(site.brand?.logoPath ? { logo: `${site.origin}${site.brand.logoPath}` } : {}),
    ...(site.contact.email ? { email: site.contact.email } : {}),
    ...(profiles(site).length > 0 ? { sameAs: profiles(site) } : {}),
  };
}

export function breadcrumbs(site: PublicSite, trail: { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, at) => ({
      '@type': 'ListItem',
      position: at + 1,
      name: step.name,
      item: `${site.origin}${step.path}`,
    })),
  };
}

function crumbNav(lang: PageLanguage, trail: { name: string; path: string }[]): string {
  const items = trail.map((step, at) =>
    at === trail.length - 1
      ? `<li><span aria-current="page">${escapeHtml(step.name)}</span></li>`
      : `<li><a href="${escapeHtml(step.path)}">${escapeHtml(step.name)}</a></li>`,
  );
  return `<nav class="crumbs" aria-label="${escapeHtml(TEXTS[lang].breadcrumb)}"><ol>${items.join('')}</ol></nav>`;
}

type PageParts = {
  lang: PageLanguage;
  title: string;
  description: string;
  /** The page's own absolute address. */
  canonical: string;
  /** Whether search engines may index the page (the site's setting and the page's own). */
  indexed: boolean;
  head?: string[];
  jsonLd?: object[];
  main: string;
  shown: Set<string>;
  query?: string;
  style: { css: string };
  scripts?: string[];
  image?: string | null;
  /** In a frame on the owner's own page (the site embed): no header, search or footer of its own. */
  embedded?: boolean;
};

function page(site: PublicSite, parts: PageParts): string {
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    siteIcons(site.brand),
    `<title>${escapeHtml(parts.title)}</title>`,
    ...(parts.head ?? [
      `<meta name="description" content="${escapeHtml(parts.description.slice(0, 300))}">`,
      `<link rel="canonical" href="${escapeHtml(parts.canonical)}">`,
      `<meta property="og:site_name" content="${escapeHtml(site.name)}">`,
      '<meta property="og:type" content="website">',
      `<meta property="og:title" content="${escapeHtml(parts.title)}">`,
      `<meta property="og:description" content="${escapeHtml(parts.description.slice(0, 300))}">`,
      `<meta property="og:url" content="${escapeHtml(parts.canonical)}">`,
      parts.image ? `<meta property="og:image" content="${escapeHtml(parts.image)}">` : '',
      `<meta name="twitter:card" content="${parts.image ? 'summary_large_image' : 'summary'}">`,
      `<meta name="twitter:title" content="${escapeHtml(parts.title)}">`,
      `<meta name="twitter:description" content="${escapeHtml(parts.description.slice(0, 300))}">`,
    ]),
    parts.indexed ? '' : '<meta name="robots" content="noindex">',
    `<style>${parts.style.css}</style>`,
    ...(parts.jsonLd ?? []).map((data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`),
  ].filter(Boolean);
  return `<!doctype html>
<html lang="${parts.lang}">
<head>
${head.join('\n')}
</head>
<body class="site ${ratioClass(site)}">
${parts.embedded ? '' : header(site, parts.lang, parts.shown, parts.query)}
<main class="site-main">
${parts.main}
</main>
${parts.embedded ? '' : footer(site, parts.lang)}
${(parts.scripts ?? []).map((src) => `<script src="${escapeHtml(src)}" defer></script>`).join('\n')}
</body>
</html>
`;
}

const shownIds = (categories: SiteCategory[]) => new Set(categories.map((category) => category.id));
const absolute = (site: PublicSite, path: string | null) => (path ? `${site.origin}${path}` : null);

/** The home: a hero (banner, name, description, the featured video), For You, then a row per category. */
export function renderHome(
  site: PublicSite,
  lang: PageLanguage,
  data: { categories: SiteCategory[]; forYou: SiteCard[]; featured: SiteCard | null },
): string {
  const t = TEXTS[lang];
  const rows = [
    data.forYou.length > 0
      ? `<section class="site-row" aria-labelledby="for-you"><h2 id="for-you">${escapeHtml(t.forYou)}</h2>${cardList(site, data.forYou)}</section>`
      : '',
    ...data.categories.map(
      (category) =>
        `<section class="site-row" aria-labelledby="c-${category.id}"><div class="site-row-head"><h2 id="c-${category.id}">${escapeHtml(category.name)}</h2><a href="${escapeHtml(categoryPath(site, category.id))}">${escapeHtml(t.seeAll)}<span class="visually-hidden"> ${escapeHtml(category.name)}</span></a></div>${cardList(site, category.cards.slice(0, 12))}</section>`,
    ),
  ];
  const featured = data.featured
    ? `<a class="site-featured" href="${escapeHtml(videoPath(site, data.featured.id))}">${thumbnail(data.featured, true, true)}<span class="site-featured-title">${escapeHtml(data.featured.title)}</span></a>`
    : '';
  const hero = [
    '<section class="site-hero">',
    site.bannerPath
      ? `<img class="site-hero-banner" src="${escapeHtml(site.bannerPath)}" alt="" fetchpriority="high">`
      : '',
    `<div><h1>${escapeHtml(site.name)}</h1>${site.description ? `<p>${escapeHtml(site.description)}</p>` : ''}</div>`,
    featured ? `<div>${featured}</div>` : '',
    '</section>',
  ].join('');
  const canonical = siteUrl(site);
  return page(site, {
    lang,
    title: site.name,
    description: site.description || site.name,
    canonical,
    indexed: site.sitemap.indexed,
    image: absolute(site, site.bannerPath) ?? absolute(site, data.featured?.thumbnailPath ?? null),
    shown: shownIds(data.categories),
    style: siteStyle(site, null),
    jsonLd: [
      organization(site),
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: site.name,
        url: canonical,
        potentialAction: {
          '@type': 'SearchAction',
          target: `${siteUrl(site, '/search')}?q={search_term_string}`,
          'query-input': 'required name=search_term_string',
        },
      },
    ],
    main: hero + (rows.some(Boolean) ? rows.join('\n') : `<p class="site-empty">${escapeHtml(t.emptySite)}</p>`),
  });
}

/** How many videos a category page lists. */
export const CATEGORY_PAGE_SIZE = 24;

export function renderCategory(
  site: PublicSite,
  lang: PageLanguage,
  data: { categories: SiteCategory[]; category: SiteCategory; page: number },
): string {
  const t = TEXTS[lang];
  const { category, page: at } = data;
  const pages = Math.max(1, Math.ceil(category.cards.length / CATEGORY_PAGE_SIZE));
  const cards = category.cards.slice((at - 1) * CATEGORY_PAGE_SIZE, at * CATEGORY_PAGE_SIZE);
  const trail = [
    { name: site.name, path: sitePath(site) },
    { name: category.name, path: categoryPath(site, category.id) },
  ];
  const canonical = `${site.origin}${categoryPath(site, category.id, at)}`;
  const pager =
    pages > 1
      ? `<nav class="pages" aria-label="${escapeHtml(t.pagination)}">${at > 1 ? `<a rel="prev" href="${escapeHtml(categoryPath(site, category.id, at - 1))}">${escapeHtml(t.previous)}</a>` : ''}<span>${escapeHtml(t.page(at))} / ${pages}</span>${at < pages ? `<a rel="next" href="${escapeHtml(categoryPath(site, category.id, at + 1))}">${escapeHtml(t.next)}</a>` : ''}</nav>`
      : '';
  return page(site, {
    lang,
    title: `${category.name}${at > 1 ? ` (${t.page(at)})` : ''} - ${site.name}`,
    description: category.description || `${category.name} - ${site.name}`,
    canonical,
    indexed: site.sitemap.indexed,
    shown: shownIds(data.categories),
    style: siteStyle(site, null),
    jsonLd: [breadcrumbs(site, trail)],
    main: [
      crumbNav(lang, trail),
      `<div class="site-page-head"><h1>${escapeHtml(category.name)}</h1>${category.description ? `<p>${escapeHtml(category.description)}</p>` : ''}<p>${escapeHtml(t.videos(category.cards.length))}</p></div>`,
      cardList(site, cards),
      pager,
    ].join('\n'),
  });
}

/** The site's email gate in the player (apps/player/src/gate.ts shows it), when the site asks for one. */
function gate(site: PublicSite, lang: PageLanguage): PlayerExtras | undefined {
  if (site.home.emailGate === 'off') return undefined;
  const t = TEXTS[lang];
  return {
    attributes: ` data-gate="${site.home.emailGate}" data-site="${escapeHtml(site.id)}"`,
    inner: [
      `<form class="lr-gate" hidden novalidate aria-labelledby="lr-gate-title" data-invalid="${escapeHtml(t.gateInvalid)}" data-failed="${escapeHtml(t.gateFailed)}">`,
      `<div class="lr-gate-body"><h2 id="lr-gate-title">${escapeHtml(t.gateTitle)}</h2>`,
      `<label class="lr-form-field">${escapeHtml(t.gateEmail)}<input type="email" name="email" autocomplete="email" required maxlength="254"></label>`,
      `<div class="lr-form-trap" aria-hidden="true"><label>${escapeHtml(WATCH_PAGE_TEXT[lang].trap)} <input type="text" name="website" tabindex="-1" autocomplete="off"></label></div>`,
      '<p class="lr-gate-status" aria-live="polite"></p>',
      `<button type="submit" class="lr-form-submit">${escapeHtml(t.gateSubmit)}</button></div></form>`,
    ].join(''),
  };
}

export function renderSiteVideo(
  site: PublicSite,
  lang: PageLanguage,
  assets: PlayerAssets,
  data: {
    categories: SiteCategory[];
    video: PublicVideo;
    category: SiteCategory;
    related: SiteCard[];
    /** The subtitle language the page is in (`?hl=`), null for the video's default. */
    language: string | null;
    /** Its subtitle tracks' languages, the default's first: each a page of its own, named by hreflang. */
    languages: string[];
  },
): string {
  const t = TEXTS[lang];
  const { video, category } = data;
  const address = `${site.origin}${videoPath(site, video.id)}`;
  const alternates = languageAlternates(address, data.languages, data.language);
  const trail = [
    { name: site.name, path: sitePath(site) },
    { name: category.name, path: categoryPath(site, category.id) },
    { name: video.title, path: videoPath(site, video.id) },
  ];
  const { canonical } = alternates;
  const related =
    data.related.length > 0
      ? `<section class="site-row" aria-labelledby="related"><h2 id="related">${escapeHtml(t.related)}</h2>${cardList(site, data.related)}</section>`
      : '';
  return page(site, {
    lang,
    title: `${video.title} - ${site.name}`,
    description: video.description || video.title,
    canonical,
    indexed: site.sitemap.indexed && video.indexable,
    head: [...videoHead({ ...video, indexable: true }, canonical, [breadcrumbs(site, trail)]), ...alternates.links],
    shown: shownIds(data.categories),
    style: siteStyle(site, video),
    main: [
      crumbNav(lang, trail),
      `<div class="site-video">${videoMain(video, lang, assets, gate(site, lang))}</div>`,
      related,
    ].join('\n'),
    scripts: [assets.player],
  });
}

export function renderSearch(
  site: PublicSite,
  lang: PageLanguage,
  data: { categories: SiteCategory[]; query: string; results: SiteCard[] },
): string {
  const t = TEXTS[lang];
  const heading = data.query ? `${t.searchFor} ${data.query}` : t.search;
  return page(site, {
    lang,
    title: `${heading} - ${site.name}`,
    description: site.description || site.name,
    canonical: siteUrl(site, '/search'),
    // Search results are the viewer's own; they are not pages to index.
    indexed: false,
    shown: shownIds(data.categories),
    query: data.query,
    style: siteStyle(site, null),
    main: [
      `<div class="site-page-head"><h1>${escapeHtml(heading)}</h1>${data.query ? `<p role="status">${escapeHtml(data.results.length > 0 ? t.searchResults(data.results.length) : t.noResults)}</p>` : ''}</div>`,
      data.results.length > 0 ? cardList(site, data.results) : '',
    ].join('\n'),
  });
}

/** Where the site embed's gallery opens a video: in the same frame. */
export const embedVideoPath = (site: PublicSite, videoId: string) => `/sites/${site.id}/embed/video/${videoId}`;

/** The site embed (/sites/{id}/embed): its categories as rows of videos that open in the frame. */
export function renderGallery(site: PublicSite, lang: PageLanguage, categories: SiteCategory[]): string {
  const t = TEXTS[lang];
  const rows = categories.map(
    (category) =>
      `<section class="site-row" aria-labelledby="c-${category.id}"><h2 id="c-${category.id}">${escapeHtml(category.name)}</h2>${cardList(site, category.cards, (id) => embedVideoPath(site, id))}</section>`,
  );
  return page(site, {
    lang,
    title: site.name,
    description: site.description || site.name,
    canonical: siteUrl(site),
    indexed: false,
    shown: shownIds(categories),
    style: siteStyle(site, null),
    embedded: true,
    main: `<h1 class="visually-hidden">${escapeHtml(site.name)}</h1>${rows.length > 0 ? rows.join('\n') : `<p class="site-empty">${escapeHtml(t.emptySite)}</p>`}`,
  });
}

/** A video opened from the site embed's gallery, in the same frame, with the way back to it. */
export function renderEmbedVideo(
  site: PublicSite,
  lang: PageLanguage,
  assets: PlayerAssets,
  data: { categories: SiteCategory[]; video: PublicVideo },
): string {
  return page(site, {
    lang,
    title: `${data.video.title} - ${site.name}`,
    description: data.video.description || data.video.title,
    canonical: `${site.origin}${videoPath(site, data.video.id)}`,
    indexed: false,
    shown: shownIds(data.categories),
    style: siteStyle(site, data.video),
    embedded: true,
    main: `<p><a class="site-button" href="${escapeHtml(`/sites/${site.id}/embed`)}">${escapeHtml(`← ${site.name}`)}</a></p><div class="site-video">${videoMain(data.video, lang, assets, gate(site, lang))}</div>`,
    scripts: [assets.player],
  });
}

export function renderSiteNotFound(site: PublicSite | null, lang: PageLanguage, publisher: string): string {
  const t = TEXTS[lang];
  if (!site) return renderNotFoundPage(lang, publisher, t.notFound);
  return page(site, {
    lang,
    title: `${t.notFound} - ${site.name}`,
    description: t.notFound,
    canonical: siteUrl(site),
    indexed: false,
    shown: new Set(),
    style: siteStyle(site, null),
    main: `<h1>${escapeHtml(t.notFound)}</h1><p><a class="site-button" href="${escapeHtml(sitePath(site))}">${escapeHtml(t.backHome)}</a></p>`,
  });
}

import type { PageLanguage } from '../../site/language.ts';
import type { PlayerAssets } from '../../site/player-assets.ts';
import type { PageKind, Rendered } from '../../site/renderer.ts';
import type { Site } from '../../site/site.ts';
import { STYLE_HASH } from '../pages/page-style.ts';
import { embedAncestors } from '../pages/public-video.ts';
import type { PublicSite, PublicSites } from './public-site.ts';
import {
  CATEGORY_PAGE_SIZE,
  renderCategory,
  renderEmbedVideo,
  renderGallery,
  renderHome,
  renderSearch,
  renderSiteNotFound,
  renderSiteVideo,
  siteStyle,
} from './site-html.ts';

/** How many videos the home's For You row and a video page's related row show. */
const ROW_SIZE = 8;

/** What a viewer typed, as a page may show it: no control characters, no lone surrogates. */
export const cleanQuery = (value: string | undefined) =>
  (value ?? '')
    .replace(/\p{Cc}/gu, ' ')
    .toWellFormed()
    .trim()
    .slice(0, 100);

/**
 * The public site's pages (docs/product.md "Sites"), as page kinds of the site layer: at /sites/{id}/...
 * on any host that serves the account, and at the root of its brand's domain (`/`, /category/{id},
 * /video/{id}, /search). An unknown site, category or video, or one the site does not show, is a 404 page.
 */
export function sitePageKinds(sites: PublicSites, assets: PlayerAssets): PageKind[] {
  const notFound = (site: PublicSite | null, request: Site, lang: PageLanguage): Rendered => ({
    status: 404,
    html: renderSiteNotFound(site, lang, request.publisher),
    frameAncestors: "'none'",
    styleHash: site ? siteStyle(site, null).hash : STYLE_HASH,
  });
  const ok = (site: PublicSite, html: string, videoId?: string): Rendered => ({
    status: 200,
    html,
    frameAncestors: "'none'",
    styleHash: siteStyle(site, null).hash,
    ...(videoId ? { videoId } : {}),
  });

  /** A page of the site the request names (or its domain's), given its shown categories. */
  type Page = (
    site: PublicSite,
    categories: Awaited<ReturnType<PublicSites['categories']>>,
    lang: PageLanguage,
  ) => Promise<Rendered | null>;
  const onSite = (page: Page) => async (request: Site, siteId: string | null, lang: PageLanguage) => {
    const site = await sites.resolve(request, siteId);
    if (!site) return notFound(null, request, lang);
    return (await page(site, await sites.categories(site), lang)) ?? notFound(site, request, lang);
  };

  const home = onSite(async (site, categories, lang) => {
    const videos = sites.videosOf(categories);
    const forYou = site.home.forYou ? await sites.forYou(site, videos, ROW_SIZE) : [];
    return ok(site, renderHome(site, lang, { categories, forYou, featured: forYou[0] ?? videos[0] ?? null }));
  });

  const category = (categoryId: string, pageParam: string | undefined) =>
    onSite(async (site, categories, lang) => {
      const found = categories.find((each) => each.id === categoryId);
      const page = /^[1-9]\d{0,4}$/.test(pageParam ?? '1') ? Number(pageParam ?? '1') : 0;
      if (!found || page > Math.max(1, Math.ceil(found.cards.length / CATEGORY_PAGE_SIZE)) || page < 1) return null;
      return ok(site, renderCategory(site, lang, { categories, category: found, page }));
    });

  const video = (videoId: string, language?: string) =>
    onSite(async (site, categories, lang) => {
      const shown = await sites.video(site, sites.videosOf(categories), videoId, language);
      const found = categories.find((each) => each.cards.some((card) => card.id === videoId));
      if (!shown || !found) return null;
      const related = found.cards.filter((card) => card.id !== videoId).slice(0, ROW_SIZE);
      const html = renderSiteVideo(site, lang, assets, { categories, ...shown, category: found, related });
      return { ...ok(site, html), styleHash: siteStyle(site, shown.video).hash, videoId: shown.video.id };
    });

  // The site embed: framed on the owner's pages, by the same allow-list as the account's video embeds.
  const framed = (rendered: Rendered, site: PublicSite) =>
    sites.embedDomains(site).then((domains) => ({ ...rendered, frameAncestors: embedAncestors(domains) }));
  const gallery = onSite(async (site, categories, lang) =>
    framed(ok(site, renderGallery(site, lang, categories)), site),
  );
  const embeddedVideo = (videoId: string) =>
    onSite(async (site, categories, lang) => {
      const shown = await sites.video(site, sites.videosOf(categories), videoId);
      if (!shown) return null;
      const html = renderEmbedVideo(site, lang, assets, { categories, video: shown.video });
      return framed({ ...ok(site, html), styleHash: siteStyle(site, shown.video).hash, videoId: shown.video.id }, site);
    });

  const search = (query: string) =>
    onSite(async (site, categories, lang) => {
      const results = query ? await sites.search(site, query) : [];
      return ok(site, renderSearch(site, lang, { categories, query, results }));
    });

  const kinds: PageKind<Record<string, string>>[] = [
    {
      name: 'site-home',
      path: '/sites/:siteId',
      prefix: '/sites/',
      key: ({ siteId }) => String(siteId),
      render: ({ params, site, lang }) => home(site, params.siteId ?? '', lang),
    },
    {
      name: 'site-category',
      path: '/sites/:siteId/category/:categoryId',
      prefix: '/sites/',
      query: ['page'],
      key: ({ siteId, categoryId }) => `${siteId}/${categoryId}`,
      render: ({ params, query, site, lang }) =>
        category(params.categoryId ?? '', query.page)(site, params.siteId ?? '', lang),
    },
    {
      name: 'site-video',
      path: '/sites/:siteId/video/:videoId',
      prefix: '/sites/',
      query: ['hl'],
      key: ({ siteId, videoId }) => `${siteId}/${videoId}`,
      render: ({ params, query, site, lang }) => video(params.videoId ?? '', query.hl)(site, params.siteId ?? '', lang),
    },
    {
      name: 'site-search',
      path: '/sites/:siteId/search',
      prefix: '/sites/',
      query: ['q'],
      key: ({ siteId }) => String(siteId),
      render: ({ params, query, site, lang }) => search(cleanQuery(query.q))(site, params.siteId ?? '', lang),
    },
    {
      name: 'site-embed',
      path: '/sites/:siteId/embed',
      prefix: '/sites/',
      key: ({ siteId }) => String(siteId),
      render: ({ params, site, lang }) => gallery(site, params.siteId ?? '', lang),
    },
    {
      name: 'site-embed-video',
      path: '/sites/:siteId/embed/video/:videoId',
      prefix: '/sites/',
      key: ({ siteId, videoId }) => `${siteId}/${videoId}`,
      render: ({ params, site, lang }) => embeddedVideo(params.videoId ?? '')(site, params.siteId ?? '', lang),
    },
    // The same pages at the root of the brand's domain.
    { name: 'domain-home', path: '/', prefix: '/', key: () => '', render: ({ site, lang }) => home(site, null, lang) },
    {
      name: 'domain-category',
      path: '/category/:categoryId',
      prefix: '/category/',
      query: ['page'],
      key: ({ categoryId }) => String(categoryId),
      render: ({ params, query, site, lang }) => category(params.categoryId ?? '', query.page)(site, null, lang),
    },
    {
      name: 'domain-video',
      path: '/video/:videoId',
      prefix: '/video/',
      query: ['hl'],
      key: ({ videoId }) => String(videoId),
      render: ({ params, query, site, lang }) => video(params.videoId ?? '', query.hl)(site, null, lang),
    },
    {
      name: 'domain-search',
      path: '/search',
      prefix: '/search',
      query: ['q'],
      key: () => '',
      render: ({ query, site, lang }) => search(cleanQuery(query.q))(site, null, lang),
    },
  ];
  return kinds as PageKind[];
}

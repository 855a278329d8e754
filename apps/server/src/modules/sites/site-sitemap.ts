import type { FastifyPluginAsync } from 'fastify';
import { notFoundUncached } from '../../errors.ts';
import { escapeHtml } from '../pages/html.ts';
import type { PublicSites } from './public-site.ts';
import { sitePath, siteUrl } from './public-site.ts';
import { categoryPath, videoPath } from './site-html.ts';

/**
 * A site's sitemap, /sites/{id}/sitemap.xml on every host that serves it, its addresses on the host asked
 * (the domain's root for the brand's domain): the pages its sitemap setting lists, each video with Google's
 * video extension (https://developers.google.com/search/docs/crawling-indexing/sitemaps/video-sitemaps).
 * A site kept out of search engines lists nothing.
 */
export const siteSitemapRoutes: FastifyPluginAsync<{ sites: PublicSites }> = async (app, { sites }) => {
  app.get<{ Params: { siteId: string } }>('/sites/:siteId/sitemap.xml', async (request, reply) => {
    const site = await sites.resolve(request.site, request.params.siteId);
    if (!site) throw notFoundUncached();
    const entries: string[] = [];
    if (site.sitemap.indexed) {
      const categories = await sites.categories(site);
      const pages = new Set(site.sitemap.pages);
      if (pages.has('home'))
        entries.push(
          `<url><loc>${escapeHtml(siteUrl(site))}</loc><lastmod>${site.updatedAt.toISOString()}</lastmod></url>`,
        );
      if (pages.has('categories'))
        for (const category of categories)
          entries.push(`<url><loc>${escapeHtml(`${site.origin}${categoryPath(site, category.id)}`)}</loc></url>`);
      if (pages.has('videos'))
        for (const card of sites.videosOf(categories)) {
          if (!card.indexable) continue;
          entries.push(
            [
              `<url><loc>${escapeHtml(`${site.origin}${videoPath(site, card.id)}`)}</loc><video:video>`,
              card.thumbnailPath
                ? `<video:thumbnail_loc>${escapeHtml(`${site.origin}${card.thumbnailPath}`)}</video:thumbnail_loc>`
                : '',
              `<video:title>${escapeHtml(card.title)}</video:title>`,
              `<video:description>${escapeHtml((card.description || card.title).slice(0, 2048))}</video:description>`,
              `<video:player_loc>${escapeHtml(`${site.origin}/embed/${card.id}`)}</video:player_loc>`,
              card.durationSec ? `<video:duration>${Math.max(1, Math.round(card.durationSec))}</video:duration>` : '',
              `<video:publication_date>${card.uploadedAt.toISOString()}</video:publication_date>`,
              '</video:video></url>',
            ].join(''),
          );
        }
    }
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">\n${entries.join('\n')}\n</urlset>\n`,
      );
  });
};

/** The sitemap of the site a custom domain serves at its root, for its robots.txt; none elsewhere. */
export async function domainSitemaps(sites: PublicSites, request: Parameters<PublicSites['resolve']>[0]) {
  if (!request.domain) return [];
  const site = await sites.resolve(request, null);
  return site?.sitemap.indexed ? [`${site.origin}${sitePath({ base: `/sites/${site.id}` }, '/sitemap.xml')}`] : [];
}

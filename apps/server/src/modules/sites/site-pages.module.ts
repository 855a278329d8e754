import { mediaPath } from '../brands/brand-files.ts';
import { viewerPostLimits } from '../leads/leads.module.ts';
import { defineModule } from '../module.ts';
import { createPublicSiteRepo } from './public-site.repo.ts';
import { createPublicSites, type PublicSites } from './public-site.ts';
import { siteGateRoutes } from './site-gate.routes.ts';
import { sitePageKinds } from './site-pages.ts';
import { siteSitemapRoutes } from './site-sitemap.ts';

declare module '../module.ts' {
  interface Services {
    publicSites: PublicSites;
  }
}

/**
 * The public sites (docs/product.md "Sites"): their pages as page kinds of the site layer, on the brand's
 * domain and at /sites/{id} on the installation's address, and each site's sitemap.
 */
export const sitePagesModule = defineModule({
  name: 'site-pages',
  create: ({ db, services, config }) => ({
    publicSites: createPublicSites({
      repo: createPublicSiteRepo(db),
      entitlements: services.entitlements,
      findVideo: (videoId, site) => services.publicVideos.find(videoId, site),
      brandLook: (brandId) => services.brands.forBrand(brandId),
      // The site's header draws its picture at 40 px: the 96 px square serves it at twice that.
      imagePath: (accountId, file, kind) => mediaPath(accountId, file, kind === 'banner' ? 'banner.jpg' : '96.png'),
      completions: (accountId, videoIds) => services.figures.completions(accountId, videoIds),
      brandName: config.BRAND_NAME,
      domainOfHost: (host) => services.domains.resolveHost(host),
      embedDomainsOf: (accountId) => services.settings.embedDomainsOf(accountId),
      inLanguage: (video, language) => services.publicVideos.inLanguage(video, language),
    }),
  }),
  pages: ({ services, assets }) => sitePageKinds(services.publicSites, assets),
  site: async (app, { services }) => {
    await app.register(siteSitemapRoutes, { sites: services.publicSites });
  },
  api: async (scope, { services, hooks, limits }) => {
    await scope.register(siteGateRoutes, {
      sites: services.publicSites,
      leads: services.leads,
      hooks,
      limits: viewerPostLimits(limits, 'site-gate'),
    });
  },
});

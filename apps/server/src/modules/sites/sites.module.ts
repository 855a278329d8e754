import { imageLimiter } from '../brands/brands.routes.ts';
import { defineModule } from '../module.ts';
import { createSiteRepo } from './sites.repo.ts';
import { siteRoutes } from './sites.routes.ts';
import { createSiteService, type SiteService } from './sites.service.ts';

declare module '../module.ts' {
  interface Services {
    sites: SiteService;
  }
}

/** Sites: the pages of the account's videos, by category, under one of its brands (the console contract's "Site/channel"). */
export const sitesModule = defineModule({
  name: 'sites',
  create: ({ db, services, clock }) => ({
    sites: createSiteService({
      repo: createSiteRepo(db),
      entitlements: services.entitlements,
      ownsBrand: (accountId, brandId) => services.brands.owns(accountId, brandId),
      ownVideos: (accountId, videoIds) => services.videos.status(accountId, videoIds),
      images: services.brands.images,
      clock,
    }),
  }),
  api: async (scope, { services, hooks, limits }) => {
    await scope.register(siteRoutes, {
      sites: services.sites,
      hooks,
      imageLimit: imageLimiter(limits, 'site'),
    });
  },
});

import { defineModule } from '../module.ts';
import { brandMediaRoutes } from './brand-media.routes.ts';
import { createBrandRepo } from './brands.repo.ts';
import { brandRoutes, imageLimiter } from './brands.routes.ts';
import { type BrandService, createBrandService } from './brands.service.ts';

declare module '../module.ts' {
  interface Services {
    brands: BrandService;
  }
}

/** Brands: the look of the pages on the account's custom domains, and the images they show (docs/product.md "Brands"). */
export const brandsModule = defineModule({
  name: 'brands',
  create: ({ db, services, storage, clock }) => ({
    brands: createBrandService({ repo: createBrandRepo(db), entitlements: services.entitlements, storage, clock }),
  }),
  api: async (scope, { services, hooks, limits }) => {
    await scope.register(brandRoutes, {
      brands: services.brands,
      hooks,
      imageLimit: imageLimiter(limits, 'brand'),
    });
  },
  site: async (app, { services }) => {
    await app.register(brandMediaRoutes, { brands: services.brands });
  },
  sweep: async ({ services }) => {
    await services.brands.sweep();
  },
});

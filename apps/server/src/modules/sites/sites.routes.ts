import type { FastifyPluginAsync } from 'fastify';
import { catalogueRoutes } from '../../lib/catalogue-routes.ts';
import { type AuthHooks, accountId } from '../../plugins/auth.ts';
import type { Limit } from '../../plugins/limits.ts';
import { IMAGE_BODY } from '../brands/brands.routes.ts';
import type { SiteService } from './sites.service.ts';

/** The site screens (the console contract's "brand and brand-channel CRUD, home tab, categories, navigation"). */
export const siteRoutes: FastifyPluginAsync<{ sites: SiteService; hooks: AuthHooks; imageLimit: Limit }> = async (
  app,
  { sites, hooks, imageLimit },
) => {
  const route = catalogueRoutes(app, hooks);
  route('site.list', (request) => sites.list(accountId(request)));
  route('site.add', (request, { brandId, profile }) => sites.add(accountId(request), brandId, profile));
  route('site.del', async (request, { id }) => {
    await sites.remove(accountId(request), id);
    return null;
  });
  route('site.detail', (request, { id }) => sites.detail(accountId(request), id));
  route('site.image', (request, { kind, image }) => sites.upload(accountId(request), kind, image), {
    ...IMAGE_BODY,
    preHandler: [imageLimit],
  });
  route('site.saveProfile', (request, { id, profile }) => sites.saveProfile(accountId(request), id, profile));
  route('site.saveHome', (request, { id, home }) => sites.saveHome(accountId(request), id, home));
  route('site.saveSitemap', (request, { id, sitemap }) => sites.saveSitemap(accountId(request), id, sitemap));
  route('site.saveNavigation', (request, { id, navigation }) =>
    sites.saveNavigation(accountId(request), id, navigation),
  );
  route('site.categories', (request, { id }) => sites.categories(accountId(request), id));
  route('site.addCategory', (request, { siteId, ...input }) => sites.addCategory(accountId(request), siteId, input));
  route('site.editCategory', (request, { id, ...input }) => sites.editCategory(accountId(request), id, input));
  route('site.delCategory', async (request, { id }) => {
    await sites.removeCategory(accountId(request), id);
    return null;
  });
  route('site.orderCategories', (request, { siteId, ids }) => sites.orderCategories(accountId(request), siteId, ids));
};

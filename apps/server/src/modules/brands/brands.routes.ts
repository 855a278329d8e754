import type { FastifyPluginAsync } from 'fastify';
import { catalogueRoutes } from '../../lib/catalogue-routes.ts';
import { type AuthHooks, accountId } from '../../plugins/auth.ts';
import type { Limit, Limits } from '../../plugins/limits.ts';
import type { BrandService } from './brands.service.ts';

/**
 * An image arrives in the JSON body in base64: 2 MB is about 2.8 million characters (the contract's 3
 * million). A site's banner and picture come the same way.
 */
export const IMAGE_BODY = { bodyLimit: 3 * 1024 * 1024 };

/** Each upload is decoded and drawn again by sharp: a screen's worth of tries, not a loop's; `screen` names whose. */
export const imageLimiter = (limits: Limits, screen: 'brand' | 'site') =>
  limits.limiter({
    max: 30,
    timeWindow: 10 * 60_000,
    keyGenerator: (request) => `${screen}-image:${accountId(request)}`,
  });

/** The brand screen (the console contract global-settings/brand-setting): list, add, edit, delete, upload. */
export const brandRoutes: FastifyPluginAsync<{ brands: BrandService; hooks: AuthHooks; imageLimit: Limit }> = async (
  app,
  { brands, hooks, imageLimit },
) => {
  const route = catalogueRoutes(app, hooks);
  route('brand.list', (request) => brands.list(accountId(request)));
  route('brand.add', (request, body) => brands.add(accountId(request), body));
  route('brand.edit', (request, { id, ...body }) => brands.edit(accountId(request), id, body));
  route('brand.del', async (request, { id }) => {
    await brands.remove(accountId(request), id);
    return null;
  });
  route('brand.image', (request, { kind, image }) => brands.upload(accountId(request), kind, image), {
    ...IMAGE_BODY,
    preHandler: [imageLimit],
  });
};

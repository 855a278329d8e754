import type { FastifyInstance } from 'fastify';
import { MODULES } from '../modules/index.ts';
import { formChallenge } from '../modules/leads/captcha.ts';
import type { RouteContext } from '../modules/module.ts';
import { registerPlayerAssets } from './player-assets.ts';
import { createRenderer } from './renderer.ts';
import { registerSiteContext } from './site.ts';

/**
 * The public surface's floor (docs/decisions/0031-site-layer.md), registered before every other route:
 * each request's Host resolved into its site (`request.site`), the player's files, and every module's
 * page kinds served through one renderer that owns the page cache, the CSP and compression.
 */
export async function registerSite(app: FastifyInstance, context: RouteContext) {
  const { services, config } = context;
  const assets = registerPlayerAssets(app);
  const kinds = MODULES.flatMap((module) => module.pages?.({ ...context, assets }) ?? []);
  registerSiteContext(app, {
    publicUrl: config.publicUrl,
    strictHosts: Boolean(config.PUBLIC_URL),
    brandName: config.BRAND_NAME,
    resolveHost: (host) => services.domains.resolveHost(host),
    brandOf: (domainId) => services.brands.forDomain(domainId),
    pagePrefixes: kinds.flatMap((kind) => (kind.path === '/' ? [] : [kind.prefix])),
  });
  const renderer = createRenderer({
    pageCacheMs: context.pageCacheMs ?? 2000,
    challengeSources: formChallenge(config)?.sources,
    stillShown: (ids) => services.videos.stillShown(ids),
  });
  renderer.register(app, kinds);
}

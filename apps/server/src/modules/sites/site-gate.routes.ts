import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { notFound } from '../../errors.ts';
import { catalogueRoutes } from '../../lib/catalogue-routes.ts';
import type { AuthHooks } from '../../plugins/auth.ts';
import type { LeadService } from '../leads/leads.service.ts';
import type { PublicSites } from './public-site.ts';

/**
 * A site's email gate (docs/product.md "Sites"): the viewer's email before a video, taken only for a video
 * the site shows while its gate is on, on a host that serves the site; kept as a lead of that video.
 */
export const siteGateRoutes: FastifyPluginAsync<{
  sites: PublicSites;
  leads: Pick<LeadService, 'submitGate'>;
  hooks: AuthHooks;
  limits: ((request: FastifyRequest) => Promise<void>)[];
}> = async (app, { sites, leads, hooks, limits }) => {
  catalogueRoutes(app, hooks)(
    'public.siteGate',
    async (request, body) => {
      const site = await sites.resolve(request.site, body.siteId);
      if (!site || site.home.emailGate === 'off') throw notFound('not_found', 'siteId');
      const shown = sites.videosOf(await sites.categories(site));
      if (!shown.some((card) => card.id === body.videoId)) throw notFound('not_found', 'videoId');
      await leads.submitGate(body, request.ip);
      return { received: true as const };
    },
    { bodyLimit: 16 * 1024, preHandler: limits },
  );
};

import type { FastifyPluginAsync } from 'fastify';
import { catalogueRoutes } from '../../lib/catalogue-routes.ts';
import { type AuthHooks, accountId } from '../../plugins/auth.ts';
import type { Figures } from './figures.service.ts';

/** The analytics screens' reads: per video (video setting `analytics`; the console contract "data-panel") and the overview. */
export const figureRoutes: FastifyPluginAsync<{ figures: Figures; hooks: AuthHooks }> = async (
  app,
  { figures, hooks },
) => {
  const route = catalogueRoutes(app, hooks);
  route('analytics.video', (request, query) => figures.video(accountId(request), query));
  route('analytics.sessions', (request, query) => figures.sessions(accountId(request), query));
  route('analytics.breakdown', (request, query) => figures.breakdown(accountId(request), query));
  route('analytics.overview', (request, query) => figures.overview(accountId(request), query));
};

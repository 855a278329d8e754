import type { PublicConfig } from '@leadreel/shared';
import type { FastifyPluginAsync } from 'fastify';
import { catalogueRoutes } from '../lib/catalogue-routes.ts';
import type { AuthHooks } from './auth.ts';

/** GET /api/config: what the console needs before anyone signs in. */
export const publicConfigRoutes: FastifyPluginAsync<{ config: PublicConfig; hooks: AuthHooks }> = async (
  app,
  { config, hooks },
) => {
  catalogueRoutes(app, hooks)('config', async () => config);
};

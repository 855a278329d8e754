import { okEnvelope, saveSeoPageBody, seoPageData, seoPageQuery } from '@leadreel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthHooks, accountId } from '../../plugins/auth.ts';
import type { SettingsService } from './settings.service.ts';

const ok = <T>(data: T) => ({ statusCode: 200 as const, data });
const tags = ['video settings'];

/** The video settings screens (spec §7 "vod player and embed config, ... seo page"). */
export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService; hooks: AuthHooks }> = async (
  app,
  { settings, hooks },
) => {
  app.addHook('onRequest', hooks.required);

  app.get(
    '/vod/video/seo-page',
    { schema: { tags, querystring: seoPageQuery, response: { 200: okEnvelope(seoPageData) } } },
    async (request) => ok(await settings.getSeo(accountId(request), request.query.videoId)),
  );
  app.post(
    '/vod/video/seo-page/save',
    { schema: { tags, body: saveSeoPageBody, response: { 200: okEnvelope(seoPageData) } } },
    async (request) => {
      const { videoId, ...seo } = request.body;
      return ok(await settings.saveSeo(accountId(request), videoId, seo));
    },
  );
};

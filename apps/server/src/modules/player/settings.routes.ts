import {
  type ContactKind,
  type ContactSettings,
  contactQuery,
  emailButtonData,
  embedConfigBody,
  embedConfigData,
  okEnvelope,
  saveEmailButtonBody,
  saveSeoPageBody,
  saveTelephoneBody,
  saveWhatsappBody,
  seoPageData,
  seoPageQuery,
  telephoneData,
  whatsappData,
} from '@leadreel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
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

  // Where the account's embeds may play (spec §7 "vod player and embed config").
  app.get(
    '/vod/player/embed-config',
    { schema: { tags, response: { 200: okEnvelope(embedConfigData) } } },
    async (request) => ok(await settings.getEmbedDomains(accountId(request))),
  );
  app.post(
    '/vod/player/embed-config/save',
    { schema: { tags, body: embedConfigBody, response: { 200: okEnvelope(embedConfigData) } } },
    async (request) => ok(await settings.saveEmbedDomains(accountId(request), request.body.domains)),
  );

  // The contact buttons (spec §7 "email, phone" and "whatsapp"): one path per screen.
  const contact = <K extends ContactKind>(
    path: string,
    kind: K,
    body: z.ZodType<{ videoId: string; setting: ContactSettings[K] }>,
    data: z.ZodType,
  ) => {
    app.get(
      `/vod/video/${path}`,
      { schema: { tags, querystring: contactQuery, response: { 200: okEnvelope(data) } } },
      async (request) => ok(await settings.getContact(accountId(request), request.query.videoId, kind)),
    );
    app.post(
      `/vod/video/${path}/save`,
      { schema: { tags, body, response: { 200: okEnvelope(data) } } },
      async (request) =>
        ok(await settings.saveContact(accountId(request), request.body.videoId, kind, request.body.setting)),
    );
  };
  contact('whatsapp', 'whatsapp', saveWhatsappBody, whatsappData);
  contact('phone', 'telephone', saveTelephoneBody, telephoneData);
  contact('email', 'email', saveEmailButtonBody, emailButtonData);

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

import {
  brandingData,
  type ContactKind,
  type ContactSettings,
  contactQuery,
  coverUploadBody,
  defaultSubtitleBody,
  emailButtonData,
  embedConfigBody,
  embedConfigData,
  kitCloneBody,
  kitCloneData,
  logoUploadBody,
  logoUploadData,
  type OverlayKind,
  type OverlaySettings,
  okEnvelope,
  saveBrandingBody,
  saveEmailButtonBody,
  saveSeoPageBody,
  saveShareBody,
  saveSubtitleBody,
  saveSuperActionBody,
  saveTelephoneBody,
  saveWhatsappBody,
  saveWidgetBody,
  seoPageData,
  seoPageQuery,
  shareData,
  subtitleData,
  subtitleIdBody,
  subtitleListData,
  subtitleListQuery,
  superActionData,
  telephoneData,
  uploadSubtitleBody,
  whatsappData,
  widgetData,
} from '@leadreel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type AuthHooks, accountId } from '../../plugins/auth.ts';
import type { SettingsService } from './settings.service.ts';
import type { SubtitleService } from './subtitles.service.ts';

const ok = <T>(data: T) => ({ statusCode: 200 as const, data });
const tags = ['video settings'];

/** The video settings screens (spec §7 "vod player and embed config, ... seo page"). */
export const settingsRoutes: FastifyPluginAsyncZod<{
  settings: SettingsService;
  subtitles: SubtitleService;
  hooks: AuthHooks;
}> = async (app, { settings, subtitles, hooks }) => {
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

  // Branding ("logo"), the call to action ("super action"), the widget and the share networks.
  const overlay = <K extends OverlayKind>(
    path: string,
    kind: K,
    body: z.ZodType<{ videoId: string; setting: OverlaySettings[K] }>,
    data: z.ZodType,
  ) => {
    app.get(
      `/vod/video/${path}`,
      { schema: { tags, querystring: contactQuery, response: { 200: okEnvelope(data) } } },
      async (request) => ok(await settings.getOverlay(accountId(request), request.query.videoId, kind)),
    );
    app.post(
      `/vod/video/${path}/save`,
      { schema: { tags, body, response: { 200: okEnvelope(data) } } },
      async (request) =>
        ok(await settings.saveOverlay(accountId(request), request.body.videoId, kind, request.body.setting)),
    );
  };
  overlay('logo', 'branding', saveBrandingBody, brandingData);
  overlay('super-action', 'superAction', saveSuperActionBody, superActionData);
  overlay('widget', 'widget', saveWidgetBody, widgetData);
  overlay('share', 'share', saveShareBody, shareData);
  app.post(
    '/vod/video/logo/upload',
    {
      bodyLimit: 3 * 1024 * 1024,
      schema: { tags, body: logoUploadBody, response: { 200: okEnvelope(logoUploadData) } },
    },
    async (request) => ok(await settings.uploadLogo(accountId(request), request.body.videoId, request.body.image)),
  );

  app.post(
    '/vod/video/kit-clone',
    { schema: { tags, body: kitCloneBody, response: { 200: okEnvelope(kitCloneData) } } },
    async (request) => ok(await settings.cloneKit(accountId(request), request.body)),
  );

  // Subtitles (spec §7 "speech-to-text: ... srt edit and content"): uploaded files, edited as cues.
  app.get(
    '/vod/video/subtitle/list',
    { schema: { tags, querystring: subtitleListQuery, response: { 200: okEnvelope(subtitleListData) } } },
    async (request) => ok(await subtitles.list(accountId(request), request.query.videoId)),
  );
  app.post(
    '/vod/video/subtitle/upload',
    {
      bodyLimit: 3 * 1024 * 1024,
      schema: { tags, body: uploadSubtitleBody, response: { 200: okEnvelope(subtitleData) } },
    },
    async (request) => ok(await subtitles.upload(accountId(request), request.body)),
  );
  app.post(
    '/vod/video/subtitle/save',
    {
      bodyLimit: 3 * 1024 * 1024,
      schema: { tags, body: saveSubtitleBody, response: { 200: okEnvelope(subtitleData) } },
    },
    async (request) => ok(await subtitles.save(accountId(request), request.body)),
  );
  app.post('/vod/video/subtitle/delete', { schema: { tags, body: subtitleIdBody } }, async (request) => {
    await subtitles.remove(accountId(request), request.body.subtitleId);
    return ok(null);
  });
  app.post(
    '/vod/video/subtitle/default',
    { schema: { tags, body: defaultSubtitleBody, response: { 200: okEnvelope(subtitleListData) } } },
    async (request) =>
      ok(await subtitles.setDefault(accountId(request), request.body.videoId, request.body.subtitleId)),
  );

  app.post(
    '/vod/video/seo-page/cover',
    { bodyLimit: 3 * 1024 * 1024, schema: { tags, body: coverUploadBody, response: { 200: okEnvelope(seoPageData) } } },
    async (request) => ok(await settings.setCover(accountId(request), request.body.videoId, request.body.image)),
  );
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

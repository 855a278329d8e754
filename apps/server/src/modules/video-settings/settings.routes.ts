import type { FastifyPluginAsync } from 'fastify';
import { catalogueRoutes } from '../../lib/catalogue-routes.ts';
import { type AuthHooks, accountId } from '../../plugins/auth.ts';
import type { SettingsService } from './settings.service.ts';
import type { SubtitleService } from './subtitles.service.ts';

/** Logos, covers and subtitle files arrive inside the JSON body, base64-encoded. */
const FILE_BODY = { bodyLimit: 3 * 1024 * 1024 };

/** The video settings screens (the console contract "vod player and embed config, ... seo page"). */
export const settingsRoutes: FastifyPluginAsync<{
  settings: SettingsService;
  subtitles: SubtitleService;
  hooks: AuthHooks;
}> = async (app, { settings, subtitles, hooks }) => {
  const route = catalogueRoutes(app, hooks);

  // Where the account's embeds may play (the console contract "vod player and embed config").
  route('settings.embedConfig', (request) => settings.getEmbedDomains(accountId(request)));
  route('settings.saveEmbedConfig', (request, { domains }) => settings.saveEmbedDomains(accountId(request), domains));

  // The contact buttons (the console contract "email, phone" and "whatsapp"), then branding ("logo"), the call to action
  // ("super action"), the widget and the share networks: each screen reads and saves its own setting.
  route('settings.whatsapp', (request, { videoId }) => settings.getContact(accountId(request), videoId, 'whatsapp'));
  route('settings.saveWhatsapp', (request, { videoId, setting }) =>
    settings.saveContact(accountId(request), videoId, 'whatsapp', setting),
  );
  route('settings.telephone', (request, { videoId }) => settings.getContact(accountId(request), videoId, 'telephone'));
  route('settings.saveTelephone', (request, { videoId, setting }) =>
    settings.saveContact(accountId(request), videoId, 'telephone', setting),
  );
  route('settings.email', (request, { videoId }) => settings.getContact(accountId(request), videoId, 'email'));
  route('settings.saveEmail', (request, { videoId, setting }) =>
    settings.saveContact(accountId(request), videoId, 'email', setting),
  );
  route('settings.branding', (request, { videoId }) => settings.getOverlay(accountId(request), videoId, 'branding'));
  route('settings.saveBranding', (request, { videoId, setting }) =>
    settings.saveOverlay(accountId(request), videoId, 'branding', setting),
  );
  route('settings.superAction', (request, { videoId }) =>
    settings.getOverlay(accountId(request), videoId, 'superAction'),
  );
  route('settings.saveSuperAction', (request, { videoId, setting }) =>
    settings.saveOverlay(accountId(request), videoId, 'superAction', setting),
  );
  route('settings.widget', (request, { videoId }) => settings.getOverlay(accountId(request), videoId, 'widget'));
  route('settings.saveWidget', (request, { videoId, setting }) =>
    settings.saveOverlay(accountId(request), videoId, 'widget', setting),
  );
  route('settings.share', (request, { videoId }) => settings.getOverlay(accountId(request), videoId, 'share'));
  route('settings.saveShare', (request, { videoId, setting }) =>
    settings.saveOverlay(accountId(request), videoId, 'share', setting),
  );
  route(
    'settings.uploadLogo',
    (request, { videoId, image }) => settings.uploadLogo(accountId(request), videoId, image),
    FILE_BODY,
  );
  route('settings.kitClone', (request, body) => settings.cloneKit(accountId(request), body));

  // Subtitles (the console contract "speech-to-text: ... srt edit and content"): uploaded files, edited as cues.
  route('settings.subtitles', (request, { videoId }) => subtitles.list(accountId(request), videoId));
  route('settings.uploadSubtitle', (request, body) => subtitles.upload(accountId(request), body), FILE_BODY);
  route('settings.saveSubtitle', (request, body) => subtitles.save(accountId(request), body), FILE_BODY);
  route('settings.deleteSubtitle', async (request, { subtitleId }) => {
    await subtitles.remove(accountId(request), subtitleId);
    return null;
  });
  route('settings.defaultSubtitle', (request, { videoId, subtitleId }) =>
    subtitles.setDefault(accountId(request), videoId, subtitleId),
  );

  route(
    'settings.cover',
    (request, { videoId, image }) => settings.setCover(accountId(request), videoId, image),
    FILE_BODY,
  );
  route('settings.seoPage', (request, { videoId }) => settings.getSeo(accountId(request), videoId));
  route('settings.saveSeoPage', (request, { videoId, ...seo }) => settings.saveSeo(accountId(request), videoId, seo));
};

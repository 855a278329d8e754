import { defineModule } from '../module.ts';
import { createSettingsRepo } from './settings.repo.ts';
import { settingsRoutes } from './settings.routes.ts';
import { createSettingsService, type SettingsService } from './settings.service.ts';
import { createSubtitleRepo } from './subtitles.repo.ts';
import { createSubtitleService, type SubtitleService } from './subtitles.service.ts';

declare module '../module.ts' {
  interface Services {
    settings: SettingsService;
    subtitles: SubtitleService;
  }
}

/** The video settings screens: contact buttons, overlays, subtitles, the SEO page, embed domains. */
export const videoSettingsModule = defineModule({
  name: 'video-settings',
  create: ({ db, services, storage, config }) => {
    const { videos, entitlements } = services;
    return {
      settings: createSettingsService({
        settings: createSettingsRepo(db),
        videos,
        entitlements,
        storage,
        publicUrl: config.publicUrl,
      }),
      subtitles: createSubtitleService({ subtitles: createSubtitleRepo(db), videos, entitlements }),
    };
  },
  api: async (scope, { services, hooks }) => {
    await scope.register(settingsRoutes, { settings: services.settings, subtitles: services.subtitles, hooks });
  },
});

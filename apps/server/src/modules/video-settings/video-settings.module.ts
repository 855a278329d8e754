import { defineModule } from '../module.ts';
import { settingsRoutes } from './settings.routes.ts';

/** The video settings screens: contact buttons, overlays, subtitles, the SEO page, embed domains. */
export const videoSettingsModule = defineModule({
  name: 'video-settings',
  api: async (scope, { services, hooks }) => {
    await scope.register(settingsRoutes, { settings: services.settings, subtitles: services.subtitles, hooks });
  },
});

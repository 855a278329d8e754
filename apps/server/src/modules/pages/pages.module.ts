import { formChallenge } from '../leads/captcha.ts';
import { defineModule } from '../module.ts';
import { pagesRoutes } from './pages.routes.ts';

/** The public pages: watch pages, embeds, oEmbed, the sitemap, subtitle tracks and the player's clicks. */
export const pagesModule = defineModule({
  name: 'pages',
  site: async (app, { services, config, limits, pageCacheMs }) => {
    await app.register(pagesRoutes, {
      settings: services.settings,
      videos: services.videos,
      entitlements: services.entitlements,
      recordClick: (click) => services.leads.recordClick(click),
      subtitleTrack: (videoId, subtitleId) => services.subtitles.publicTrack(videoId, subtitleId),
      // A viewer clicks a few buttons a minute; a page that sends more is not a viewer.
      clickLimit: limits.limiter({ max: 60, timeWindow: 60_000, keyGenerator: (request) => `click-ip:${request.ip}` }),
      publicUrl: config.publicUrl,
      brand: config.BRAND_NAME,
      challenge: formChallenge(config),
      pageCacheMs,
    });
  },
});

import { formChallenge } from '../leads/captcha.ts';
import { defineModule } from '../module.ts';
import { domainSitemaps } from '../sites/site-sitemap.ts';
import { videoPageKinds } from './pages.kinds.ts';
import { pagesRoutes } from './pages.routes.ts';
import { createPublicVideos, type PublicVideos } from './public-video.ts';

declare module '../module.ts' {
  interface Services {
    publicVideos: PublicVideos;
  }
}

/**
 * The public video pages: watch pages and embeds as page kinds of the site layer (src/site), and beside
 * them oEmbed, the sitemap, robots.txt, subtitle tracks and the player's clicks.
 */
export const pagesModule = defineModule({
  name: 'pages',
  create: ({ services, config }) => ({
    publicVideos: createPublicVideos({
      settings: services.settings,
      entitlements: services.entitlements,
      challenge: formChallenge(config),
      trackCues: (videoId, trackId) => services.subtitles.publicTrack(videoId, trackId),
    }),
  }),
  pages: ({ services, assets }) => videoPageKinds(services.publicVideos, assets),
  site: async (app, { services, limits }) => {
    await app.register(pagesRoutes, {
      settings: services.settings,
      videos: services.publicVideos,
      recordClick: (click) => services.leads.recordClick(click),
      subtitleTrack: (videoId, subtitleId) => services.subtitles.publicTrack(videoId, subtitleId),
      siteSitemaps: (site) => domainSitemaps(services.publicSites, site),
      // A viewer clicks a few buttons a minute; a page that sends more is not a viewer.
      clickLimit: limits.limiter({ max: 60, timeWindow: 60_000, keyGenerator: (request) => `click-ip:${request.ip}` }),
    });
  },
});

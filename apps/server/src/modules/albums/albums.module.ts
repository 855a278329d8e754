import { defineModule } from '../module.ts';
import { albumPageKinds, createPublicAlbums } from './album-pages.ts';
import { createAlbumRepo } from './albums.repo.ts';
import { albumRoutes } from './albums.routes.ts';
import { type AlbumService, createAlbumService } from './albums.service.ts';
import { createPublicAlbumRepo } from './public-album.repo.ts';

declare module '../module.ts' {
  interface Services {
    albums: AlbumService;
  }
}

/** Albums: ordered lists of the account's videos, played one after another (the console contract's "Video slide"). */
export const albumsModule = defineModule({
  name: 'albums',
  create: ({ db, services, clock, config }) => ({
    albums: createAlbumService({
      repo: createAlbumRepo(db),
      entitlements: services.entitlements,
      ownVideos: (accountId, videoIds) => services.videos.status(accountId, videoIds),
      clock,
      publicUrl: config.publicUrl,
    }),
    publicAlbums: createPublicAlbums({
      repo: createPublicAlbumRepo(db),
      findVideo: (videoId, site) => services.publicVideos.find(videoId, site),
    }),
  }),
  api: async (scope, { services, hooks }) => {
    await scope.register(albumRoutes, { albums: services.albums, hooks });
  },
  // The album's public pages (album-pages.ts): the feed, its grid and its embed at /a/{id}.
  pages: ({ services, assets }) => albumPageKinds(services.publicAlbums, assets),
});

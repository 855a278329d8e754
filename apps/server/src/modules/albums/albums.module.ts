import { defineModule } from '../module.ts';
import { createAlbumRepo } from './albums.repo.ts';
import { albumRoutes } from './albums.routes.ts';
import { type AlbumService, createAlbumService } from './albums.service.ts';

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
  }),
  api: async (scope, { services, hooks }) => {
    await scope.register(albumRoutes, { albums: services.albums, hooks });
  },
});

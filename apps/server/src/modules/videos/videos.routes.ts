import type { FastifyPluginAsync } from 'fastify';
import { catalogueRoutes } from '../../lib/catalogue-routes.ts';
import { type AuthHooks, accountId } from '../../plugins/auth.ts';
import type { VideoService } from './videos.service.ts';

/** Folders and the video list (the console contract videos, "vod video: list by folder; delete; detail; folder add, rename, delete, move"). */
export const videoRoutes: FastifyPluginAsync<{ videos: VideoService; hooks: AuthHooks }> = async (
  app,
  { videos, hooks },
) => {
  const route = catalogueRoutes(app, hooks);
  route('videos.folders', (request) => videos.listFolders(accountId(request)));
  route('videos.addFolder', (request, { name }) => videos.addFolder(accountId(request), name));
  route('videos.renameFolder', (request, { folderId, name }) =>
    videos.renameFolder(accountId(request), folderId, name),
  );
  route('videos.deleteFolder', async (request, { folderId }) => {
    await videos.deleteFolder(accountId(request), folderId);
    return null;
  });
  route('videos.move', async (request, { videoIds, folderId }) => {
    await videos.moveVideos(accountId(request), videoIds, folderId);
    return null;
  });
  route('videos.list', (request, query) => videos.list(accountId(request), query));
  route('videos.detail', (request, { videoId }) => videos.detail(accountId(request), videoId));
  route('videos.status', (request, { videoIds }) => videos.status(accountId(request), videoIds));
  route('videos.delete', async (request, { videoIds }) => {
    await videos.deleteVideos(accountId(request), videoIds);
    return null;
  });
};

import {
  addFolderBody,
  deleteFolderBody,
  deleteVideosBody,
  emptyData,
  folderData,
  folderListData,
  moveVideosBody,
  okEnvelope,
  renameFolderBody,
  videoData,
  videoDetailQuery,
  videoListData,
  videoListQuery,
  videoStatusQuery,
} from '@leadreel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthHooks, accountId } from '../../plugins/auth.ts';
import type { VideoService } from './videos.service.ts';

const ok = <T>(data: T) => ({ statusCode: 200 as const, data });
const tags = ['videos'];

/** Folders and the video list (spec §2 videos, §7 "vod video: list by folder; delete; detail; folder add, rename, delete, move"). */
export const videoRoutes: FastifyPluginAsyncZod<{ videos: VideoService; hooks: AuthHooks }> = async (
  app,
  { videos, hooks },
) => {
  app.addHook('onRequest', hooks.required);

  app.get(
    '/vod/video/folder/list',
    { schema: { tags, response: { 200: okEnvelope(folderListData) } } },
    async (request) => ok(await videos.listFolders(accountId(request))),
  );
  app.post(
    '/vod/video/folder/add',
    { schema: { tags, body: addFolderBody, response: { 200: okEnvelope(folderData) } } },
    async (request) => ok(await videos.addFolder(accountId(request), request.body.name)),
  );
  app.post(
    '/vod/video/folder/rename',
    { schema: { tags, body: renameFolderBody, response: { 200: okEnvelope(folderData) } } },
    async (request) => ok(await videos.renameFolder(accountId(request), request.body.folderId, request.body.name)),
  );
  app.post(
    '/vod/video/folder/delete',
    { schema: { tags, body: deleteFolderBody, response: { 200: okEnvelope(emptyData) } } },
    async (request) => {
      await videos.deleteFolder(accountId(request), request.body.folderId);
      return ok(null);
    },
  );
  app.post(
    '/vod/video/folder/move',
    { schema: { tags, body: moveVideosBody, response: { 200: okEnvelope(emptyData) } } },
    async (request) => {
      await videos.moveVideos(accountId(request), request.body.videoIds, request.body.folderId);
      return ok(null);
    },
  );

  app.get(
    '/vod/video/list',
    { schema: { tags, querystring: videoListQuery, response: { 200: okEnvelope(videoListData) } } },
    async (request) => ok(await videos.list(accountId(request), request.query)),
  );
  app.get(
    '/vod/video/detail',
    { schema: { tags, querystring: videoDetailQuery, response: { 200: okEnvelope(videoData) } } },
    async (request) => ok(await videos.detail(accountId(request), request.query.videoId)),
  );
  app.get(
    '/vod/video/status',
    { schema: { tags, querystring: videoStatusQuery, response: { 200: okEnvelope(z.array(videoData)) } } },
    async (request) => ok(await videos.status(accountId(request), request.query.videoIds)),
  );
  app.post(
    '/vod/video/delete',
    { schema: { tags, body: deleteVideosBody, response: { 200: okEnvelope(emptyData) } } },
    async (request) => {
      await videos.deleteVideos(accountId(request), request.body.videoIds);
      return ok(null);
    },
  );
};

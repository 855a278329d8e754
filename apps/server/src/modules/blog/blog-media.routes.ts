import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { UUID_PATTERN } from '@leadreel/shared/text';
import type { FastifyPluginAsync } from 'fastify';
import { notFoundUncached } from '../../errors.ts';
import { asPublicSubresource } from '../../lib/subresource-headers.ts';
import { servesAccount } from '../../site/site.ts';
import { sendObject } from '../delivery/send-object.ts';
import type { StorageDriver } from '../storage/storage.ts';
import type { BlogService } from './blog.service.ts';
import { VOICE_HASH, voiceKey } from './blog-voice.ts';
import { bgmTrackFile } from './render/bgm-library.ts';

/** An article image never changes under its address: a project keeps the images it was made with. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * /media/blog/<project>/article/<n>: a project's article images, for the editor's <img> and the preview.
 * A project that is gone, an image it does not have, or an account being deleted is the same 404 as an
 * address that never existed; on a custom domain, only its account's projects have images.
 */
export const blogMediaRoutes: FastifyPluginAsync<{
  blog: BlogService;
  storage: StorageDriver;
  bgmCacheDir: string;
}> = async (app, { blog, storage, bgmCacheDir }) => {
  app.addHook('onSend', async (_request, reply) => {
    asPublicSubresource(reply);
  });
  app.get<{ Params: { projectId: string; index: string } }>(
    '/media/blog/:projectId/article/:index',
    async (request, reply) => {
      const { projectId, index } = request.params;
      if (!UUID_PATTERN.test(projectId) || !/^\d{1,2}$/.test(index)) throw notFoundUncached();
      const image = await blog.articleImage(projectId, Number(index));
      if (!image || !servesAccount(request.site, image.accountId)) throw notFoundUncached();
      const stored = await storage.get(image.key);
      if (!stored) throw notFoundUncached();
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', IMMUTABLE)
        .header('content-length', stored.size)
        .send(stored.body);
    },
  );

  // A scene's generated voice, for the editor's "Listen" and the preview: named by its hash, so immutable.
  app.get<{ Params: { projectId: string; hash: string } }>(
    '/media/blog/:projectId/voice/:hash',
    async (request, reply) => {
      const { projectId, hash } = request.params;
      if (!UUID_PATTERN.test(projectId) || !VOICE_HASH.test(hash)) throw notFoundUncached();
      const accountId = await blog.projectAccount(projectId);
      if (!accountId || !servesAccount(request.site, accountId)) throw notFoundUncached();
      return sendObject(request, reply, storage, voiceKey(accountId, projectId, hash), {
        'content-type': 'audio/mp4',
        'cache-control': IMMUTABLE,
      });
    },
  );

  // LeadReel's own music, made on first use (render/bgm-library.ts): the same for every installation's version.
  app.get<{ Params: { trackId: string } }>('/media/bgm/:trackId', async (request, reply) => {
    const file = await bgmTrackFile(bgmCacheDir, request.params.trackId);
    if (!file) throw notFoundUncached();
    // Whole, without ranges: a minute of music the editor plays from the start and loops.
    return reply
      .header('content-type', 'audio/mp4')
      .header('cache-control', 'public, max-age=86400')
      .header('content-length', (await stat(file)).size)
      .send(createReadStream(file));
  });
};

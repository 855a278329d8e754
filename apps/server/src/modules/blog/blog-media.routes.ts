import { UUID_PATTERN } from '@leadreel/shared/text';
import type { FastifyPluginAsync } from 'fastify';
import { notFoundUncached } from '../../errors.ts';
import { asPublicSubresource } from '../../lib/subresource-headers.ts';
import { servesAccount } from '../../site/site.ts';
import type { StorageDriver } from '../storage/storage.ts';
import type { BlogService } from './blog.service.ts';

/** An article image never changes under its address: a project keeps the images it was made with. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * /media/blog/<project>/article/<n>: a project's article images, for the editor's <img> and the preview.
 * A project that is gone, an image it does not have, or an account being deleted is the same 404 as an
 * address that never existed; on a custom domain, only its account's projects have images.
 */
export const blogMediaRoutes: FastifyPluginAsync<{ blog: BlogService; storage: StorageDriver }> = async (
  app,
  { blog, storage },
) => {
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
};

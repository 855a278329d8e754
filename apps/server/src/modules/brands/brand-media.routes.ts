import { UUID_PATTERN } from '@leadreel/shared/text';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { asPublicSubresource } from '../../lib/subresource-headers.ts';
import type { BrandService } from './brands.service.ts';

/** A variant's name says what it is and never changes: a new image is a new file name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * /brand-media/<account>/<file>/<variant>: the images of brands (brand-files.ts), on the console's host
 * and on every custom domain, whose pages load their logo and favicon from their own origin. Anything
 * not found is the same 404, so names cannot be probed.
 */
export const brandMediaRoutes: FastifyPluginAsync<{ brands: BrandService }> = async (app, { brands }) => {
  app.addHook('onSend', async (_request, reply) => {
    asPublicSubresource(reply);
  });

  const notFound = (reply: FastifyReply) =>
    reply
      .code(404)
      .header('cache-control', 'no-store')
      .send({ statusCode: 404, error: 'not_found', message: 'not found' });

  app.get<{ Params: { accountId: string; file: string; variant: string } }>(
    '/brand-media/:accountId/:file/:variant',
    async (request, reply) => {
      const { accountId, file, variant } = request.params;
      if (!UUID_PATTERN.test(accountId)) return notFound(reply);
      const found = await brands.media(accountId, file, variant);
      if (!found) return notFound(reply);
      return reply
        .header('content-type', found.contentType)
        .header('cache-control', IMMUTABLE)
        .header('content-length', found.stored.size)
        .send(found.stored.body);
    },
  );
};

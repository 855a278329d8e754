import { UUID_PATTERN } from '@leadreel/shared/text';
import type { FastifyPluginAsync } from 'fastify';
import { notFoundUncached } from '../../errors.ts';
import { asPublicSubresource } from '../../lib/subresource-headers.ts';
import { servesAccount } from '../../site/site.ts';
import type { BrandService } from './brands.service.ts';

/** A variant's name says what it is and never changes: a new image is a new file name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * /brand-media/<account>/<file>/<variant>: the images of brands and of their sites (brand-files.ts), on
 * the installation's address (the console's previews) and on the account's own custom domains, whose
 * pages load their logo, favicon, banner and picture from their own origin. Anything not found, another
 * account's images on a custom domain among them, is the same uncached 404, so names cannot be probed.
 */
export const brandMediaRoutes: FastifyPluginAsync<{ brands: BrandService }> = async (app, { brands }) => {
  app.addHook('onSend', async (_request, reply) => {
    asPublicSubresource(reply);
  });

  app.get<{ Params: { accountId: string; file: string; variant: string } }>(
    '/brand-media/:accountId/:file/:variant',
    async (request, reply) => {
      const { accountId, file, variant } = request.params;
      if (!UUID_PATTERN.test(accountId) || !servesAccount(request.site, accountId)) throw notFoundUncached();
      const found = await brands.media(accountId, file, variant);
      if (!found) throw notFoundUncached();
      return reply
        .header('content-type', found.contentType)
        .header('cache-control', IMMUTABLE)
        .header('content-length', found.stored.size)
        .send(found.stored.body);
    },
  );
};

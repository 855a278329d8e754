import type { FastifyPluginAsync } from 'fastify';
import { catalogueRoutes } from '../../lib/catalogue-routes.ts';
import { type AuthHooks, accountId } from '../../plugins/auth.ts';
import type { AlbumService } from './albums.service.ts';

/** The video slide screens (the console contract's "classify list, add, edit"). */
export const albumRoutes: FastifyPluginAsync<{ albums: AlbumService; hooks: AuthHooks }> = async (
  app,
  { albums, hooks },
) => {
  const route = catalogueRoutes(app, hooks);
  route('album.list', (request) => albums.list(accountId(request)));
  route('album.detail', (request, { id }) => albums.detail(accountId(request), id));
  route('album.add', (request, input) => albums.add(accountId(request), input));
  route('album.edit', (request, { id, ...input }) => albums.edit(accountId(request), id, input));
  route('album.del', async (request, { id }) => {
    await albums.remove(accountId(request), id);
    return null;
  });
};

import { CREDENTIAL_HEADER } from '@leadreel/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { catalogueRoutes } from '../../lib/catalogue-routes.ts';
import { type AuthHooks, accountId } from '../../plugins/auth.ts';
import type { MaterialsService } from './materials.service.ts';
import type { OnlineService } from './online.service.ts';

/** The session token of the storage credential, sent in a header of its own as for a video's upload. */
const credentialToken = (request: FastifyRequest) => {
  const value = request.headers[CREDENTIAL_HEADER];
  return typeof value === 'string' ? value : undefined;
};

/** The console contract "material: search-online, pre-add, add-success, list, delete", and the storage handshake. */
export const materialRoutes: FastifyPluginAsync<{
  materials: MaterialsService;
  online: OnlineService;
  hooks: AuthHooks;
}> = async (app, { materials, online, hooks }) => {
  const route = catalogueRoutes(app, hooks);
  route('material.preAdd', (request, body) => materials.preAdd(accountId(request), body));
  route('material.start', (request, { materialId }) =>
    materials.start(accountId(request), materialId, credentialToken(request)),
  );
  route('material.signParts', (request, { materialId, partNumbers }) =>
    materials.signParts(accountId(request), materialId, credentialToken(request), partNumbers),
  );
  route('material.addSuccess', (request, { materialId }) => materials.success(accountId(request), materialId));
  route('material.fail', async (request, { materialId }) => {
    await materials.fail(accountId(request), materialId);
    return null;
  });
  route('material.list', (request, query) => materials.list(accountId(request), query));
  route('material.detail', (request, { materialId }) => materials.detail(accountId(request), materialId));
  route('material.delete', async (request, { materialIds }) => {
    await materials.remove(accountId(request), materialIds);
    return null;
  });
  route('material.searchOnline', (_request, query) => online.search(query));
  route('material.addOnline', (request, body) => online.add(accountId(request), body));
};

import { CREDENTIAL_HEADER } from '@leadreel/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { catalogueRoutes } from '../../lib/catalogue-routes.ts';
import { type AuthHooks, accountId } from '../../plugins/auth.ts';
import type { UploadsService } from './uploads.service.ts';

/** The session token of the storage credential, which the uploader sends in a header of its own. */
const credentialToken = (request: FastifyRequest) => {
  const value = request.headers[CREDENTIAL_HEADER];
  return typeof value === 'string' ? value : undefined;
};

/** upload flow, plus our storage handshake (start, sign-parts) that the spec leaves to us. */
export const uploadRoutes: FastifyPluginAsync<{ uploads: UploadsService; hooks: AuthHooks }> = async (
  app,
  { uploads, hooks },
) => {
  const route = catalogueRoutes(app, hooks);
  route('uploads.baseInfo', async (request) => uploads.baseInfo(accountId(request)));
  route('uploads.imageCredential', (request) => uploads.credential(accountId(request), 'image'));
  route('uploads.videoCredential', (request) => uploads.credential(accountId(request), 'video'));
  route('uploads.preAdd', (request, { videos, folderId }) => uploads.preAdd(accountId(request), videos, folderId));
  route('uploads.start', (request, { sourceVideoId }) =>
    uploads.start(accountId(request), sourceVideoId, credentialToken(request)),
  );
  route('uploads.signParts', (request, { sourceVideoId, partNumbers }) =>
    uploads.signParts(accountId(request), sourceVideoId, credentialToken(request), partNumbers),
  );
  route('uploads.success', async (request, { sourceVideoId }) => {
    await uploads.success(accountId(request), sourceVideoId);
    return null;
  });
  route('uploads.fail', async (request, { sourceVideoId, failReason }) => {
    await uploads.fail(accountId(request), sourceVideoId, failReason);
    return null;
  });
  route('uploads.heartbeat', async (request, { videos }) => {
    await uploads.heartbeat(accountId(request), videos);
    return null;
  });
  route('uploads.reUpload', async (request, { sourceVideoId }) => {
    await uploads.reUpload(accountId(request), sourceVideoId);
    return null;
  });
};

import {
  baseInfoData,
  baseInfoQuery,
  credentialData,
  emptyData,
  heartbeatBody,
  okEnvelope,
  preAddBody,
  preAddData,
  reUploadBody,
  signPartsBody,
  signPartsData,
  uploadFailBody,
  uploadStartBody,
  uploadStartData,
  uploadSuccessBody,
} from '@leadreel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthHooks, accountId } from '../../plugins/auth.ts';
import type { UploadsService } from './uploads.service.ts';

const ok = <T>(data: T) => ({ statusCode: 200 as const, data });
const tags = ['uploads'];
/** Where the uploader sends the session token of its storage credential. */
const CREDENTIAL_HEADER = 'x-cos-security-token';

/** spec §7 upload flow, plus our storage handshake (start, sign-parts) that the spec leaves to us. */
export const uploadRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService; hooks: AuthHooks }> = async (
  app,
  { uploads, hooks },
) => {
  app.addHook('onRequest', hooks.required);
  const credentialToken = (request: { headers: Record<string, unknown> }) => {
    const value = request.headers[CREDENTIAL_HEADER];
    return typeof value === 'string' ? value : undefined;
  };

  app.get(
    '/cos/base-info',
    { schema: { tags, querystring: baseInfoQuery, response: { 200: okEnvelope(baseInfoData) } } },
    async (request) => ok(uploads.baseInfo(accountId(request))),
  );
  app.get('/cos/credential', { schema: { tags, response: { 200: okEnvelope(credentialData) } } }, async (request) =>
    ok(await uploads.credential(accountId(request), 'image')),
  );
  app.get(
    '/cos/vod/video/credential',
    { schema: { tags, response: { 200: okEnvelope(credentialData) } } },
    async (request) => ok(await uploads.credential(accountId(request), 'video')),
  );
  app.post(
    '/vod/video/pre-add-custom-video',
    { schema: { tags, body: preAddBody, response: { 200: okEnvelope(preAddData) } } },
    async (request) => ok(await uploads.preAdd(accountId(request), request.body.videos, request.body.folderId)),
  );
  app.post(
    '/vod/video/upload/start',
    { schema: { tags, body: uploadStartBody, response: { 200: okEnvelope(uploadStartData) } } },
    async (request) =>
      ok(await uploads.start(accountId(request), request.body.sourceVideoId, credentialToken(request))),
  );
  app.post(
    '/vod/video/upload/sign-parts',
    { schema: { tags, body: signPartsBody, response: { 200: okEnvelope(signPartsData) } } },
    async (request) =>
      ok(
        await uploads.signParts(
          accountId(request),
          request.body.sourceVideoId,
          credentialToken(request),
          request.body.partNumbers,
        ),
      ),
  );
  app.post(
    '/vod/video/add-custom-video-success',
    { schema: { tags, body: uploadSuccessBody, response: { 200: okEnvelope(emptyData) } } },
    async (request) => {
      await uploads.success(accountId(request), request.body.sourceVideoId);
      return ok(null);
    },
  );
  app.post(
    '/vod/video/add-custom-video-fail',
    { schema: { tags, body: uploadFailBody, response: { 200: okEnvelope(emptyData) } } },
    async (request) => {
      await uploads.fail(accountId(request), request.body.sourceVideoId, request.body.failReason);
      return ok(null);
    },
  );
  app.post(
    '/vod/video/add-custom-video-heartbeat',
    { schema: { tags, body: heartbeatBody, response: { 200: okEnvelope(emptyData) } } },
    async (request) => {
      await uploads.heartbeat(accountId(request), request.body.videos);
      return ok(null);
    },
  );
  app.post(
    '/vod/video/re-upload-video',
    { schema: { tags, body: reUploadBody, response: { 200: okEnvelope(emptyData) } } },
    async (request) => {
      await uploads.reUpload(accountId(request), request.body.sourceVideoId);
      return ok(null);
    },
  );
};

import { checkUploadFile, type Video } from '@leadreel/shared';
import type { FastifyRequest } from 'fastify';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { sendLeadsFile } from '../leads/leads.routes.ts';
import type { Services } from '../module.ts';
import type { V1Caller, V1Handlers } from './v1-routes.ts';

/** signParts signs at most this many parts per call. */
const SIGN_BATCH = 100;

/**
 * What each route of the public API does, with the services the console's routes use: the same checks
 * (plan periods, ownership, quotas) apply whichever door a request comes in by.
 */
export function v1Handlers(services: Services): V1Handlers {
  const { videos, uploads, leads, figures, webhooks, settings } = services;

  /**
   * Where an upload is: which parts storage holds, and a signed URL for each of the others. The API key
   * stands for the storage credential the console's uploader carries; a local storage's relative part URL
   * is made absolute with the address the caller used.
   */
  async function uploadState({ accountId }: V1Caller, videoId: string, request: FastifyRequest) {
    const { credentials } = await uploads.credential(accountId, 'video');
    const token = credentials.sessionToken;
    const started = await uploads.start(accountId, videoId, token);
    const stored = new Set(started.parts.map((part) => part.partNumber));
    const missing = Array.from({ length: started.partCount }, (_, i) => i + 1).filter((n) => !stored.has(n));
    const origin = `${request.protocol}://${request.host}`;
    const parts: { partNumber: number; url: string }[] = [];
    let expiresAt: number | null = null;
    for (let i = 0; i < missing.length; i += SIGN_BATCH) {
      const signed = await uploads.signParts(accountId, videoId, token, missing.slice(i, i + SIGN_BATCH));
      parts.push(...signed.urls.map((part) => ({ partNumber: part.partNumber, url: new URL(part.url, origin).href })));
      expiresAt = signed.expiredTime;
    }
    return {
      videoId,
      partSize: started.partSize,
      partCount: started.partCount,
      uploadedParts: [...stored].sort((a, b) => a - b),
      parts,
      expiresAt,
    };
  }

  /**
   * A video with its media addresses made absolute with the address the caller used, as the upload's part
   * URLs are: a developer hands `hlsUrl` to a player on another origin as it comes.
   */
  function withAbsoluteUrls<T extends Video>(video: T, request: FastifyRequest): T {
    const origin = `${request.protocol}://${request.host}`;
    const absolute = (url: string | null) => (url?.startsWith('/') ? `${origin}${url}` : url);
    return {
      ...video,
      cover: absolute(video.cover),
      thumbnail: absolute(video.thumbnail),
      hlsUrl: absolute(video.hlsUrl),
      storyboardUrl: absolute(video.storyboardUrl),
      previewUrl: absolute(video.previewUrl),
    };
  }

  return {
    'folders.list': async ({ accountId }) => ({ data: await videos.listFolders(accountId) }),
    'folders.create': ({ accountId }, { body }) => videos.addFolder(accountId, body.name),
    'folders.update': ({ accountId }, { params, body }) => videos.renameFolder(accountId, params.folderId, body.name),
    'folders.delete': async ({ accountId }, { params }) => {
      await videos.deleteFolder(accountId, params.folderId);
    },

    'videos.list': async ({ accountId }, { query }, request) => {
      const page = await videos.listAfter(accountId, query);
      return { ...page, data: page.data.map((video) => withAbsoluteUrls(video, request)) };
    },
    'videos.get': async ({ accountId }, { params }, request) =>
      withAbsoluteUrls(await videos.detail(accountId, params.videoId), request),
    'videos.update': async ({ accountId }, { params, body }, request) =>
      withAbsoluteUrls(await videos.change(accountId, params.videoId, body), request),
    'videos.delete': async ({ accountId }, { params }) => {
      await videos.deleteVideos(accountId, [params.videoId]);
    },
    'videos.form': ({ accountId }, { params }) => leads.getForm(accountId, params.videoId),
    'videos.saveForm': ({ accountId }, { params, body }) => leads.saveForm(accountId, params.videoId, body),
    'videos.whatsapp': ({ accountId }, { params }) => settings.getContact(accountId, params.videoId, 'whatsapp'),
    'videos.saveWhatsapp': ({ accountId }, { params, body }) =>
      settings.saveContact(accountId, params.videoId, 'whatsapp', body),
    'videos.phone': ({ accountId }, { params }) => settings.getContact(accountId, params.videoId, 'telephone'),
    'videos.savePhone': ({ accountId }, { params, body }) =>
      settings.saveContact(accountId, params.videoId, 'telephone', body),
    'videos.email': ({ accountId }, { params }) => settings.getContact(accountId, params.videoId, 'email'),
    'videos.saveEmail': ({ accountId }, { params, body }) =>
      settings.saveContact(accountId, params.videoId, 'email', body),
    'videos.callToAction': ({ accountId }, { params }) => settings.getOverlay(accountId, params.videoId, 'superAction'),
    'videos.saveCallToAction': ({ accountId }, { params, body }) =>
      settings.saveOverlay(accountId, params.videoId, 'superAction', body),
    'videos.seo': ({ accountId }, { params }) => settings.getSeo(accountId, params.videoId),
    'videos.saveSeo': ({ accountId }, { params, body }) => settings.saveSeo(accountId, params.videoId, body),
    'videos.analytics': ({ accountId }, { params, query }) =>
      figures.video(accountId, { videoId: params.videoId, ...query }),

    'uploads.create': async (caller, { body }, request) => {
      const refusal = checkUploadFile('video', { name: body.name, size: body.size });
      if (refusal) throw badRequest(refusal, refusal === 'upload_type' ? 'name' : 'size');
      await services.entitlements.assertFeature(caller.accountId, 'uploadVideo');
      const [videoId] = await uploads.preAdd(
        caller.accountId,
        [{ videoName: body.name, size: body.size }],
        body.folderId,
      );
      // The file passed the checks above and the period allows uploads: what is left is the quota.
      if (!videoId) throw forbidden('storage_limit', 'size');
      return uploadState(caller, videoId, request);
    },
    'uploads.get': (caller, { params }, request) => uploadState(caller, params.videoId, request),
    'uploads.complete': async ({ accountId }, { params }, request) => {
      await uploads.success(accountId, params.videoId);
      return withAbsoluteUrls(await videos.detail(accountId, params.videoId), request);
    },

    'leads.list': ({ accountId }, { query }) => leads.listAfter(accountId, query),
    'leads.get': async ({ accountId }, { params }) => (await leads.detail(accountId, params.leadId)).lead,
    'leads.export': async ({ accountId }, { query }, _request, reply) => {
      await sendLeadsFile(reply, await leads.exportLeads(accountId, query));
    },

    'webhooks.list': async ({ accountId }) => ({ data: (await webhooks.list(accountId)).list }),
    'webhooks.create': ({ accountId }, { body }) => webhooks.create(accountId, body),
    'webhooks.update': async ({ accountId }, { params, body }) => {
      const current = (await webhooks.list(accountId)).list.find((endpoint) => endpoint.id === params.webhookId);
      if (!current) throw notFound('webhook_not_found', 'webhookId');
      return webhooks.update(accountId, {
        id: current.id,
        url: body.url ?? current.url,
        events: body.events ?? current.events,
        enabled: body.enabled ?? current.enabled,
      });
    },
    'webhooks.delete': async ({ accountId }, { params }) => {
      await webhooks.remove(accountId, params.webhookId);
    },
  };
}

/**
 * The public REST API, `/api/v1`: every route named once with its method, path, what it
 * takes and what it answers. The server registers its routes from this catalogue and writes its OpenAPI
 * document from it (apps/server/src/modules/public-api), and the typed client (packages/api-client) is
 * generated from that document, so the three cannot drift. Callers authenticate with an API key
 * (`Authorization: Bearer lr_...`). Unlike the console's API, answers are the resource itself, not an
 * envelope; errors are the console's `{ statusCode, error, message, field }`.
 */
import { z } from 'zod';
import { analyticsRangeQuery, videoAnalyticsData } from '../contracts/analytics.ts';
import { dayField, inquiryFormData, inquiryFormSchema, LEAD_EXPORT_FORMATS, leadData } from '../contracts/forms.ts';
import { superActionData, superActionSetting } from '../contracts/overlays.ts';
import {
  emailButtonData,
  emailButtonSetting,
  seoPageData,
  seoPageFields,
  telephoneData,
  telephoneSetting,
  whatsappData,
  whatsappSetting,
} from '../contracts/player.ts';
import { folderData, folderIdField, folderNameField, videoData, videoIdField } from '../contracts/videos.ts';
import { createWebhookBody, webhookEndpointData, webhookSecretData } from '../contracts/webhooks.ts';
import { textField } from '../text.ts';
import { VIDEO_NAME_MAX } from '../uploads.ts';

export type V1Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export type V1Route = {
  readonly method: V1Method;
  /** Under /api/v1, with `{name}` for a path parameter. */
  readonly path: string;
  readonly tag: string;
  readonly summary: string;
  readonly description?: string;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The JSON answered; a route without one answers 204 (or a file, with `file`). */
  readonly response?: z.ZodType;
  /** 201 for a create. */
  readonly created?: true;
  /** Takes an `Idempotency-Key` header: a retry with the same key and body gets the first answer again. */
  readonly idempotent?: true;
  /** Answers a file (an export) rather than JSON. */
  readonly file?: true;
};

/** How many items a list page holds: 25 unless asked, at most 100. */
export const V1_PAGE_MAX = 100;
export const V1_PAGE_DEFAULT = 25;

/** An opaque position in a list: the one a previous page's `nextCursor` gave. */
const cursorField = textField('cursor_invalid').min(1, 'cursor_invalid').max(200, 'cursor_invalid');
const pageQuery = {
  limit: z.coerce
    .number({ error: 'illegal_input' })
    .int('illegal_input')
    .min(1, 'illegal_input')
    .max(V1_PAGE_MAX, 'illegal_input')
    .default(V1_PAGE_DEFAULT),
  cursor: cursorField.optional(),
};
/** A page of a list, newest first; `nextCursor` is null on the last page. */
const page = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    nextCursor: z.string().nullable().describe('pass as `cursor` for the next page; null on the last one'),
  });
const list = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

const videoParams = z.strictObject({ videoId: videoIdField });
const folderParams = z.strictObject({ folderId: folderIdField });
const leadParams = z.strictObject({ leadId: z.uuid({ error: 'lead_not_found' }) });
const webhookParams = z.strictObject({ webhookId: z.uuid({ error: 'webhook_not_found' }) });

const videoNameField = textField().trim().min(1, 'illegal_input').max(VIDEO_NAME_MAX, 'illegal_input');

export const v1UploadBody = z.strictObject({
  /** The file's name with its extension (the type is read from it, as the console's uploader does). */
  name: videoNameField,
  size: z.number({ error: 'illegal_input' }).int('illegal_input').min(1, 'upload_empty'),
  folderId: folderIdField.optional(),
});

/** An upload in progress: PUT each part's bytes to its URL, then call complete. */
export const v1UploadData = z.object({
  videoId: z.string(),
  partSize: z.number().int().describe('bytes of every part but the last'),
  partCount: z.number().int(),
  /** Parts storage already holds (a resumed upload sends only the others). */
  uploadedParts: z.array(z.number().int()),
  /** Where to PUT each part not yet uploaded; the URLs expire at `expiresAt`. */
  parts: z.array(z.object({ partNumber: z.number().int(), url: z.string() })),
  expiresAt: z.number().int().nullable().describe('seconds since the epoch; null when no part is left to send'),
});

export const v1VideoPatch = z
  .strictObject({ name: videoNameField.optional(), folderId: folderIdField.optional() })
  .refine((body) => body.name !== undefined || body.folderId !== undefined, { error: 'illegal_input' });

const leadListQuery = z.strictObject({
  videoId: videoIdField.optional(),
  /** Days (UTC) from and to, both included. */
  from: dayField.optional(),
  to: dayField.optional(),
  ...pageQuery,
});

const updateWebhookBody = createWebhookBody.partial();

/** A setting of a video, read and replaced whole: `GET` and `PUT /videos/{videoId}/<path>`. */
function setting<B extends z.ZodType, R extends z.ZodType>(path: string, what: string, body: B, response: R) {
  const common = { path: `/videos/{videoId}/${path}`, tag: 'video settings', params: videoParams, response } as const;
  return [
    { ...common, method: 'GET', summary: `Get a video's ${what}` },
    { ...common, method: 'PUT', summary: `Replace a video's ${what}`, body },
  ] as const;
}
const whatsapp = setting('whatsapp', 'WhatsApp button', whatsappSetting, whatsappData);
const phone = setting('phone', 'phone button', telephoneSetting, telephoneData);
const email = setting('email', 'email button', emailButtonSetting, emailButtonData);
const callToAction = setting('call-to-action', 'call to action', superActionSetting, superActionData);
const seo = setting('seo', 'watch page (title, description, link name, indexing)', seoPageFields, seoPageData);

export const V1_ROUTES = {
  'folders.list': {
    method: 'GET',
    path: '/folders',
    tag: 'folders',
    summary: 'List folders',
    response: list(folderData),
  },
  'folders.create': {
    method: 'POST',
    path: '/folders',
    tag: 'folders',
    summary: 'Create a folder',
    body: z.strictObject({ name: folderNameField }),
    response: folderData,
    created: true,
    idempotent: true,
  },
  'folders.update': {
    method: 'PATCH',
    path: '/folders/{folderId}',
    tag: 'folders',
    summary: 'Rename a folder',
    params: folderParams,
    body: z.strictObject({ name: folderNameField }),
    response: folderData,
  },
  'folders.delete': {
    method: 'DELETE',
    path: '/folders/{folderId}',
    tag: 'folders',
    summary: 'Delete a folder',
    description: 'Its videos move to the default folder, which cannot be deleted.',
    params: folderParams,
  },
  'videos.list': {
    method: 'GET',
    path: '/videos',
    tag: 'videos',
    summary: 'List videos, newest first',
    query: z.strictObject({ folderId: folderIdField.optional(), ...pageQuery }),
    response: page(videoData),
  },
  'videos.get': {
    method: 'GET',
    path: '/videos/{videoId}',
    tag: 'videos',
    summary: 'Get a video',
    params: videoParams,
    response: videoData,
  },
  'videos.update': {
    method: 'PATCH',
    path: '/videos/{videoId}',
    tag: 'videos',
    summary: 'Rename a video or move it to another folder',
    params: videoParams,
    body: v1VideoPatch,
    response: videoData,
  },
  'videos.delete': {
    method: 'DELETE',
    path: '/videos/{videoId}',
    tag: 'videos',
    summary: 'Delete a video and its files',
    params: videoParams,
  },
  'videos.form': {
    method: 'GET',
    path: '/videos/{videoId}/form',
    tag: 'videos',
    summary: "Get a video's inquiry form",
    params: videoParams,
    response: inquiryFormData,
  },
  'videos.saveForm': {
    method: 'PUT',
    path: '/videos/{videoId}/form',
    tag: 'videos',
    summary: "Replace a video's inquiry form",
    params: videoParams,
    body: inquiryFormSchema,
    response: inquiryFormData,
  },
  'videos.whatsapp': whatsapp[0],
  'videos.saveWhatsapp': whatsapp[1],
  'videos.phone': phone[0],
  'videos.savePhone': phone[1],
  'videos.email': email[0],
  'videos.saveEmail': email[1],
  'videos.callToAction': callToAction[0],
  'videos.saveCallToAction': callToAction[1],
  'videos.seo': seo[0],
  'videos.saveSeo': seo[1],
  'videos.analytics': {
    method: 'GET',
    path: '/videos/{videoId}/analytics',
    tag: 'analytics',
    summary: "A video's figures over a range of days",
    description: 'Loads, plays, unique viewers, watch time, engagement per percent, leads and clicks.',
    params: videoParams,
    query: analyticsRangeQuery,
    response: videoAnalyticsData,
  },
  'uploads.create': {
    method: 'POST',
    path: '/uploads',
    tag: 'uploads',
    summary: 'Start uploading a video',
    description:
      'Reserves the bytes against the storage quota and answers a URL per part. PUT each part (partSize bytes, the last one what is left) to its URL, then call complete. The same resumable flow as the console.',
    body: v1UploadBody,
    response: v1UploadData,
    created: true,
    idempotent: true,
  },
  'uploads.get': {
    method: 'GET',
    path: '/uploads/{videoId}',
    tag: 'uploads',
    summary: 'Resume an upload',
    description: 'Which parts storage holds, and fresh URLs for the others.',
    params: videoParams,
    response: v1UploadData,
  },
  'uploads.complete': {
    method: 'POST',
    path: '/uploads/{videoId}/complete',
    tag: 'uploads',
    summary: 'Finish an upload',
    description: 'Checks every part is in and queues the video for processing. Calling it again is harmless.',
    params: videoParams,
    response: videoData,
  },
  'leads.list': {
    method: 'GET',
    path: '/leads',
    tag: 'leads',
    summary: 'List leads, newest first',
    query: leadListQuery,
    response: page(leadData),
  },
  'leads.export': {
    method: 'GET',
    path: '/leads/export',
    tag: 'leads',
    summary: 'Export leads as CSV or Excel',
    query: z.strictObject({
      videoId: videoIdField.optional(),
      from: dayField.optional(),
      to: dayField.optional(),
      format: z.enum(LEAD_EXPORT_FORMATS, { error: 'illegal_input' }).default('csv'),
    }),
    file: true,
  },
  'leads.get': {
    method: 'GET',
    path: '/leads/{leadId}',
    tag: 'leads',
    summary: 'Get a lead',
    params: leadParams,
    response: leadData,
  },
  'webhooks.list': {
    method: 'GET',
    path: '/webhooks',
    tag: 'webhooks',
    summary: 'List webhook endpoints',
    response: list(webhookEndpointData),
  },
  'webhooks.create': {
    method: 'POST',
    path: '/webhooks',
    tag: 'webhooks',
    summary: 'Add a webhook endpoint',
    description: 'The answer holds the signing secret, shown this once.',
    body: createWebhookBody,
    response: webhookSecretData,
    created: true,
    idempotent: true,
  },
  'webhooks.update': {
    method: 'PATCH',
    path: '/webhooks/{webhookId}',
    tag: 'webhooks',
    summary: 'Change a webhook endpoint',
    params: webhookParams,
    body: updateWebhookBody,
    response: webhookEndpointData,
  },
  'webhooks.delete': {
    method: 'DELETE',
    path: '/webhooks/{webhookId}',
    tag: 'webhooks',
    summary: 'Remove a webhook endpoint',
    params: webhookParams,
  },
} as const satisfies Record<string, V1Route>;

export type V1RouteName = keyof typeof V1_ROUTES;
type Entry<N extends V1RouteName> = (typeof V1_ROUTES)[N];
type Parsed<E, K extends string> = E extends { [P in K]: z.ZodType } ? z.output<E[K]> : undefined;

/** What a handler receives after validation: the path's parameters, the query and the body. */
export type V1Input<N extends V1RouteName> = {
  params: Parsed<Entry<N>, 'params'>;
  query: Parsed<Entry<N>, 'query'>;
  body: Parsed<Entry<N>, 'body'>;
};
/** What a handler answers: the JSON, or nothing for a 204 (a file route sends its own reply). */
export type V1Output<N extends V1RouteName> =
  Entry<N> extends { response: z.ZodType } ? z.input<Entry<N>['response']> : undefined;

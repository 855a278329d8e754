/**
 * A typed client for LeadReel's public API (/api/v1). Its types (schema.ts) are generated from the API's
 * OpenAPI document, which the server writes from the same catalogue it serves, so a call that compiles
 * is one the server takes. Calls go through openapi-fetch and answer `{ data, error, response }`.
 *
 *     const leadreel = createLeadReelClient({ baseUrl: 'https://video.example.com', apiKey: 'lr_...' });
 *     const { data } = await leadreel.GET('/leads', { params: { query: { limit: 50 } } });
 */
import createClient, { type Client } from 'openapi-fetch';
import type { components, operations, paths } from './schema.ts';

export type { components, operations, paths };
export type LeadReelClient = Client<paths>;
export type ApiError = components['schemas']['Error'];
export type Video = operations['videos.get']['responses'][200]['content']['application/json'];
export type Lead = operations['leads.get']['responses'][200]['content']['application/json'];

export type ClientOptions = {
  /** Where LeadReel answers, such as `https://video.example.com` (the API is under /api/v1). */
  baseUrl: string;
  /** An API key from the console's Account › API access. */
  apiKey: string;
  /** Another fetch (a test's, a proxy's); the global one by default. */
  fetch?: typeof globalThis.fetch;
};

export function createLeadReelClient(options: ClientOptions): LeadReelClient {
  return createClient<paths>({
    baseUrl: `${options.baseUrl.replace(/\/+$/, '')}/api/v1`,
    headers: { authorization: `Bearer ${options.apiKey}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/** An answer that was not a success, as an exception carrying the API's error. */
export class LeadReelError extends Error {
  readonly status: number;
  readonly error: ApiError | undefined;
  constructor(status: number, error: ApiError | undefined) {
    super(error ? `${error.error}: ${error.message}` : `LeadReel answered ${status}`);
    this.status = status;
    this.error = error;
  }
}

function ok<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error !== undefined || result.data === undefined) {
    throw new LeadReelError(result.response.status, result.error as ApiError | undefined);
  }
  return result.data;
}

/**
 * Uploads a video through the resumable flow: starts it (with an idempotency key, so a retried start makes
 * one video), PUTs each part still missing, and completes it. Answers the video, now processing. A failed
 * upload is resumed by calling this again with the same `idempotencyKey` and bytes.
 */
export async function uploadVideo(
  client: LeadReelClient,
  file: { name: string; bytes: Uint8Array<ArrayBuffer> },
  options: { folderId?: string; idempotencyKey?: string; fetch?: typeof globalThis.fetch } = {},
): Promise<Video> {
  const put = options.fetch ?? globalThis.fetch;
  const started = ok(
    await client.POST('/uploads', {
      body: {
        name: file.name,
        size: file.bytes.byteLength,
        ...(options.folderId ? { folderId: options.folderId } : {}),
      },
      params: { header: { 'Idempotency-Key': options.idempotencyKey ?? crypto.randomUUID() } },
    }),
  );
  // A replayed start answers the URLs of its first call, which may have expired: ask where the upload is.
  const where = { params: { path: { videoId: started.videoId } } };
  const state = await client.GET('/uploads/{videoId}', where);
  // Retried after it completed: the upload is over (409 upload_state), and the video is the answer.
  if (state.error?.error === 'upload_state') return ok(await client.GET('/videos/{videoId}', where));
  const upload = ok(state);
  for (const part of upload.parts) {
    const from = (part.partNumber - 1) * upload.partSize;
    const body = file.bytes.subarray(from, Math.min(from + upload.partSize, file.bytes.byteLength));
    const answer = await put(part.url, { method: 'PUT', body });
    if (!answer.ok) throw new LeadReelError(answer.status, undefined);
  }
  return ok(await client.POST('/uploads/{videoId}/complete', where));
}

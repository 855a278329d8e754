import type { FastifyPluginAsync } from 'fastify';
import { badRequest, forbidden, payloadTooLarge } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { LOCAL_PART_PATH, type LocalDriver, MAX_PART_BYTES, MAX_PART_NUMBER, PartUrlError } from './local.driver.ts';
import { StorageError } from './storage.ts';

/**
 * PUT /api/storage/part: where the local driver's signed part URLs point. Only a URL the server signed,
 * unexpired (900 s), for that upload of that account, may write; the bytes stream to disk.
 */
export const storageRoutes: FastifyPluginAsync<{ storage: LocalDriver; clock: Clock }> = async (
  app,
  { storage, clock },
) => {
  // The browser sends raw bytes with whatever content type it likes; this scope takes them as a stream.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.put(LOCAL_PART_PATH, { bodyLimit: MAX_PART_BYTES, schema: { hide: true } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    let grant: Awaited<ReturnType<LocalDriver['verifyPartUrl']>>;
    try {
      grant = await storage.verifyPartUrl(query, clock.now());
    } catch (error) {
      if (error instanceof PartUrlError) throw forbidden(error.code);
      throw error;
    }
    if (grant.partNumber < 1 || grant.partNumber > MAX_PART_NUMBER) throw badRequest('illegal_input', 'n');
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > MAX_PART_BYTES) throw payloadTooLarge();
    const started = performance.now();
    let received = started;
    request.raw.once('end', () => {
      received = performance.now();
    });
    try {
      const etag = await storage.writePart(grant.uploadId, grant.partNumber, request.raw);
      // How the part's time split between taking its bytes in and storing them after the last one (the
      // browser's lane waits on that), for Resource Timing and bench:upload.
      const stored = performance.now();
      reply
        .header('etag', etag)
        .header(
          'server-timing',
          `receive;dur=${(received - started).toFixed(1)}, store;dur=${(stored - received).toFixed(1)}`,
        )
        .header('access-control-expose-headers', 'ETag');
      return { statusCode: 200, data: null };
    } catch (error) {
      if (error instanceof StorageError && error.code === 'part_too_large') throw payloadTooLarge();
      if (error instanceof StorageError && error.code === 'no_such_upload') throw forbidden('upload_url_invalid');
      throw error;
    }
  });
};

import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoded = { identity: Buffer; br: Buffer; gzip: Buffer };

/** A fixed file in every encoding we serve, compressed once at the highest settings. */
export function precompress(body: Buffer): Encoded {
  return {
    identity: body,
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(body, { level: 9 }),
  };
}

/** The best encoding the client accepts (brotli, then gzip), from Accept-Encoding. */
export function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/** Sends `body` compressed as the client accepts: precompressed when given, else compressed now (fast). */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: Buffer | Encoded) {
  const encoding = acceptedEncoding(request);
  reply.header('vary', 'Accept-Encoding, Accept-Language');
  const encoded: Encoded | null = Buffer.isBuffer(body) ? null : body;
  const plain = Buffer.isBuffer(body) ? body : body.identity;
  // Tiny bodies gain nothing from compression.
  if (!encoding || plain.length < 1024) return reply.send(plain);
  const compressed =
    encoded?.[encoding] ??
    (encoding === 'br'
      ? brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(plain, { level: 6 }));
  return reply.header('content-encoding', encoding).send(compressed);
}

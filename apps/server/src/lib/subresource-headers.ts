import type { FastifyReply } from 'fastify';

/**
 * Headers that only mean something on a document (helmet sets them on every response). Media segments and
 * scripts fetched by embeds on other sites carry them for nothing: about 700 bytes on every segment.
 */
const DOCUMENT_ONLY = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** A subresource any site may load (media, the player's scripts): open CORS, no document-only headers. */
export function asPublicSubresource(reply: FastifyReply) {
  for (const name of DOCUMENT_ONLY) reply.removeHeader(name);
  reply.header('access-control-allow-origin', '*');
  reply.header('cross-origin-resource-policy', 'cross-origin');
}

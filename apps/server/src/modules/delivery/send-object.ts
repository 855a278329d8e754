import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFoundUncached } from '../../errors.ts';
import type { StorageDriver } from '../storage/storage.ts';
import { parseRange } from './media-files.ts';

/**
 * Sends a stored object with `headers`, or the one byte range the request asks for (206, or 416 when it
 * lies past the end: https://www.rfc-editor.org/rfc/rfc9110#section-14), so players can seek. A HEAD
 * gets the headers only. `onSent` hears how many bytes went out once they have. A missing object is 404.
 */
export async function sendObject(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: StorageDriver,
  key: string,
  headers: Record<string, string>,
  onSent?: (bytes: number) => void,
) {
  const head = await storage.head(key);
  if (!head) throw notFoundUncached();
  const range = parseRange(request.headers.range, head.size);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${head.size}`).send();
  }
  const stored = await storage.get(key, range ?? undefined);
  if (!stored) throw notFoundUncached();
  reply.headers(headers).header('accept-ranges', 'bytes').header('content-length', stored.size);
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${head.size}`);
  if (request.method === 'HEAD') {
    stored.body.destroy();
    return reply.send();
  }
  if (onSent) reply.raw.once('finish', () => onSent(stored.size));
  return reply.send(stored.body);
}

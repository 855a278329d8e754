import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { asPublicSubresource } from '../../lib/subresource-headers.ts';
import { precompress, sendEncoded } from './compress.ts';

const PLAYER_DIST = path.resolve(import.meta.dirname, '../../../../player/dist');

/**
 * The player's two files: /player/player.js (the facade, on every watch page and embed; its URL carries a
 * hash of its bytes so it can be cached for a year) and /player/hls.light.min.js (hls.js without the
 * subtitle and alternate-audio parsers of the full build, fetched only on play).
 */
export function registerPlayerAssets(app: FastifyInstance, playerDist = PLAYER_DIST) {
  const hlsFile = createRequire(import.meta.url).resolve('hls.js/dist/hls.light.min.js');
  const built = readIfBuilt(path.join(playerDist, 'player.js'));
  const player = built ? precompress(built) : null;
  const hls = precompress(readFileSync(hlsFile));
  const version = createHash('sha256')
    .update(built ?? '')
    .digest('hex')
    .slice(0, 12);

  app.get('/player/player.js', { schema: { hide: true } }, async (request, reply) => {
    if (!player) return reply.code(404).send({ statusCode: 404, error: 'not_found', message: 'player not built' });
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable');
    asPublicSubresource(reply);
    return sendEncoded(request, reply, player);
  });
  app.get('/player/hls.light.min.js', { schema: { hide: true } }, async (request, reply) => {
    reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'public, max-age=86400');
    asPublicSubresource(reply);
    return sendEncoded(request, reply, hls);
  });
  return { playerScript: `/player/player.js?v=${version}` };
}

function readIfBuilt(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
}

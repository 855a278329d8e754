import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { asPublicSubresource } from '../../lib/subresource-headers.ts';
import { type Encoded, precompress, sendEncoded } from './compress.ts';

const PLAYER_DIST = path.resolve(import.meta.dirname, '../../../../player/dist');

/** Versioned URLs of the player's scripts, as pages name them. */
export type PlayerAssets = { player: string; controls: string };

/**
 * The player's files: /player/player.js (the facade, on every watch page and embed), /player/controls.js
 * (the controls, fetched on play) and /player/hls.light.min.js (hls.js without the subtitle and
 * alternate-audio parsers of the full build, fetched on play). Pages name ours with a hash of their bytes,
 * so they are cached for a year; all are precompressed once.
 */
export function registerPlayerAssets(app: FastifyInstance, playerDist = PLAYER_DIST): PlayerAssets {
  const serve = (name: string, body: Encoded | null, cacheControl: string) =>
    app.get(`/player/${name}`, { schema: { hide: true } }, async (request, reply) => {
      if (!body) return reply.code(404).send({ statusCode: 404, error: 'not_found', message: 'player not built' });
      reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', cacheControl);
      asPublicSubresource(reply);
      return sendEncoded(request, reply, body);
    });
  const ours = (name: string) => {
    const built = readIfBuilt(path.join(playerDist, name));
    serve(name, built ? precompress(built) : null, 'public, max-age=31536000, immutable');
    const version = createHash('sha256')
      .update(built ?? '')
      .digest('hex')
      .slice(0, 12);
    return `/player/${name}?v=${version}`;
  };
  const hlsFile = createRequire(import.meta.url).resolve('hls.js/dist/hls.light.min.js');
  serve('hls.light.min.js', precompress(readFileSync(hlsFile)), 'public, max-age=86400');
  return { player: ours('player.js'), controls: ours('controls.js') };
}

function readIfBuilt(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
}

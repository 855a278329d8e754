import { UUID_PATTERN } from '@leadreel/shared/text';
import type { FastifyPluginAsync } from 'fastify';
import { notFoundUncached } from '../../errors.ts';
import { contentTypeOf, parseRange } from '../delivery/media-files.ts';
import type { StorageDriver } from '../storage/storage.ts';
import { MATERIAL_FILES, type MaterialFile } from './keys.ts';
import type { MaterialRow } from './materials.repo.ts';

/** A material's files never change (a new file is a new material), but a deleted one must stop being served. */
const CACHE = 'public, max-age=3600';

/** The original's content type, from its name's extension: processing made sure the bytes are of that format. */
const SOURCE_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
};

/**
 * /media/material/:materialId/:file: a ready material's files for the console's <img>, <audio> and
 * <video>, which send no bearer token; the random uuid keeps the address unguessable. `source` is the
 * original (an image's PNG render copy: what the videos use, and what any browser shows), with ranges for
 * seeking. A material not ready, deleted, or of a locked account is 404, as one that never existed.
 */
export const materialMediaRoutes: FastifyPluginAsync<{
  findById: (materialId: string) => Promise<MaterialRow | undefined>;
  isLocked: (accountId: string) => Promise<boolean>;
  storage: StorageDriver;
}> = async (app, { findById, isLocked, storage }) => {
  app.get<{ Params: { materialId: string; file: string } }>(
    '/media/material/:materialId/:file',
    async (request, reply) => {
      const { materialId } = request.params;
      const file = request.params.file as MaterialFile;
      if (!UUID_PATTERN.test(materialId) || !MATERIAL_FILES.includes(file)) throw notFoundUncached();
      const row = await findById(materialId);
      if (row?.status !== 'ready' || !row.media_prefix || (await isLocked(row.account_id))) {
        throw notFoundUncached();
      }
      const image = row.kind === 'image';
      if (file === 'render.png' && !image) throw notFoundUncached();
      if (file === 'cover.jpg' && !row.has_cover) throw notFoundUncached();
      const key =
        file === 'source' ? (image ? `${row.media_prefix}render.png` : row.source_key) : `${row.media_prefix}${file}`;
      const type =
        file === 'source' && !image
          ? (SOURCE_TYPES[row.name.slice(row.name.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream')
          : contentTypeOf(file === 'source' ? 'render.png' : file);
      const head = await storage.head(key);
      if (!head) throw notFoundUncached();
      const range = parseRange(request.headers.range, head.size);
      if (range === 'unsatisfiable') {
        return reply.code(416).header('content-range', `bytes */${head.size}`).send();
      }
      const stored = await storage.get(key, range ?? undefined);
      if (!stored) throw notFoundUncached();
      reply
        .header('content-type', type)
        .header('cache-control', CACHE)
        .header('accept-ranges', 'bytes')
        // The original's name was typed by its owner: the file is shown, never run as a page of ours.
        .header('x-content-type-options', 'nosniff')
        .header('content-length', stored.size);
      if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${head.size}`);
      if (request.method === 'HEAD') {
        stored.body.destroy();
        return reply.send();
      }
      return reply.send(stored.body);
    },
  );
};

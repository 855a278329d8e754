import { fileExtension } from '@leadreel/shared';
import { UUID_PATTERN } from '@leadreel/shared/text';
import type { FastifyPluginAsync } from 'fastify';
import { notFoundUncached } from '../../errors.ts';
import { contentTypeOf } from '../delivery/media-files.ts';
import { sendObject } from '../delivery/send-object.ts';
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
          ? (SOURCE_TYPES[fileExtension(row.name)] ?? 'application/octet-stream')
          : contentTypeOf(file === 'source' ? 'render.png' : file);
      return sendObject(request, reply, storage, key, {
        'content-type': type,
        'cache-control': CACHE,
        // The original's name was typed by its owner: the file is shown, never run as a page of ours.
        'x-content-type-options': 'nosniff',
      });
    },
  );
};

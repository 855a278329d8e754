import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_SIZE_LIMITS } from '@leadreel/shared';
import type { Logger } from 'pino';
import type { Db } from '../../db/database.ts';
import { badGateway, badRequest, notFound } from '../../errors.ts';
import type { StorageDriver } from '../storage/storage.ts';
import { createJobFolder } from '../videos/job-folders.ts';
import { materialSourceKey, materialSourcePrefix } from './keys.ts';
import { type MaterialsService, toMaterialData } from './materials.service.ts';
import { StockError, type StockKind, type StockProvider } from './stock/stock.ts';

/** How long the provider has to answer a search (the picker waits on it). */
const SEARCH_TIMEOUT_MS = 10_000;
/** How long a download may take: a picture is small; a clip is up to 500 MB. */
const DOWNLOAD_TIMEOUT_MS = { image: 60_000, video: 10 * 60_000 };

class TooLarge extends Error {}

/**
 * "Online": the configured stock provider's pictures and clips, searched for the picker and taken into the
 * library as materials (image, material-video), processed and counted against storage as an upload is.
 */
export function createOnlineService(deps: {
  provider: StockProvider | null;
  materials: Pick<MaterialsService, 'reserve' | 'rightsToAdd'>;
  storage: StorageDriver;
  enqueue: (trx: Db, materialId: string) => Promise<void>;
  workDir: string;
  log: Logger;
}) {
  const { provider, storage, log } = deps;

  const failed = (error: unknown) => {
    log.warn({ err: error, provider: provider?.name }, 'the stock media provider failed');
    return badGateway('material_online_failed');
  };

  /** Copies the download into `file`, stopping at `limit` bytes; answers how many it wrote. */
  async function save(body: AsyncIterable<Uint8Array>, file: string, limit: number) {
    let bytes = 0;
    await pipeline(
      body,
      async function* (chunks: AsyncIterable<Uint8Array>) {
        for await (const chunk of chunks) {
          bytes += chunk.byteLength;
          if (bytes > limit) throw new TooLarge();
          yield chunk;
        }
      },
      createWriteStream(file),
    );
    return bytes;
  }

  return {
    /** No provider configured: provider null and nothing found, so the picker offers the library instead. */
    async search(query: { query: string; kind: StockKind; page: number; pageSize: number }) {
      if (!provider) return { provider: null, list: [], total: 0 };
      try {
        const found = await provider.search(
          query.query,
          query.kind,
          query.page,
          query.pageSize,
          AbortSignal.timeout(SEARCH_TIMEOUT_MS),
        );
        return { provider: provider.name, ...found };
      } catch (error) {
        throw failed(error);
      }
    },

    /** Takes an item into the library: downloaded within the kind's size limit, then stored and processed. */
    async add(accountId: string, item: { id: string; kind: StockKind }) {
      if (!provider) throw badRequest('material_online_unavailable');
      const rights = await deps.materials.rightsToAdd(accountId);
      const kind = item.kind === 'image' ? 'image' : 'material-video';
      const limit = UPLOAD_SIZE_LIMITS[kind];
      const materialId = randomUUID();
      const signal = AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS[item.kind]);
      const dir = await createJobFolder(deps.workDir);
      try {
        const file = path.join(dir, 'download');
        let name: string;
        let size: number;
        try {
          const download = await provider.download(item.id, item.kind, signal);
          name = download.name;
          if (download.size !== null && download.size > limit) throw new TooLarge();
          size = await save(download.body, file, limit);
        } catch (error) {
          if (error instanceof TooLarge) throw badRequest('upload_too_large', 'id');
          if (error instanceof StockError && error.kind === 'not_found') throw notFound('material_not_found', 'id');
          throw failed(error);
        }
        if (size === 0) throw failed(new Error('the provider sent an empty file'));
        await storage.putFile(materialSourceKey(accountId, materialId), file, 'application/octet-stream');
        try {
          const row = await deps.materials.reserve(
            accountId,
            rights.caps.storageBytes,
            { id: materialId, kind, name, size, status: 'processing' },
            (trx) => deps.enqueue(trx, materialId),
          );
          return toMaterialData(row);
        } catch (error) {
          await storage.deletePrefix(materialSourcePrefix(accountId, materialId)).catch(() => undefined);
          throw error;
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
export type OnlineService = ReturnType<typeof createOnlineService>;

import { PART_URL_SECONDS, partCountFor } from '@leadreel/shared';
import { badRequest, conflict } from '../../errors.ts';
import type { StorageDriver } from '../storage/storage.ts';

/** What the upload handshake reads of a video or a library material being uploaded. */
export type MultipartRow = {
  id: string;
  source_key: string;
  upload_id: string | null;
  size: string | number;
  part_size: number;
};

/**
 * The handshake's start, for videos and library materials alike: opens the multipart upload once (two
 * requests racing keep the first one's, `save` answering undefined for the second) and says which parts
 * storage already holds, so an upload continues where it stopped.
 */
export async function openMultipart<R extends MultipartRow>(
  storage: StorageDriver,
  row: R,
  save: (id: string, uploadId: string) => Promise<R | undefined>,
  reload: () => Promise<R>,
) {
  let current = row;
  if (!current.upload_id) {
    const { uploadId } = await storage.createMultipartUpload(current.source_key, 'application/octet-stream');
    const updated = await save(current.id, uploadId);
    if (updated) current = updated;
    else {
      // Another request opened it first: keep theirs.
      await storage.abortMultipartUpload(current.source_key, uploadId).catch(() => undefined);
      current = await reload();
    }
  }
  const parts = await storage.listParts(current.source_key, current.upload_id as string);
  return {
    key: current.source_key,
    partSize: current.part_size,
    partCount: partCountFor(Number(current.size), current.part_size),
    parts,
  };
}

/** Signed URLs for the parts the browser asks for, valid as long as the upload credential (900 s). */
export async function signMultipartParts(
  storage: StorageDriver,
  accountId: string,
  row: MultipartRow,
  partNumbers: number[],
  now: Date,
) {
  if (!row.upload_id) throw conflict('upload_state');
  const partCount = partCountFor(Number(row.size), row.part_size);
  if (partNumbers.some((n) => n > partCount)) throw badRequest('illegal_input', 'partNumbers');
  const uploadId = row.upload_id;
  const urls = await Promise.all(
    [...new Set(partNumbers)].map(async (partNumber) => ({
      partNumber,
      url: await storage.signPartUrl({ accountId, key: row.source_key, uploadId, partNumber }, PART_URL_SECONDS),
    })),
  );
  return { urls, expiredTime: Math.floor(now.getTime() / 1000) + PART_URL_SECONDS };
}

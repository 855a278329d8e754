import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import {
  canRetryVideo,
  checkUploadFile,
  PART_URL_SECONDS,
  partCountFor,
  partSizeFor,
  type StorageCredential,
  VIDEO_NAME_MAX,
} from '@leadreel/shared';
import type { Logger } from 'pino';
import type { Transact } from '../../db/database.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccountService } from '../account/account.service.ts';
import { isMaterialSourceKey } from '../materials/keys.ts';
import type { StorageDriver, StoredPart } from '../storage/storage.ts';
import type { CredentialSigner } from './credential.ts';
import type { FolderRepo } from './folders.repo.ts';
import { accountDir, sourceKey, sourcePrefix } from './keys.ts';
import { openMultipart, signMultipartParts } from './multipart.ts';
import type { VideoRepo } from './videos.repo.ts';
import { toVideoData, type VideoService } from './videos.service.ts';

export type UploadsDeps = {
  transaction: Transact;
  videos: VideoRepo;
  folders: FolderRepo;
  accounts: AccountService;
  videoService: VideoService;
  storage: StorageDriver;
  signer: CredentialSigner;
  clock: Clock;
  log: Logger;
  /** Queues the media pipeline for a video whose bytes are all in. */
  enqueueProcessing: (videoId: string) => Promise<void>;
  bucket: string;
  region: string;
};

/** Which parts a complete upload of `size` bytes in `partSize` parts must hold, and their sizes. */
export function expectedParts(size: number, partSize: number) {
  const count = partCountFor(size, partSize);
  return Array.from({ length: count }, (_, index) => ({
    partNumber: index + 1,
    size: index === count - 1 ? size - partSize * (count - 1) : partSize,
  }));
}

/**
 * Compares what storage holds with what the file needs: `missing` parts still to send, `wrong` parts whose
 * size cannot belong to the declared file (more bytes than declared, or a short middle part).
 */
export function compareParts(size: number, partSize: number, stored: StoredPart[]) {
  const byNumber = new Map(stored.map((part) => [part.partNumber, part]));
  const expected = expectedParts(size, partSize);
  const missing = expected.filter((part) => !byNumber.has(part.partNumber)).map((part) => part.partNumber);
  const wrong = expected
    .filter((part) => byNumber.has(part.partNumber) && byNumber.get(part.partNumber)?.size !== part.size)
    .map((part) => part.partNumber);
  const extra = stored.filter((part) => part.partNumber > expected.length).map((part) => part.partNumber);
  return { missing, wrong: [...wrong, ...extra] };
}

export function createUploadsService(deps: UploadsDeps) {
  const { transaction, videos, folders, accounts, storage, signer, clock, log } = deps;

  const videoNotFound = () => notFound('video_invalid', 'sourceVideoId');

  async function uploadingVideo(accountId: string, videoId: string) {
    const video = await videos.find(accountId, videoId);
    if (!video) throw videoNotFound();
    if (video.status !== 'uploading') throw conflict('upload_state');
    return video;
  }

  /** The credential must be this account's, for videos, and unexpired. */
  async function checkGrant(accountId: string, token: string | undefined) {
    const grant = await signer.verify(token, accountId, clock.now());
    if (grant.kind !== 'video' || grant.dir !== accountDir(accountId)) {
      throw forbidden('upload_credential_invalid');
    }
    return grant;
  }

  return {
    /** Storage base info: the caller's directory in the bucket. */
    baseInfo(accountId: string) {
      return { dir: accountDir(accountId), bucket: deps.bucket, region: deps.region };
    },

    /** Storage credential, valid as long as a part URL (signature validity 900 s). */
    credential(accountId: string, kind: 'video' | 'image'): Promise<StorageCredential> {
      const now = clock.now();
      return signer.issue(
        { accountId, dir: accountDir(accountId), kind, expiresAt: Math.floor(now.getTime() / 1000) + PART_URL_SECONDS },
        now,
      );
    },

    /**
     * Pre-upload: one id per file, null for a file refused (unsupported type, empty, over the
     * kind's limit, over the storage quota, or the period past Normal). Accepted files reserve their bytes
     * against the quota at once, so two tabs cannot both fill the last gigabyte.
     */
    async preAdd(accountId: string, files: { videoName: string; size: number }[], folderId?: string) {
      const { account, rights } = await accounts.withRights(accountId);
      // upload video is disabled from Buffer on
      if (!rights.features.uploadVideo) return files.map(() => null);
      const targetFolder = folderId ?? account.default_folder_id;
      if (!targetFolder || !(await folders.find(accountId, targetFolder))) {
        throw notFound('folder_invalid', 'folderId');
      }
      const quota = rights.caps.storageBytes;
      return transaction(async (trx) => {
        const ids: (string | null)[] = [];
        for (const file of files) {
          if (checkUploadFile('video', { name: file.videoName, size: file.size })) {
            ids.push(null);
            continue;
          }
          if (!(await accounts.addUsedStorage(trx, accountId, file.size, quota))) {
            ids.push(null);
            continue;
          }
          const id = randomUUID();
          const dot = file.videoName.lastIndexOf('.');
          await videos.insert(trx, {
            id,
            accountId,
            folderId: targetFolder,
            name: dot > 0 ? file.videoName.slice(0, dot) : file.videoName,
            size: file.size,
            sourceKey: sourceKey(accountId, id),
            partSize: partSizeFor(file.size),
          });
          ids.push(id);
        }
        return ids;
      });
    },

    /** Opens (or reopens) the multipart upload and says which parts storage already holds. */
    async start(accountId: string, videoId: string, token: string | undefined) {
      await checkGrant(accountId, token);
      const video = await uploadingVideo(accountId, videoId);
      return openMultipart(storage, video, videos.setUploadId, () => uploadingVideo(accountId, videoId));
    },

    async signParts(accountId: string, videoId: string, token: string | undefined, partNumbers: number[]) {
      await checkGrant(accountId, token);
      const video = await uploadingVideo(accountId, videoId);
      return signMultipartParts(storage, accountId, video, partNumbers, clock.now());
    },

    /**
     * The browser says every part is in. Storage is asked rather than believed: a missing part is a 400
     * the uploader can fix by sending it; a part of the wrong size (more bytes than declared) fails the
     * upload. Then the pipeline is queued; joining the parts and hashing happen there, off the request.
     * The folder is not the browser's to say here: pre-add set it, and a move (or the folder's deletion)
     * made while the bytes were arriving stands.
     */
    async success(accountId: string, videoId: string) {
      const video = await videos.find(accountId, videoId);
      if (!video) throw videoNotFound();
      // A repeated success call (a retry after a lost answer) is not an error.
      if (video.status !== 'uploading') {
        if (['uploaded', 'processing', 'ready'].includes(video.status)) return;
        throw conflict('upload_state');
      }
      if (!video.upload_id) throw badRequest('upload_incomplete', 'sourceVideoId');
      const stored = await storage.listParts(video.source_key, video.upload_id);
      const { missing, wrong } = compareParts(Number(video.size), video.part_size, stored);
      if (wrong.length > 0) {
        log.warn({ videoId, parts: wrong }, 'uploaded parts do not match the declared size of the file');
        await videos.transition(video.id, ['uploading'], {
          status: 'upload_failed',
          fail_reason: 'upload_size_mismatch',
        });
        throw badRequest('upload_size_mismatch', 'sourceVideoId');
      }
      if (missing.length > 0) throw badRequest('upload_incomplete', 'sourceVideoId');
      const moved = await videos.transition(video.id, ['uploading'], {
        status: 'uploaded',
        upload_percent: 100,
        uploaded_at: clock.now(),
      });
      if (moved) await deps.enqueueProcessing(video.id);
    },

    /**
     * A video made on this server (a blog-to-video export) enters the list as an upload would: its file is
     * the source, counted against the storage quota (over it: storage_limit, nothing written), and the
     * pipeline encodes it. When the account has a video `videoId`, the file is its new source instead (a new
     * version keeps the video's address, settings and leads), so a worker that publishes twice (it died
     * after the first) makes one video. Answers whether the video was created.
     */
    async importFile(
      accountId: string,
      input: { videoId: string; filePath: string; name: string; folderId: string | null },
    ): Promise<{ created: boolean }> {
      const { account, rights } = await accounts.withRights(accountId);
      const size = (await fs.stat(input.filePath)).size;
      const quota = rights.caps.storageBytes;
      const replaced = await videos.find(accountId, input.videoId);
      if (replaced && replaced.status !== 'uploading' && replaced.status !== 'upload_failed') {
        await transaction(async (trx) => {
          if (!(await accounts.addUsedStorage(trx, accountId, size - Number(replaced.size), quota)))
            throw conflict('storage_limit');
          await storage.putFile(replaced.source_key, input.filePath, 'video/mp4');
          await videos.update(
            replaced.id,
            { status: 'uploaded', size, sha256: null, fail_reason: null, process_percent: 0, uploaded_at: clock.now() },
            trx,
          );
        });
        await deps.enqueueProcessing(replaced.id);
        return { created: false };
      }
      if (replaced) throw conflict('upload_state');
      const chosen = input.folderId && (await folders.find(accountId, input.folderId)) ? input.folderId : null;
      const folderId = chosen ?? account.default_folder_id;
      if (!folderId) throw notFound('folder_invalid', 'folderId');
      const id = input.videoId;
      const key = sourceKey(accountId, id);
      try {
        await transaction(async (trx) => {
          if (!(await accounts.addUsedStorage(trx, accountId, size, quota))) throw conflict('storage_limit');
          const name = input.name.trim().slice(0, VIDEO_NAME_MAX) || 'video';
          await videos.insert(trx, {
            id,
            accountId,
            folderId,
            name,
            size,
            sourceKey: key,
            partSize: partSizeFor(size),
          });
          await storage.putFile(key, input.filePath, 'video/mp4');
          await videos.update(id, { status: 'uploaded', upload_percent: 100, uploaded_at: clock.now() }, trx);
        });
      } catch (error) {
        await storage.deletePrefix(sourcePrefix(accountId, id)).catch(() => undefined);
        throw error;
      }
      await deps.enqueueProcessing(id);
      return { created: true };
    },

    async fail(accountId: string, videoId: string, reason: string | undefined) {
      const video = await videos.find(accountId, videoId);
      if (!video) throw videoNotFound();
      await videos.transition(video.id, ['uploading'], {
        status: 'upload_failed',
        fail_reason: reason?.trim() || 'the upload failed in the browser',
      });
    },

    /** every 2 s while tasks are active. Videos of other accounts or no longer uploading are skipped. */
    async heartbeat(accountId: string, items: { sourceVideoId: string; uploadPercent: number }[]) {
      const now = clock.now();
      for (const item of items) await videos.heartbeat(accountId, item.sourceVideoId, item.uploadPercent, now);
    },

    /**
     * Retry: a failed upload reopens (its stored parts are kept); a failed encode runs the pipeline again,
     * unless the file itself was refused (not a video, too large, damaged): the same bytes would fail again.
     */
    async reUpload(accountId: string, videoId: string) {
      const video = await videos.find(accountId, videoId);
      if (!video) throw videoNotFound();
      if (video.status === 'failed' && !canRetryVideo(toVideoData(video))) throw conflict('video_not_retryable');
      if (video.status === 'upload_failed') {
        await videos.transition(video.id, ['upload_failed'], { status: 'uploading', fail_reason: null });
        return;
      }
      if (video.status === 'failed') {
        const moved = await videos.transition(video.id, ['failed'], {
          status: 'uploaded',
          fail_reason: null,
          process_percent: 0,
        });
        if (moved) await deps.enqueueProcessing(video.id);
        return;
      }
      throw conflict('upload_state');
    },

    /**
     * Uploads left incomplete longer than `ttlMs` are aborted and give their quota back; multipart
     * uploads storage holds that no video row knows of (a crash between create and save) are aborted too.
     */
    async sweep(ttlMs: number) {
      const before = new Date(clock.now().getTime() - ttlMs);
      const stale = await videos.staleUploads(before);
      const byAccount = new Map<string, string[]>();
      for (const row of stale) byAccount.set(row.account_id, [...(byAccount.get(row.account_id) ?? []), row.id]);
      for (const [accountId, ids] of byAccount) await deps.videoService.deleteVideos(accountId, ids);
      let orphans = 0;
      for (const open of await storage.listOpenUploads(before)) {
        // A material's upload is the materials module's to sweep (materials.service.ts).
        if (!isMaterialSourceKey(open.key) && !(await videos.isUploadKnown(open.uploadId))) {
          await storage.abortMultipartUpload(open.key, open.uploadId);
          orphans += 1;
        }
      }
      if (stale.length + orphans > 0) log.info({ stale: stale.length, orphans }, 'swept incomplete uploads');
      return { stale: stale.length, orphans };
    },
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;

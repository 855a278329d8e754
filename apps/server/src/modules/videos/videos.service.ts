import {
  canRetryVideo,
  type Folder,
  type GatedFeature,
  isVideoFailCode,
  MESSAGES,
  VIDEO_TYPES_TEXT,
  type Video,
  type VideoListParams,
} from '@leadreel/shared';
import type { Logger } from 'pino';
import type { Db, Transact } from '../../db/database.ts';
import { decodeCursor } from '../../db/keyset.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { AccountService } from '../account/account.service.ts';
import type { EntitlementsService } from '../entitlements/entitlements.ts';
import type { StorageDriver } from '../storage/storage.ts';
import type { FolderRepo } from './folders.repo.ts';
import { mediaUrl, sourcePrefix, videoMediaPrefix } from './keys.ts';
import type { VideoRepo, VideoRow } from './videos.repo.ts';

export type { VideoRow } from './videos.repo.ts';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * `fail_reason` holds a message key (VIDEO_FAIL_CODES) when the server failed the video, or the words the
 * browser sent with a failed upload. A key is answered as itself and in English.
 */
function failure(row: { fail_reason: string | null }) {
  if (!isVideoFailCode(row.fail_reason)) return { failCode: null, failReason: row.fail_reason };
  return {
    failCode: row.fail_reason,
    failReason: MESSAGES[row.fail_reason].replace('{{types}}', VIDEO_TYPES_TEXT),
  };
}

/** A video refused for good gave its bytes back when it failed; every other one holds them. */
export const holdsStorage = (row: { status: string; fail_reason: string | null }) =>
  row.status !== 'failed' || canRetryVideo({ status: row.status, failCode: failure(row).failCode });

/** The API's view of a video row (the console contract Video), with its running speech task's progress if any. */
export function toVideoData(row: VideoRow, translatingPercent: number | null = null): Video {
  const media = row.media;
  const file = (name: string | null | undefined) => (name ? mediaUrl(row.id, row.generation, name) : null);
  return {
    videoId: row.id,
    folderId: row.folder_id,
    name: row.name,
    status: row.status,
    uploadPercent: row.status === 'uploading' || row.status === 'upload_failed' ? row.upload_percent : 100,
    processPercent: row.status === 'ready' ? 100 : row.process_percent,
    translatingPercent,
    playable: row.playable,
    size: Number(row.size),
    duration: row.duration_sec,
    width: row.width,
    height: row.height,
    cover: file(media?.poster),
    thumbnail: file(media?.thumbnail),
    hlsUrl: row.playable ? `/media/${row.id}/master.m3u8` : null,
    storyboardUrl: file(media?.storyboard),
    previewUrl: file(media?.preview),
    ...failure(row),
    sha256: row.sha256,
    createdAt: seconds(row.created_at),
    updatedAt: seconds(row.updated_at),
  };
}

/** What a new account's first folder is called. */
const DEFAULT_FOLDER_NAME = 'Default';

export function createVideoService(deps: {
  transaction: Transact;
  videos: VideoRepo;
  folders: FolderRepo;
  accounts: AccountService;
  entitlements: EntitlementsService;
  storage: StorageDriver;
  log: Logger;
  /** The progress of each video's running speech task (the speech module's), for "translating N%". */
  translating?: (videoIds: string[]) => Promise<Map<string, number>>;
}) {
  const { transaction, videos, folders, accounts, entitlements, storage, log } = deps;

  /** Rows as the API shows them, each with its running speech task's progress. */
  async function shown(rows: VideoRow[]): Promise<Video[]> {
    const translating = deps.translating ? await deps.translating(rows.map((row) => row.id)) : new Map();
    return rows.map((row) => toVideoData(row, translating.get(row.id) ?? null));
  }

  const folderNotFound = () => notFound('folder_invalid', 'folderId');
  const videoNotFound = () => notFound('video_invalid', 'videoId');

  async function ownFolder(accountId: string, folderId: string) {
    const folder = await folders.find(accountId, folderId);
    if (!folder) throw folderNotFound();
    return folder;
  }

  /** Storage of deleted videos; a failure leaves orphans for the sweep, never a half-deleted row. */
  async function removeStoredFiles(
    rows: { id: string; account_id: string; source_key: string; upload_id: string | null }[],
  ) {
    for (const row of rows) {
      try {
        if (row.upload_id) await storage.abortMultipartUpload(row.source_key, row.upload_id).catch(() => undefined);
        await storage.deletePrefix(sourcePrefix(row.account_id, row.id));
        await storage.deletePrefix(videoMediaPrefix(row.account_id, row.id));
      } catch (error) {
        log.error({ err: error, videoId: row.id }, 'could not delete the files of a deleted video');
      }
    }
  }

  return {
    /**
     * The guard of every per-video setting: the feature must be open in the account's period, and
     * the video must be the account's; another account's video, a deleted one and one that never was are
     * the same 404, so ids cannot be probed.
     */
    async ownVideo(accountId: string, videoId: string, feature: GatedFeature): Promise<VideoRow> {
      await entitlements.assertFeature(accountId, feature);
      const video = await videos.findById(videoId);
      if (!video || video.account_id !== accountId) throw videoNotFound();
      return video;
    },

    /**
     * The master playlist a generation serves: the pipeline's, or one of its own files offering more (a
     * dubbed video's audio languages, modules/speech). Nothing changes for a generation no longer the video's.
     */
    useMaster: (videoId: string, generation: number, master: string, trx?: Db) =>
      videos.useMaster(videoId, generation, master, trx),

    /** A video whoever owns it, for viewers' requests (a public page, a form, a click). */
    findById: (videoId: string) => videos.findById(videoId),

    /** Which of these videos public pages may still show: checked on every view of a page kept in memory. */
    stillShown: (videoIds: string[]) => videos.stillShown(videoIds),

    async listFolders(accountId: string): Promise<Folder[]> {
      await entitlements.assertFeature(accountId, 'getData');
      const rows = await folders.list(accountId);
      return rows.map((row) => ({
        folderId: row.id,
        name: row.name,
        isDefault: row.id === row.default_folder_id,
        videoCount: Number(row.video_count),
        createdAt: seconds(row.created_at),
      }));
    },

    async addFolder(accountId: string, name: string): Promise<Folder> {
      await entitlements.assertFeature(accountId, 'folders');
      const row = await folders.insert(accountId, name);
      return { folderId: row.id, name: row.name, isDefault: false, videoCount: 0, createdAt: seconds(row.created_at) };
    },

    async renameFolder(accountId: string, folderId: string, name: string): Promise<Folder> {
      await entitlements.assertFeature(accountId, 'folders');
      const row = await folders.rename(accountId, folderId, name);
      if (!row) throw folderNotFound();
      const listed = (await folders.list(accountId)).find((folder) => folder.id === folderId);
      return {
        folderId: row.id,
        name: row.name,
        isDefault: listed?.default_folder_id === row.id,
        videoCount: Number(listed?.video_count ?? 0),
        createdAt: seconds(row.created_at),
      };
    },

    /** Its videos move to the default folder, which itself cannot be deleted. */
    async deleteFolder(accountId: string, folderId: string) {
      await entitlements.assertFeature(accountId, 'folders');
      const account = await accounts.load(accountId);
      await ownFolder(accountId, folderId);
      if (account.default_folder_id === folderId || !account.default_folder_id)
        throw badRequest('folder_default', 'folderId');
      const defaultFolderId = account.default_folder_id;
      if (!(await folders.deleteInto(accountId, folderId, defaultFolderId))) throw folderNotFound();
    },

    async moveVideos(accountId: string, videoIds: string[], folderId: string) {
      await entitlements.assertFeature(accountId, 'folders');
      await ownFolder(accountId, folderId);
      const ids = [...new Set(videoIds)];
      const found = await videos.findMany(accountId, ids);
      if (found.length !== ids.length) throw videoNotFound();
      await videos.moveToFolder(accountId, ids, folderId);
    },

    async list(accountId: string, query: VideoListParams) {
      await entitlements.assertFeature(accountId, 'getData');
      if (query.folderId) await ownFolder(accountId, query.folderId);
      const { rows, total } = await videos.list({
        accountId,
        folderId: query.folderId,
        keyword: query.keyword || undefined,
        sort: query.sort,
        order: query.order,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { list: await shown(rows), total };
    },

    /** A page of the account's videos, newest first, after the cursor a page before gave (the public API). */
    async listAfter(accountId: string, query: { folderId?: string; cursor?: string; limit: number }) {
      await entitlements.assertFeature(accountId, 'getData');
      if (query.folderId) await ownFolder(accountId, query.folderId);
      const { rows, nextCursor } = await videos.keysetPage({
        accountId,
        folderId: query.folderId,
        after: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
        limit: query.limit,
      });
      return { data: await shown(rows), nextCursor };
    },

    /** Renames a video and moves it to a folder, either or both (the public API's PATCH). */
    async change(accountId: string, videoId: string, change: { name?: string; folderId?: string }) {
      await entitlements.assertFeature(accountId, 'videoSettings');
      const row = await videos.find(accountId, videoId);
      if (!row) throw videoNotFound();
      if (change.folderId !== undefined) await this.moveVideos(accountId, [videoId], change.folderId);
      if (change.name !== undefined) await videos.rename(accountId, videoId, change.name);
      return this.detail(accountId, videoId);
    },

    async detail(accountId: string, videoId: string) {
      await entitlements.assertFeature(accountId, 'getData');
      const row = await videos.find(accountId, videoId);
      if (!row) throw videoNotFound();
      return (await shown([row]))[0] as Video;
    },

    async status(accountId: string, videoIds: string[]) {
      await entitlements.assertFeature(accountId, 'getData');
      const rows = await videos.findMany(accountId, [...new Set(videoIds)]);
      return shown(rows);
    },

    /** Deletes videos and gives their bytes back to the quota in one transaction; files go afterwards. */
    async deleteVideos(accountId: string, videoIds: string[]) {
      const ids = [...new Set(videoIds)];
      const deleted = await transaction(async (trx) => {
        const rows = await videos.deleteMany(trx, accountId, ids);
        if (rows.length !== ids.length) throw videoNotFound();
        const bytes = rows.filter(holdsStorage).reduce((sum, row) => sum + Number(row.size), 0);
        await accounts.addUsedStorage(trx, accountId, -bytes);
        return rows;
      });
      await removeStoredFiles(deleted);
    },

    removeStoredFiles,

    /**
     * Clear: the account's videos are hidden and their renditions deleted; the originals
     * stay (and count against the quota) so that renewing rebuilds them. Safe to run again: storage of
     * every cleared video is deleted each time, so a run that failed halfway is finished by the next.
     */
    async clearForLapse(accountId: string) {
      const cleared = await videos.clearAll(accountId);
      for (const row of await videos.cleared(accountId)) {
        await storage.deletePrefix(videoMediaPrefix(row.account_id, row.id));
      }
      return cleared;
    },

    /** RealClear: every video of the account is deleted, originals too, and its quota given back. */
    async deleteForLapse(accountId: string) {
      const ids = await videos.idsOf(accountId);
      if (ids.length > 0) await this.deleteVideos(accountId, ids);
      return ids.length;
    },

    /** The account's uploaded originals, for its export (no gate: it is the holder's own data). */
    originals: (accountId: string) => videos.originals(accountId),

    /** One original's bytes, when it is the account's: for its export. */
    async openOriginal(accountId: string, videoId: string) {
      const row = (await videos.originals(accountId)).find((video) => video.id === videoId);
      if (!row) return null;
      const object = await storage.get(row.source_key);
      return object && { name: row.name, size: Number(row.size), object };
    },

    /** The account renewed: its cleared videos are encoded again from their originals. */
    async restoreCleared(accountId: string, enqueue: (videoId: string) => Promise<void>) {
      const ids = await videos.restoreCleared(accountId);
      for (const id of ids) await enqueue(id);
      return ids.length;
    },

    /** videoTotal, for the account's detail. */
    countForAccount: (accountId: string) => videos.countForAccount(accountId),

    /** A new account's default folder, made in the account's own transaction; answers its id. */
    async createDefaultFolder(accountId: string, trx: Db) {
      return (await folders.insert(accountId, DEFAULT_FOLDER_NAME, trx)).id;
    },
  };
}
export type VideoService = ReturnType<typeof createVideoService>;

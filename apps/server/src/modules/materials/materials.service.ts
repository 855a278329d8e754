import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  checkUploadFile,
  fileExtension,
  MATERIAL_KINDS,
  type Material,
  type MaterialKind,
  partSizeFor,
  UPLOAD_EXTENSIONS,
} from '@leadreel/shared';
import type { Logger } from 'pino';
import type { Db, Transact } from '../../db/database.ts';
import { badRequest, conflict, forbidden, notFound, planPeriod } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccountService } from '../account/account.service.ts';
import type { StorageDriver } from '../storage/storage.ts';
import type { CredentialSigner } from '../videos/credential.ts';
import { accountDir } from '../videos/keys.ts';
import { openMultipart, signMultipartParts } from '../videos/multipart.ts';
import { compareParts } from '../videos/uploads.service.ts';
import { isMaterialSourceKey, materialSourceKey, materialUrl } from './keys.ts';
import type { MaterialProcessor } from './material-processor.ts';
import type { MaterialRepo, MaterialRow, NewMaterial } from './materials.repo.ts';

export type MaterialsDeps = {
  transaction: Transact;
  repo: MaterialRepo;
  accounts: AccountService;
  storage: StorageDriver;
  signer: CredentialSigner;
  processor: Pick<MaterialProcessor, 'failMaterial' | 'removeFiles'>;
  clock: Clock;
  log: Logger;
  /** Queues processing of a material whose bytes are all in, in the transaction that says so. */
  enqueue: (trx: Db, materialId: string) => Promise<void>;
  /** Where copies of stored files are made for local use when storage is not on this machine. */
  workDir: string;
};

/** The API's view of a material row (the contract's Material): its files' addresses once it is ready. */
export function toMaterialData(row: MaterialRow): Material {
  const ready = row.status === 'ready';
  return {
    materialId: row.id,
    kind: row.kind,
    name: row.name,
    size: Number(row.size),
    status: row.status,
    url: ready ? materialUrl(row.id, 'source') : null,
    cover: ready && row.has_cover ? materialUrl(row.id, 'cover.jpg') : null,
    duration: row.duration,
    width: row.width,
    height: row.height,
    failReason: row.status === 'failed' ? row.fail_reason : null,
    createdAt: Math.floor(row.created_at.getTime() / 1000),
  };
}

/** A material the blog renderer can read from this machine's disk (`release` removes a copy made for it). */
export type LocalMaterial = {
  kind: MaterialKind;
  path: string;
  duration: number | null;
  width: number | null;
  height: number | null;
  release: () => Promise<void>;
};

/** Processing whose job has not finished in this long spent its retries (materials.jobs.ts: 3 runs of 30 min). */
const PROCESSING_STALE_MS = 2 * 3600 * 1000;

/**
 * The materials library (docs/product.md "Blog-to-video"): the upload flow, the same handshake as a video's
 * (pre-add, storage credential, start, sign-parts, success or fail), and the library's list, detail and
 * delete. A material holds its bytes against the account's storage from pre-add until it is deleted or
 * fails.
 */
export function createMaterialsService(deps: MaterialsDeps) {
  const { transaction, repo, accounts, storage, signer, clock, log, processor } = deps;
  const materialNotFound = () => notFound('material_not_found', 'materialId');

  async function own(accountId: string, materialId: string) {
    const row = await repo.find(accountId, materialId);
    if (!row) throw materialNotFound();
    return row;
  }

  async function uploading(accountId: string, materialId: string) {
    const row = await own(accountId, materialId);
    if (row.status !== 'uploading') throw conflict('upload_state');
    return row;
  }

  /** The storage credential of the upload flow (either kind the console asks for), for this account's dir. */
  async function checkGrant(accountId: string, token: string | undefined) {
    const grant = await signer.verify(token, accountId, clock.now());
    if (!['video', 'image'].includes(grant.kind) || grant.dir !== accountDir(accountId)) {
      throw forbidden('upload_credential_invalid');
    }
  }

  /** Uploads are refused from Buffer on, as a video's. */
  async function rightsToAdd(accountId: string) {
    const { rights } = await accounts.withRights(accountId);
    if (!rights.features.uploadVideo) throw planPeriod();
    return rights;
  }

  /**
   * Counts the file's bytes against the account's quota and records it, in one transaction (two tabs
   * cannot both fill the last gigabyte); `then` runs in it too (queueing what is already stored).
   */
  function reserve(
    accountId: string,
    quota: number,
    values: Omit<NewMaterial, 'accountId' | 'sourceKey' | 'partSize' | 'createdAt'>,
    then?: (trx: Db) => Promise<void>,
  ) {
    return transaction(async (trx) => {
      // storage_limit is a 403 of the file's size, as the public API's upload answers it.
      if (!(await accounts.addUsedStorage(trx, accountId, values.size, quota)))
        throw forbidden('storage_limit', 'size');
      const row = await repo.insert(trx, {
        ...values,
        accountId,
        sourceKey: materialSourceKey(accountId, values.id),
        partSize: partSizeFor(values.size),
        createdAt: clock.now(),
      });
      await then?.(trx);
      return row;
    });
  }

  return {
    reserve,
    rightsToAdd,

    /** pre-add: one file into the library; refused with upload_type, upload_empty, upload_too_large, storage_limit. */
    async preAdd(accountId: string, file: { kind: MaterialKind; name: string; size: number; type?: string }) {
      const refusal = checkUploadFile(file.kind, file);
      if (refusal) {
        const field =
          refusal !== 'upload_type'
            ? 'size'
            : UPLOAD_EXTENSIONS[file.kind].includes(fileExtension(file.name))
              ? 'type'
              : 'name';
        throw badRequest(refusal, field);
      }
      const rights = await rightsToAdd(accountId);
      const row = await reserve(accountId, rights.caps.storageBytes, {
        id: randomUUID(),
        kind: file.kind,
        name: file.name,
        size: file.size,
        status: 'uploading',
      });
      return toMaterialData(row);
    },

    /** Opens (or reopens) the multipart upload and says which parts storage already holds. */
    async start(accountId: string, materialId: string, token: string | undefined) {
      await checkGrant(accountId, token);
      const row = await uploading(accountId, materialId);
      return openMultipart(storage, row, repo.setUploadId, () => uploading(accountId, materialId));
    },

    async signParts(accountId: string, materialId: string, token: string | undefined, partNumbers: number[]) {
      await checkGrant(accountId, token);
      const row = await uploading(accountId, materialId);
      return signMultipartParts(storage, accountId, row, partNumbers, clock.now());
    },

    /**
     * The browser says every part is in. Storage is asked rather than believed: a missing part is a 400
     * the uploader can fix by sending it; a part of the wrong size fails the material. Then processing is
     * queued in the same transaction. A repeated success (a retry after a lost answer) is not an error.
     */
    async success(accountId: string, materialId: string) {
      const row = await own(accountId, materialId);
      if (row.status === 'processing' || row.status === 'ready') return toMaterialData(row);
      if (row.status !== 'uploading') throw conflict('upload_state');
      if (!row.upload_id) throw badRequest('upload_incomplete', 'materialId');
      const stored = await storage.listParts(row.source_key, row.upload_id);
      const { missing, wrong } = compareParts(Number(row.size), row.part_size, stored);
      if (wrong.length > 0) {
        log.warn({ materialId, parts: wrong }, 'uploaded parts do not match the declared size of the material');
        await processor.failMaterial(row, ['uploading'], 'upload_size_mismatch');
        throw badRequest('upload_size_mismatch', 'materialId');
      }
      if (missing.length > 0) throw badRequest('upload_incomplete', 'materialId');
      const moved = await transaction(async (trx) => {
        const updated = await repo.transition(trx, row.id, ['uploading'], { status: 'processing' });
        if (updated) await deps.enqueue(trx, row.id);
        return updated;
      });
      return toMaterialData(moved ?? (await own(accountId, materialId)));
    },

    /** The browser gave up: a material still uploading fails, and its bytes and parts are given back. */
    async fail(accountId: string, materialId: string) {
      const row = await own(accountId, materialId);
      await processor.failMaterial(row, ['uploading'], 'upload_incomplete');
    },

    /** `kind`: one kind or a comma-separated list of them (the media picker's "image,material-video"). */
    async list(accountId: string, query: { kind?: string; keyword?: string; page: number; pageSize: number }) {
      const kinds = (query.kind ?? '')
        .split(',')
        .map((kind) => kind.trim())
        .filter(Boolean);
      if (kinds.some((kind) => !(MATERIAL_KINDS as readonly string[]).includes(kind))) {
        throw badRequest('illegal_input', 'kind');
      }
      const { rows, total } = await repo.list(accountId, {
        kinds: kinds as MaterialKind[],
        keyword: query.keyword?.trim() || undefined,
        page: query.page,
        pageSize: query.pageSize,
      });
      return { list: rows.map(toMaterialData), total };
    },

    async detail(accountId: string, materialId: string) {
      return toMaterialData(await own(accountId, materialId));
    },

    /** A material by id alone, for its public files (material-media.routes.ts). */
    findRow: (materialId: string) => repo.findById(materialId),

    /** The account's material, or null (for the blog module, which answers its own errors). */
    async find(accountId: string, materialId: string) {
      const row = await repo.find(accountId, materialId);
      return row ? toMaterialData(row) : null;
    },

    /**
     * A ready material of the account as a file on this machine, for the blog renderer's ffmpeg: an image's
     * PNG render, the original otherwise. With storage elsewhere (S3) it is a copy `release` deletes.
     */
    async localFile(accountId: string, materialId: string): Promise<LocalMaterial | null> {
      const row = await repo.find(accountId, materialId);
      if (row?.status !== 'ready') return null;
      const key = row.kind === 'image' ? `${row.media_prefix}render.png` : row.source_key;
      const shape = { kind: row.kind, duration: row.duration, width: row.width, height: row.height };
      const local = storage.localPath?.(key);
      if (local) return { ...shape, path: local, release: async () => undefined };
      const dir = await mkdtemp(path.join(deps.workDir, 'material-'));
      const file = path.join(dir, row.kind === 'image' ? 'render.png' : 'source');
      try {
        await storage.downloadToFile(key, file);
      } catch (error) {
        await rm(dir, { recursive: true, force: true });
        throw error;
      }
      return { ...shape, path: file, release: () => rm(dir, { recursive: true, force: true }) };
    },

    /**
     * Deletes materials of the account: one that is not the account's makes the whole call 404 and deletes
     * nothing. The rows and the bytes given back change in one transaction; files go afterwards.
     */
    async remove(accountId: string, materialIds: string[]) {
      const ids = [...new Set(materialIds)];
      const deleted = await transaction(async (trx) => {
        const rows = await repo.deleteMany(trx, accountId, ids);
        if (rows.length !== ids.length) throw notFound('material_not_found', 'materialIds');
        // A failed material gave its bytes back when it failed.
        const bytes = rows.filter((row) => row.status !== 'failed').reduce((sum, row) => sum + Number(row.size), 0);
        await accounts.addUsedStorage(trx, accountId, -bytes);
        return rows;
      });
      for (const row of deleted) {
        if (row.upload_id) await storage.abortMultipartUpload(row.source_key, row.upload_id).catch(() => undefined);
        await processor.removeFiles(row.account_id, row.id);
      }
    },

    /**
     * Uploads left untouched longer than `ttlMs` fail and give their bytes back, as do materials whose
     * processing spent its retries; multipart uploads of material keys no row knows (a crash between
     * create and save) are aborted.
     */
    async sweep(ttlMs: number) {
      const now = clock.now().getTime();
      const stale = await repo.stale(new Date(now - ttlMs), new Date(now - PROCESSING_STALE_MS));
      for (const { id, status } of stale) {
        const row = await repo.findById(id);
        if (!row) continue;
        await processor.failMaterial(
          row,
          [status as 'uploading' | 'processing'],
          status === 'uploading' ? 'upload_incomplete' : 'material_damaged',
        );
      }
      let orphans = 0;
      for (const open of await storage.listOpenUploads(new Date(now - ttlMs))) {
        if (isMaterialSourceKey(open.key) && !(await repo.isUploadKnown(open.uploadId))) {
          await storage.abortMultipartUpload(open.key, open.uploadId);
          orphans += 1;
        }
      }
      if (stale.length + orphans > 0) log.info({ stale: stale.length, orphans }, 'swept materials left behind');
    },
  };
}
export type MaterialsService = ReturnType<typeof createMaterialsService>;

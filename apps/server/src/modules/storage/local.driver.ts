import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream, promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, assertUploadId } from './keys.ts';
import { WRITE_BATCH_BYTES, writeAll, writeLimited } from './part-writes.ts';
import {
  type OpenUpload,
  type PartGrant,
  type StorageDriver,
  StorageError,
  type StoredObject,
  type StoredPart,
} from './storage.ts';

/** S3's limits, kept by the local driver too so both behave the same (https://docs.aws.amazon.com/AmazonS3/latest/userguide/qfacts.html). */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
export const MAX_PART_BYTES = 64 * 1024 * 1024;
export const MAX_PART_NUMBER = 10_000;
/** Where the signed part URLs point, under /api (storage.routes.ts answers them). */
export const LOCAL_PART_PATH = '/storage/part';

export class PartUrlError extends Error {
  readonly code: 'upload_url_expired' | 'upload_url_invalid';
  constructor(code: PartUrlError['code']) {
    super(code);
    this.code = code;
  }
}

type UploadMeta = { key: string; contentType: string; initiatedAt: string };

const partFile = (n: number) => `part-${String(n).padStart(5, '0')}`;

/** Loads STORAGE_SIGNING_SECRET, or the machine's own key, made once under the storage folder. */
async function signingSecret(root: string, configured: string | undefined): Promise<Buffer> {
  if (configured) return Buffer.from(configured);
  const file = path.join(root, '.signing-secret');
  try {
    return await fs.readFile(file);
  } catch {
    await fs.mkdir(root, { recursive: true });
    await fs.writeFile(file, randomBytes(32), { mode: 0o600, flag: 'wx' }).catch(() => undefined);
    return fs.readFile(file);
  }
}

/**
 * Objects are read in 512 KiB chunks: a player's first segment (4.5 MiB for two seconds of a 1080p source)
 * went out in seventy 64 KiB reads and socket writes, on the path to its first frame (bench:playable).
 */
const READ_CHUNK_BYTES = 512 * 1024;

/**
 * Appends the file at `from` to `to` through one reused buffer of `scratch.length` bytes. Reading a whole
 * part into a new buffer (fs.readFile) paid a page fault for every 4 KiB of it: 110 ms for a 27 MiB part,
 * where this takes 25, on the path from "upload complete" to "playable" (bench:playable).
 */
async function appendFile(to: FileHandle, from: string, scratch: Buffer) {
  const source = await fs.open(from, 'r');
  try {
    for (;;) {
      const { bytesRead } = await source.read(scratch, 0, scratch.length, null);
      if (bytesRead === 0) return;
      await writeAll(to, [scratch.subarray(0, bytesRead)]);
    }
  } finally {
    await source.close();
  }
}

/**
 * Files under DATA_DIR/storage, with S3's multipart semantics: parts are files in a folder per upload,
 * completed by joining them into the object. Every write goes to a temporary file first and is renamed,
 * so a crash never leaves half an object or half a part under its real name.
 */
export function createLocalDriver(options: { root: string; secret?: string; now?: () => Date }) {
  const root = path.resolve(options.root);
  const objects = path.join(root, 'objects');
  const multipart = path.join(root, 'multipart');
  const now = options.now ?? (() => new Date());
  let secret: Promise<Buffer> | undefined;
  const mac = async (fields: string[]) => {
    secret ??= signingSecret(root, options.secret);
    return createHmac('sha256', await secret)
      .update(fields.join('\n'))
      .digest();
  };

  const objectPath = (key: string) => path.join(objects, assertSafeKey(key));
  const uploadDir = (uploadId: string) => path.join(multipart, assertUploadId(uploadId));
  const temp = (dir: string) => path.join(dir, `.tmp-${randomBytes(8).toString('hex')}`);

  async function meta(uploadId: string): Promise<UploadMeta> {
    try {
      return JSON.parse(await fs.readFile(path.join(uploadDir(uploadId), 'meta.json'), 'utf8')) as UploadMeta;
    } catch {
      throw new StorageError('no_such_upload', 'the upload does not exist');
    }
  }

  async function writeAtomically(target: string, source: Readable | Buffer) {
    await fs.mkdir(path.dirname(target), { recursive: true });
    const tmp = temp(path.dirname(target));
    try {
      if (Buffer.isBuffer(source)) await fs.writeFile(tmp, source);
      else await pipeline(source, createWriteStream(tmp));
      await fs.rename(tmp, target);
    } catch (error) {
      await fs.rm(tmp, { force: true });
      throw error;
    }
  }

  async function partsOf(uploadId: string): Promise<StoredPart[]> {
    const dir = uploadDir(uploadId);
    const parts: StoredPart[] = [];
    for (const name of await fs.readdir(dir)) {
      const match = /^part-(\d{5})$/.exec(name);
      if (!match) continue;
      const stat = await fs.stat(path.join(dir, name));
      const etag = await fs.readFile(path.join(dir, `${name}.etag`), 'utf8').catch(() => '');
      if (etag) parts.push({ partNumber: Number(match[1]), etag, size: stat.size });
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  const driver = {
    kind: 'local' as const,

    async createMultipartUpload(key: string, contentType: string) {
      assertSafeKey(key);
      const uploadId = randomBytes(16).toString('hex');
      const dir = uploadDir(uploadId);
      await fs.mkdir(dir, { recursive: true });
      const body: UploadMeta = { key, contentType, initiatedAt: now().toISOString() };
      await writeAtomically(path.join(dir, 'meta.json'), Buffer.from(JSON.stringify(body)));
      return { uploadId };
    },

    async signPartUrl(grant: PartGrant, expiresInSeconds: number) {
      assertSafeKey(grant.key);
      assertUploadId(grant.uploadId);
      const expires = Math.floor(now().getTime() / 1000) + expiresInSeconds;
      const signature = await mac([
        grant.accountId,
        grant.key,
        grant.uploadId,
        String(grant.partNumber),
        String(expires),
      ]);
      const query = new URLSearchParams({
        u: grant.uploadId,
        n: String(grant.partNumber),
        a: grant.accountId,
        e: String(expires),
        s: signature.toString('base64url'),
      });
      return `/api${LOCAL_PART_PATH}?${query}`;
    },

    /** The grant a part URL carries, checked: signature over every field and the upload's key, and expiry. */
    async verifyPartUrl(query: Record<string, unknown>, at: Date): Promise<PartGrant> {
      const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : '');
      const [uploadId, n, accountId, e, s] = ['u', 'n', 'a', 'e', 's'].map(text);
      if (
        !/^[0-9a-f]{32}$/.test(uploadId ?? '') ||
        !/^\d{1,5}$/.test(n ?? '') ||
        !/^\d{1,12}$/.test(e ?? '') ||
        !accountId ||
        !s
      ) {
        throw new PartUrlError('upload_url_invalid');
      }
      const upload = await meta(uploadId as string).catch(() => null);
      if (!upload) throw new PartUrlError('upload_url_invalid');
      const expected = await mac([accountId, upload.key, uploadId as string, n as string, e as string]);
      const given = Buffer.from(s, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new PartUrlError('upload_url_invalid');
      if (Number(e) * 1000 <= at.getTime()) throw new PartUrlError('upload_url_expired');
      return { accountId, key: upload.key, uploadId: uploadId as string, partNumber: Number(n) };
    },

    /**
     * Stores one part from a stream; re-sending a part replaces it. Answers its ETag: a token new with every
     * write (not an MD5, which cost a fifth of the upload's throughput and proved nothing the SHA-256 of the
     * whole file, taken after completion, does not), so completing with a replaced part's ETag fails, as on S3.
     */
    async writePart(uploadId: string, partNumber: number, body: Readable, maxBytes = MAX_PART_BYTES) {
      if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PART_NUMBER) {
        throw new StorageError('invalid_part', 'part numbers go from 1 to 10000');
      }
      await meta(uploadId);
      const dir = uploadDir(uploadId);
      const tmp = temp(dir);
      try {
        await writeLimited(tmp, body, maxBytes);
        const etag = `"${randomBytes(16).toString('hex')}"`;
        await fs.rename(tmp, path.join(dir, partFile(partNumber)));
        // Written in place, not through a temporary file (two fewer steps while the browser's lane waits): a
        // kill -9 can leave it empty, never half an ETag, and a part without its ETag is not listed, so the
        // uploader sends it again.
        await fs.writeFile(path.join(dir, `${partFile(partNumber)}.etag`), etag);
        return etag;
      } catch (error) {
        await fs.rm(tmp, { force: true });
        throw error;
      }
    },

    async listParts(key: string, uploadId: string) {
      const upload = await meta(uploadId);
      if (upload.key !== key) throw new StorageError('no_such_upload', 'the upload does not exist');
      return partsOf(uploadId);
    },

    async completeMultipartUpload(key: string, uploadId: string, parts: { partNumber: number; etag: string }[]) {
      const upload = await meta(uploadId);
      if (upload.key !== key) throw new StorageError('no_such_upload', 'the upload does not exist');
      const stored = new Map((await partsOf(uploadId)).map((part) => [part.partNumber, part]));
      const ordered = [...parts].sort((a, b) => a.partNumber - b.partNumber);
      ordered.forEach((part, index) => {
        const found = stored.get(part.partNumber);
        if (!found || found.etag !== part.etag)
          throw new StorageError('invalid_part', `part ${part.partNumber} does not match`);
        // S3 EntityTooSmall: every part but the last is at least 5 MiB.
        if (index < ordered.length - 1 && found.size < MIN_PART_BYTES) {
          throw new StorageError('entity_too_small', `part ${part.partNumber} is smaller than 5 MiB`);
        }
      });
      const target = objectPath(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const tmp = temp(path.dirname(target));
      try {
        // The first part is copied by the kernel (copy_file_range), the others appended 1 MiB at a time
        // (appendFile): streams' 64 KiB reads and writes took 0.3 s for a 58 MiB file, on the path from
        // "upload complete" to "playable" (bench:playable).
        const [first, ...rest] = ordered.map((part) => path.join(uploadDir(uploadId), partFile(part.partNumber)));
        if (first) await fs.copyFile(first, tmp);
        const out = await fs.open(tmp, 'a');
        try {
          const scratch = Buffer.allocUnsafe(WRITE_BATCH_BYTES);
          for (const file of rest) await appendFile(out, file, scratch);
        } finally {
          await out.close();
        }
        await fs.rename(tmp, target);
      } catch (error) {
        await fs.rm(tmp, { force: true });
        throw error;
      }
      await fs.rm(uploadDir(uploadId), { recursive: true, force: true });
    },

    async abortMultipartUpload(_key: string, uploadId: string) {
      await fs.rm(uploadDir(uploadId), { recursive: true, force: true });
    },

    async listOpenUploads(before: Date): Promise<OpenUpload[]> {
      const names = await fs.readdir(multipart).catch(() => [] as string[]);
      const open: OpenUpload[] = [];
      for (const uploadId of names.filter((name) => /^[0-9a-f]{32}$/.test(name))) {
        const upload = await meta(uploadId).catch(() => null);
        if (upload && new Date(upload.initiatedAt) < before) {
          open.push({ key: upload.key, uploadId, initiatedAt: new Date(upload.initiatedAt) });
        }
      }
      return open;
    },

    async put(key: string, body: Buffer | Readable) {
      await writeAtomically(objectPath(key), body);
    },

    async get(key: string, range?: { start: number; end: number }): Promise<StoredObject | null> {
      const file = objectPath(key);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      const start = range?.start ?? 0;
      const end = range ? Math.min(range.end, stat.size - 1) : stat.size - 1;
      const size = Math.max(0, end - start + 1);
      const body =
        size > 0
          ? createReadStream(file, { start, end, highWaterMark: READ_CHUNK_BYTES })
          : createReadStream(file, { start: 0, end: -1 });
      return { body, size, totalSize: stat.size, contentType: undefined };
    },

    async head(key: string) {
      const stat = await fs.stat(objectPath(key)).catch(() => null);
      return stat?.isFile() ? { size: stat.size, contentType: undefined } : null;
    },

    async deletePrefix(prefix: string) {
      if (!prefix.endsWith('/')) throw new Error('a prefix ends with /');
      await fs.rm(objectPath(prefix.slice(0, -1)), { recursive: true, force: true });
    },

    async putFile(key: string, filePath: string, _contentType?: string, options: { final?: boolean } = {}) {
      const target = objectPath(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const tmp = temp(path.dirname(target));
      try {
        // A final file on the same filesystem is linked: publishing a remuxed video copied it whole, on the
        // path from "upload complete" to "playable" (bench:playable). Elsewhere (another filesystem, or one
        // without links) copyFile lets the kernel copy (copy_file_range, or a reflink where there are some).
        const linked =
          options.final &&
          (await fs.link(filePath, tmp).then(
            () => true,
            () => false,
          ));
        if (!linked) await fs.copyFile(filePath, tmp);
        await fs.rename(tmp, target);
      } catch (error) {
        await fs.rm(tmp, { force: true });
        throw error;
      }
    },

    async downloadToFile(key: string, filePath: string) {
      await fs.copyFile(objectPath(key), filePath);
    },

    localPath(key: string) {
      return objectPath(key);
    },
  };
  return driver satisfies StorageDriver;
}
export type LocalDriver = ReturnType<typeof createLocalDriver>;

export function isLocalDriver(driver: StorageDriver): driver is LocalDriver {
  return driver.kind === 'local' && 'verifyPartUrl' in driver;
}

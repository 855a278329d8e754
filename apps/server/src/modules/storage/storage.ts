import type { Readable } from 'node:stream';

/** One uploaded part as storage reports it (S3's ListParts). */
export type StoredPart = { partNumber: number; etag: string; size: number };

/** A multipart upload still open in storage (S3's ListMultipartUploads). */
export type OpenUpload = { key: string; uploadId: string; initiatedAt: Date };

/** What `get` returns: the bytes of a whole object or of one byte range. */
export type StoredObject = { body: Readable; size: number; totalSize: number; contentType: string | undefined };

/** What the local driver refuses, in S3's words for the same refusals. */
export class StorageError extends Error {
  readonly code: 'no_such_upload' | 'invalid_part' | 'entity_too_small' | 'part_too_large';
  constructor(code: StorageError['code'], message: string) {
    super(message);
    this.code = code;
  }
}

/** Who a signed part URL is for; the local driver refuses a URL used for anything else. */
export type PartGrant = { accountId: string; key: string; uploadId: string; partNumber: number };

/**
 * Object storage as LeadReel needs it: S3's multipart semantics for uploads straight from the browser,
 * and plain objects for everything the pipeline writes. Keys are made by the server only
 * (`assertSafeKey`); no user text ever becomes part of a key.
 */
export interface StorageDriver {
  readonly kind: 'local' | 's3';
  createMultipartUpload(key: string, contentType: string): Promise<{ uploadId: string }>;
  /** A URL the browser PUTs one part's bytes to, valid `expiresInSeconds` (900). */
  signPartUrl(grant: PartGrant, expiresInSeconds: number): Promise<string>;
  /** Parts uploaded so far, ascending by part number; re-sending a part replaced the earlier one. */
  listParts(key: string, uploadId: string): Promise<StoredPart[]>;
  /** Joins the parts in order into the object at `key`; the upload id is gone afterwards. */
  completeMultipartUpload(key: string, uploadId: string, parts: { partNumber: number; etag: string }[]): Promise<void>;
  abortMultipartUpload(key: string, uploadId: string): Promise<void>;
  /** Uploads created before `before` and neither completed nor aborted. */
  listOpenUploads(before: Date): Promise<OpenUpload[]>;
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** `range` is inclusive at both ends, like HTTP's; null when the object does not exist. */
  get(key: string, range?: { start: number; end: number }): Promise<StoredObject | null>;
  head(key: string): Promise<{ size: number; contentType: string | undefined } | null>;
  /** Deletes every object whose key starts with `prefix` (which must end with "/"). */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * Copies a local file to `key`. `final`: nothing will write to the file again (a finished segment), so a
   * driver keeping files on this machine may link it in place of a copy.
   */
  putFile(key: string, filePath: string, contentType: string, options?: { final?: boolean }): Promise<void>;
  /** The object's file on this machine when the driver keeps one (local), so ffmpeg reads it in place. */
  localPath?(key: string): string | null;
  /** Copies the object at `key` to a local file (for ffmpeg, which reads files only). */
  downloadToFile(key: string, filePath: string): Promise<void>;
}

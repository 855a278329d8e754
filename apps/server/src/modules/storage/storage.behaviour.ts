import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageDriver } from './storage.ts';

export type StorageUnderTest = {
  driver: StorageDriver;
  /** PUTs bytes to a signed part URL as a browser does; answers the status and the ETag header. */
  putPart: (url: string, bytes: Buffer) => Promise<{ status: number; etag: string | null }>;
  close: () => Promise<void>;
};

const MiB = 1024 * 1024;
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const grant = (key: string, uploadId: string, partNumber: number) => ({
  accountId: 'acct-1',
  key,
  uploadId,
  partNumber,
});
const readAll = async (body: NodeJS.ReadableStream) =>
  Buffer.concat(await (body as unknown as { toArray(): Promise<Buffer[]> }).toArray());

/**
 * The behaviour every storage driver must have (STYLE.md: one suite, every backend), after S3's own
 * multipart semantics (https://docs.aws.amazon.com/AmazonS3/latest/API/API_UploadPart.html): "If you
 * upload a new part using the same part number as a previously uploaded part, the previously uploaded
 * part is overwritten"; "Each part must be at least 5 MB in size, except the last part".
 */
export function storageBehaviour(name: string, setup: () => Promise<StorageUnderTest>) {
  describe(`${name} storage`, () => {
    let s: StorageUnderTest;
    let work: string;
    let n = 0;
    const key = () => `sources/acct-1/video-${++n}/source`;
    beforeAll(async () => {
      s = await setup();
      work = await mkdtemp(path.join(tmpdir(), 'leadreel-storage-'));
    });
    afterAll(async () => {
      await s.close();
      await rm(work, { recursive: true, force: true });
    });

    async function sendPart(k: string, uploadId: string, partNumber: number, bytes: Buffer) {
      const url = await s.driver.signPartUrl(grant(k, uploadId, partNumber), 900);
      const answer = await s.putPart(url, bytes);
      expect(answer.status).toBe(200);
      // A quoted token (S3: the part's MD5; local: a token new with every write).
      expect(answer.etag).toMatch(/^"[0-9a-f]{32}"$/);
      return answer.etag as string;
    }

    it('joins parts sent out of order, a re-sent part replacing the first, into the exact file', async () => {
      const k = key();
      const file = randomBytes(5 * MiB * 2 + 777);
      const parts = [file.subarray(0, 5 * MiB), file.subarray(5 * MiB, 10 * MiB), file.subarray(10 * MiB)];
      const { uploadId } = await s.driver.createMultipartUpload(k, 'application/octet-stream');
      await sendPart(k, uploadId, 3, parts[2] as Buffer);
      const replaced = await sendPart(k, uploadId, 1, randomBytes(5 * MiB));
      const second = await sendPart(k, uploadId, 2, parts[1] as Buffer);
      const first = await sendPart(k, uploadId, 1, parts[0] as Buffer);
      expect(first).not.toBe(replaced);
      const listed = await s.driver.listParts(k, uploadId);
      expect(listed.map((p) => [p.partNumber, p.size, p.etag])).toEqual([
        [1, 5 * MiB, first],
        [2, 5 * MiB, second],
        [3, 777, expect.any(String)],
      ]);
      // Completing with the replaced part's ETag names bytes that are gone: refused, nothing written.
      await expect(
        s.driver.completeMultipartUpload(k, uploadId, [{ partNumber: 1, etag: replaced }, ...listed.slice(1)]),
      ).rejects.toThrow();
      expect(await s.driver.head(k)).toBeNull();
      await s.driver.completeMultipartUpload(k, uploadId, listed);
      const stored = await s.driver.get(k);
      expect(stored?.totalSize).toBe(file.length);
      expect(sha(await readAll(stored?.body as NodeJS.ReadableStream))).toBe(sha(file));
      expect(await s.driver.head(k)).toMatchObject({ size: file.length });
    });

    it('refuses to complete with a part under 5 MiB that is not the last', async () => {
      const k = key();
      const { uploadId } = await s.driver.createMultipartUpload(k, 'application/octet-stream');
      await sendPart(k, uploadId, 1, randomBytes(1024));
      await sendPart(k, uploadId, 2, randomBytes(1024));
      await expect(
        s.driver.completeMultipartUpload(k, uploadId, await s.driver.listParts(k, uploadId)),
      ).rejects.toThrow();
      expect(await s.driver.head(k)).toBeNull();
    });

    it('aborts an upload, and lists only uploads open since before a date', async () => {
      const k = key();
      const { uploadId } = await s.driver.createMultipartUpload(k, 'application/octet-stream');
      await sendPart(k, uploadId, 1, randomBytes(100));
      const later = new Date(Date.now() + 60_000);
      expect((await s.driver.listOpenUploads(later)).map((u) => u.uploadId)).toContain(uploadId);
      expect((await s.driver.listOpenUploads(new Date(Date.now() - 60 * 60_000))).map((u) => u.uploadId)).not.toContain(
        uploadId,
      );
      await s.driver.abortMultipartUpload(k, uploadId);
      expect((await s.driver.listOpenUploads(later)).map((u) => u.uploadId)).not.toContain(uploadId);
      expect(await s.driver.head(k)).toBeNull();
    });

    it('serves byte ranges, inclusive at both ends', async () => {
      const k = key();
      const bytes = randomBytes(1000);
      await s.driver.put(k, bytes, 'application/octet-stream');
      const part = await s.driver.get(k, { start: 10, end: 19 });
      expect(part?.size).toBe(10);
      expect(part?.totalSize).toBe(1000);
      expect(await readAll(part?.body as NodeJS.ReadableStream)).toEqual(bytes.subarray(10, 20));
      expect(await s.driver.get('sources/acct-1/nothing/here')).toBeNull();
      expect(await s.driver.head('sources/acct-1/nothing/here')).toBeNull();
    });

    it('copies files in and out, and deletes by prefix', async () => {
      const bytes = randomBytes(4096);
      const source = path.join(work, 'in.bin');
      await writeFile(source, bytes);
      await s.driver.putFile('media/acct-1/v9/1/hls/a.ts', source, 'video/mp2t');
      await s.driver.putFile('media/acct-1/v9/1/poster.jpg', source, 'image/jpeg');
      await s.driver.putFile('media/acct-1/v10/1/poster.jpg', source, 'image/jpeg');
      const out = path.join(work, 'out.bin');
      await s.driver.downloadToFile('media/acct-1/v9/1/hls/a.ts', out);
      expect(await readFile(out)).toEqual(bytes);
      await s.driver.deletePrefix('media/acct-1/v9/');
      expect(await s.driver.head('media/acct-1/v9/1/hls/a.ts')).toBeNull();
      expect(await s.driver.head('media/acct-1/v9/1/poster.jpg')).toBeNull();
      expect(await s.driver.head('media/acct-1/v10/1/poster.jpg')).not.toBeNull();
    });

    it('keeps what a file held when it was put, unless the file was put as final (linked where it can be)', async () => {
      const playlist = path.join(work, 'index.m3u8');
      await writeFile(playlist, '#EXTM3U\n#EXT-X-VERSION:7\n');
      await s.driver.putFile('media/acct-1/v11/1/index.m3u8', playlist, 'application/vnd.apple.mpegurl');
      // A playlist is rewritten in place after it was published: the stored one is what was put.
      await writeFile(playlist, '#EXTM3U\n');
      const stored = await s.driver.get('media/acct-1/v11/1/index.m3u8');
      expect((await readAll(stored?.body as NodeJS.ReadableStream)).toString()).toBe('#EXTM3U\n#EXT-X-VERSION:7\n');

      const segment = path.join(work, 'seg_00000.m4s');
      const bytes = randomBytes(8192);
      await writeFile(segment, bytes);
      await s.driver.putFile('media/acct-1/v11/1/seg_00000.m4s', segment, 'video/iso.segment', { final: true });
      // The local driver links a final file on the same filesystem: publishing does not copy it again.
      const local = s.driver.localPath?.('media/acct-1/v11/1/seg_00000.m4s');
      if (local) expect((await stat(local)).ino).toBe((await stat(segment)).ino);
      // The job's folder goes; the object stays whole.
      await rm(segment);
      const kept = await s.driver.get('media/acct-1/v11/1/seg_00000.m4s');
      expect(await readAll(kept?.body as NodeJS.ReadableStream)).toEqual(bytes);
    });

    it('refuses keys that could leave their folder', async () => {
      for (const bad of ['../etc/passwd', 'sources/%2e%2e/x', 'sources\\x', '/abs', 'a\u0000b']) {
        await expect(s.driver.put(bad, Buffer.from('x'), 'text/plain')).rejects.toThrow(/unsafe/);
      }
    });
  });
}

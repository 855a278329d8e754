import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandler } from '../../plugins/errors.ts';
import { createLocalDriver } from './local.driver.ts';
import { createS3Driver } from './s3.driver.ts';
import { startS3TestServer } from './s3-test-server.ts';
import { storageBehaviour } from './storage.behaviour.ts';
import { storageRoutes } from './storage.routes.ts';

/** The local driver behind its real part endpoint, on loopback, as the browser reaches it. */
async function localUnderTest(now: () => Date = () => new Date()) {
  const root = await mkdtemp(path.join(tmpdir(), 'leadreel-local-'));
  const driver = createLocalDriver({ root, now });
  const app = Fastify();
  installErrorHandler(app);
  await app.register(storageRoutes, { prefix: '/api', storage: driver, clock: { now } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    driver,
    root,
    async putPart(url: string, bytes: Buffer) {
      const response = await fetch(new URL(url, origin), { method: 'PUT', body: bytes });
      return { status: response.status, etag: response.headers.get('etag'), body: await response.text() };
    },
    async close() {
      await app.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

storageBehaviour('local', () => localUnderTest());

storageBehaviour('s3 (s3rver)', async () => {
  const directory = await mkdtemp(path.join(tmpdir(), 'leadreel-s3rver-'));
  const server = await startS3TestServer(directory, 'leadreel');
  const driver = createS3Driver({
    endpoint: server.endpoint,
    region: 'us-east-1',
    bucket: 'leadreel',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  await driver.ensureBucketCors();
  return {
    driver,
    async putPart(url: string, bytes: Buffer) {
      const response = await fetch(url, { method: 'PUT', body: bytes });
      return { status: response.status, etag: response.headers.get('etag') };
    },
    async close() {
      driver.client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
});

// s3rver does not check signatures (STACK.md), so expiry and tampering are proven on our own endpoint.
describe('local part URLs', () => {
  it('refuse an expired URL, a changed one, and part numbers outside 1..10000', async () => {
    let clock = new Date();
    const s = await localUnderTest(() => clock);
    try {
      const key = 'sources/acct-1/v1/source';
      const { uploadId } = await s.driver.createMultipartUpload(key, 'application/octet-stream');
      const url = await s.driver.signPartUrl({ accountId: 'acct-1', key, uploadId, partNumber: 1 }, 900);
      for (const [label, changed] of [
        ['other account', url.replace('a=acct-1', 'a=acct-2')],
        ['other part', url.replace('n=1', 'n=2')],
        ['other upload', url.replace(uploadId, 'f'.repeat(32))],
        ['no signature', url.replace(/&s=[^&]+/, '')],
        ['later expiry', url.replace(/e=(\d+)/, (_, e: string) => `e=${Number(e) + 3600}`)],
      ] as const) {
        const answer = await s.putPart(changed, Buffer.from('x'));
        expect(answer.status, label).toBe(403);
        expect(answer.body, label).toContain('upload_url_invalid');
      }
      const zero = await s.driver.signPartUrl({ accountId: 'acct-1', key, uploadId, partNumber: 0 }, 900);
      expect((await s.putPart(zero, Buffer.from('x'))).status).toBe(400);
      expect((await s.putPart(url, Buffer.from('ok'))).status).toBe(200);
      clock = new Date(clock.getTime() + 901_000);
      const expired = await s.putPart(url, Buffer.from('x'));
      expect(expired.status).toBe(403);
      expect(expired.body).toContain('upload_url_expired');
    } finally {
      await s.close();
    }
  });

  it('refuse a part over 64 MiB with 413 and keep the earlier part', async () => {
    const s = await localUnderTest();
    try {
      const key = 'sources/acct-1/v2/source';
      const { uploadId } = await s.driver.createMultipartUpload(key, 'application/octet-stream');
      const url = await s.driver.signPartUrl({ accountId: 'acct-1', key, uploadId, partNumber: 1 }, 900);
      expect((await s.putPart(url, Buffer.from('first'))).status).toBe(200);
      expect((await s.putPart(url, Buffer.alloc(64 * 1024 * 1024 + 1))).status).toBe(413);
      expect(await s.driver.listParts(key, uploadId)).toEqual([expect.objectContaining({ partNumber: 1, size: 5 })]);
    } finally {
      await s.close();
    }
  });
});

describe('local part writes', () => {
  // The socket's chunks are gathered into larger writes: odd sizes across several batches must land byte-exact.
  const chunks = (count: number, size: number) =>
    Array.from({ length: count }, (_, i) => randomBytes(size + (i % 7) * 13));

  it('store a part sent in many odd-sized chunks byte for byte', async () => {
    const s = await localUnderTest();
    try {
      const key = 'sources/acct-1/v3/source';
      const { uploadId } = await s.driver.createMultipartUpload(key, 'application/octet-stream');
      const sent = chunks(90, 70_001);
      const etag = await s.driver.writePart(uploadId, 1, Readable.from(sent));
      await s.driver.completeMultipartUpload(key, uploadId, [{ partNumber: 1, etag }]);
      const stored = await s.driver.get(key);
      expect(await buffer(stored?.body as Readable)).toEqual(Buffer.concat(sent));
    } finally {
      await s.close();
    }
  });

  it('store forty parts arriving at once, more than the aligned buffers serve, each byte for byte', async () => {
    const s = await localUnderTest();
    try {
      const key = 'sources/acct-1/v5/source';
      const { uploadId } = await s.driver.createMultipartUpload(key, 'application/octet-stream');
      // 5 MiB parts but the last, which ends off any block boundary: the whole file is 40 parts' bytes.
      const parts = Array.from({ length: 40 }, (_, i) => chunks(i === 39 ? 3 : 80, 65_536 + i));
      const etags = await Promise.all(parts.map((sent, i) => s.driver.writePart(uploadId, i + 1, Readable.from(sent))));
      const listed = await s.driver.listParts(key, uploadId);
      expect(listed.map((part) => part.size)).toEqual(parts.map((sent) => Buffer.concat(sent).length));
      await s.driver.completeMultipartUpload(
        key,
        uploadId,
        etags.map((etag, i) => ({ partNumber: i + 1, etag })),
      );
      const stored = await s.driver.get(key);
      expect((await buffer(stored?.body as Readable)).equals(Buffer.concat(parts.flat()))).toBe(true);
    } finally {
      await s.close();
    }
  });

  it('refuse a streamed part past its limit, or one whose sender fails, and leave no file behind', async () => {
    const s = await localUnderTest();
    try {
      const key = 'sources/acct-1/v4/source';
      const { uploadId } = await s.driver.createMultipartUpload(key, 'application/octet-stream');
      const dir = path.join(s.root, 'multipart', uploadId);
      await expect(s.driver.writePart(uploadId, 1, Readable.from(chunks(60, 65_536)), 3 * 1024 * 1024)).rejects.toThrow(
        expect.objectContaining({ code: 'part_too_large' }),
      );
      async function* broken() {
        yield* chunks(30, 65_536);
        throw new Error('connection reset');
      }
      await expect(s.driver.writePart(uploadId, 2, Readable.from(broken()))).rejects.toThrow('connection reset');
      expect(await readdir(dir)).toEqual(['meta.json']);
      expect(await s.driver.listParts(key, uploadId)).toEqual([]);
    } finally {
      await s.close();
    }
  });
});

import { createReadStream, createWriteStream, promises as fs } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutBucketCorsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertSafeKey } from './keys.ts';
import type { OpenUpload, PartGrant, StorageDriver, StoredPart } from './storage.ts';

export type S3Options = {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

/**
 * An S3-compatible bucket. Browsers PUT parts straight to presigned UploadPart URLs; the server never
 * carries upload bytes. Checksums are computed only when S3 requires them: with the SDK's default
 * (WHEN_SUPPORTED) a presigned part URL carries the checksum of an empty body, and real S3 refuses the
 * browser's bytes (STACK.md).
 */
export function createS3Driver(options: S3Options) {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;

  const driver = {
    kind: 's3' as const,
    client,

    /** Lets browsers PUT parts from any origin and read the ETag they need to complete an upload. */
    async ensureBucketCors() {
      await client.send(
        new PutBucketCorsCommand({
          Bucket,
          CORSConfiguration: {
            CORSRules: [
              {
                AllowedMethods: ['PUT', 'GET', 'HEAD'],
                AllowedOrigins: ['*'],
                AllowedHeaders: ['*'],
                ExposeHeaders: ['ETag'],
                MaxAgeSeconds: 3600,
              },
            ],
          },
        }),
      );
    },

    async createMultipartUpload(key: string, contentType: string) {
      const answer = await client.send(
        new CreateMultipartUploadCommand({ Bucket, Key: assertSafeKey(key), ContentType: contentType }),
      );
      if (!answer.UploadId) throw new Error('S3 gave no upload id');
      return { uploadId: answer.UploadId };
    },

    signPartUrl(grant: PartGrant, expiresInSeconds: number) {
      return getSignedUrl(
        client,
        new UploadPartCommand({
          Bucket,
          Key: assertSafeKey(grant.key),
          UploadId: grant.uploadId,
          PartNumber: grant.partNumber,
        }),
        { expiresIn: expiresInSeconds },
      );
    },

    async listParts(key: string, uploadId: string) {
      const parts: StoredPart[] = [];
      let marker: string | undefined;
      do {
        const page = await client.send(
          new ListPartsCommand({ Bucket, Key: assertSafeKey(key), UploadId: uploadId, PartNumberMarker: marker }),
        );
        for (const part of page.Parts ?? []) {
          parts.push({ partNumber: part.PartNumber ?? 0, etag: part.ETag ?? '', size: part.Size ?? 0 });
        }
        marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
      } while (marker);
      return parts.sort((a, b) => a.partNumber - b.partNumber);
    },

    async completeMultipartUpload(key: string, uploadId: string, parts: { partNumber: number; etag: string }[]) {
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key: assertSafeKey(key),
          UploadId: uploadId,
          MultipartUpload: {
            Parts: [...parts]
              .sort((a, b) => a.partNumber - b.partNumber)
              .map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })),
          },
        }),
      );
    },

    async abortMultipartUpload(key: string, uploadId: string) {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key: assertSafeKey(key), UploadId: uploadId }));
    },

    async listOpenUploads(before: Date) {
      const open: OpenUpload[] = [];
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      do {
        const page = await client.send(
          new ListMultipartUploadsCommand({ Bucket, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }),
        );
        for (const upload of page.Uploads ?? []) {
          if (upload.Key && upload.UploadId && upload.Initiated && upload.Initiated < before) {
            open.push({ key: upload.Key, uploadId: upload.UploadId, initiatedAt: upload.Initiated });
          }
        }
        keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
      } while (keyMarker);
      return open;
    },

    async put(key: string, body: Buffer | Readable, contentType: string) {
      const bytes = Buffer.isBuffer(body) ? body : Buffer.concat(await body.toArray());
      await client.send(
        new PutObjectCommand({ Bucket, Key: assertSafeKey(key), Body: bytes, ContentType: contentType }),
      );
    },

    async get(key: string, range?: { start: number; end: number }) {
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: assertSafeKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        const size = answer.ContentLength ?? 0;
        const total = answer.ContentRange ? Number(answer.ContentRange.split('/')[1]) : size;
        return { body: answer.Body as Readable, size, totalSize: total, contentType: answer.ContentType };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async head(key: string) {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: assertSafeKey(key) }));
        return { size: answer.ContentLength ?? 0, contentType: answer.ContentType };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async deletePrefix(prefix: string) {
      if (!prefix.endsWith('/')) throw new Error('a prefix ends with /');
      assertSafeKey(prefix.slice(0, -1));
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }));
        const keys = (page.Contents ?? []).flatMap((item) => (item.Key ? [{ Key: item.Key }] : []));
        if (keys.length > 0)
          await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    async putFile(key: string, filePath: string, contentType: string) {
      const { size } = await fs.stat(filePath);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: assertSafeKey(key),
          Body: createReadStream(filePath),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },

    async downloadToFile(key: string, filePath: string) {
      const object = await driver.get(key);
      if (!object) throw new Error(`no object at ${key}`);
      await pipeline(object.body, createWriteStream(filePath));
    },
  };
  return driver satisfies StorageDriver;
}

import { promises as fs } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';

const MiB = 1024 * 1024;
const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const NS = 'xmlns="http://s3.amazonaws.com/doc/2006-03-01/"';

/**
 * s3rver for tests, with the multipart calls it lacks answered in S3's own protocol: ListParts,
 * AbortMultipartUpload, ListMultipartUploads, and S3's EntityTooSmall and InvalidPart rules on complete
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/API_ListParts.html and neighbours). They read the
 * upload folders s3rver itself writes; everything else is s3rver's.
 */
export async function startS3TestServer(directory: string, bucket: string) {
  const s3rver = new S3rver({ silent: true, directory, configureBuckets: [{ name: bucket }] }) as S3rver & {
    configureBuckets(): Promise<void>;
    callback(): http.RequestListener;
  };
  await s3rver.configureBuckets();
  const koa = s3rver.callback();
  const uploadsDir = path.join(directory, bucket, '._S3rver_uploads');

  async function parts(uploadId: string) {
    const dir = path.join(uploadsDir, uploadId);
    const names = await fs.readdir(dir);
    const numbers = names
      .filter((n) => /^\d+$/.test(n))
      .map(Number)
      .sort((a, b) => a - b);
    return Promise.all(
      numbers.map(async (n) => ({
        n,
        size: (await fs.stat(path.join(dir, String(n)))).size,
        etag: `"${await fs.readFile(path.join(dir, `${n}.md5`), 'utf8')}"`,
      })),
    );
  }

  const noSuchUpload = (res: http.ServerResponse) => {
    res
      .writeHead(404, { 'content-type': 'application/xml' })
      .end(xml('<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>'));
    return true;
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3');
    const uploadId = url.searchParams.get('uploadId');
    const key = decodeURIComponent(url.pathname.split('/').slice(2).join('/'));
    const handle = async () => {
      if (req.method === 'GET' && url.searchParams.has('uploads') && url.pathname.replace(/\/$/, '') === `/${bucket}`) {
        const ids = await fs.readdir(uploadsDir).catch(() => [] as string[]);
        const uploads = await Promise.all(
          ids.map(async (id) => {
            const file = path.join(uploadsDir, id, 'key');
            const [k, stat] = await Promise.all([fs.readFile(file, 'utf8'), fs.stat(file)]);
            return `<Upload><Key>${k}</Key><UploadId>${id}</UploadId><Initiated>${stat.mtime.toISOString()}</Initiated></Upload>`;
          }),
        );
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.end(
          xml(
            `<ListMultipartUploadsResult ${NS}><Bucket>${bucket}</Bucket><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`,
          ),
        );
        return true;
      }
      if (!uploadId || !key) return false;
      const exists = await fs.stat(path.join(uploadsDir, uploadId)).then(
        () => true,
        () => false,
      );
      if (req.method === 'GET') {
        if (!exists) return noSuchUpload(res);
        const listed = (await parts(uploadId))
          .map((p) => `<Part><PartNumber>${p.n}</PartNumber><ETag>${p.etag}</ETag><Size>${p.size}</Size></Part>`)
          .join('');
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.end(
          xml(
            `<ListPartsResult ${NS}><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${listed}</ListPartsResult>`,
          ),
        );
        return true;
      }
      if (req.method === 'DELETE') {
        if (!exists) return noSuchUpload(res);
        await fs.rm(path.join(uploadsDir, uploadId), { recursive: true, force: true });
        res.writeHead(204).end();
        return true;
      }
      if (req.method === 'POST' && exists) {
        const all = await parts(uploadId);
        const small = all.slice(0, -1).find((p) => p.size < 5 * MiB);
        if (small) {
          res.writeHead(400, { 'content-type': 'application/xml' });
          res.end(
            xml(
              `<Error><Code>EntityTooSmall</Code><Message>Your proposed upload is smaller than the minimum allowed object size.</Message></Error>`,
            ),
          );
          return true;
        }
        // S3's InvalidPart: every part named must exist with the ETag given (a replaced part's ETag is stale).
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const body = Buffer.concat(chunks);
        const stored = new Map(all.map((p) => [p.n, p.etag]));
        const named = [...body.toString('utf8').matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((m) => ({
          n: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(m[1] as string)?.[1]),
          etag: (/<ETag>([^<]*)<\/ETag>/.exec(m[1] as string)?.[1] ?? '').replaceAll('&quot;', '"'),
        }));
        if (named.some((p) => stored.get(p.n) !== p.etag)) {
          res.writeHead(400, { 'content-type': 'application/xml' });
          res.end(
            xml(
              '<Error><Code>InvalidPart</Code><Message>One or more of the specified parts could not be found.</Message></Error>',
            ),
          );
          return true;
        }
        // The body is read: s3rver gets the same request with the same bytes.
        const replay = Object.assign(Readable.from([body]), {
          method: req.method,
          url: req.url,
          headers: req.headers,
          rawHeaders: req.rawHeaders,
          httpVersion: req.httpVersion,
          socket: req.socket,
          connection: req.socket,
        });
        koa(replay as unknown as http.IncomingMessage, res);
        return true;
      }
      return false;
    };
    handle().then(
      (handled) => {
        if (!handled) koa(req, res);
      },
      (error: Error) => res.writeHead(500).end(String(error.message)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

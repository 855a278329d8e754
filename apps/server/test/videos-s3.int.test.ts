import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer } from '../src/modules/storage/s3-test-server.ts';
import { populated, storedKeys } from './account-deletion.ts';
import { createTestApp, get, post, signUp, type TestApp } from './helpers.ts';
import { makeVideo } from './media/fixtures.ts';

// with STORAGE=s3 the browser sends parts straight to the bucket, and everything else (the
// pipeline, /media, deletion) works as with local files.
let t: TestApp;
let work: string;
let s3: Awaited<ReturnType<typeof startS3TestServer>>;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'leadreel-s3-'));
  s3 = await startS3TestServer(path.join(work, 'bucket'), 'leadreel');
  t = await createTestApp(
    {
      STORAGE: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: 'leadreel',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    { media: true },
  );
});
afterAll(async () => {
  await t.close();
  await s3.close();
  await rm(work, { recursive: true, force: true });
});

async function call(url: string, body: unknown, token: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url,
    payload: body as object,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
  return response.json();
}

describe('uploads and playback on S3', () => {
  it('uploads parts to presigned bucket URLs, encodes, serves HLS from the bucket and deletes it all', async () => {
    const { token } = await signUp(t);
    const base = (await get(t.app, '/api/cos/base-info?cosType=video', token)).body.data;
    expect(base).toMatchObject({ bucket: 'leadreel', region: 'us-east-1' });
    const file = await makeVideo(path.join(work, 's3.mp4'), { seconds: 2 });
    const bytes = await readFile(file);
    const [videoId] = (
      await call(
        '/api/vod/video/pre-add-custom-video',
        { videos: [{ videoName: 's3.mp4', size: bytes.length }] },
        token,
      )
    ).data;
    const cos = {
      'x-cos-security-token': (await get(t.app, '/api/cos/vod/video/credential', token)).body.data.credentials
        .sessionToken,
    };
    const started = (await call('/api/vod/video/upload/start', { sourceVideoId: videoId }, token, cos)).data;
    expect(started.key.startsWith(base.dir)).toBe(true);
    const { urls } = (
      await call('/api/vod/video/upload/sign-parts', { sourceVideoId: videoId, partNumbers: [1] }, token, cos)
    ).data;
    expect(urls[0].url.startsWith(s3.endpoint)).toBe(true);
    const put = await fetch(urls[0].url, { method: 'PUT', body: bytes });
    expect(put.status).toBe(200);
    expect(put.headers.get('etag')).toBeTruthy();
    expect((await call('/api/vod/video/add-custom-video-success', { sourceVideoId: videoId }, token)).statusCode).toBe(
      200,
    );

    let video = (await get(t.app, `/api/vod/video/detail?videoId=${videoId}`, token)).body.data;
    for (let i = 0; i < 960 && !['ready', 'failed'].includes(video.status); i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      video = (await get(t.app, `/api/vod/video/detail?videoId=${videoId}`, token)).body.data;
    }
    expect(video).toMatchObject({ status: 'ready', sha256: createHash('sha256').update(bytes).digest('hex') });
    const master = await t.app.inject({ url: video.hlsUrl });
    expect(master.statusCode).toBe(200);
    const variant = master.body.split('\n').find((line) => line && !line.startsWith('#')) as string;
    const playlist = await t.app.inject({ url: `/media/${videoId}/${variant}` });
    expect(playlist.statusCode).toBe(200);
    const segment = playlist.body.split('\n').find((line) => line && !line.startsWith('#')) as string;
    const segmentUrl = `/media/${videoId}/${variant.slice(0, variant.lastIndexOf('/') + 1)}${segment}`;
    const range = await t.app.inject({ url: segmentUrl, headers: { range: 'bytes=0-99' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.length).toBe(100);

    expect((await call('/api/vod/video/delete', { videoIds: [videoId] }, token)).statusCode).toBe(200);
    expect((await t.app.inject({ url: segmentUrl })).statusCode).toBe(404);
    expect(await t.services.storage.head(started.key)).toBeNull();
  });
});

describe('account deletion on S3', () => {
  it("deletes every object under the account's prefixes from the bucket, and no other account's", async () => {
    const owner = await populated(t);
    const bystander = await populated(t);
    expect(await storedKeys(t, owner.accountId)).toHaveLength(3);
    const body = { reason: 'switching', note: '', agreed: true, phrase: owner.email };
    expect((await post(t.app, '/api/account/delete', body, owner.token)).status).toBe(200);
    t.clock.advance(t.config.ACCOUNT_DELETION_GRACE_DAYS * 86_400_000 + 1000);
    await t.services.accountDeletion.run();
    expect(await storedKeys(t, owner.accountId)).toEqual([]);
    expect(await storedKeys(t, bystander.accountId)).toHaveLength(3);
  });
});

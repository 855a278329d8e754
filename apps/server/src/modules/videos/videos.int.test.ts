import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PREFERRED_PART_SIZE, VIDEO_TYPES_TEXT, type Video } from '@leadreel/shared';
import { ENCODING_MARK, encodingLengthOf } from '@leadreel/shared/encoding-mark';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, signUp, type TestApp } from '../../../test/helpers.ts';
import { makeVideo } from '../../../test/media/fixtures.ts';
import { uploadFlow } from '../../../test/media/upload-flow.ts';

// folders, the upload contract of the console contract, the media pipeline behind it and /media.
let t: TestApp;
let work: string;
beforeAll(async () => {
  t = await createTestApp({}, { media: true });
  work = await mkdtemp(path.join(tmpdir(), 'leadreel-videos-'));
});
afterAll(async () => {
  await t.close();
  await rm(work, { recursive: true, force: true });
});

const { call, putPart, preAdd, upload, detail, settled, credential } = uploadFlow(() => t);

async function usedStorage(token: string) {
  return (await get(t.app, '/api/account/detail', token)).body.data.storageAndTraffic as {
    usedStorage: number;
    usedTraffic: number;
    storage: number;
  };
}

describe('folders', () => {
  it('lists the default folder first, adds, renames and deletes others; videos of a deleted folder move to the default', async () => {
    const { token } = await signUp(t);
    const initial = (await get(t.app, '/api/vod/video/folder/list', token)).body.data;
    expect(initial).toEqual([expect.objectContaining({ isDefault: true, name: 'Default', videoCount: 0 })]);
    const added = await post(t.app, '/api/vod/video/folder/add', { name: '  Product demos ' }, token);
    expect(added.body.data).toMatchObject({ name: 'Product demos', isDefault: false, videoCount: 0 });
    const folderId = added.body.data.folderId;
    const renamed = await post(t.app, '/api/vod/video/folder/rename', { folderId, name: 'Demos' }, token);
    expect(renamed.body.data).toMatchObject({ folderId, name: 'Demos' });

    const [videoId] = await preAdd(token, [{ videoName: 'a.mp4', size: 1000 }], folderId);
    expect(videoId).toBeTruthy();
    expect((await get(t.app, '/api/vod/video/folder/list', token)).body.data[1]).toMatchObject({
      folderId,
      videoCount: 1,
    });

    const refused = await post(t.app, '/api/vod/video/folder/delete', { folderId: initial[0].folderId }, token);
    expect(refused).toMatchObject({ status: 400, body: { error: 'folder_default' } });
    expect((await post(t.app, '/api/vod/video/folder/delete', { folderId }, token)).status).toBe(200);
    const after = (await get(t.app, '/api/vod/video/folder/list', token)).body.data;
    expect(after).toEqual([expect.objectContaining({ isDefault: true, videoCount: 1 })]);
    expect((await detail(token, videoId as string)).folderId).toBe(initial[0].folderId);
  });

  it("answers 404 for another account's folder or video, and changes nothing of theirs", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const folder = (await post(t.app, '/api/vod/video/folder/add', { name: 'Mine' }, owner.token)).body.data;
    const [videoId] = await preAdd(owner.token, [{ videoName: 'mine.mp4', size: 10 }]);
    for (const [url, body] of [
      ['/api/vod/video/folder/rename', { folderId: folder.folderId, name: 'Theirs' }],
      ['/api/vod/video/folder/delete', { folderId: folder.folderId }],
      ['/api/vod/video/delete', { videoIds: [videoId] }],
      ['/api/vod/video/re-upload-video', { sourceVideoId: videoId }],
      ['/api/vod/video/add-custom-video-success', { sourceVideoId: videoId }],
    ] as const) {
      const answer = await post(t.app, url, body, other.token);
      expect(answer.status, url).toBe(404);
    }
    const otherFolder = (await get(t.app, '/api/vod/video/folder/list', other.token)).body.data[0].folderId;
    expect(
      (await post(t.app, '/api/vod/video/folder/move', { videoIds: [videoId], folderId: otherFolder }, other.token))
        .status,
    ).toBe(404);
    expect((await get(t.app, `/api/vod/video/detail?videoId=${videoId}`, other.token)).status).toBe(404);
    expect((await get(t.app, `/api/vod/video/list?folderId=${folder.folderId}`, other.token)).status).toBe(404);
    expect((await detail(owner.token, videoId as string)).name).toBe('mine');
  });

  it('is refused from the Frozen period on, and the list from Clear on', async () => {
    const { token, email } = await signUp(t);
    await t.db.updateTable('account').set({ vip_period: 'frozen-period' }).where('email', '=', email).execute();
    expect((await post(t.app, '/api/vod/video/folder/add', { name: 'x' }, token)).body.error).toBe('plan_period');
    expect((await get(t.app, '/api/vod/video/list', token)).status).toBe(200);
    await t.db.updateTable('account').set({ vip_period: 'clear-period' }).where('email', '=', email).execute();
    expect((await get(t.app, '/api/vod/video/list', token)).body.error).toBe('plan_period');
  });

  it("answers no video's detail or status from Clear on, as every other data call", async () => {
    const { token, email } = await signUp(t);
    const [videoId] = await preAdd(token, [{ videoName: 'kept.mp4', size: 1000 }]);
    const detailOf = () => get(t.app, `/api/vod/video/detail?videoId=${videoId}`, token);
    const statusOf = () => get(t.app, `/api/vod/video/status?videoIds=${videoId}`, token);
    await t.db.updateTable('account').set({ vip_period: 'frozen-period' }).where('email', '=', email).execute();
    expect([(await detailOf()).status, (await statusOf()).status]).toEqual([200, 200]);
    await t.db.updateTable('account').set({ vip_period: 'clear-period' }).where('email', '=', email).execute();
    for (const answer of [await detailOf(), await statusOf()]) {
      expect([answer.status, answer.body.error]).toEqual([403, 'plan_period']);
    }
  });
});

describe("an upload's folder is the video's", () => {
  /** Pre-adds a small file into `folderId` and sends all its bytes, short of the success call. */
  async function uploadedButNotFinished(token: string, folderId: string) {
    const [videoId] = await preAdd(token, [{ videoName: 'moving.mp4', size: 1000 }], folderId);
    const cos = await credential(token);
    await call('/api/vod/video/upload/start', { sourceVideoId: videoId }, token, cos);
    const signed = await call(
      '/api/vod/video/upload/sign-parts',
      { sourceVideoId: videoId, partNumbers: [1] },
      token,
      cos,
    );
    expect((await putPart(signed.body.data.urls[0].url, randomBytes(1000))).status).toBe(200);
    return videoId as string;
  }
  const addFolder = async (token: string, name: string) =>
    (await post(t.app, '/api/vod/video/folder/add', { name }, token)).body.data.folderId as string;

  it('keeps a move made while the video uploads: heartbeats and success carry the old folder and change nothing', async () => {
    const { token } = await signUp(t);
    const first = await addFolder(token, 'First');
    const second = await addFolder(token, 'Second');
    const videoId = await uploadedButNotFinished(token, first);
    expect(
      (await post(t.app, '/api/vod/video/folder/move', { videoIds: [videoId], folderId: second }, token)).status,
    ).toBe(200);
    const beat = { videos: [{ sourceVideoId: videoId, uploadPercent: 100, folderId: first }] };
    expect((await call('/api/vod/video/add-custom-video-heartbeat', beat, token)).status).toBe(200);
    const done = await call(
      '/api/vod/video/add-custom-video-success',
      { sourceVideoId: videoId, folderId: first },
      token,
    );
    expect(done.status).toBe(200);
    expect(await detail(token, videoId)).toMatchObject({ folderId: second });
    expect((await detail(token, videoId)).status).not.toBe('uploading');
  });

  it('finishes an upload whose folder was deleted meanwhile, in the default folder like the rest of its videos', async () => {
    const { token } = await signUp(t);
    const defaultFolder = (await get(t.app, '/api/vod/video/folder/list', token)).body.data[0].folderId as string;
    const doomed = await addFolder(token, 'Doomed');
    const videoId = await uploadedButNotFinished(token, doomed);
    expect((await post(t.app, '/api/vod/video/folder/delete', { folderId: doomed }, token)).status).toBe(200);
    const beat = { videos: [{ sourceVideoId: videoId, uploadPercent: 100, folderId: doomed }] };
    expect((await call('/api/vod/video/add-custom-video-heartbeat', beat, token)).status).toBe(200);
    const done = await call(
      '/api/vod/video/add-custom-video-success',
      { sourceVideoId: videoId, folderId: doomed },
      token,
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await detail(token, videoId)).toMatchObject({ folderId: defaultFolder });
    expect((await detail(token, videoId)).status).not.toBe('uploading');
  });
});

describe('the video list', () => {
  it('searches, sorts by name or date and pages', async () => {
    const { token } = await signUp(t);
    const names = ['Beta launch.mp4', 'alpha intro.mov', 'Gamma 100%_off.avi'];
    for (const name of names) await preAdd(token, [{ videoName: name, size: 100 }]);
    const byName = (await get(t.app, '/api/vod/video/list?sort=name&order=asc', token)).body.data;
    expect(byName.total).toBe(3);
    expect(byName.list.map((v: Video) => v.name)).toEqual(['alpha intro', 'Beta launch', 'Gamma 100%_off']);
    const byDate = (await get(t.app, '/api/vod/video/list?sort=date&order=desc&pageSize=2&page=2', token)).body.data;
    expect(byDate).toMatchObject({ total: 3, list: [expect.objectContaining({ name: 'Beta launch' })] });
    // LIKE's own metacharacters match themselves.
    const search = (await get(t.app, '/api/vod/video/list?keyword=100%25_', token)).body.data;
    expect(search.list.map((v: Video) => v.name)).toEqual(['Gamma 100%_off']);
    expect((await get(t.app, '/api/vod/video/list?keyword=%25', token)).body.data.total).toBe(1);
    for (const bad of ['page=0', 'pageSize=101', 'sort=size', 'order=up', 'page=x', `keyword=${'k'.repeat(101)}`]) {
      expect((await get(t.app, `/api/vod/video/list?${bad}`, token)).status, bad).toBe(400);
    }
  });
});

describe('pre-add (one id per file, a falsy entry for each refused file)', () => {
  it('refuses empty, wrong-type and over-limit files and files over the quota, reserving the rest', async () => {
    const { token } = await signUp(t);
    const quota = (await usedStorage(token)).storage;
    const ids = await preAdd(token, [
      { videoName: 'ok.mp4', size: 1000 },
      { videoName: 'empty.mp4', size: 0 },
      { videoName: 'virus.exe', size: 10 },
      { videoName: 'noext', size: 10 },
      { videoName: 'huge.mp4', size: 5 * 1024 ** 3 + 1 },
      { videoName: 'too-much-for-the-quota.mp4', size: quota },
      { videoName: 'ok.MOV', size: 500 },
    ]);
    expect(ids.map(Boolean)).toEqual([true, false, false, false, false, false, true]);
    expect((await usedStorage(token)).usedStorage).toBe(1500);
    expect((await get(t.app, '/api/account/detail', token)).body.data.videoTotal).toBe(2);
  });

  it('never reserves past the quota when many uploads start at once (a cap under concurrent creates)', async () => {
    const { token } = await signUp(t);
    const quota = (await usedStorage(token)).storage;
    // Each file takes just over a third of the quota: two fit, and eight tabs try at the same moment.
    const size = Math.floor(quota / 3) + 1;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => preAdd(token, [{ videoName: `tab-${i}.mp4`, size }])),
    );
    expect(answers.flat().filter(Boolean)).toHaveLength(2);
    expect((await usedStorage(token)).usedStorage).toBe(2 * size);
    expect((await get(t.app, '/api/account/detail', token)).body.data.videoTotal).toBe(2);
  });

  it('refuses every file from the Buffer period on (upload disabled)', async () => {
    const { token, email } = await signUp(t);
    await t.db.updateTable('account').set({ vip_period: 'buffer-period' }).where('email', '=', email).execute();
    expect(await preAdd(token, [{ videoName: 'a.mp4', size: 10 }])).toEqual([null]);
    expect((await usedStorage(token)).usedStorage).toBe(0);
  });
});

describe('an upload through signed part URLs', () => {
  it('plays as HLS, serves ranges, counts traffic, and gives its storage back when deleted', async () => {
    const { token } = await signUp(t);
    const source = await makeVideo(path.join(work, 'demo.mp4'), { seconds: 3 });
    const { videoId, bytes } = await upload(token, source);
    expect((await detail(token, videoId)).status).not.toBe('uploading');
    const video = await settled(token, videoId);
    expect(video).toMatchObject({ status: 'ready', playable: true, uploadPercent: 100, processPercent: 100 });
    expect(video.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(video.duration).toBeGreaterThan(2.5);
    expect([video.width, video.height]).toEqual([320, 240]);
    expect((await usedStorage(token)).usedStorage).toBe(bytes.length);

    const master = await t.app.inject({ url: video.hlsUrl as string });
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    // The way into a video's files is cached no longer than a delete may take to show.
    expect(master.headers['cache-control']).toBe('public, max-age=0, s-maxage=5');
    const variant = master.body.split('\n').find((line) => line && !line.startsWith('#')) as string;
    const playlist = await t.app.inject({ url: `/media/${videoId}/${variant}` });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['cache-control']).toContain('immutable');
    // While a ladder still encodes its playlists grow, so they are revalidated rather than cached.
    await t.db.updateTable('video').set({ status: 'processing' }).where('id', '=', videoId).execute();
    const growing = await t.app.inject({ url: `/media/${videoId}/${variant}` });
    expect(growing.headers['cache-control']).toBe('no-cache');
    // ...and its master says so, for the player to ask for it again until it is whole.
    const encoding = await t.app.inject({ url: video.hlsUrl as string });
    expect(encoding.headers['cache-control']).toBe('no-cache');
    // ...with the whole length from the probe, which the player's timeline shows while only part is encoded.
    expect(encoding.body.startsWith(master.body)).toBe(true);
    expect(encoding.body.slice(master.body.length).split('\n')).toEqual([
      ENCODING_MARK,
      expect.stringMatching(/^# encoding-length: \d+\.\d{3}$/),
      '',
    ]);
    expect(encodingLengthOf(encoding.body)).toBeCloseTo(video.duration as number, 1);
    expect(master.body).not.toContain(ENCODING_MARK);
    expect(encodingLengthOf(master.body)).toBeNull();
    await t.db.updateTable('video').set({ status: 'ready' }).where('id', '=', videoId).execute();
    const segment = playlist.body.split('\n').find((line) => line && !line.startsWith('#')) as string;
    const segmentUrl = `/media/${videoId}/${variant.slice(0, variant.lastIndexOf('/') + 1)}${segment}`;
    const whole = await t.app.inject({ url: segmentUrl });
    expect(whole.statusCode).toBe(200);
    const part = await t.app.inject({ url: segmentUrl, headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${whole.rawPayload.length}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(10, 20));
    expect((await t.app.inject({ url: segmentUrl, headers: { range: 'bytes=99999999-' } })).statusCode).toBe(416);
    for (const file of [video.cover, video.thumbnail, video.storyboardUrl, video.previewUrl]) {
      expect(file).toBeTruthy();
      expect((await t.app.inject({ url: file as string })).statusCode, file as string).toBe(200);
    }
    // Served bytes are saved in batches, every few seconds.
    await t.services.traffic.flush();
    expect((await usedStorage(token)).usedTraffic).toBeGreaterThan(whole.rawPayload.length);

    for (const bad of [
      `/media/${videoId}/0/${variant}`,
      `/media/${videoId}/1/../../sources/x`,
      `/media/${videoId}/1/%2e%2e/source`,
      '/media/00000000-0000-4000-8000-000000000000/master.m3u8',
      '/media/not-a-uuid/master.m3u8',
    ]) {
      expect((await t.app.inject({ url: bad })).statusCode, bad).toBe(404);
    }

    // bandwidth limit: once used traffic reaches the plan's, playback stops.
    await t.db
      .updateTable('account')
      .set({ used_traffic: String((await usedStorage(token)).storage * 1000) })
      .where('id', '=', (await get(t.app, '/api/account/detail', token)).body.data.userId)
      .execute();
    // Media requests reuse what they read of the account until the next save of served bytes.
    await t.services.traffic.flush();
    const blocked = await t.app.inject({ url: video.hlsUrl as string });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error).toBe('bandwidth_limit');
    expect((await t.app.inject({ url: segmentUrl })).statusCode).toBe(403);
    // The picture still shows, so a page says why it cannot play instead of showing a broken image.
    const stills = async () =>
      Promise.all(
        [video.cover, video.thumbnail].map(async (file) => {
          const answer = await t.app.inject({ url: file as string });
          return [answer.statusCode, answer.headers['content-type']];
        }),
      );
    expect(await stills()).toEqual([
      [200, 'image/jpeg'],
      [200, 'image/jpeg'],
    ]);
    // From Frozen on, within the cap: no playback, the picture still.
    await t.db
      .updateTable('account')
      .set({ used_traffic: '0', vip_period: 'frozen-period' })
      .where('id', '=', (await get(t.app, '/api/account/detail', token)).body.data.userId)
      .execute();
    await t.services.traffic.flush();
    expect((await t.app.inject({ url: segmentUrl })).statusCode).toBe(403);
    expect((await stills()).map(([status]) => status)).toEqual([200, 200]);
    await t.db
      .updateTable('account')
      .set({ vip_period: 'normal-period' })
      .where('id', '=', (await get(t.app, '/api/account/detail', token)).body.data.userId)
      .execute();

    expect((await post(t.app, '/api/vod/video/delete', { videoIds: [videoId] }, token)).status).toBe(200);
    expect((await usedStorage(token)).usedStorage).toBe(0);
    expect((await t.app.inject({ url: video.hlsUrl as string })).statusCode).toBe(404);
    expect((await t.app.inject({ url: segmentUrl })).statusCode).toBe(404);
  });

  it('accepts parts out of order and sent twice, refuses more bytes than declared, and fails a file that is not a video', async () => {
    const { token } = await signUp(t);
    const size = PREFERRED_PART_SIZE + 1024 * 1024;
    const bytes = randomBytes(size);
    const [videoId] = await preAdd(token, [{ videoName: 'fake.mp4', size }]);
    const cos = await credential(token);
    const started = await call('/api/vod/video/upload/start', { sourceVideoId: videoId }, token, cos);
    expect(started.body.data).toMatchObject({ partCount: 2, partSize: PREFERRED_PART_SIZE, parts: [] });
    const urls = (
      await call('/api/vod/video/upload/sign-parts', { sourceVideoId: videoId, partNumbers: [2, 1] }, token, cos)
    ).body.data.urls as { partNumber: number; url: string }[];
    const url = (n: number) => urls.find((u) => u.partNumber === n)?.url as string;
    expect((await putPart(url(2), bytes.subarray(PREFERRED_PART_SIZE))).status).toBe(200);
    const missing = await call('/api/vod/video/add-custom-video-success', { sourceVideoId: videoId }, token);
    expect(missing).toMatchObject({ status: 400, body: { error: 'upload_incomplete' } });
    expect((await putPart(url(1), randomBytes(PREFERRED_PART_SIZE))).status).toBe(200);
    expect((await putPart(url(1), bytes.subarray(0, PREFERRED_PART_SIZE))).status).toBe(200);
    const resumed = await call('/api/vod/video/upload/start', { sourceVideoId: videoId }, token, cos);
    expect(resumed.body.data.parts.map((p: { partNumber: number }) => p.partNumber)).toEqual([1, 2]);
    expect((await call('/api/vod/video/add-custom-video-success', { sourceVideoId: videoId }, token)).status).toBe(200);
    const failed = await settled(token, videoId as string);
    expect(failed.status).toBe('failed');
    expect(failed.failReason).toMatch(/not a video|video/i);
    expect(failed.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));

    const [tooMuch] = await preAdd(token, [{ videoName: 'b.mp4', size: 1000 }]);
    await call('/api/vod/video/upload/start', { sourceVideoId: tooMuch }, token, cos);
    const signed = await call(
      '/api/vod/video/upload/sign-parts',
      { sourceVideoId: tooMuch, partNumbers: [1] },
      token,
      cos,
    );
    expect((await putPart(signed.body.data.urls[0].url, randomBytes(1001))).status).toBe(200);
    const refused = await call('/api/vod/video/add-custom-video-success', { sourceVideoId: tooMuch }, token);
    expect(refused).toMatchObject({ status: 400, body: { error: 'upload_size_mismatch' } });
    expect((await detail(token, tooMuch as string)).status).toBe('upload_failed');
    // re-upload: the failed upload reopens and takes the right bytes.
    expect((await call('/api/vod/video/re-upload-video', { sourceVideoId: tooMuch }, token)).status).toBe(200);
    expect((await putPart(signed.body.data.urls[0].url, randomBytes(1000))).status).toBe(200);
    expect((await call('/api/vod/video/add-custom-video-success', { sourceVideoId: tooMuch }, token)).status).toBe(200);
  });

  it('fails a text file named .mp4 with a message key, gives its bytes back, and refuses a retry that cannot help', async () => {
    const { token } = await signUp(t);
    const [kept] = await preAdd(token, [{ videoName: 'kept.mp4', size: 1000 }]);
    expect(kept).toBeTruthy();
    const notes = path.join(work, 'notes.mp4');
    await writeFile(notes, 'Meeting notes, not a video.\n'.repeat(400));
    const { videoId, bytes } = await upload(token, notes);
    expect((await usedStorage(token)).usedStorage).toBe(1000 + bytes.length);
    const failed = await settled(token, videoId);
    expect(failed).toMatchObject({ status: 'failed', failCode: 'media_not_video' });
    // The English words name the same kinds as the upload dialog (one list, in packages/shared).
    expect(failed.failReason).toContain(`(supported: ${VIDEO_TYPES_TEXT})`);
    expect(VIDEO_TYPES_TEXT).toBe('FLV, AVI, MOV, MP4, RMVB');
    expect((await usedStorage(token)).usedStorage).toBe(1000);
    const retry = await call('/api/vod/video/re-upload-video', { sourceVideoId: videoId }, token);
    expect(retry).toMatchObject({ status: 409, body: { error: 'video_not_retryable' } });
    // Deleting it gives nothing back twice.
    expect((await post(t.app, '/api/vod/video/delete', { videoIds: [videoId] }, token)).status).toBe(200);
    expect((await usedStorage(token)).usedStorage).toBe(1000);
  });

  it('fails a truncated video for good; retry runs the pipeline again after an encode that went wrong', async () => {
    const { token } = await signUp(t);
    const file = await makeVideo(path.join(work, 'cut.mp4'), { seconds: 3 });
    await truncate(file, Math.floor((await stat(file)).size / 2));
    const { videoId } = await upload(token, file);
    const failed = await settled(token, videoId);
    expect(failed.status).toBe('failed');
    expect(['media_not_video', 'media_damaged']).toContain(failed.failCode);
    expect(failed.failReason).toBeTruthy();
    const refused = await call('/api/vod/video/re-upload-video', { sourceVideoId: videoId }, token);
    expect(refused).toMatchObject({ status: 409, body: { error: 'video_not_retryable' } });

    // An encode that went wrong is not the file's fault: its retry is taken and runs the pipeline again (here
    // on a source that never came, so it ends refused for good).
    const [other] = await preAdd(token, [{ videoName: 'encode-failed.mp4', size: 1000 }]);
    await t.db
      .updateTable('video')
      .set({ status: 'failed', fail_reason: 'media_failed' })
      .where('id', '=', other as string)
      .execute();
    expect(await detail(token, other as string)).toMatchObject({ failCode: 'media_failed' });
    expect((await call('/api/vod/video/re-upload-video', { sourceVideoId: other }, token)).status).toBe(200);
    expect(await settled(token, other as string)).toMatchObject({ status: 'failed', failCode: 'upload_size_mismatch' });
  });

  it('encodes a MOV and an AVI into the ladder', async () => {
    const { token } = await signUp(t);
    for (const kind of ['mov', 'avi'] as const) {
      const file = await makeVideo(path.join(work, `clip.${kind}`), { kind, seconds: 2 });
      const { videoId } = await upload(token, file);
      const video = await settled(token, videoId);
      expect(video, kind).toMatchObject({ status: 'ready', playable: true, width: 320, height: 240 });
    }
  });
});

describe('credentials and part URLs', () => {
  it("refuses an expired credential, another account's credential, and a part URL of another account's upload", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const [videoId] = await preAdd(owner.token, [{ videoName: 'a.mp4', size: 1000 }]);
    const cos = await credential(owner.token);
    const otherCos = await credential(other.token);
    const start = (token: string, c?: string) =>
      call('/api/vod/video/upload/start', { sourceVideoId: videoId }, token, c);
    expect((await start(owner.token)).body.error).toBe('upload_credential_invalid');
    expect((await start(owner.token, `${cos}x`)).body.error).toBe('upload_credential_invalid');
    expect((await start(owner.token, otherCos)).body.error).toBe('upload_credential_invalid');
    expect((await start(other.token, cos)).body.error).toBe('upload_credential_invalid');
    expect((await start(other.token, otherCos)).status).toBe(404);
    expect((await start(owner.token, cos)).status).toBe(200);
    const signed = await call(
      '/api/vod/video/upload/sign-parts',
      { sourceVideoId: videoId, partNumbers: [1] },
      owner.token,
      cos,
    );
    const partUrl = signed.body.data.urls[0].url as string;
    // The URL names the upload, the part and the account: changing any of them breaks its signature.
    const tampered = partUrl.replace(/([?&]n=)1/, '$12');
    expect((await putPart(tampered, randomBytes(10))).status).toBe(403);
    expect(
      (await call('/api/vod/video/upload/sign-parts', { sourceVideoId: videoId, partNumbers: [2] }, owner.token, cos))
        .status,
    ).toBe(400);
    t.clock.advance(16 * 60_000);
    expect((await start(owner.token, cos)).body.error).toBe('upload_credential_expired');
    t.clock.advance(-16 * 60_000);
  });

  it('stores heartbeat progress, and fail marks the upload failed with its reason', async () => {
    const { token } = await signUp(t);
    const [videoId] = await preAdd(token, [{ videoName: 'a.mp4', size: 1000 }]);
    const beat = await call(
      '/api/vod/video/add-custom-video-heartbeat',
      { videos: [{ sourceVideoId: videoId, uploadPercent: 42 }] },
      token,
    );
    expect(beat.status).toBe(200);
    expect((await detail(token, videoId as string)).uploadPercent).toBe(42);
    // Another account's heartbeat for this video changes nothing.
    const other = await signUp(t);
    await call(
      '/api/vod/video/add-custom-video-heartbeat',
      { videos: [{ sourceVideoId: videoId, uploadPercent: 99 }] },
      other.token,
    );
    expect((await detail(token, videoId as string)).uploadPercent).toBe(42);
    await call('/api/vod/video/add-custom-video-fail', { sourceVideoId: videoId, failReason: 'network lost' }, token);
    expect(await detail(token, videoId as string)).toMatchObject({
      status: 'upload_failed',
      failReason: 'network lost',
    });
  });
});

describe('the incomplete-upload sweep', () => {
  it('aborts uploads idle longer than UPLOAD_TTL and gives their quota back', async () => {
    const { token } = await signUp(t);
    const [videoId] = await preAdd(token, [{ videoName: 'a.mp4', size: 1000 }]);
    const cos = await credential(token);
    await call('/api/vod/video/upload/start', { sourceVideoId: videoId }, token, cos);
    expect((await usedStorage(token)).usedStorage).toBe(1000);
    await t.db
      .updateTable('video')
      .set({ updated_at: new Date(Date.now() - 8 * 86_400_000) })
      .where('id', '=', videoId as string)
      .execute();
    const swept = await t.services.uploads.sweep(7 * 86_400_000);
    expect(swept.stale).toBeGreaterThanOrEqual(1);
    expect((await usedStorage(token)).usedStorage).toBe(0);
    expect((await get(t.app, `/api/vod/video/detail?videoId=${videoId}`, token)).status).toBe(404);
  });
});

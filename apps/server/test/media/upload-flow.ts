import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Video } from '@leadreel/shared';
import { expect } from 'vitest';
import { get, type TestApp } from '../helpers.ts';

/**
 * The browser's side of the upload contract against a test app, for tests that need real
 * uploaded and processed videos. `current` gives the app once beforeAll has made it.
 */
export function uploadFlow(current: () => TestApp) {
  const app = () => current().app;
  const CREDENTIAL = 'x-cos-security-token';

  async function credential(token: string) {
    const answer = await get(app(), '/api/cos/vod/video/credential', token);
    expect(answer.status).toBe(200);
    return answer.body.data.credentials.sessionToken as string;
  }

  async function call(url: string, body: unknown, token: string, cosToken?: string) {
    const response = await app().inject({
      method: 'POST',
      url,
      payload: body as object,
      headers: { authorization: `Bearer ${token}`, ...(cosToken ? { [CREDENTIAL]: cosToken } : {}) },
    });
    return { status: response.statusCode, body: response.json() };
  }

  /** PUTs one part to its signed URL, as the browser does. */
  async function putPart(url: string, bytes: Buffer) {
    const response = await app().inject({
      method: 'PUT',
      url,
      payload: bytes,
      headers: { 'content-type': 'application/octet-stream' },
    });
    return { status: response.statusCode, etag: response.headers.etag, body: response.body };
  }

  async function preAdd(token: string, videos: { videoName: string; size: number }[], folderId?: string) {
    const answer = await call(
      '/api/vod/video/pre-add-custom-video',
      { videos, ...(folderId ? { folderId } : {}) },
      token,
    );
    expect(answer.status).toBe(200);
    return answer.body.data as (string | null)[];
  }

  /** The whole browser side of an upload: pre-add, start, sign, PUT every part, success. */
  async function upload(token: string, file: string, options: { folderId?: string; name?: string } = {}) {
    const bytes = await readFile(file);
    const [videoId] = await preAdd(
      token,
      [{ videoName: options.name ?? path.basename(file), size: bytes.length }],
      options.folderId,
    );
    if (!videoId) throw new Error('pre-add refused the file');
    const cos = await credential(token);
    const started = await call('/api/vod/video/upload/start', { sourceVideoId: videoId }, token, cos);
    expect(started.status).toBe(200);
    const { partSize, partCount } = started.body.data;
    const partNumbers = Array.from({ length: partCount }, (_, i) => i + 1);
    const signed = await call('/api/vod/video/upload/sign-parts', { sourceVideoId: videoId, partNumbers }, token, cos);
    expect(signed.status).toBe(200);
    for (const { partNumber, url } of signed.body.data.urls) {
      const put = await putPart(url, bytes.subarray((partNumber - 1) * partSize, partNumber * partSize));
      expect(put.status, put.body).toBe(200);
    }
    const done = await call(
      '/api/vod/video/add-custom-video-success',
      { sourceVideoId: videoId, videoUrl: started.body.data.key },
      token,
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return { videoId, bytes };
  }

  async function detail(token: string, videoId: string): Promise<Video> {
    const answer = await get(app(), `/api/vod/video/detail?videoId=${videoId}`, token);
    expect(answer.status).toBe(200);
    return answer.body.data;
  }

  /** Polls the video until the pipeline settles it: a limit, as the ladder encodes at nice 15 (minutes on a busy machine). */
  async function settled(token: string, videoId: string, timeoutMs = 480_000): Promise<Video> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const video = await detail(token, videoId);
      if (video.status === 'ready' || video.status === 'failed') return video;
      if (Date.now() > until) throw new Error(`video still ${video.status} after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  return { call, putPart, preAdd, upload, detail, settled, credential };
}

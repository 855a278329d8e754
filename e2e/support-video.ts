import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type APIRequestContext, expect } from '@playwright/test';

const run = promisify(execFile);

/** The browser's side of the upload contract, done from the test: pre-add, start, sign, PUT, success. */
export async function uploadVideo(request: APIRequestContext, token: string, name: string) {
  const work = await mkdtemp(path.join(tmpdir(), 'leadreel-e2e-video-'));
  const file = path.join(work, name);
  try {
    await run('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=6', '-f', 'lavfi', '-i', 'sine=duration=6'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file],
    ]);
    const bytes = await readFile(file);
    const auth = { authorization: `Bearer ${token}` };
    const call = async (url: string, data: unknown, headers: Record<string, string> = {}) => {
      const response = await request.post(url, { data, headers: { ...auth, ...headers } });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()).data;
    };
    const [videoId] = await call('/api/vod/video/pre-add-custom-video', {
      videos: [{ videoName: name, size: bytes.length }],
    });
    const grant = await (await request.get('/api/cos/vod/video/credential', { headers: auth })).json();
    const cos = { 'x-cos-security-token': grant.data.credentials.sessionToken };
    const started = await call('/api/vod/video/upload/start', { sourceVideoId: videoId }, cos);
    const partNumbers = Array.from({ length: started.partCount }, (_, i) => i + 1);
    const { urls } = await call('/api/vod/video/upload/sign-parts', { sourceVideoId: videoId, partNumbers }, cos);
    for (const { partNumber, url } of urls as { partNumber: number; url: string }[]) {
      const body = bytes.subarray((partNumber - 1) * started.partSize, partNumber * started.partSize);
      expect((await request.put(url, { data: body, headers: { 'content-type': 'video/mp4' } })).status()).toBe(200);
    }
    await call('/api/vod/video/add-custom-video-success', { sourceVideoId: videoId, videoUrl: started.key });
    await expect
      .poll(
        async () =>
          (await (await request.get(`/api/vod/video/detail?videoId=${videoId}`, { headers: auth })).json()).data.status,
        { timeout: 180_000 },
      )
      .toBe('ready');
    return videoId as string;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

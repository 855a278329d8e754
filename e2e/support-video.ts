import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type APIRequestContext, expect } from '@playwright/test';

const run = promisify(execFile);

/** Writes a six-second H.264/AAC MP4 (a test pattern and a tone) to `file`. */
export async function makeClip(file: string) {
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=6', '-f', 'lavfi', '-i', 'sine=duration=6'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file],
  ]);
}

/** The browser's side of the upload contract, done from the test: pre-add, start, sign, PUT, success. */
export async function uploadVideo(request: APIRequestContext, token: string, name: string) {
  const work = await mkdtemp(path.join(tmpdir(), 'leadreel-e2e-video-'));
  const file = path.join(work, name);
  try {
    await makeClip(file);
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
        // The ladder encodes at a low priority (nice 15) and yields to everything else: on a busy machine a
        // 6-second clip takes minutes. A limit, not an expectation.
        { timeout: 480_000 },
      )
      .toBe('ready');
    return videoId as string;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const NAME_AND_EMAIL = [
  { id: 'name', kind: 'name', label: 'Your name', placeholder: '', required: true, options: [] },
  { id: 'email', kind: 'email', label: 'Work email', placeholder: '', required: true, options: [] },
];

/** An inquiry form asking a name and a work email at second 1; each spec changes what it needs. */
export const inquiryForm = (changes: Record<string, unknown> = {}) => ({
  enabled: true,
  title: 'Get a quote',
  description: '',
  fields: NAME_AND_EMAIL,
  submitText: 'Send',
  submitColor: '#1677ff',
  thanksMessage: 'Thanks!',
  redirectUrl: '',
  moment: 'at',
  second: 1,
  skippable: true,
  oncePerViewer: false,
  ...changes,
});

/** The WhatsApp button, on from the start in the bottom right corner. */
export const whatsappButton = (number: string, message = '') => ({
  enabled: true,
  label: '',
  position: 'bottom-right',
  showFrom: 0,
  showUntil: null,
  number,
  message,
});

/** Saves a video setting through the console's API (`/api/vod/<route>`), as its screen does; answers its data. */
export async function saveSetting(request: APIRequestContext, token: string, route: string, data: unknown) {
  const response = await request.post(`/api/vod/${route}`, { data, headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).data;
}

/**
 * A viewer's inquiry sent straight to the public route, as the player sends it (taken at once: no trap
 * filled, seconds on screen), with `changes` to what it says; answers when the server took it.
 */
export async function sendLead(request: APIRequestContext, videoId: string, changes: Record<string, unknown> = {}) {
  const response = await request.post('/api/public/lead', {
    data: {
      videoId,
      answers: { name: 'Ada Lovelace', email: 'ada@example.test' },
      second: 1,
      page: '',
      referrer: '',
      language: 'en',
      elapsedMs: 8000,
      website: '',
      ...changes,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

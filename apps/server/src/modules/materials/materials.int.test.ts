import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CREDENTIAL_HEADER, type Material, UPLOAD_SIZE_LIMITS } from '@leadreel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOnPlan } from '../../../test/factories.ts';
import { type FakePexels, fakePexels, PEXELS_PHOTO_ID, PEXELS_VIDEO_ID } from '../../../test/fakes/pexels.ts';
import { createTestApp, get, post, type TestApp } from '../../../test/helpers.ts';
import { makeVideo } from '../../../test/media/fixtures.ts';

// The materials library end to end: real uploads through the console's contract, processed by the real
// queue, ffmpeg and rsvg-convert on real local storage, served back with ranges; online items from a
// Pexels on loopback.
const run = promisify(execFile);

let t: TestApp;
let pexels: FakePexels;
let work: string;
const files: Record<string, string> = {};

const ffmpeg = (...args: string[]) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
const sine = (seconds: number) => ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'leadreel-materials-'));
  const at = (name: string) => path.join(work, name);
  await ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=800x600', '-frames:v', '1', at('photo.png'));
  await writeFile(
    at('drawing.svg'),
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="teal"/></svg>\n',
  );
  await ffmpeg(...sine(2), at('tone.mp3'));
  await ffmpeg(...sine(1), at('tone.wav'));
  await ffmpeg(...sine(3), '-c:a', 'aac', at('tone.m4a'));
  await makeVideo(at('clip.mp4'), { seconds: 2, size: '320x240' });
  await writeFile(at('notes.txt'), 'This is not a sound at all, only words in a text file.\n'.repeat(20));
  for (const name of ['photo.png', 'drawing.svg', 'tone.mp3', 'tone.wav', 'tone.m4a', 'clip.mp4', 'notes.txt']) {
    files[name] = at(name);
  }
  pexels = await fakePexels();
  pexels.files = {
    photo: await readFile(files['photo.png'] as string),
    clip: await readFile(files['clip.mp4'] as string),
  };
  t = await createTestApp(
    { STOCK_MEDIA_PROVIDER: 'pexels', PEXELS_API_KEY: pexels.key, PEXELS_API_URL: pexels.url },
    { media: true },
  );
});
afterAll(async () => {
  await t?.close();
  await pexels?.close();
  await rm(work, { recursive: true, force: true });
});

type Owner = Awaited<ReturnType<typeof accountOnPlan>>;

async function call(url: string, body: unknown, token: string, cos?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url,
    payload: body as object,
    headers: { authorization: `Bearer ${token}`, ...(cos ? { [CREDENTIAL_HEADER]: cos } : {}) },
  });
  return { status: response.statusCode, body: response.json() };
}
const refusal = (answer: { status: number; body: { error?: string } }) => [answer.status, answer.body.error];

async function credential(owner: Owner) {
  const answer = await get(t.app, '/api/cos/credential', owner.token);
  expect(answer.status).toBe(200);
  return answer.body.data.credentials.sessionToken as string;
}

const preAdd = (owner: Owner, body: Record<string, unknown>) => post(t.app, '/api/material/pre-add', body, owner.token);

/** The console's side of an upload: pre-add, credential, start, sign, PUT every part, success. */
async function upload(owner: Owner, kind: string, file: string, name = path.basename(file), type = '') {
  const bytes = await readFile(file);
  const added = await preAdd(owner, { kind, name, size: bytes.length, type });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const material = added.body.data as Material;
  expect(material).toMatchObject({ kind, name, size: bytes.length, status: 'uploading', url: null });
  const cos = await credential(owner);
  const started = await call('/api/material/upload/start', { materialId: material.materialId }, owner.token, cos);
  expect(started.status).toBe(200);
  const { partSize, partCount, key } = started.body.data;
  expect(key).toBe(`sources/${owner.accountId}/materials/${material.materialId}/source`);
  const partNumbers = Array.from({ length: partCount }, (_, i) => i + 1);
  const signed = await call(
    '/api/material/upload/sign-parts',
    { materialId: material.materialId, partNumbers },
    owner.token,
    cos,
  );
  expect(signed.status).toBe(200);
  for (const { partNumber, url } of signed.body.data.urls) {
    const put = await t.app.inject({
      method: 'PUT',
      url,
      payload: bytes.subarray((partNumber - 1) * partSize, partNumber * partSize),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(put.statusCode, put.body).toBe(200);
  }
  const done = await call('/api/material/add-success', { materialId: material.materialId }, owner.token);
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  expect(['processing', 'ready', 'failed']).toContain(done.body.data.status);
  return { materialId: material.materialId, bytes };
}

const detail = (owner: Owner, materialId: string) =>
  get(t.app, `/api/material/detail?materialId=${materialId}`, owner.token);

async function settled(owner: Owner, materialId: string): Promise<Material> {
  const until = Date.now() + 120_000;
  for (;;) {
    const answer = await detail(owner, materialId);
    expect(answer.status).toBe(200);
    const material = answer.body.data as Material;
    if (material.status === 'ready' || material.status === 'failed') return material;
    if (Date.now() > until) throw new Error(`material still ${material.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const usedStorage = async (owner: Owner) =>
  (await get(t.app, '/api/account/detail', owner.token)).body.data.storageAndTraffic.usedStorage as number;

const fetchFile = (url: string, range?: string) =>
  t.app.inject({ method: 'GET', url, headers: range ? { range } : {} });

async function probe(buffer: Buffer) {
  const file = path.join(work, `probe-${Math.random().toString(36).slice(2)}`);
  await writeFile(file, buffer);
  const { stdout } = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', file]);
  return JSON.parse(stdout).streams[0] as { codec_name: string; width?: number; height?: number };
}

describe('uploading each kind', () => {
  it('takes a PNG: ready with its size, a PNG render and a 320-px cover, served with ranges', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const { materialId, bytes } = await upload(owner, 'image', files['photo.png'] as string, 'Photo.PNG', 'image/png');
    const material = await settled(owner, materialId);
    expect(material).toMatchObject({
      status: 'ready',
      kind: 'image',
      width: 800,
      height: 600,
      duration: null,
      failReason: null,
      url: `/media/material/${materialId}/source`,
      cover: `/media/material/${materialId}/cover.jpg`,
    });
    expect(await usedStorage(owner)).toBe(bytes.length);

    const source = await fetchFile(material.url as string);
    expect(source.statusCode).toBe(200);
    expect(source.headers['content-type']).toBe('image/png');
    expect(await probe(source.rawPayload)).toMatchObject({ codec_name: 'png', width: 800, height: 600 });
    const render = await fetchFile(`/media/material/${materialId}/render.png`);
    expect(render.rawPayload.equals(source.rawPayload)).toBe(true);
    const cover = await fetchFile(material.cover as string);
    expect(cover.headers['content-type']).toBe('image/jpeg');
    expect(await probe(cover.rawPayload)).toMatchObject({ codec_name: 'mjpeg', width: 320, height: 240 });

    const part = await fetchFile(material.url as string, 'bytes=0-7');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${source.rawPayload.length}`);
    expect(part.rawPayload.equals(source.rawPayload.subarray(0, 8))).toBe(true);
    expect((await fetchFile(material.url as string, 'bytes=99999999-')).statusCode).toBe(416);
    // No other file, and nothing of a material that does not exist.
    expect((await fetchFile(`/media/material/${materialId}/other.png`)).statusCode).toBe(404);
    expect((await fetchFile(`/media/material/${crypto.randomUUID()}/source`)).statusCode).toBe(404);
    expect((await fetchFile('/media/material/not-a-uuid/source')).statusCode).toBe(404);
  });

  it('draws an SVG into a PNG no larger than 3840 px on its long side', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const { materialId } = await upload(owner, 'image', files['drawing.svg'] as string, 'logo.svg', 'image/svg+xml');
    const material = await settled(owner, materialId);
    expect(material).toMatchObject({ status: 'ready', width: 3840, height: 1920 });
    const source = await fetchFile(material.url as string);
    expect(source.headers['content-type']).toBe('image/png');
    expect(await probe(source.rawPayload)).toMatchObject({ codec_name: 'png', width: 3840, height: 1920 });
    expect(await probe((await fetchFile(material.cover as string)).rawPayload)).toMatchObject({ width: 320 });
  });

  it.each([
    ['material-audio', 'tone.mp3', 'audio/mpeg', 2],
    ['material-audio', 'tone.wav', 'audio/wav', 1],
    ['material-audio', 'tone.m4a', 'audio/mp4', 3],
    ['tts-subtitle', 'tone.mp3', 'audio/mpeg', 2],
    ['tts-scene', 'tone.mp3', 'audio/mpeg', 2],
  ])(
    'takes a sound as %s (%s): ready with its duration, played from its address',
    async (kind, name, type, seconds) => {
      const owner = await accountOnPlan(t, 'Pro');
      const { materialId, bytes } = await upload(owner, kind, files[name] as string);
      const material = await settled(owner, materialId);
      expect(material).toMatchObject({ status: 'ready', kind, cover: null, width: null, height: null });
      expect(material.duration).toBeGreaterThan(seconds - 0.2);
      expect(material.duration).toBeLessThan(seconds + 0.2);
      const source = await fetchFile(material.url as string);
      expect(source.headers['content-type']).toBe(type);
      expect(source.rawPayload.equals(bytes)).toBe(true);
      expect((await fetchFile(`/media/material/${materialId}/cover.jpg`)).statusCode).toBe(404);
      const tail = await fetchFile(material.url as string, 'bytes=-10');
      expect(tail.statusCode).toBe(206);
      expect(tail.rawPayload.equals(bytes.subarray(-10))).toBe(true);
    },
  );

  it('takes an MP4 clip: duration, picture size and a cover from its first frames', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const { materialId, bytes } = await upload(
      owner,
      'material-video',
      files['clip.mp4'] as string,
      'clip.mp4',
      'video/mp4',
    );
    const material = await settled(owner, materialId);
    expect(material).toMatchObject({ status: 'ready', width: 320, height: 240 });
    expect(material.duration).toBeCloseTo(2, 0);
    const source = await fetchFile(material.url as string, 'bytes=100-');
    expect(source.statusCode).toBe(206);
    expect(source.headers['content-type']).toBe('video/mp4');
    expect(source.rawPayload.equals(bytes.subarray(100))).toBe(true);
    expect(await probe((await fetchFile(material.cover as string)).rawPayload)).toMatchObject({
      codec_name: 'mjpeg',
      width: 320,
    });
  });

  it('repeats a success without an error, and serves nothing before it is ready', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const { materialId } = await upload(owner, 'tts-scene', files['tone.mp3'] as string);
    const again = await call('/api/material/add-success', { materialId }, owner.token);
    expect(again.status).toBe(200);
    expect((await settled(owner, materialId)).status).toBe('ready');
    expect((await call('/api/material/add-success', { materialId }, owner.token)).body.data.status).toBe('ready');

    const waiting = (await preAdd(owner, { kind: 'image', name: 'a.png', size: 10 })).body.data as Material;
    expect((await fetchFile(`/media/material/${waiting.materialId}/source`)).statusCode).toBe(404);
  });
});

describe('refusals', () => {
  it('fails a file whose bytes are not what its name says, and gives its bytes back', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const text = await upload(owner, 'material-audio', files['notes.txt'] as string, 'song.mp3', 'audio/mpeg');
    const png = await upload(owner, 'material-video', files['photo.png'] as string, 'clip.mp4', 'video/mp4');
    const wav = await upload(owner, 'tts-scene', files['tone.wav'] as string, 'voice.mp3');
    const picture = await upload(owner, 'image', files['tone.mp3'] as string, 'photo.jpg');
    for (const { materialId } of [text, png, wav, picture]) {
      const material = await settled(owner, materialId);
      expect(material).toMatchObject({ status: 'failed', failReason: 'material_damaged', url: null, cover: null });
      expect((await fetchFile(`/media/material/${materialId}/source`)).statusCode).toBe(404);
    }
    expect(await usedStorage(owner)).toBe(0);
    const stored = await t.services.storage.head(`sources/${owner.accountId}/materials/${text.materialId}/source`);
    expect(stored).toBeNull();
  });

  it('refuses at pre-add what the kind does not take', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const cases: [Record<string, unknown>, number, string][] = [
      [{ kind: 'image', name: 'a.png', size: 0 }, 400, 'upload_empty'],
      [{ kind: 'image', name: 'a.png', size: -5 }, 400, 'upload_empty'],
      [{ kind: 'image', name: 'a.exe', size: 10 }, 400, 'upload_type'],
      [{ kind: 'image', name: 'a', size: 10 }, 400, 'upload_type'],
      [{ kind: 'material-video', name: 'a.mov', size: 10 }, 400, 'upload_type'],
      [{ kind: 'tts-scene', name: 'a.wav', size: 10 }, 400, 'upload_type'],
      [{ kind: 'image', name: 'a.png', size: 10, type: 'text/html' }, 400, 'upload_type'],
      [{ kind: 'material-audio', name: 'a.mp3', size: 10, type: 'video/mp4' }, 400, 'upload_type'],
      [{ kind: 'video', name: 'a.mp4', size: 10 }, 400, 'upload_type'],
      [{ kind: 'nothing', name: 'a.mp4', size: 10 }, 400, 'upload_type'],
      [{ kind: 'image', name: '', size: 10 }, 400, 'upload_type'],
      [{ kind: 'image', name: 'a\u0000.png', size: 10 }, 400, 'illegal_input'],
      [{ kind: 'image', name: 'a\ud800.png', size: 10 }, 400, 'illegal_input'],
      [{ kind: 'image', name: `${'a'.repeat(10_000)}.png`, size: 10 }, 400, 'illegal_input'],
      [{ kind: 'image', name: 42, size: 10 }, 400, 'illegal_input'],
      [{ kind: 'image', name: 'a.png', size: '10' }, 400, 'illegal_input'],
      [{ kind: 'image', name: 'a.png', size: 1.5 }, 400, 'illegal_input'],
      [{ kind: 'image', name: 'a.png', size: 10, type: 7 }, 400, 'illegal_input'],
      [{ kind: 'image', name: 'a.png', size: 10, extra: true }, 400, 'unknown_field'],
    ];
    for (const kind of ['image', 'material-audio', 'material-video', 'tts-subtitle', 'tts-scene'] as const) {
      const name = kind === 'image' ? 'a.png' : kind === 'material-video' ? 'a.mp4' : 'a.mp3';
      cases.push([{ kind, name, size: UPLOAD_SIZE_LIMITS[kind] + 1 }, 400, 'upload_too_large']);
    }
    for (const [body, status, code] of cases) {
      expect(refusal(await preAdd(owner, body)), JSON.stringify(body).slice(0, 100)).toEqual([status, code]);
    }
    expect((await get(t.app, '/api/material/list', owner.token)).body.data.total).toBe(0);
    expect(await usedStorage(owner)).toBe(0);
  });

  it('reserves the bytes against the quota, refuses past it, and refuses from Buffer on', async () => {
    const owner = await accountOnPlan(t, 'Free');
    const size = UPLOAD_SIZE_LIMITS['material-video'];
    for (let i = 0; i < 4; i++) {
      expect((await preAdd(owner, { kind: 'material-video', name: `${i}.mp4`, size })).status).toBe(200);
    }
    expect(await usedStorage(owner)).toBe(4 * size);
    expect(refusal(await preAdd(owner, { kind: 'material-video', name: 'more.mp4', size }))).toEqual([
      403,
      'storage_limit',
    ]);
    expect(await usedStorage(owner)).toBe(4 * size);

    const late = await accountOnPlan(t, 'Pro');
    await t.db.updateTable('account').set({ vip_period: 'buffer-period' }).where('id', '=', late.accountId).execute();
    expect(refusal(await preAdd(late, { kind: 'image', name: 'a.png', size: 10 }))).toEqual([403, 'plan_period']);
    expect(
      refusal(await post(t.app, '/api/material/add-online', { id: PEXELS_PHOTO_ID, kind: 'image' }, late.token)),
    ).toEqual([403, 'plan_period']);
  });

  it('checks the parts at success, the credential at start, and gives an abandoned upload back', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const bytes = await readFile(files['tone.mp3'] as string);
    const { materialId } = (await preAdd(owner, { kind: 'tts-scene', name: 'v.mp3', size: bytes.length })).body.data;
    expect(refusal(await call('/api/material/add-success', { materialId }, owner.token))).toEqual([
      400,
      'upload_incomplete',
    ]);
    expect(refusal(await call('/api/material/upload/start', { materialId }, owner.token))).toEqual([
      403,
      'upload_credential_invalid',
    ]);
    const stranger = await accountOnPlan(t, 'Pro');
    expect(
      refusal(await call('/api/material/upload/start', { materialId }, owner.token, await credential(stranger))),
    ).toEqual([403, 'upload_credential_invalid']);
    const cos = await credential(owner);
    const started = await call('/api/material/upload/start', { materialId }, owner.token, cos);
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ partCount: 1, parts: [] });
    expect(
      refusal(await call('/api/material/upload/sign-parts', { materialId, partNumbers: [2] }, owner.token, cos)),
    ).toEqual([400, 'illegal_input']);
    expect(refusal(await call('/api/material/add-success', { materialId }, owner.token))).toEqual([
      400,
      'upload_incomplete',
    ]);
    // More bytes than declared: the upload fails and its bytes are given back.
    const signed = await call('/api/material/upload/sign-parts', { materialId, partNumbers: [1] }, owner.token, cos);
    const [{ url }] = signed.body.data.urls;
    await t.app.inject({ method: 'PUT', url, payload: Buffer.concat([bytes, bytes]) });
    expect(refusal(await call('/api/material/add-success', { materialId }, owner.token))).toEqual([
      400,
      'upload_size_mismatch',
    ]);
    expect((await detail(owner, materialId)).body.data).toMatchObject({
      status: 'failed',
      failReason: 'upload_size_mismatch',
    });
    expect(await usedStorage(owner)).toBe(0);

    const abandoned = (await preAdd(owner, { kind: 'tts-scene', name: 'w.mp3', size: bytes.length })).body.data;
    expect(await usedStorage(owner)).toBe(bytes.length);
    expect((await call('/api/material/add-fail', { materialId: abandoned.materialId }, owner.token)).status).toBe(200);
    expect((await detail(owner, abandoned.materialId)).body.data.status).toBe('failed');
    expect(await usedStorage(owner)).toBe(0);
    expect(
      refusal(await call('/api/material/upload/start', { materialId: abandoned.materialId }, owner.token, cos)),
    ).toEqual([409, 'upload_state']);
  });
});

describe('the library', () => {
  it('lists newest first, by kind (one or several) and keyword, and only the account’s own', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const add = async (kind: string, name: string) => {
      const answer = await preAdd(owner, { kind, name, size: 100 });
      expect(answer.status).toBe(200);
      t.clock.advance(1000);
      return answer.body.data.materialId as string;
    };
    const logo = await add('image', 'Company logo.png');
    const music = await add('material-audio', 'Calm music.mp3');
    const clip = await add('material-video', 'Factory tour.mp4');
    const voice = await add('tts-scene', 'voice 100%_done.mp3');
    const other = await accountOnPlan(t, 'Pro');
    await preAdd(other, { kind: 'image', name: 'Company secret.png', size: 100 });

    const list = async (query: string) => {
      const answer = await get(t.app, `/api/material/list?${query}`, owner.token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return (answer.body.data.list as Material[]).map((material) => material.materialId);
    };
    expect(await list('')).toEqual([voice, clip, music, logo]);
    expect(await list('kind=image')).toEqual([logo]);
    expect(await list('kind=image,material-video')).toEqual([clip, logo]);
    expect(await list('keyword=company')).toEqual([logo]);
    expect(await list(`keyword=${encodeURIComponent('100%_')}`)).toEqual([voice]);
    expect(await list('keyword=%25')).toEqual([voice]);
    expect(await list('page=2&pageSize=3')).toEqual([logo]);
    expect((await get(t.app, '/api/material/list?pageSize=3', owner.token)).body.data.total).toBe(4);
    for (const query of [
      'kind=video',
      'kind=image,nope',
      'pageSize=1000',
      'page=0',
      `keyword=${'a'.repeat(10_000)}`,
      'keyword=%00',
      'other=1',
    ]) {
      expect((await get(t.app, `/api/material/list?${query}`, owner.token)).status, query).toBe(400);
    }
  });

  it('deletes many at once, files and bytes, and nothing when one id is not the account’s', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const first = await upload(owner, 'tts-scene', files['tone.mp3'] as string);
    await settled(owner, first.materialId);
    const second = (await preAdd(owner, { kind: 'image', name: 'b.png', size: 500 })).body.data.materialId as string;
    const cos = await credential(owner);
    await call('/api/material/upload/start', { materialId: second }, owner.token, cos);
    expect(await usedStorage(owner)).toBe(first.bytes.length + 500);

    const stranger = await accountOnPlan(t, 'Pro');
    const theirs = (await preAdd(stranger, { kind: 'image', name: 'c.png', size: 700 })).body.data.materialId as string;
    const ids = [first.materialId, second];
    expect(refusal(await post(t.app, '/api/material/delete', { materialIds: [...ids, theirs] }, owner.token))).toEqual([
      404,
      'material_not_found',
    ]);
    expect(
      refusal(await post(t.app, '/api/material/delete', { materialIds: [...ids, crypto.randomUUID()] }, owner.token)),
    ).toEqual([404, 'material_not_found']);
    expect((await detail(owner, first.materialId)).status).toBe(200);
    expect((await detail(stranger, theirs)).status).toBe(200);
    expect(await usedStorage(owner)).toBe(first.bytes.length + 500);

    const url = (await detail(owner, first.materialId)).body.data.url as string;
    expect(
      (await post(t.app, '/api/material/delete', { materialIds: [...ids, first.materialId] }, owner.token)).status,
    ).toBe(200);
    expect(await usedStorage(owner)).toBe(0);
    expect(await usedStorage(stranger)).toBe(700);
    expect((await detail(owner, first.materialId)).status).toBe(404);
    expect((await fetchFile(url)).statusCode).toBe(404);
    expect(await t.services.storage.head(`sources/${owner.accountId}/materials/${first.materialId}/source`)).toBeNull();
    for (const body of [{ materialIds: [] }, { materialIds: ['nope'] }, { materialIds: 'x' }, {}]) {
      expect((await post(t.app, '/api/material/delete', body, owner.token)).status).toBeGreaterThanOrEqual(400);
    }
  });

  it('answers 404 to another account’s material on every route, and changes nothing', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const { materialId } = await upload(owner, 'tts-scene', files['tone.mp3'] as string);
    const ready = await settled(owner, materialId);
    const pending = (await preAdd(owner, { kind: 'image', name: 'p.png', size: 50 })).body.data.materialId as string;
    const stranger = await accountOnPlan(t, 'Pro');
    const cos = await credential(stranger);
    const answers = [
      await detail(stranger, materialId),
      await call('/api/material/upload/start', { materialId: pending }, stranger.token, cos),
      await call('/api/material/upload/sign-parts', { materialId: pending, partNumbers: [1] }, stranger.token, cos),
      await call('/api/material/add-success', { materialId: pending }, stranger.token),
      await call('/api/material/add-fail', { materialId: pending }, stranger.token),
      await call('/api/material/delete', { materialIds: [materialId] }, stranger.token),
    ];
    for (const answer of answers) expect(refusal(answer)).toEqual([404, 'material_not_found']);
    // What cannot be an id is refused by the contract's field, with the same message.
    expect(refusal(await detail(stranger, 'not-a-uuid'))).toEqual([400, 'material_not_found']);
    expect((await get(t.app, '/api/material/list', stranger.token)).body.data.total).toBe(0);
    expect((await detail(owner, materialId)).body.data).toEqual(ready);
    expect((await detail(owner, pending)).body.data.status).toBe('uploading');
    expect(await usedStorage(owner)).toBe(ready.size + 50);
    // The renderer's way in is the account's own too.
    expect(await t.services.materials.localFile(stranger.accountId, materialId)).toBeNull();
    expect(await t.services.materials.find(stranger.accountId, materialId)).toBeNull();
    const local = await t.services.materials.localFile(owner.accountId, materialId);
    expect(local).toMatchObject({ kind: 'tts-scene', width: null });
    expect((await readFile(local?.path as string)).length).toBe(ready.size);
    expect(await t.services.materials.localFile(owner.accountId, pending)).toBeNull();
  });
});

describe('online', () => {
  it('searches the provider for pictures and clips, credited to their authors', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    pexels.mode = 'ok';
    const photos = await get(t.app, '/api/material/search-online?query=factory&kind=image', owner.token);
    expect(photos.status).toBe(200);
    expect(photos.body.data).toMatchObject({ provider: 'Pexels', total: 1 });
    expect(photos.body.data.list).toEqual([
      expect.objectContaining({ id: PEXELS_PHOTO_ID, kind: 'image', author: 'Ada Lens', width: 800, duration: null }),
    ]);
    const clips = await get(t.app, '/api/material/search-online?query=factory&kind=video&page=2', owner.token);
    expect(clips.body.data).toMatchObject({ provider: 'Pexels', list: [], total: 1 });
    const first = await get(t.app, '/api/material/search-online?query=factory&kind=video', owner.token);
    expect(first.body.data.list[0]).toMatchObject({
      id: PEXELS_VIDEO_ID,
      kind: 'video',
      duration: 2,
      author: 'Max Reel',
    });
    expect(pexels.searches).toContain('factory');
    for (const query of [
      'query=',
      `query=${'a'.repeat(10_000)}`,
      'query=a&kind=gif',
      'query=a&pageSize=100',
      'query=%00',
    ]) {
      expect((await get(t.app, `/api/material/search-online?${query}`, owner.token)).status, query).toBe(400);
    }
  });

  it('takes a photo and a clip into the library, processed and counted against storage', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    pexels.mode = 'ok';
    const photo = await post(t.app, '/api/material/add-online', { id: PEXELS_PHOTO_ID, kind: 'image' }, owner.token);
    expect(photo.status, JSON.stringify(photo.body)).toBe(200);
    expect(photo.body.data).toMatchObject({ kind: 'image', size: pexels.files.photo.length, status: 'processing' });
    const clip = await post(t.app, '/api/material/add-online', { id: PEXELS_VIDEO_ID, kind: 'video' }, owner.token);
    expect(clip.status, JSON.stringify(clip.body)).toBe(200);
    expect(await settled(owner, photo.body.data.materialId)).toMatchObject({ status: 'ready', width: 800 });
    expect(await settled(owner, clip.body.data.materialId)).toMatchObject({
      status: 'ready',
      kind: 'material-video',
      width: 320,
      name: `pexels-${PEXELS_VIDEO_ID}.mp4`,
    });
    expect(await usedStorage(owner)).toBe(pexels.files.photo.length + pexels.files.clip.length);

    expect(refusal(await post(t.app, '/api/material/add-online', { id: '999', kind: 'image' }, owner.token))).toEqual([
      404,
      'material_not_found',
    ]);
    expect(refusal(await post(t.app, '/api/material/add-online', { id: '../x', kind: 'video' }, owner.token))).toEqual([
      404,
      'material_not_found',
    ]);
    for (const body of [
      { id: '', kind: 'image' },
      { id: '1', kind: 'gif' },
      { id: 1, kind: 'image' },
      { id: 'a\u0000', kind: 'image' },
    ]) {
      expect((await post(t.app, '/api/material/add-online', body, owner.token)).status).toBe(400);
    }
  });

  it('answers material_online_failed when the provider fails or does not answer, and keeps nothing', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    pexels.mode = 'fail';
    try {
      expect(refusal(await get(t.app, '/api/material/search-online?query=sea', owner.token))).toEqual([
        502,
        'material_online_failed',
      ]);
      expect(
        refusal(await post(t.app, '/api/material/add-online', { id: PEXELS_PHOTO_ID, kind: 'image' }, owner.token)),
      ).toEqual([502, 'material_online_failed']);
      pexels.mode = 'hang';
      expect(refusal(await get(t.app, '/api/material/search-online?query=sea', owner.token))).toEqual([
        502,
        'material_online_failed',
      ]);
    } finally {
      pexels.mode = 'ok';
    }
    expect((await get(t.app, '/api/material/list', owner.token)).body.data.total).toBe(0);
    expect(await usedStorage(owner)).toBe(0);
  }, 30_000);

  it('answers no provider and nothing found when none is configured', async () => {
    const bare = await createTestApp();
    try {
      const owner = await accountOnPlan(bare, 'Pro');
      const answer = await get(bare.app, '/api/material/search-online?query=sea', owner.token);
      expect(answer.body.data).toEqual({ provider: null, list: [], total: 0 });
      expect(
        refusal(await post(bare.app, '/api/material/add-online', { id: '1', kind: 'image' }, owner.token)),
      ).toEqual([400, 'material_online_unavailable']);
    } finally {
      await bare.close();
    }
  });
});

describe('the sweep', () => {
  it('fails processing whose retries are spent and uploads left a week, giving their bytes back', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const bytes = await readFile(files['tone.mp3'] as string);
    const left = (await preAdd(owner, { kind: 'tts-scene', name: 'left.mp3', size: bytes.length })).body.data
      .materialId as string;
    expect(
      (await call('/api/material/upload/start', { materialId: left }, owner.token, await credential(owner))).status,
    ).toBe(200);
    const stuck = (await preAdd(owner, { kind: 'image', name: 'stuck.png', size: 1000 })).body.data
      .materialId as string;
    // As a material whose every run of its job failed stays: processing, with no job left to move it on.
    await t.db.updateTable('material').set({ status: 'processing' }).where('id', '=', stuck).execute();
    expect(await usedStorage(owner)).toBe(bytes.length + 1000);

    t.clock.advance(3 * 3600_000);
    await t.services.materials.sweep(t.config.uploadTtlMs);
    expect((await detail(owner, stuck)).body.data).toMatchObject({ status: 'failed', failReason: 'material_damaged' });
    expect((await detail(owner, left)).body.data.status).toBe('uploading');
    expect(await usedStorage(owner)).toBe(bytes.length);

    t.clock.advance(t.config.uploadTtlMs);
    await t.services.materials.sweep(t.config.uploadTtlMs);
    expect((await detail(owner, left)).body.data).toMatchObject({ status: 'failed', failReason: 'upload_incomplete' });
    expect(await usedStorage(owner)).toBe(0);
  });
});

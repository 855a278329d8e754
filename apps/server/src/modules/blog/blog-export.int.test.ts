import { randomUUID } from 'node:crypto';
import type { ExportVersion, ProjectDetail } from '@leadreel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOnPlan } from '../../../test/factories.ts';
import { createTestApp, get, post, type TestApp } from '../../../test/helpers.ts';

// Blog-to-video exports on the real queue and worker: the voices from the local text-to-speech engine, the
// render by ffmpeg, the result an ordinary video encoded by the pipeline, with its watch page filled from the
// article and its inquiry form on; the credits ledger read back after each export and cancel.
const ARTICLE = [
  'Our factory makes steel pipes for export.',
  'Every pipe is tested twice before it ships.',
  'Ask us for a quote today.',
].join(' ');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { media: true });
});
afterAll(async () => {
  await t?.close();
});

type Owner = Awaited<ReturnType<typeof accountOnPlan>>;

async function owner(credits: number) {
  const made = await accountOnPlan(t, 'Pro');
  if (credits > 0)
    await t.services.credits.add(made.accountId, 'grant', { amount: credits, key: `test:${made.accountId}` });
  return made;
}

async function project(who: Owner, text = ARTICLE): Promise<ProjectDetail> {
  const created = await post(t.app, '/api/blog-to-video/create', { text, sceneMode: 'sentence' }, who.token);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.data;
}

const balance = async (who: Owner) => t.services.credits.balance(who.accountId);

async function settled(who: Owner, projectId: string): Promise<ExportVersion> {
  const end = Date.now() + 300_000;
  for (;;) {
    const answer = await get(t.app, `/api/blog-to-video/progress?projectId=${projectId}`, who.token);
    expect(answer.status).toBe(200);
    const version = answer.body.data as ExportVersion;
    if (!['queued', 'running'].includes(version.status)) return version;
    if (Date.now() > end) throw new Error(`export still ${version.status} at ${version.progress}%`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function videoSettled(who: Owner, videoId: string) {
  const end = Date.now() + 300_000;
  for (;;) {
    const answer = await get(t.app, `/api/vod/video/detail?videoId=${videoId}`, who.token);
    const status = answer.body.data?.status;
    if (answer.status === 200 && (status === 'ready' || status === 'failed')) return answer.body.data;
    if (Date.now() > end) throw new Error(`video still ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('blog-to-video: export', () => {
  it('renders the project into a video with its watch page and form, and a second export is a new version of it', async () => {
    const who = await owner(100);
    const made = await project(who);
    const withMusic = await post(
      t.app,
      '/api/blog-to-video/subtitles',
      { projectId: made.projectId, revision: made.revision, bgm: { trackId: 'calm', materialId: null, volume: 30 } },
      who.token,
    );
    expect(withMusic.status, JSON.stringify(withMusic.body)).toBe(200);

    const estimate = await get(t.app, `/api/blog-to-video/export/estimate?projectId=${made.projectId}`, who.token);
    expect(estimate.body.data).toEqual({ minutes: 1, credits: 2, balance: 100, refusal: null });

    const started = await post(t.app, '/api/blog-to-video/export', { projectId: made.projectId }, who.token);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data).toMatchObject({ version: 1, status: 'queued', credits: 2, videoId: null });
    expect(await balance(who)).toBe(98);

    const first = await settled(who, made.projectId);
    expect(first, JSON.stringify(first.error)).toMatchObject({ status: 'done', progress: 100, version: 1 });
    expect(first.videoId).toEqual(expect.any(String));
    expect(first.duration).toBeGreaterThan(3);
    const videoId = first.videoId as string;

    const video = await videoSettled(who, videoId);
    expect(video.status, video.failReason ?? '').toBe('ready');
    expect(video.name).toBe(made.title);
    const seo = await get(t.app, `/api/vod/video/seo-page?videoId=${videoId}`, who.token);
    expect(seo.body.data).toMatchObject({ title: made.title, description: made.description });
    const form = await get(t.app, `/api/vod/form/config?videoId=${videoId}`, who.token);
    expect(form.body.data.enabled).toBe(true);
    const page = await t.app.inject({ method: 'GET', url: `/v/${videoId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(made.title);

    // Each scene keeps the voice the export made: the editor plays it, the next export uses it again.
    const detail = await get(t.app, `/api/blog-to-video/detail?projectId=${made.projectId}`, who.token);
    expect(detail.body.data.status).toBe('exported');
    expect(detail.body.data.lastExport).toMatchObject({ version: 1, videoId });
    for (const scene of detail.body.data.scenes) expect(scene.duration).toBeGreaterThan(0.4);

    const again = await post(t.app, '/api/blog-to-video/export', { projectId: made.projectId }, who.token);
    expect(again.body.data.version).toBe(2);
    const second = await settled(who, made.projectId);
    expect(second).toMatchObject({ status: 'done', version: 2, videoId });
    const list = await get(t.app, '/api/vod/video/list?pageSize=50', who.token);
    expect(list.body.data.list.filter((row: { videoId: string }) => row.videoId === videoId)).toHaveLength(1);
    expect(list.body.data.total).toBe(1);
    const history = await get(t.app, `/api/blog-to-video/history?projectId=${made.projectId}`, who.token);
    expect(history.body.data.map((row: ExportVersion) => [row.version, row.status, row.videoId])).toEqual([
      [2, 'done', videoId],
      [1, 'done', videoId],
    ]);
    expect(await balance(who)).toBe(96);
    const exports = await get(t.app, '/api/blog-to-video/export/list?tab=translated', who.token);
    expect(exports.body.data.counts).toEqual({ translating: 0, translated: 2, error: 0 });
    expect(exports.body.data.list[0]).toMatchObject({ projectId: made.projectId, projectTitle: made.title });
  });

  it('gives every credit back when an export is canceled, and makes no video', async () => {
    const who = await owner(50);
    // Forty sentences: long enough to cancel while its voices are made.
    const made = await project(
      who,
      Array.from({ length: 40 }, (_, n) => `Sentence number ${n + 1} is here.`).join(' '),
    );
    const started = await post(t.app, '/api/blog-to-video/export', { projectId: made.projectId }, who.token);
    expect(started.status).toBe(200);
    const spent = started.body.data.credits as number;
    expect(await balance(who)).toBe(50 - spent);
    // Halfway: a worker has taken it and is making its voices.
    const end = Date.now() + 120_000;
    for (;;) {
      const now = (await get(t.app, `/api/blog-to-video/progress?projectId=${made.projectId}`, who.token)).body.data;
      if (now.status === 'running' && now.progress > 2) break;
      expect(now.status).not.toBe('done');
      if (Date.now() > end) throw new Error(`the export never got going: ${now.status} ${now.progress}%`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const canceled = await post(t.app, '/api/blog-to-video/export/cancel', { projectId: made.projectId }, who.token);
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(canceled.body.data).toMatchObject({ status: 'canceled', refunded: spent, videoId: null });
    expect(await balance(who)).toBe(50);
    const twice = await post(t.app, '/api/blog-to-video/export/cancel', { projectId: made.projectId }, who.token);
    expect([twice.status, twice.body.error]).toEqual([409, 'blog_export_not_cancelable']);
    // The worker that had taken it stops without making anything.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const list = await get(t.app, '/api/vod/video/list', who.token);
    expect(list.body.data.total).toBe(0);
    const detail = await get(t.app, `/api/blog-to-video/detail?projectId=${made.projectId}`, who.token);
    expect(detail.body.data.status).toBe('draft');
  });

  it('refuses an export the credits do not cover, and one while another runs, charging nothing', async () => {
    const poor = await owner(1);
    const made = await project(poor);
    const estimate = await get(t.app, `/api/blog-to-video/export/estimate?projectId=${made.projectId}`, poor.token);
    expect(estimate.body.data.refusal).toBe('credits_insufficient');
    const refused = await post(t.app, '/api/blog-to-video/export', { projectId: made.projectId }, poor.token);
    expect([refused.status, refused.body.error]).toEqual([409, 'credits_insufficient']);
    expect(await balance(poor)).toBe(1);

    const rich = await owner(100);
    const busy = await project(rich);
    expect((await post(t.app, '/api/blog-to-video/export', { projectId: busy.projectId }, rich.token)).status).toBe(
      200,
    );
    const second = await post(t.app, '/api/blog-to-video/export', { projectId: busy.projectId }, rich.token);
    expect([second.status, second.body.error]).toEqual([409, 'blog_export_running']);
    expect(await balance(rich)).toBe(98);
    await post(t.app, '/api/blog-to-video/export/cancel', { projectId: busy.projectId }, rich.token);
  });

  it("answers another account's project as not found on every export route, changing nothing", async () => {
    const who = await owner(100);
    const other = await owner(100);
    const made = await project(who);
    const scene = made.scenes[0]?.sceneId as string;
    const routes: [string, string, Record<string, string>][] = [
      ['GET', '/api/blog-to-video/export/estimate', { projectId: made.projectId }],
      ['GET', '/api/blog-to-video/progress', { projectId: made.projectId }],
      ['GET', '/api/blog-to-video/history', { projectId: made.projectId }],
      ['GET', '/api/blog-to-video/preview', { projectId: made.projectId }],
      ['POST', '/api/blog-to-video/export', { projectId: made.projectId }],
      ['POST', '/api/blog-to-video/export/cancel', { projectId: made.projectId }],
      ['POST', '/api/blog-to-video/tts', { projectId: made.projectId, sceneId: scene }],
    ];
    for (const [method, url, data] of routes) {
      const answer =
        method === 'GET'
          ? await get(t.app, `${url}?${new URLSearchParams(data)}`, other.token)
          : await post(t.app, url, data, other.token);
      expect([url, answer.status, answer.body.error]).toEqual([url, 404, 'blog_project_not_found']);
    }
    // A scene of another project of the same account is not this project's.
    const mine = await project(who);
    const tts = await post(t.app, '/api/blog-to-video/tts', { projectId: mine.projectId, sceneId: scene }, who.token);
    expect([tts.status, tts.body.error]).toEqual([404, 'blog_scene_not_found']);
    const unknown = await post(
      t.app,
      '/api/blog-to-video/tts',
      { projectId: mine.projectId, sceneId: randomUUID() },
      who.token,
    );
    expect(unknown.status).toBe(404);
    expect(await balance(other)).toBe(100);
    expect(await balance(who)).toBe(100);
  });

  it('voices a scene and previews the project with its voices and music, served to the editor', async () => {
    const who = await owner(0);
    const made = await project(who);
    const scene = made.scenes[0]?.sceneId as string;
    const voice = await post(t.app, '/api/blog-to-video/tts', { projectId: made.projectId, sceneId: scene }, who.token);
    expect(voice.status, JSON.stringify(voice.body)).toBe(200);
    expect(voice.body.data.duration).toBeGreaterThan(0.5);
    const audio = await t.app.inject({ method: 'GET', url: voice.body.data.url });
    expect([audio.statusCode, audio.headers['content-type']]).toEqual([200, 'audio/mp4']);
    expect(audio.rawPayload.length).toBeGreaterThan(1000);

    const saved = await post(
      t.app,
      '/api/blog-to-video/subtitles',
      { projectId: made.projectId, revision: made.revision, bgm: { trackId: 'warm', materialId: null, volume: 40 } },
      who.token,
    );
    expect(saved.status).toBe(200);
    const preview = await get(t.app, `/api/blog-to-video/preview?projectId=${made.projectId}`, who.token);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data.bgm).toEqual({ url: '/media/bgm/warm', volume: 40 });
    expect(preview.body.data.scenes).toHaveLength(made.scenes.length);
    expect(preview.body.data.scenes[0].voice).toBe(voice.body.data.url);
    for (const each of preview.body.data.scenes) expect(each.voice).toMatch(/^\/media\/blog\/.+\/voice\/[0-9a-f]{32}$/);
    const music = await t.app.inject({ method: 'GET', url: '/media/bgm/warm' });
    expect([music.statusCode, music.headers['content-type']]).toEqual([200, 'audio/mp4']);
    expect((await t.app.inject({ method: 'GET', url: '/media/bgm/nope' })).statusCode).toBe(404);
    const tracks = await get(t.app, '/api/blog-to-video/bgm', who.token);
    expect(tracks.body.data.map((track: { trackId: string }) => track.trackId)).toContain('warm');

    // The owner's recording of the whole script: one track under every scene, each lasting its share of it.
    const recording = await t.db
      .insertInto('material')
      .values({
        account_id: who.accountId,
        kind: 'tts-subtitle',
        name: 'whole script.mp3',
        size: 10,
        status: 'ready',
        source_key: `sources/${who.accountId}/materials/whole/source`,
        part_size: 10,
        duration: 9,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const recorded = await post(
      t.app,
      '/api/blog-to-video/subtitles',
      {
        projectId: made.projectId,
        revision: saved.body.data.revision,
        voice: { enabled: true, lang: 'en', speed: 1, recordingMaterialId: recording.id },
      },
      who.token,
    );
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    const withTrack = (await get(t.app, `/api/blog-to-video/preview?projectId=${made.projectId}`, who.token)).body.data;
    expect(withTrack.voiceTrack).toBe(`/media/material/${recording.id}/source`);
    expect(withTrack.scenes.map((each: { voice: string | null }) => each.voice)).toEqual(made.scenes.map(() => null));
    const total = withTrack.scenes.reduce((sum: number, each: { duration: number }) => sum + each.duration, 0);
    expect(total).toBeCloseTo(9, 1);
  });
});

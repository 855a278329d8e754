import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SpeechTask } from '@leadreel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOnPlan } from '../../../test/factories.ts';
import { type FakeLibreTranslate, fakeLibreTranslate } from '../../../test/fakes/libretranslate.ts';
import { createTestApp, get, post, type TestApp } from '../../../test/helpers.ts';
import { makeSilentVideo, makeSpeechVideo } from '../../../test/media/fixtures.ts';
import { uploadFlow } from '../../../test/media/upload-flow.ts';

// Speech tasks end to end on the real queue and worker: pocketsphinx hears flite's voice in a real upload,
// translation goes to a LibreTranslate on loopback that can be made to fail, and the credits ledger is read
// back after each start, failure and cancel.
const SPOKEN = 'Our factory makes steel pipes for export. Please contact us for a quote today.';

let t: TestApp;
let translator: FakeLibreTranslate;
let work: string;
const flow = uploadFlow(() => t);

beforeAll(async () => {
  translator = await fakeLibreTranslate();
  work = await mkdtemp(path.join(tmpdir(), 'leadreel-speech-'));
  t = await createTestApp(
    { TRANSLATE_URL: translator.url, TRANSLATE_PROTOCOL: 'libretranslate', SPEECH_ENGINE_RETRIES: '1' },
    { media: true },
  );
});
afterAll(async () => {
  await t?.close();
  await translator?.close();
  await rm(work, { recursive: true, force: true });
});

type Owner = Awaited<ReturnType<typeof accountOnPlan>>;

async function ownerWithCredits(credits: number, plan: 'Free' | 'Pro' = 'Pro') {
  const owner = await accountOnPlan(t, plan);
  if (credits > 0)
    await t.services.credits.add(owner.accountId, 'grant', { amount: credits, key: `test:${owner.accountId}` });
  return owner;
}

/** A ready video of the owner's, uploaded through the console's contract and encoded by the real pipeline. */
async function uploaded(owner: Owner, file: string) {
  const { videoId } = await flow.upload(owner.token, file);
  const video = await flow.settled(owner.token, videoId);
  expect(video.status, video.failReason ?? '').toBe('ready');
  return videoId;
}

let speechFile: Promise<string> | undefined;
const speechVideo = (owner: Owner) => {
  speechFile ??= makeSpeechVideo(path.join(work, 'speech.mp4'), SPOKEN);
  return speechFile.then((file) => uploaded(owner, file));
};

async function settledTask(owner: Owner, taskId: string): Promise<SpeechTask> {
  const until = Date.now() + 300_000;
  for (;;) {
    const answer = await get(t.app, `/api/speech-to-text/task/status?taskId=${taskId}`, owner.token);
    expect(answer.status).toBe(200);
    const task = answer.body.data as SpeechTask;
    if (!['queued', 'running'].includes(task.status)) return task;
    if (Date.now() > until) throw new Error(`task still ${task.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const end = Date.now() + 120_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** An English track uploaded as an SRT file, to translate or dub from. */
const englishTrack = (owner: Owner, videoId: string, content = '1\n00:00:00,000 --> 00:00:02,000\nHello\n') =>
  post(
    t.app,
    '/api/vod/video/subtitle/upload',
    { videoId, lang: 'en', label: 'English', fileName: 'en.srt', content },
    owner.token,
  );

const balance = (owner: Owner) => t.services.credits.balance(owner.accountId);
const ledger = async (owner: Owner) =>
  (await get(t.app, '/api/pay/credits?page=1&pageSize=50', owner.token)).body.data.list as {
    kind: string;
    amount: number;
  }[];
const tracks = async (owner: Owner, videoId: string) =>
  (await get(t.app, `/api/vod/video/subtitle/list?videoId=${videoId}`, owner.token)).body.data as {
    lang: string;
    label: string;
    cues: { start: number; end: number; text: string }[];
  }[];

describe('subtitles from speech, and their translation', () => {
  it('hears the video, writes an English track, translates it, and charges each task once', async () => {
    const owner = await ownerWithCredits(10);
    const videoId = await speechVideo(owner);

    const engines = await get(t.app, '/api/speech-to-text/engines', owner.token);
    expect(engines.status).toBe(200);
    expect(engines.body.data.transcribe.languages).toEqual(['en']);
    expect(engines.body.data.translate.pairs).toContainEqual({ from: 'en', to: 'es' });
    expect(engines.body.data.maxMinutes).toBe(t.config.catalogue.plans.Pro.aiTaskMaxMinutes);

    const estimate = await post(
      t.app,
      '/api/speech-to-text/credit-calculations',
      { videoId, kind: 'transcribe', sourceLang: 'en', targetLangs: [] },
      owner.token,
    );
    expect(estimate.body.data).toEqual({ minutes: 1, credits: 1, balance: 10, maxMinutes: 60, refusal: null });

    const started = await post(t.app, '/api/speech-to-text/transcribe', { videoId, lang: 'en' }, owner.token);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data).toMatchObject({
      kind: 'transcribe',
      credits: 1,
      engine: expect.stringMatching(/pocketsphinx/),
    });
    expect(await balance(owner)).toBe(9);
    // The video list says it is translating while the task runs or waits.
    const listed = await get(t.app, '/api/vod/video/list?page=1&pageSize=10', owner.token);
    const row = (listed.body.data.list as { videoId: string; translatingPercent: number | null }[]).find(
      (video) => video.videoId === videoId,
    );
    expect(row?.translatingPercent === null || typeof row?.translatingPercent === 'number').toBe(true);

    const done = await settledTask(owner, started.body.data.taskId);
    expect(done.status, JSON.stringify(done.error)).toBe('done');
    expect(done.progress).toBe(100);
    const [english] = await tracks(owner, videoId);
    expect(english?.lang).toBe('en');
    expect(english?.label).toBe('English');
    const heard = english?.cues.map((cue) => cue.text).join(' ') ?? '';
    for (const word of ['factory', 'steel', 'export', 'contact', 'quote']) expect(heard.toLowerCase()).toContain(word);
    for (const cue of english?.cues ?? []) expect(cue.end).toBeGreaterThan(cue.start);

    // A track in that language exists now: a second transcription would overwrite the owner's, so it is refused.
    const again = await post(t.app, '/api/speech-to-text/transcribe', { videoId, lang: 'en' }, owner.token);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('subtitle_lang_taken');

    const translated = await post(
      t.app,
      '/api/speech-to-text/translate',
      { videoId, sourceLang: 'en', targetLangs: ['es', 'de'], dub: false },
      owner.token,
    );
    expect(translated.status, JSON.stringify(translated.body)).toBe(200);
    expect(translated.body.data.credits).toBe(2);
    const finished = await settledTask(owner, translated.body.data.taskId);
    expect(finished.status, JSON.stringify(finished.error)).toBe('done');
    const all = await tracks(owner, videoId);
    expect(all.map((track) => track.lang).sort()).toEqual(['de', 'en', 'es']);
    const spanish = all.find((track) => track.lang === 'es');
    expect(spanish?.label).toBe('Español');
    expect(spanish?.cues.map((cue) => cue.start)).toEqual(english?.cues.map((cue) => cue.start));
    expect(spanish?.cues[0]?.text).toBe(`[es] ${english?.cues[0]?.text}`);
    expect(await balance(owner)).toBe(7);
    const kinds = (await ledger(owner)).map((entry) => `${entry.kind} ${entry.amount}`);
    expect(kinds).toEqual(['spend -2', 'spend -1', 'grant 10']);

    const tabs = await get(t.app, '/api/speech-to-text/task/list?tab=translated&page=1&pageSize=10', owner.token);
    expect(tabs.body.data.counts).toEqual({ translating: 0, translated: 2, error: 0 });
    expect(tabs.body.data.list.map((task: SpeechTask) => task.kind)).toEqual(['translate', 'transcribe']);
  });

  it('refuses what cannot be done before charging anything: no audio, no pair, too long, too few credits', async () => {
    const owner = await ownerWithCredits(3);
    const silent = await uploaded(owner, await makeSilentVideo(path.join(work, 'silent.mp4')));
    const estimate = (body: object) => post(t.app, '/api/speech-to-text/credit-calculations', body, owner.token);

    const noAudio = await estimate({ videoId: silent, kind: 'transcribe', sourceLang: 'en', targetLangs: [] });
    expect(noAudio.body.data.refusal).toBe('speech_no_audio');
    const started = await post(t.app, '/api/speech-to-text/transcribe', { videoId: silent, lang: 'en' }, owner.token);
    expect(started.status).toBe(400);
    expect(started.body.error).toBe('speech_no_audio');

    const french = await post(t.app, '/api/speech-to-text/transcribe', { videoId: silent, lang: 'fr' }, owner.token);
    expect(french.body.error).toBe('speech_lang_unsupported');

    // A three-hour video: the estimate says what it would cost, and the plan's limit refuses it.
    await t.db
      .updateTable('video')
      .set({ duration_sec: 3 * 3600 })
      .where('id', '=', silent)
      .execute();
    const long = await estimate({ videoId: silent, kind: 'transcribe', sourceLang: 'en', targetLangs: [] });
    expect(long.body.data).toMatchObject({ minutes: 180, credits: 180, refusal: 'speech_video_too_long' });

    // Nothing was charged, and no task was left behind.
    expect(await balance(owner)).toBe(3);
    const tasks = await get(t.app, '/api/speech-to-text/task/list?tab=translating&page=1&pageSize=10', owner.token);
    expect(tasks.body.data.counts).toEqual({ translating: 0, translated: 0, error: 0 });
  });

  it('translates only into what the engine can, and only from a track that exists', async () => {
    const owner = await ownerWithCredits(5);
    const videoId = await speechVideo(owner);
    const translate = (body: object) =>
      post(t.app, '/api/speech-to-text/translate', { videoId, dub: false, ...body }, owner.token);
    expect((await translate({ sourceLang: 'en', targetLangs: ['es'] })).body.error).toBe('speech_source_missing');
    await englishTrack(owner, videoId);
    const french = await translate({ sourceLang: 'en', targetLangs: ['fr'] });
    expect(french.status).toBe(400);
    expect(french.body.error).toBe('speech_pair_unsupported');
    for (const targetLangs of [
      [],
      ['es', 'es'],
      Array.from({ length: 11 }, (_, i) => `x${i}`),
      ['\u0000'],
      ['\ud800'],
    ]) {
      const bad = await translate({ sourceLang: 'en', targetLangs });
      expect(bad.status, JSON.stringify(targetLangs)).toBe(400);
    }
    expect(await balance(owner)).toBe(5);
  });
});

describe('failures, cancels and credits', () => {
  it('a failing engine fails the task with its reason and gives the credits back; a retry pays again and finishes', async () => {
    const owner = await ownerWithCredits(5);
    const videoId = await speechVideo(owner);
    await englishTrack(owner, videoId);
    for (const [mode, code] of [
      ['fail', 'speech_engine_failed'],
      ['busy', 'speech_engine_busy'],
      ['garbage', 'speech_engine_garbage'],
    ] as const) {
      translator.mode = mode;
      const started = await post(
        t.app,
        '/api/speech-to-text/translate',
        { videoId, sourceLang: 'en', targetLangs: ['es'], dub: false },
        owner.token,
      );
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const failed = await settledTask(owner, started.body.data.taskId);
      expect(failed.status).toBe('failed');
      expect(failed.error?.code).toBe(code);
      expect(failed.refunded).toBe(1);
      expect(await balance(owner)).toBe(5);
      if (mode === 'fail') expect(failed.error?.detail).toContain('500');
      if (mode !== 'garbage') continue;
      // Retried once the engine answers again: charged again, and done.
      translator.mode = 'ok';
      const retried = await post(t.app, '/api/speech-to-text/task/retry', { taskId: failed.taskId }, owner.token);
      expect(retried.status, JSON.stringify(retried.body)).toBe(200);
      expect(await balance(owner)).toBe(4);
      expect((await settledTask(owner, failed.taskId)).status).toBe('done');
      expect((await tracks(owner, videoId)).map((track) => track.lang)).toContain('es');
    }
    const errors = await get(t.app, '/api/speech-to-text/task/list?tab=error&page=1&pageSize=10', owner.token);
    expect(errors.body.data.counts.error).toBe(2);
  });

  it.each([
    ['translating', false, 2],
    ['dubbing', true, 8],
  ])('a cancel mid-call while %s publishes nothing and gives the credits back, once', async (_, dub, price) => {
    const owner = await ownerWithCredits(10);
    const videoId = await speechVideo(owner);
    await englishTrack(owner, videoId);
    translator.mode = 'hang';
    const before = translator.requests;
    try {
      const started = await post(
        t.app,
        '/api/speech-to-text/translate',
        { videoId, sourceLang: 'en', targetLangs: ['es', 'de'], dub },
        owner.token,
      );
      expect(await balance(owner)).toBe(10 - price);
      await until('the engine to be called', async () => (translator.requests > before ? true : undefined));
      const canceled = await post(
        t.app,
        '/api/speech-to-text/task/cancel',
        { taskId: started.body.data.taskId },
        owner.token,
      );
      expect(canceled.status).toBe(200);
      expect(canceled.body.data).toMatchObject({ status: 'canceled', refunded: price });
      expect(await balance(owner)).toBe(10);
      const twice = await post(
        t.app,
        '/api/speech-to-text/task/cancel',
        { taskId: started.body.data.taskId },
        owner.token,
      );
      expect(twice.status).toBe(409);
      expect(twice.body.error).toBe('speech_task_not_cancelable');
      // The engine answers late: still nothing is published.
      translator.mode = 'ok';
    } finally {
      translator.mode = 'ok';
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await tracks(owner, videoId)).map((track) => track.lang)).toEqual(['en']);
    expect((await get(t.app, `/api/speech-to-text/dub/list?videoId=${videoId}`, owner.token)).body.data).toEqual([]);
    expect((await t.app.inject({ url: `/media/${videoId}/master.m3u8` })).body).not.toContain('EXT-X-MEDIA');
    expect(await balance(owner)).toBe(10);
  });

  it('two tasks that together cost more than the balance: one starts', async () => {
    const owner = await ownerWithCredits(1);
    const [first, second] = await Promise.all([speechVideo(owner), speechVideo(owner)]);
    const answers = await Promise.all(
      [first, second].map((videoId) =>
        post(t.app, '/api/speech-to-text/transcribe', { videoId, lang: 'en' }, owner.token),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.error).toBe('credits_insufficient');
    expect(await balance(owner)).toBe(0);
    const running = answers.find((answer) => answer.status === 200);
    await settledTask(owner, running?.body.data.taskId);
  });

  it("another account's video and task answer as if they did not exist", async () => {
    const owner = await ownerWithCredits(5);
    const other = await ownerWithCredits(5);
    const videoId = await speechVideo(owner);
    const started = await post(t.app, '/api/speech-to-text/transcribe', { videoId, lang: 'en' }, owner.token);
    const taskId = started.body.data.taskId as string;
    const as = other.token;
    expect((await get(t.app, `/api/speech-to-text/task/status?taskId=${taskId}`, as)).status).toBe(404);
    expect((await post(t.app, '/api/speech-to-text/task/cancel', { taskId }, as)).status).toBe(404);
    expect((await post(t.app, '/api/speech-to-text/task/retry', { taskId }, as)).status).toBe(404);
    expect((await get(t.app, `/api/speech-to-text/dub/list?videoId=${videoId}`, as)).status).toBe(404);
    expect((await post(t.app, '/api/speech-to-text/dub/delete', { videoId, lang: 'es' }, as)).status).toBe(404);
    expect((await post(t.app, '/api/speech-to-text/transcribe', { videoId, lang: 'en' }, as)).status).toBe(404);
    const estimate = await post(
      t.app,
      '/api/speech-to-text/credit-calculations',
      { videoId, kind: 'transcribe', sourceLang: 'en', targetLangs: [] },
      as,
    );
    expect(estimate.status).toBe(404);
    const list = await get(t.app, '/api/speech-to-text/task/list?tab=translating&page=1&pageSize=10', as);
    expect(list.body.data.total).toBe(0);
    expect(await balance(other)).toBe(5);
    await settledTask(owner, taskId);
  });
});

describe('dubbing', () => {
  const TWO_LINES =
    '1\n00:00:00,200 --> 00:00:02,600\nOur factory makes steel pipes.\n\n2\n00:00:02,800 --> 00:00:05,000\nPlease contact us.\n';

  it('voices a translation over the original, offers it as an audio language, and takes it away again', async () => {
    const owner = await ownerWithCredits(20);
    const videoId = await speechVideo(owner);
    await post(
      t.app,
      '/api/vod/video/subtitle/upload',
      { videoId, lang: 'en', label: 'English', fileName: 'en.srt', content: TWO_LINES },
      owner.token,
    );
    const estimate = await post(
      t.app,
      '/api/speech-to-text/credit-calculations',
      { videoId, kind: 'dub', sourceLang: 'en', targetLangs: ['es'] },
      owner.token,
    );
    expect(estimate.body.data).toMatchObject({ minutes: 1, credits: 4, refusal: null });
    const started = await post(
      t.app,
      '/api/speech-to-text/translate',
      { videoId, sourceLang: 'en', targetLangs: ['es'], dub: true },
      owner.token,
    );
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data.kind).toBe('dub');
    const done = await settledTask(owner, started.body.data.taskId);
    expect(done.status, JSON.stringify(done.error)).toBe('done');
    expect(await balance(owner)).toBe(16);

    // The Spanish track, and the Spanish voice as an audio rendition beside the original's.
    expect((await tracks(owner, videoId)).map((track) => track.lang).sort()).toEqual(['en', 'es']);
    const dubs = await get(t.app, `/api/speech-to-text/dub/list?videoId=${videoId}`, owner.token);
    expect(dubs.body.data).toEqual([expect.objectContaining({ lang: 'es', label: 'Español' })]);
    expect(dubs.body.data[0].bytes).toBeGreaterThan(0);
    const master = (await t.app.inject({ url: `/media/${videoId}/master.m3u8` })).body;
    expect(master).toMatch(/#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",LANGUAGE="en",NAME="English",DEFAULT=YES/);
    expect(master).toMatch(/#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",LANGUAGE="es",NAME="Español",DEFAULT=NO/);
    const variants = master.split('\n').filter((line) => line.startsWith('#EXT-X-STREAM-INF'));
    expect(variants.length).toBeGreaterThan(0);
    for (const variant of variants) expect(variant).toContain('AUDIO="audio"');
    // Every playlist the master names is served, and so is every file each of them names (URIs are relative
    // to the master's address, as a player resolves them).
    const uris = [
      ...[...master.matchAll(/URI="([^"]+)"/g)].map((match) => match[1] as string),
      ...master.split('\n').filter((line) => line !== '' && !line.startsWith('#')),
    ].map((uri) => new URL(uri, `http://localhost/media/${videoId}/master.m3u8`).pathname);
    for (const uri of uris) {
      const playlist = await t.app.inject({ url: uri });
      expect(playlist.statusCode, uri).toBe(200);
      const files = playlist.body.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
      expect(files.length, uri).toBeGreaterThan(0);
      const base = uri.slice(0, uri.lastIndexOf('/') + 1);
      for (const file of files) expect((await t.app.inject({ url: `${base}${file}` })).statusCode, file).toBe(200);
    }

    // The watch page in Spanish: its player starts in the Spanish voice, with hls.js's full build (the light
    // one ignores alternate audio); every language has its page, named by hreflang.
    const spanishPage = (await t.app.inject({ url: `/v/${videoId}?hl=es` })).body;
    expect(spanishPage).toContain('data-hls="/player/hls.min.js"');
    expect(spanishPage).toContain('data-audio-lang="es"');
    expect(spanishPage).toContain(`<link rel="canonical" href="${t.config.publicUrl}/v/${videoId}?hl=es">`);
    expect(spanishPage).toContain(`hreflang="en" href="${t.config.publicUrl}/v/${videoId}"`);
    const englishPage = (await t.app.inject({ url: `/v/${videoId}` })).body;
    expect(englishPage).toContain('data-hls="/player/hls.min.js"');
    expect(englishPage).not.toContain('data-audio-lang');
    expect(englishPage).toContain(`hreflang="es" href="${t.config.publicUrl}/v/${videoId}?hl=es"`);
    expect((await t.app.inject({ url: `/v/${videoId}?hl=fr` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/embed/${videoId}` })).body).toContain('data-hls="/player/hls.min.js"');

    const removed = await post(t.app, '/api/speech-to-text/dub/delete', { videoId, lang: 'es' }, owner.token);
    expect(removed.status).toBe(200);
    const after = (await t.app.inject({ url: `/media/${videoId}/master.m3u8` })).body;
    expect(after).not.toContain('EXT-X-MEDIA');
    expect((await get(t.app, `/api/speech-to-text/dub/list?videoId=${videoId}`, owner.token)).body.data).toEqual([]);
    const spanishUri = uris.find((uri) => uri.includes('/es-')) as string;
    expect((await t.app.inject({ url: spanishUri })).statusCode).toBe(404);
    const again = await post(t.app, '/api/speech-to-text/dub/delete', { videoId, lang: 'es' }, owner.token);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('dub_not_found');
  });
});

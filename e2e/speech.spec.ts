import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { failOnPageProblems, snap, watchPageProblems } from './support.ts';
import { admin, signUpByApi, switchLanguage } from './support-console.ts';
import { ownLeadReel } from './support-server.ts';
import { uploadVideo } from './support-video.ts';

// Subtitles from speech, GlobalVoice and the task center in Chromium, as an owner uses them: a video of English
// speech gets its subtitles from the local engines (pocketsphinx), one line corrected; GlobalVoice translates
// and dubs them into Spanish (apertium, espeak-ng); a viewer of the embed picks the Spanish voice and subtitles.
// A LeadReel of the test's own, whose translation engine is an HTTP server the test holds and then stops, shows
// a task canceled with its credits given back, and a task failing on the stopped engine, with its reason.
// Both console languages.
const run = promisify(execFile);

test.describe.configure({ mode: 'parallel' });
test.use({
  // A limit, not an expectation: an action that cannot happen fails where it stands instead of at the test's end.
  actionTimeout: 60_000,
});

/** What a speech task may take on a loaded machine (ffmpeg, the engines, the ladder at a low priority). */
const TASK_LIMIT = 480_000;

const SENTENCES = [
  'Welcome to our factory tour.',
  'Today we show you the new water pump.',
  'It is strong and quiet. Call us for a price.',
];

/**
 * About ten seconds of English speech over a test pattern: flite's kal16 voice (pocketsphinx hears it; it
 * hears espeak-ng's voice badly), one sentence after another with a pause between, so they become three cues.
 */
async function makeSpeechClip(dir: string) {
  const ffmpeg = (...args: string[]) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
  const parts = SENTENCES.map((_, index) => path.join(dir, `sentence-${index}.wav`));
  await Promise.all(
    SENTENCES.map((text, index) => run('flite', ['-voice', 'kal16', '-t', text, '-o', `${parts[index]}`])),
  );
  const speech = path.join(dir, 'speech.wav');
  await ffmpeg(
    ...parts.flatMap((part) => ['-i', part]),
    '-filter_complex',
    '[0]apad=pad_dur=0.8[a];[1]apad=pad_dur=0.8[b];[a][b][2]concat=n=3:v=0:a=1,apad=pad_dur=1[s]',
    ...['-map', '[s]', speech],
  );
  const clip = path.join(dir, 'factory-tour.mp4');
  await ffmpeg(
    ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-i', speech],
    ...['-map', '0:v', '-map', '1:a', '-shortest'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', clip],
  );
  return clip;
}

/** Picks `option` in the antd select `select` opens, in its own dropdown (another may still be fading out). */
async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await expect(select).toHaveAttribute('aria-controls', /.+/);
  const list = await select.getAttribute('aria-controls');
  await page
    .locator('.ant-select-dropdown', { has: page.locator(`[id="${list}"]`) })
    .locator('.ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option}$`) })
    .click();
  await page.keyboard.press('Escape');
  await expect(select).toHaveAttribute('aria-expanded', 'false');
}

async function toastGone(page: Page) {
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 15_000 });
}

/** The task center dialog, opened from the header's button. */
async function openTaskCenter(page: Page, buttonName: RegExp) {
  await page.getByRole('button', { name: buttonName }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('.ant-modal-title')).toBeVisible();
  return dialog;
}

failOnPageProblems(test);

test('an owner makes subtitles from speech, corrects a line, dubs them into Spanish, and a viewer of the embed hears and reads Spanish', async ({
  page,
}) => {
  // An upload, its encode, a transcription, a dub and its new ladder: minutes on a loaded machine.
  test.setTimeout(1_200_000);
  const work = await mkdtemp(path.join(tmpdir(), 'leadreel-e2e-speech-'));
  try {
    const clip = await makeSpeechClip(work);
    const { email, token } = await signUpByApi(page);
    expect(await admin('credits', email, '100')).toContain(`${email} has 100 credits`);

    // The owner uploads the video in the console and waits for it to be ready.
    await page.goto(`/videos/index?token=${token}`);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.locator('.ant-upload input[type=file]').setInputFiles(clip);
    await expect(page.locator('.upload-task', { hasText: 'factory-tour.mp4' }).locator('.ant-tag')).toHaveText(
      'Uploaded',
      { timeout: 240_000 },
    );
    await page.locator('.ant-drawer-close').click();
    const row = page.locator('.ant-table-row', { hasText: 'factory-tour' });
    await expect(row.getByText('Ready', { exact: true })).toBeVisible({ timeout: TASK_LIMIT });
    const auth = { authorization: `Bearer ${token}` };
    const videos = (await (await page.request.get('/api/vod/video/list', { headers: auth })).json()).data.list;
    const videoId = videos.find((video: { name: string }) => video.name.startsWith('factory-tour')).videoId as string;

    // Subtitles from speech: the spoken language, the engine and the price before starting.
    await page.goto(`/video-setting/${videoId}/subtitle`);
    const generate = page.locator('.speech-generate');
    await expect(generate.getByRole('combobox', { name: 'Spoken language' })).toBeVisible();
    await expect(generate.locator('.ant-select')).toContainText('English');
    await expect(generate.getByText('Engine: pocketsphinx (English) · 1 credit per minute')).toBeVisible();
    await expect(generate.getByTestId('speech-estimate')).toHaveText(
      '1 min to process: 1 credit. Your balance: 100 credits.',
    );
    await expect(page.getByText('No subtitles yet. Add an SRT or VTT file.')).toBeVisible();
    await snap(page, 'speech-subtitle-generate-en');
    await generate.getByRole('button', { name: 'Generate subtitles' }).click();
    // Its progress while it runs, then the track.
    await expect(generate.getByText(/^(Waiting to make|Making) subtitles in English…$/)).toBeVisible();
    await expect(generate.getByRole('progressbar')).toBeVisible();
    await expect(page.getByText('Subtitles in English are ready')).toBeVisible({ timeout: TASK_LIMIT });
    const tracks = page.locator('.subtitle-setting .ant-table').first();
    const english = tracks.getByRole('row', { name: /English/ });
    await expect(english.getByRole('cell').nth(2)).toHaveText('3');
    await toastGone(page);

    // The cue editor: the line pocketsphinx heard worst is corrected and saved.
    await english.getByRole('button', { name: 'Edit English' }).click();
    const editor = page.locator('.subtitle-editor');
    await expect(editor).toContainText('Lines of English');
    await expect(editor.getByLabel('Text of line 1')).toHaveValue(/welcome to our factory tour/i);
    await expect(editor.getByLabel('Text of line 3')).toHaveValue(/price/i);
    await snap(page, 'speech-subtitle-editor-en');
    await editor.getByLabel('Text of line 3').fill(SENTENCES[2] as string);
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Subtitles saved')).toBeVisible();
    const saved = (
      await (await page.request.get(`/api/vod/video/subtitle/list?videoId=${videoId}`, { headers: auth })).json()
    ).data as { lang: string; cues: { text: string }[] }[];
    expect(saved.find((track) => track.lang === 'en')?.cues[2]?.text).toBe(SENTENCES[2]);
    await editor.getByRole('button', { name: 'Close' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Edit English' }).click();
    await expect(page.getByLabel('Text of line 3')).toHaveValue(SENTENCES[2] as string);
    await page.locator('.subtitle-editor').getByRole('button', { name: 'Close' }).click();

    // AI optimise proposes lines to review; discarding keeps the saved ones.
    await page.getByRole('button', { name: 'AI optimise English' }).click();
    await expect(page.locator('.subtitle-editor')).toContainText('Unsaved changes');
    await expect(page.getByText(/^Lines improved by .+, not saved yet/)).toBeVisible();
    await page.locator('.subtitle-editor').getByRole('button', { name: 'Discard' }).click();
    await expect(page.locator('.subtitle-editor')).not.toContainText('Unsaved changes');
    await expect(page.getByLabel('Text of line 3')).toHaveValue(SENTENCES[2] as string);
    await page.locator('.subtitle-editor').getByRole('button', { name: 'Close' }).click();

    // The track downloads as SRT and as WebVTT, with the corrected line.
    for (const [format, item, arrow] of [
      ['srt', 'SRT file (.srt)', /00:00:\d\d,\d{3} --> 00:00:\d\d,\d{3}/],
      ['vtt', 'WebVTT file (.vtt)', /^WEBVTT[\s\S]*\d\d\.\d{3} --> /],
    ] as const) {
      await page.getByRole('button', { name: 'Download English' }).click();
      const downloading = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: item }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`factory-tour.en.${format}`);
      const text = await readFile(await download.path(), 'utf8');
      expect(text).toMatch(arrow);
      expect(text).toContain(SENTENCES[2]);
    }
    await toastGone(page);
    await snap(page, 'speech-subtitle-en');

    // GlobalVoice: the English track translated into Spanish and dubbed.
    await page.getByRole('button', { name: 'Translate with GlobalVoice' }).click();
    await expect(page).toHaveURL(new RegExp(`/video-setting/${videoId}/global-voice$`));
    await expect(page.getByRole('combobox', { name: 'Translate from' })).toBeVisible();
    await expect(page.locator('.speech-card .ant-select').first()).toContainText('English (English)');
    await page.getByRole('switch', { name: 'Dub the voice' }).click();
    await expect(
      page.getByText('Translation: apertium · voice: espeak-ng / flite · 4 credits per minute per language'),
    ).toBeVisible();
    await choose(page, page.getByRole('combobox', { name: 'Translate into' }), 'Spanish');
    await expect(page.getByTestId('speech-estimate')).toHaveText(
      '1 min to process: 4 credits. Your balance: 99 credits.',
    );
    await snap(page, 'speech-global-voice-start-en');
    await page.getByRole('button', { name: 'Translate and dub' }).click();
    await expect(page.getByText('Translation started. Follow it below or in the task center.')).toBeVisible();

    // The task center from the header follows it while it runs.
    const center = await openTaskCenter(page, /^Translation tasks \(1 in progress\)$/);
    await expect(center.getByRole('tab', { name: 'Translating (1)' })).toHaveAttribute('aria-selected', 'true');
    const dubTask = center.locator('.speech-task');
    await expect(dubTask).toContainText('Translation and dubbing');
    await expect(dubTask).toContainText('English → Spanish');
    await expect(dubTask.getByText(/^(Waiting|In progress)$/)).toBeVisible();
    await expect(dubTask.getByRole('button', { name: 'Cancel task' })).toBeVisible();
    await snap(page, 'speech-task-center-running-en');
    await center.getByRole('tab', { name: /^Translated \(\d\)$/ }).click();
    await expect(center.getByRole('tab', { name: 'Translated (2)' })).toBeVisible({ timeout: TASK_LIMIT });
    await expect(center.locator('.speech-task[data-status="done"]')).toHaveCount(2);
    await expect(
      center.locator('.speech-task', { hasText: 'Subtitles from speech' }).locator('.speech-task-meta'),
    ).toHaveText(/^Ended .+ · Engine: pocketsphinx \(English\) · 1 credit$/);
    await expect(center.getByRole('tab', { name: 'Translating (0)' })).toBeVisible();
    await snap(page, 'speech-task-center-en');
    await center.getByRole('button', { name: 'Close' }).click();

    // The screen's own list and the dubbed language.
    await expect(page.getByText('No task under way')).toBeVisible();
    const dubs = page.locator('.ant-card', { hasText: 'Dubbed languages' });
    await expect(dubs.locator('.plain-list-item')).toHaveCount(1);
    await expect(dubs.locator('.plain-list-item')).toContainText('Spanish');
    await expect(dubs.locator('.plain-list-item')).toContainText('Español');
    await page
      .locator('.ant-card', { hasText: 'Tasks of this video' })
      .getByRole('tab', { name: 'Translated (2)' })
      .click();
    await expect(page.locator('.speech-task[data-status="done"]', { hasText: 'English → Spanish' })).toBeVisible();
    await toastGone(page);
    await snap(page, 'speech-global-voice-en');

    // The Spanish track is on the subtitle screen.
    await page.goto(`/video-setting/${videoId}/subtitle`);
    await expect(tracks.getByRole('row', { name: /Spanish/ })).toContainText('Español');

    // A viewer of the embed: the audio language menu switches hls.js to the Spanish voice, and the
    // subtitles to Spanish.
    await viewEmbed(page, videoId);

    // The console in Chinese: GlobalVoice, the task center and the subtitle screen.
    await page.goto(`/video-setting/${videoId}/global-voice`);
    await switchLanguage(page, '简体中文');
    await expect(page.getByText('翻译字幕', { exact: true })).toBeVisible();
    await expect(page.getByText('配音语言', { exact: true })).toBeVisible();
    await expect(page.getByText('本视频的任务', { exact: true })).toBeVisible();
    await expect(page.getByRole('switch', { name: '配音' })).toBeVisible();
    await expect(page.locator('.plain-list-item', { hasText: '西班牙语' })).toBeVisible();
    await expect(page.getByRole('tab', { name: '已翻译（2）' })).toBeVisible();
    await snap(page, 'speech-global-voice-zh_CN');
    const zhCenter = await openTaskCenter(page, /^翻译任务（0 个进行中）$/);
    await expect(zhCenter.locator('.ant-modal-title')).toHaveText('任务中心');
    await expect(zhCenter.getByRole('tab', { name: '翻译中（0）' })).toBeVisible();
    await expect(zhCenter.getByText('没有进行中的任务')).toBeVisible();
    await zhCenter.getByRole('tab', { name: '已翻译（2）' }).click();
    await expect(zhCenter.locator('.speech-task', { hasText: '翻译并配音' })).toContainText('英语 译为 西班牙语');
    await expect(zhCenter.locator('.speech-task', { hasText: '语音生成字幕' })).toContainText('已完成');
    await snap(page, 'speech-task-center-zh_CN');
    await page.keyboard.press('Escape');
    await page.goto(`/video-setting/${videoId}/subtitle`);
    await expect(page.getByText('从语音生成字幕', { exact: true })).toBeVisible();
    await expect(page.getByText('字幕轨道', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'AI 优化English' })).toBeVisible();
    await snap(page, 'speech-subtitle-zh_CN');
    await switchLanguage(page, 'English');
  } finally {
    await rm(work, { recursive: true, force: true });
  }
});

/**
 * The embed as a viewer meets it: the dubbed video's player loads hls.js's full build, lists the original and
 * the Spanish voice, and picking Spanish makes hls.js fetch the Spanish audio rendition while the video plays;
 * the Spanish subtitles show.
 */
async function viewEmbed(owner: Page, videoId: string) {
  const viewer = await owner.context().newPage();
  const problems = watchPageProblems(viewer);
  const requested: string[] = [];
  viewer.on('request', (request) => requested.push(new URL(request.url()).pathname));
  try {
    await viewer.goto(`/embed/${videoId}`);
    const facade = viewer.locator('[data-lr-player]');
    await expect(facade).toHaveAttribute('data-hls', /hls\.min\.js$/);
    // The master names the Spanish voice as an audio rendition of its own.
    const master = await (await viewer.request.get(`${await facade.getAttribute('data-src')}`)).text();
    const spanish = /#EXT-X-MEDIA:TYPE=AUDIO,[^\n]*LANGUAGE="es"[^\n]*URI="([^"]+)"/.exec(master)?.[1];
    expect(spanish, master).toBeTruthy();
    const masterUrl = new URL(`${await facade.getAttribute('data-src')}`, viewer.url());
    const spanishPath = new URL(`${spanish}`, masterUrl).pathname;

    await viewer.getByRole('button', { name: /^Play video/ }).click();
    const video = viewer.locator('video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
    expect(requested).toContain('/player/hls.min.js');
    expect(requested).not.toContain('/player/hls.light.min.js');

    const audio = viewer.getByRole('combobox', { name: 'Audio language' });
    await expect(audio).toBeVisible();
    const options = audio.locator('option');
    await expect(options).toHaveCount(2);
    await expect(options.filter({ hasText: 'Español' })).toHaveCount(1);
    expect(requested).not.toContain(spanishPath);
    await audio.selectOption({ label: 'Español' });
    const spanishIndex = await options.filter({ hasText: 'Español' }).getAttribute('value');
    await expect(audio).toHaveValue(`${spanishIndex}`);
    // hls.js switched: it fetches the Spanish rendition, and the video goes on playing.
    await expect.poll(() => requested.includes(spanishPath), { timeout: 60_000 }).toBe(true);
    const playing = () => video.evaluate((v: HTMLVideoElement) => !v.paused && !v.ended && v.readyState >= 2);
    await expect.poll(playing, { timeout: 60_000 }).toBe(true);
    const at = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 60_000 }).not.toBe(at);

    const subtitles = viewer.getByRole('combobox', { name: 'Subtitles' });
    await subtitles.selectOption({ label: 'Español' });
    const showing = () =>
      video.evaluate((v: HTMLVideoElement) =>
        [...v.textTracks].filter((track) => track.mode === 'showing').map((track) => track.language),
      );
    await expect.poll(showing).toEqual(['es']);
    await snap(viewer, 'speech-embed-spanish', { fullPage: false });
    expect(problems).toEqual([]);
  } finally {
    await viewer.close();
  }
}

/**
 * A translation engine on loopback that takes each request and answers none, until it is stopped: then its
 * port is closed and a call is refused, as a translation server that went down.
 */
async function heldEngine() {
  const held: http.ServerResponse[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((_request, response) => {
    held.push(response);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  let stopped = false;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    host: `127.0.0.1:${port}`,
    calls: () => held.length,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

test('a task is canceled in the task center with its credits given back, and one against a stopped engine fails with its reason', async ({
  browser,
}) => {
  test.setTimeout(900_000);
  const engine = await heldEngine();
  // An OpenAI-compatible translation engine: its languages are configured, so nothing is asked of it before a
  // task runs; no retries, so a refused call fails the task at once.
  const leadreel = await ownLeadReel({
    TRANSLATE_URL: engine.url,
    TRANSLATE_PROTOCOL: 'openai',
    TRANSLATE_LANGUAGES: 'en,es',
    SPEECH_ENGINE_RETRIES: '0',
  });
  const context = await browser.newContext({ baseURL: leadreel.url });
  try {
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    const { email, token } = await signUpByApi(page, leadreel.dataDir);
    const { stdout } = await run(
      path.resolve(import.meta.dirname, '../bin/leadreel'),
      ['admin', 'credits', email, '10', '--as', 'e2e'],
      { env: { ...process.env, DATA_DIR: leadreel.dataDir } },
    );
    expect(stdout).toContain(`${email} has 10 credits`);
    const videoId = await uploadVideo(page.request, token, 'engine-down.mp4');
    const uploaded = await page.request.post('/api/vod/video/subtitle/upload', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        videoId,
        lang: 'en',
        label: 'English',
        fileName: 'engine-down.en.srt',
        content:
          '1\n00:00:00,500 --> 00:00:03,000\nOur pumps are quiet.\n\n2\n00:00:03,500 --> 00:00:05,500\nCall us today.\n',
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(200);

    // A translation started on GlobalVoice, whose engine takes the call and does not answer.
    await page.goto(`/video-setting/${videoId}/global-voice?token=${token}`);
    await expect(
      page.getByText(
        /^Translation: OpenAI-compatible \(gpt-4o-mini\) at 127\.0\.0\.1:\d+ · 1 credit per minute per language$/,
      ),
    ).toBeVisible();
    await choose(page, page.getByRole('combobox', { name: 'Translate into' }), 'Spanish');
    await expect(page.getByTestId('speech-estimate')).toHaveText(
      '1 min to process: 1 credit. Your balance: 10 credits.',
    );
    await page.getByRole('button', { name: 'Translate', exact: true }).click();
    await expect.poll(engine.calls, { timeout: TASK_LIMIT }).toBeGreaterThan(0);

    // Canceled in the task center: the credit comes back.
    const center = await openTaskCenter(page, /^Translation tasks \(1 in progress\)$/);
    const task = center.locator('.speech-task');
    await expect(task).toContainText('In progress');
    await expect(task).toContainText('English → Spanish');
    await expect(task).toContainText(`Engine: OpenAI-compatible (gpt-4o-mini) at ${engine.host}`);
    await task.getByRole('button', { name: 'Cancel task' }).click();
    await expect(page.getByRole('tooltip')).toContainText('Credits for the work not done yet are given back.');
    await page.getByRole('tooltip').getByRole('button', { name: 'Cancel task' }).click();
    await expect(page.getByText('Task canceled. 1 credit given back.')).toBeVisible();
    await expect(center.getByRole('tab', { name: 'Translating (0)' })).toBeVisible();
    await center.getByRole('tab', { name: 'Error (1)' }).click();
    await expect(task).toContainText('Canceled');
    await expect(task).toContainText('1 credit given back');
    await expect(task.getByRole('button', { name: 'Retry' })).toBeVisible();
    await center.getByRole('button', { name: 'Close' }).click();

    // The credits ledger says where the credit went and that it came back.
    await page.goto('/buy-credits');
    const balance = page.locator('.credits-balance');
    await expect(balance).toContainText('Credit balance');
    await expect(balance.locator('.ant-statistic-content')).toHaveText('10');
    const ledger = page.locator('.ant-table').last();
    const spent = ledger.getByRole('row', { name: /Spent/ });
    const refund = ledger.getByRole('row', { name: /Refund/ });
    await expect(spent).toContainText('\u22121');
    await expect(refund).toContainText('+1');
    // Both name the video the task was for.
    await expect(spent).toContainText('engine-down');
    await expect(refund).toContainText('engine-down');
    await toastGone(page);
    await snap(page, 'speech-credits-refund-en');

    // The engine goes down; the task tried again fails with the engine's reason, and can be retried.
    await engine.stop();
    await page.goto(`/video-setting/${videoId}/global-voice`);
    const again = await openTaskCenter(page, /^Translation tasks \(0 in progress\)$/);
    await again.getByRole('tab', { name: 'Error (1)' }).click();
    await again.locator('.speech-task').getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('Task started again')).toBeVisible();
    const failed = again.locator('.speech-task[data-status="failed"]');
    await expect(failed).toBeVisible({ timeout: TASK_LIMIT });
    await expect(failed).toContainText('Failed');
    await expect(failed).toContainText(`The speech engine failed: ${engine.host}: ECONNREFUSED`);
    await expect(failed.getByRole('button', { name: 'Retry' })).toBeEnabled();
    await expect(failed).toContainText('1 credit given back');
    await toastGone(page);
    await snap(page, 'speech-task-center-error-en');
    await again.getByRole('button', { name: 'Close' }).click();

    await switchLanguage(page, '简体中文');
    const zh = await openTaskCenter(page, /^翻译任务（0 个进行中）$/);
    await zh.getByRole('tab', { name: '出错（1）' }).click();
    const zhFailed = zh.locator('.speech-task[data-status="failed"]');
    await expect(zhFailed).toContainText('失败');
    await expect(zhFailed).toContainText(`语音引擎出错：${engine.host}: ECONNREFUSED`);
    await expect(zhFailed).toContainText('已退回 1 积分');
    await expect(zhFailed.getByRole('button', { name: /^重\s?试$/ })).toBeVisible();
    await snap(page, 'speech-task-center-error-zh_CN');
    await page.keyboard.press('Escape');
    await page.goto('/buy-credits');
    // Given back twice: once canceled, once failed.
    await expect(
      page
        .locator('.ant-table')
        .last()
        .getByRole('row', { name: /退还 \+1 engine-down/ }),
    ).toHaveCount(2);
    await snap(page, 'speech-credits-refund-zh_CN');
    expect(problems).toEqual([]);
  } finally {
    await context.close();
    await engine.stop();
    await leadreel.close();
  }
});

import type { Subtitle, Video } from '@leadreel/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeCall, type FakeRoute, fakeAccount, fakeApi, fakeVideo } from '../../test/fakeApi.ts';
import { type FakeSpeech, fakeSpeechRoutes, fakeSpeechState, fakeTask } from '../../test/fakeSpeech.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const VIDEO_ID = '44444444-4444-4444-8444-444444444444';
const video: Video = fakeVideo(VIDEO_ID, 'tour.mp4');
const captions: Subtitle = {
  subtitleId: '55555555-5555-4555-8555-555555555501',
  videoId: VIDEO_ID,
  lang: 'en',
  label: 'Captions',
  isDefault: true,
  cues: [
    { start: 1, end: 3.5, text: 'hello and welcome' },
    { start: 4, end: 6, text: 'to the tour <of> the plant' },
  ],
  url: `/media/${VIDEO_ID}/subtitles/en.vtt`,
};
const french: Subtitle = {
  ...captions,
  subtitleId: '55555555-5555-4555-8555-555555555502',
  lang: 'fr',
  label: 'Français',
  isDefault: false,
  cues: [{ start: 1, end: 3.5, text: 'Bonjour' }],
};

function open({
  speech = fakeSpeechState(),
  tracks = [captions, french],
  routes = {},
  language = 'en' as 'en' | 'zh_CN',
}: {
  speech?: FakeSpeech;
  tracks?: Subtitle[];
  routes?: Record<string, FakeRoute>;
  language?: 'en' | 'zh_CN';
} = {}) {
  const calls: FakeCall[] = fakeApi({
    'GET /vod/video/detail': () => ({ data: video }),
    'GET /vod/video/subtitle/list': () => ({ data: tracks }),
    ...fakeSpeechRoutes(speech),
    ...routes,
  });
  renderApp(`/video-setting/${VIDEO_ID}/subtitle`, { token: 'tok', language });
  return calls;
}

const bodiesOf = (calls: FakeCall[], path: string) => calls.filter((call) => call.path === path).map((c) => c.body);
const rowOf = (text: string) =>
  screen
    .getAllByText(text)
    .find((element) => element.closest('tr'))
    ?.closest('tr') as HTMLElement;
const startButton = () => screen.getByRole('button', { name: 'Generate subtitles' }) as HTMLButtonElement;

describe('subtitles from speech', () => {
  it('starts a transcription in the language spoken, follows its progress, then shows the new track', async () => {
    const tracks = [french];
    const speech = fakeSpeechState({
      steps: [50],
      onDone: () => tracks.push({ ...captions, label: 'English (from speech)', isDefault: false }),
    });
    const calls = open({ speech, tracks });
    expect(await screen.findByText('Generate from speech')).toBeTruthy();
    // English is the one language the engine hears, named in the console's language, with the engine's name.
    expect(await screen.findByText('Engine: pocketsphinx · 3 credits per minute')).toBeTruthy();
    expect(await screen.findByText('2 min to process: 6 credits. Your balance: 100 credits.')).toBeTruthy();
    expect(bodiesOf(calls, '/speech-to-text/credit-calculations').at(-1)).toEqual({
      videoId: VIDEO_ID,
      kind: 'transcribe',
      sourceLang: 'en',
      targetLangs: [],
    });

    fireEvent.click(startButton());
    expect(await screen.findByText('Waiting to make subtitles in English…')).toBeTruthy();
    expect(bodiesOf(calls, '/speech-to-text/transcribe')).toEqual([{ videoId: VIDEO_ID, lang: 'en' }]);
    // The start button is gone while the task runs, so it cannot be started twice.
    expect(screen.queryByRole('button', { name: 'Generate subtitles' })).toBeNull();
    expect(await screen.findByText('Making subtitles in English…')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Progress 50%' })).toBeTruthy();

    expect(await screen.findByText('Subtitles in English are ready')).toBeTruthy();
    await waitFor(() => expect(rowOf('English (from speech)')).toBeTruthy());
    expect(within(rowOf('English (from speech)')).getByText('English')).toBeTruthy();
    // Polling stops with the task: waiting, running, done.
    const asked = calls.filter((call) => call.path === '/speech-to-text/task/status').length;
    expect(asked).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(calls.filter((call) => call.path === '/speech-to-text/task/status')).toHaveLength(asked);
  });

  it.each([
    ['credits_insufficient', 'Not enough credits. Buy credits to continue.', 'Buy credits', '/buy-credits'],
    [
      'speech_video_too_long',
      'This video is longer than your plan allows for AI tasks (2 min; your plan allows up to 30 min).',
      'Upgrade',
      '/buy-vip',
    ],
    ['speech_no_audio', 'This video has no sound to make subtitles from', null, null],
    ['subtitle_lang_taken', 'This video already has subtitles in that language', null, null],
  ] as const)('refuses to start when the estimate says %s, and says why', async (refusal, reason, action, to) => {
    open({ speech: fakeSpeechState({ estimate: { minutes: 2, balance: 1, refusal } }), tracks: [french] });
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(startButton().disabled).toBe(true);
    if (action) expect(screen.getByRole('link', { name: action }).getAttribute('href')).toBe(to);
  });

  it('follows a transcription started earlier, and says why it failed in its own and the engine’s words', async () => {
    const running = fakeTask('99999999-9999-4999-8999-999999999901', VIDEO_ID, {
      kind: 'transcribe',
      targetLangs: [],
      engine: 'pocketsphinx',
    });
    const speech = fakeSpeechState({ tasks: [running] });
    let asked = 0;
    open({
      speech,
      tracks: [french],
      routes: {
        'GET /speech-to-text/task/status': () =>
          ++asked < 2
            ? { data: running }
            : {
                data: {
                  ...running,
                  status: 'failed',
                  error: { code: 'speech_engine_failed', detail: 'pocketsphinx exited with code 1' },
                  refunded: 4,
                },
              },
      },
    });
    expect(await screen.findByText('Making subtitles in English…')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Progress 40%' })).toBeTruthy();
    expect(await screen.findByText('Subtitles in English could not be made')).toBeTruthy();
    expect(screen.getByText('The speech engine failed: pocketsphinx exited with code 1')).toBeTruthy();
    // It can be started again.
    expect(startButton()).toBeTruthy();
  });

  it('loads the cues AI optimise answers into the editor as unsaved changes, saved or discarded by the owner', async () => {
    const improved = [
      { start: 1, end: 3.5, text: 'Hello, and welcome' },
      { start: 4, end: 5, text: 'to the tour' },
      { start: 5, end: 6, text: 'of the plant.' },
    ];
    const calls = open({
      speech: fakeSpeechState({ optimised: improved }),
      routes: { 'POST /vod/video/subtitle/save': (body) => ({ data: { ...captions, ...(body as object) } }) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'AI optimise Captions' }));
    expect(await screen.findByText('Lines improved by local rules are in the editor')).toBeTruthy();
    expect(bodiesOf(calls, '/speech-to-text/ai-optimise')).toEqual([{ subtitleId: captions.subtitleId }]);
    expect(
      screen.getByText('Lines improved by local rules, not saved yet: review them, then save or discard them.'),
    ).toBeTruthy();
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect((screen.getByLabelText('Text of line 1') as HTMLTextAreaElement).value).toBe('Hello, and welcome');
    expect((screen.getByLabelText('Text of line 3') as HTMLTextAreaElement).value).toBe('of the plant.');
    // Nothing was saved: the list still counts the track's own lines.
    expect(within(rowOf('Captions')).getByText('2')).toBeTruthy();
    expect(bodiesOf(calls, '/vod/video/subtitle/save')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect((screen.getByLabelText('Text of line 1') as HTMLTextAreaElement).value).toBe('hello and welcome');
    expect(screen.queryByLabelText('Text of line 3')).toBeNull();
    expect(screen.queryByText('Unsaved changes')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'AI optimise Captions' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Text of line 1') as HTMLTextAreaElement).value).toBe('Hello, and welcome'),
    );
    fireEvent.change(screen.getByLabelText('Text of line 2'), { target: { value: 'to our tour' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Subtitles saved')).toBeTruthy();
    expect(bodiesOf(calls, '/vod/video/subtitle/save')).toEqual([
      {
        subtitleId: captions.subtitleId,
        label: 'Captions',
        cues: [improved[0], { ...improved[1], text: 'to our tour' }, improved[2]],
      },
    ]);
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
    expect(within(rowOf('Captions')).getByText('3')).toBeTruthy();
  });

  it('downloads a track as SRT or WebVTT, written in the browser', async () => {
    open();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:track'), revokeObjectURL: vi.fn() }));
    const saved: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this);
    });
    const fileText = async (index: number) => {
      const [blob] = (URL.createObjectURL as ReturnType<typeof vi.fn>).mock.calls[index] as [Blob];
      return blob.text();
    };

    fireEvent.click(await screen.findByRole('button', { name: 'Download Captions' }));
    fireEvent.click(await screen.findByText('SRT file (.srt)'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.download).toBe('tour.en.srt');
    expect(await fileText(0)).toBe(
      '1\n00:00:01,000 --> 00:00:03,500\nhello and welcome\n\n2\n00:00:04,000 --> 00:00:06,000\nto the tour <of> the plant\n',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Download Français' }));
    fireEvent.click((await screen.findAllByText('WebVTT file (.vtt)')).at(-1) as HTMLElement);
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]?.download).toBe('tour.fr.vtt');
    expect(await fileText(1)).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:03.500\nBonjour\n');
  });

  it('links to GlobalVoice to translate the tracks', async () => {
    open();
    const link = await screen.findByRole('link', { name: /Translate with GlobalVoice/ });
    expect(link.getAttribute('href')).toBe(`/video-setting/${VIDEO_ID}/global-voice`);
  });

  it('speaks Chinese, and keeps AI tasks closed once the plan has lapsed', async () => {
    open({ language: 'zh_CN', tracks: [french] });
    expect(await screen.findByText('从语音生成字幕')).toBeTruthy();
    expect(await screen.findByText('引擎：pocketsphinx · 每分钟 3 积分')).toBeTruthy();
    expect(await screen.findByText('按 2 分钟计费：6 积分。您的余额：100 积分。')).toBeTruthy();
    expect(screen.getAllByTitle('英语').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'AI 优化Français' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /下载Français/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /用 GlobalVoice 翻译/ })).toBeTruthy();
  });

  it('closes generate and optimise from the Frozen period on', async () => {
    const calls = open({
      routes: { 'GET /account/detail': () => ({ data: fakeAccount({ vipPeriod: 'frozen-period' }) }) },
    });
    expect(await screen.findByText('Your plan has expired. Renew now to create more content.')).toBeTruthy();
    await waitFor(() => expect(startButton().disabled).toBe(true));
    expect((screen.getByRole('button', { name: 'AI optimise Captions' }) as HTMLButtonElement).disabled).toBe(true);
    // Nothing is priced for a task that cannot start.
    expect(screen.queryByText(/min to process/)).toBeNull();
    expect(bodiesOf(calls, '/speech-to-text/credit-calculations')).toEqual([]);
    // A track can still be taken away as a file.
    expect((screen.getByRole('button', { name: 'Download Captions' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

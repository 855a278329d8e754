import type { Subtitle } from '@leadreel/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeCall, type FakeRoute, fakeAccount, fakeApi, fakeVideo } from '../../test/fakeApi.ts';
import { type FakeSpeech, fakeSpeechRoutes, fakeSpeechState, fakeTask } from '../../test/fakeSpeech.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const VIDEO_ID = '44444444-4444-4444-8444-444444444444';
const OTHER_VIDEO = '44444444-4444-4444-8444-444444444445';
const track = (lang: string, label: string, isDefault = false): Subtitle => ({
  subtitleId: `55555555-5555-4555-8555-5555555555${lang === 'en' ? '01' : '02'}`,
  videoId: VIDEO_ID,
  lang,
  label,
  isDefault,
  cues: [{ start: 1, end: 2, text: 'Hello' }],
  url: `/media/${VIDEO_ID}/subtitles/${lang}.vtt`,
});
const english = track('en', 'Captions', true);
const spanish = track('es', 'Español');

function open({
  speech = fakeSpeechState(),
  tracks = [english, spanish],
  routes = {},
  language = 'en' as 'en' | 'zh_CN',
}: {
  speech?: FakeSpeech;
  tracks?: Subtitle[];
  routes?: Record<string, FakeRoute>;
  language?: 'en' | 'zh_CN';
} = {}) {
  const calls: FakeCall[] = fakeApi({
    'GET /vod/video/detail': () => ({ data: fakeVideo(VIDEO_ID, 'tour.mp4') }),
    'GET /vod/video/subtitle/list': () => ({ data: tracks }),
    ...fakeSpeechRoutes(speech),
    ...routes,
  });
  renderApp(`/video-setting/${VIDEO_ID}/global-voice`, { token: 'tok', language });
  return calls;
}

const bodiesOf = (calls: FakeCall[], path: string) => calls.filter((call) => call.path === path).map((c) => c.body);

/** The open dropdown of the select whose input has `id`. */
const dropdownOf = (id: string) =>
  document.getElementById(`${id}_list`)?.closest('.ant-select-dropdown') as HTMLElement;
/** The languages a select offers, as its open dropdown lists them. */
async function optionsOf(label: string, id: string) {
  fireEvent.mouseDown(await screen.findByLabelText(label));
  await waitFor(() => expect(dropdownOf(id)).toBeTruthy());
  return [...dropdownOf(id).querySelectorAll('.ant-select-item-option')].map((option) => option.getAttribute('title'));
}
const choose = (id: string, title: string) =>
  fireEvent.click(within(dropdownOf(id)).getByTitle(title).querySelector('.ant-select-item-option-content') as Element);

describe('GlobalVoice', () => {
  it('offers only the languages the engines can translate the source into, and for dubbing also speak', async () => {
    open();
    expect(await screen.findByText('Translation: apertium · 2 credits per minute per language')).toBeTruthy();
    // Spanish has subtitles already, and says so.
    expect(await optionsOf('Translate into', 'global-voice-targets')).toEqual(['French', 'Spanish (added)', 'German']);
    fireEvent.click(screen.getByRole('switch', { name: 'Dub the voice' }));
    expect(
      await screen.findByText('Translation: apertium · voice: espeak-ng · 5 credits per minute per language'),
    ).toBeTruthy();
    // The voice engine speaks no Spanish.
    expect(await optionsOf('Translate into', 'global-voice-targets')).toEqual(['French', 'German']);

    // From the Spanish track, the engine goes to English only.
    expect(await optionsOf('Translate from', 'global-voice-source')).toEqual([
      'Captions (English)',
      'Español (Spanish)',
    ]);
    choose('global-voice-source', 'Español (Spanish)');
    expect(await optionsOf('Translate into', 'global-voice-targets')).toEqual(['English (added)']);
  });

  it('says when the engine cannot translate from the chosen track', async () => {
    open({ tracks: [track('ja', 'Japanese', true)] });
    expect(await screen.findByText('The translation engine cannot translate from Japanese.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Translate' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends to the subtitle screen when the video has no subtitles to translate', async () => {
    open({ tracks: [] });
    expect(
      await screen.findByText(
        'This video has no subtitles to translate yet. Make them from speech or upload a file first.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to subtitles' }).getAttribute('href')).toBe(
      `/video-setting/${VIDEO_ID}/subtitle`,
    );
  });

  it('prices the choice before starting, again as it changes, and starts with the chosen languages', async () => {
    const speech = fakeSpeechState();
    const calls = open({ speech });
    await optionsOf('Translate into', 'global-voice-targets');
    choose('global-voice-targets', 'French');
    expect(await screen.findByText('2 min to process: 4 credits. Your balance: 100 credits.')).toBeTruthy();
    choose('global-voice-targets', 'German');
    expect(await screen.findByText('2 min to process: 8 credits. Your balance: 100 credits.')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Dub the voice' }));
    expect(await screen.findByText('2 min to process: 20 credits. Your balance: 100 credits.')).toBeTruthy();
    expect(bodiesOf(calls, '/speech-to-text/credit-calculations').at(-1)).toEqual({
      videoId: VIDEO_ID,
      kind: 'dub',
      sourceLang: 'en',
      targetLangs: ['fr', 'de'],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Translate and dub' }));
    expect(await screen.findByText('Translation started. Follow it below or in the task center.')).toBeTruthy();
    expect(bodiesOf(calls, '/speech-to-text/translate')).toEqual([
      { videoId: VIDEO_ID, sourceLang: 'en', targetLangs: ['fr', 'de'], dub: true },
    ]);
    // The new task is listed with this video's tasks, and the header shows one task under way.
    expect(await screen.findByText('English → French, German')).toBeTruthy();
    expect(screen.getByText('Translation and dubbing')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Translating (1)' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Translation tasks (1 in progress)' })).toBeTruthy();
  });

  it('refuses to start without enough credits and offers to buy them', async () => {
    open({ speech: fakeSpeechState({ estimate: { minutes: 2, balance: 1, refusal: 'credits_insufficient' } }) });
    await optionsOf('Translate into', 'global-voice-targets');
    choose('global-voice-targets', 'French');
    expect(await screen.findByText('Not enough credits. Buy credits to continue.')).toBeTruthy();
    expect(screen.getByText('2 min to process: 4 credits. Your balance: 1 credits.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/buy-credits');
    expect((screen.getByRole('button', { name: 'Translate' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("lists this video's tasks only, and removes a dubbed language once the owner confirms", async () => {
    const speech = fakeSpeechState({
      tasks: [
        fakeTask('99999999-9999-4999-8999-999999999901', VIDEO_ID, { targetLangs: ['fr'], progress: 40 }),
        fakeTask('99999999-9999-4999-8999-999999999902', OTHER_VIDEO, { targetLangs: ['de'], videoName: 'other.mp4' }),
        fakeTask('99999999-9999-4999-8999-999999999903', VIDEO_ID, { kind: 'dub', status: 'done', progress: 100 }),
      ],
      dubs: {
        [VIDEO_ID]: [
          { lang: 'fr', label: 'Français', bytes: 1_500_000, createdAt: 1_780_000_000 },
          { lang: 'de', label: 'Deutsch', bytes: 2_000_000, createdAt: 1_780_000_000 },
        ],
      },
    });
    const calls = open({ speech });
    expect(await screen.findByText('English → French')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Progress 40%' })).toBeTruthy();
    expect(screen.queryByText('English → German')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Translating (1)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Translated (1)' })).toBeTruthy();
    // The header's count is the account's; this list asks for the video's.
    expect(
      calls.some((call) => call.path === '/speech-to-text/task/list' && call.query.get('videoId') === VIDEO_ID),
    ).toBe(true);

    expect(await screen.findByText('Dubbed languages')).toBeTruthy();
    expect(screen.getByText(/^Français · 1\.43 MB · \d{4}\/\d{2}\/\d{2}$/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('remove-dub-fr'));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm.textContent).toContain('Remove the French dub? Viewers can no longer hear it.');
    expect(bodiesOf(calls, '/speech-to-text/dub/delete')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('French dub removed')).toBeTruthy();
    expect(bodiesOf(calls, '/speech-to-text/dub/delete')).toEqual([{ videoId: VIDEO_ID, lang: 'fr' }]);
    await waitFor(() => expect(screen.queryByTestId('remove-dub-fr')).toBeNull());
    expect(screen.getByTestId('remove-dub-de')).toBeTruthy();
  });

  it('is closed from the Frozen period on, with the reason and the way to renew', async () => {
    const speech = fakeSpeechState({
      dubs: { [VIDEO_ID]: [{ lang: 'fr', label: 'Français', bytes: 1_500_000, createdAt: 1_780_000_000 }] },
    });
    const calls = open({
      speech,
      routes: { 'GET /account/detail': () => ({ data: fakeAccount({ vipPeriod: 'frozen-period' }) }) },
    });
    expect(await screen.findByText('Your plan has expired. Renew now to create more content.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Renew now' }).getAttribute('href')).toBe('/buy-vip');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Translate' }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect(screen.getByRole('switch', { name: 'Dub the voice' })).toHaveProperty('disabled', true);
    expect(await screen.findByTestId('remove-dub-fr')).toHaveProperty('disabled', true);
    expect(bodiesOf(calls, '/speech-to-text/credit-calculations')).toEqual([]);
  });

  it('speaks Chinese, naming the languages in Chinese', async () => {
    open({ language: 'zh_CN' });
    expect(await screen.findByText('翻译字幕')).toBeTruthy();
    expect(await screen.findByText('翻译：apertium · 每种语言每分钟 2 积分')).toBeTruthy();
    expect(await optionsOf('目标语言', 'global-voice-targets')).toEqual(['法语', '西班牙语 （已添加）', '德语']);
    choose('global-voice-targets', '法语');
    expect(await screen.findByText('按 2 分钟计费：4 积分。您的余额：100 积分。')).toBeTruthy();
    expect(screen.getByText('本视频的任务')).toBeTruthy();
    expect(screen.getByText('配音语言')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '翻译中（0）' })).toBeTruthy();
  });
});

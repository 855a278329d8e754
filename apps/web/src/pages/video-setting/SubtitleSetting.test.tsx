import type { Subtitle, Video } from '@leadreel/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeCall, type FakeRoute, fakeAccount, fakeApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const VIDEO_ID = '44444444-4444-4444-8444-444444444444';
const video = { videoId: VIDEO_ID, name: 'tour.mp4', status: 'ready', playable: true, cover: null } as Video;
const english: Subtitle = {
  subtitleId: '55555555-5555-4555-8555-555555555501',
  videoId: VIDEO_ID,
  lang: 'en',
  label: 'Captions',
  isDefault: true,
  cues: [
    { start: 1, end: 3.5, text: 'Hello' },
    { start: 4, end: 6, text: 'Welcome to the tour' },
  ],
  url: `/media/${VIDEO_ID}/subtitles/en.vtt`,
};
const french: Subtitle = {
  subtitleId: '55555555-5555-4555-8555-555555555502',
  videoId: VIDEO_ID,
  lang: 'fr',
  label: 'Français',
  isDefault: false,
  cues: [{ start: 1, end: 3.5, text: 'Bonjour' }],
  url: `/media/${VIDEO_ID}/subtitles/fr.vtt`,
};
const SRT = '1\n00:00:01,000 --> 00:00:03,500\n你好\n\n2\n00:00:04,000 --> 00:00:06,000\n欢迎参观\n';

function open(
  routes: Record<string, FakeRoute> = {},
  { language = 'en' as 'en' | 'zh_CN', tracks = [english, french] } = {},
) {
  const calls: FakeCall[] = fakeApi({
    'GET /vod/video/detail': () => ({ data: video }),
    'GET /vod/video/subtitle/list': () => ({ data: tracks }),
    ...routes,
  });
  renderApp(`/video-setting/${VIDEO_ID}/subtitle`, { token: 'tok', language });
  return calls;
}

const bodyOf = (calls: FakeCall[], path: string) => calls.find((call) => call.path === path)?.body;
// The row of the track named `text` (the header's language menu also lists 简体中文).
const rowOf = (text: string) =>
  screen
    .getAllByText(text)
    .find((element) => element.closest('tr'))
    ?.closest('tr') as HTMLElement;

describe('the subtitle setting', () => {
  it('lists the tracks with their language and lines, and chooses the default track or none', async () => {
    const calls = open({
      'POST /vod/video/subtitle/default': (body) => {
        const { subtitleId } = body as { subtitleId: string | null };
        return {
          data: [english, french].map((track) => ({ ...track, isDefault: track.subtitleId === subtitleId })),
        };
      },
    });
    await screen.findByText('Français');
    const first = rowOf('Captions');
    expect(within(first).getByText('Default')).toBeTruthy();
    expect(within(first).getByText('2')).toBeTruthy();
    const second = rowOf('Français');
    expect(within(second).getByText('French')).toBeTruthy();
    expect(within(second).getByText('1')).toBeTruthy();
    expect(within(second).queryByText('Default')).toBeNull();
    // The default track has no "make default" action of its own.
    expect(screen.queryByRole('button', { name: 'Make Captions the default' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Make Français the default' }));
    expect(await screen.findByText('Default subtitles saved')).toBeTruthy();
    expect(bodyOf(calls, '/vod/video/subtitle/default')).toEqual({ videoId: VIDEO_ID, subtitleId: french.subtitleId });
    await waitFor(() => expect(within(rowOf('Français')).getByText('Default')).toBeTruthy());
    expect(within(rowOf('Captions')).queryByText('Default')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'No default track' }));
    expect(await screen.findByText('Subtitles now start off')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/vod/video/subtitle/default').at(-1)?.body).toEqual({
      videoId: VIDEO_ID,
      subtitleId: null,
    });
    await waitFor(() => expect(screen.getByText('No default track').closest('button')?.disabled).toBe(true));
  });

  it('uploads an SRT file in a language the video has no subtitles in yet, named after the language', async () => {
    const tracks = [english];
    const calls = open(
      {
        'POST /vod/video/subtitle/upload': (body) => {
          const { lang, label } = body as { lang: string; label: string };
          const added: Subtitle = {
            ...french,
            subtitleId: '55555555-5555-4555-8555-555555555503',
            lang,
            label,
            cues: [
              { start: 1, end: 3.5, text: '你好' },
              { start: 4, end: 6, text: '欢迎参观' },
            ],
          };
          tracks.push(added);
          return { data: added };
        },
      },
      { tracks },
    );
    const label = (await screen.findByLabelText('Name')) as HTMLInputElement;
    // English is taken, so the form starts on the next language of the list.
    await waitFor(() => expect(label.value).toBe('Chinese (China)'));
    const file = new File([SRT], 'captions.srt', { type: 'application/x-subrip' });
    fireEvent.change(screen.getByLabelText('Subtitle file'), { target: { files: [file] } });
    expect(await screen.findByText('Lines read: 2')).toBeTruthy();
    expect(screen.getByText('captions.srt')).toBeTruthy();
    fireEvent.change(label, { target: { value: '简体中文' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Subtitles “简体中文” added')).toBeTruthy();
    expect(bodyOf(calls, '/vod/video/subtitle/upload')).toEqual({
      videoId: VIDEO_ID,
      lang: 'zh-CN',
      label: '简体中文',
      fileName: 'captions.srt',
      content: SRT,
    });
    // The list is asked for again and shows the new track; the form moves on to the next free language.
    await waitFor(() => expect(rowOf('简体中文')).toBeTruthy());
    expect(within(rowOf('简体中文')).getByText('Chinese (China)')).toBeTruthy();
    // The form is reset, so its fields are new elements.
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Chinese (Taiwan)'));
    expect(calls.filter((call) => call.path === '/vod/video/subtitle/list')).toHaveLength(2);
  });

  it('refuses too large or unreadable files in the browser, before sending them', async () => {
    const calls = open();
    const input = await screen.findByLabelText('Subtitle file');
    const big = new File(['1'], 'huge.srt');
    Object.defineProperty(big, 'size', { value: 2 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('The subtitle file cannot exceed 2 MB')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Subtitle file'), {
      target: { files: [new File(['hello\nthere\n'], 'notes.vtt')] },
    });
    expect(await screen.findByText('The file is not SRT or WebVTT: no timing at line 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Choose a subtitle file')).toBeTruthy();
    expect(calls.some((call) => call.path === '/vod/video/subtitle/upload')).toBe(false);
  });

  it("shows the server's refusal of a language under the language", async () => {
    open(
      {
        'POST /vod/video/subtitle/upload': () => ({
          status: 409,
          error: 'subtitle_lang_taken',
          message: 'This video already has subtitles in that language',
          field: 'lang',
        }),
      },
      { tracks: [] },
    );
    const input = await screen.findByLabelText('Subtitle file');
    fireEvent.change(input, { target: { files: [new File([SRT], 'captions.srt')] } });
    await screen.findByText('Lines read: 2');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('This video already has subtitles in that language')).toBeTruthy();
  });

  it('edits the lines of a track and saves them all', async () => {
    const calls = open({
      'POST /vod/video/subtitle/save': (body) => ({ data: { ...english, ...(body as object) } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Captions' }));
    expect(await screen.findByText('Lines of Captions')).toBeTruthy();
    expect((screen.getByLabelText('Start of line 1') as HTMLInputElement).value).toBe('0:01.000');
    fireEvent.change(screen.getByLabelText('End of line 1'), { target: { value: '0:03,75' } });
    fireEvent.change(screen.getByLabelText('Text of line 2'), { target: { value: 'Welcome aboard ' } });
    fireEvent.click(screen.getByRole('button', { name: /Add line/ }));
    // A new line starts where the last one ends.
    expect((screen.getByLabelText('Start of line 3') as HTMLInputElement).value).toBe('0:06.000');
    expect((screen.getByLabelText('End of line 3') as HTMLInputElement).value).toBe('0:08.000');

    // An empty line is caught before anything is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A line of subtitles cannot be empty')).toBeTruthy();
    expect(screen.getByLabelText('Text of line 3').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.path === '/vod/video/subtitle/save')).toBe(false);

    fireEvent.change(screen.getByLabelText('Text of line 3'), { target: { value: 'Enjoy' } });
    expect(screen.queryByText('A line of subtitles cannot be empty')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Subtitles saved')).toBeTruthy();
    expect(bodyOf(calls, '/vod/video/subtitle/save')).toEqual({
      subtitleId: english.subtitleId,
      label: 'Captions',
      cues: [
        { start: 1, end: 3.75, text: 'Hello' },
        { start: 4, end: 6, text: 'Welcome aboard' },
        { start: 6, end: 8, text: 'Enjoy' },
      ],
    });
    // The list shows the saved count.
    expect(within(rowOf('Captions')).getByText('3')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete line 3' }));
    expect(screen.queryByLabelText('Text of line 3')).toBeNull();
  });

  it('marks the line the server refused and says why; a time that is not one stays as typed', async () => {
    open({
      'POST /vod/video/subtitle/save': () => ({
        status: 400,
        error: 'subtitle_cue_times',
        message: 'A line must end after it starts',
        field: 'cues.1.end',
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Captions' }));
    const end = (await screen.findByLabelText('End of line 1')) as HTMLInputElement;
    fireEvent.change(end, { target: { value: 'soon' } });
    fireEvent.blur(end);
    expect(end.value).toBe('soon');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a time such as 1:05.250')).toBeTruthy();
    fireEvent.change(end, { target: { value: '3.5' } });
    fireEvent.blur(end);
    expect(end.value).toBe('0:03.500');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Line 2: A line must end after it starts')).toBeTruthy();
    expect(screen.getByText('A line must end after it starts')).toBeTruthy();
    expect(screen.getByLabelText('End of line 2').getAttribute('aria-invalid')).toBe('true');
  });

  it('deletes a track after asking', async () => {
    const calls = open({ 'POST /vod/video/subtitle/delete': () => ({ data: null }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Français' }));
    expect(await screen.findByText('Delete the subtitles “Français”?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Subtitles deleted')).toBeTruthy();
    expect(bodyOf(calls, '/vod/video/subtitle/delete')).toEqual({ subtitleId: french.subtitleId });
    await waitFor(() => expect(screen.queryByText('Français')).toBeNull());
  });

  it('speaks Chinese, names languages in Chinese, and locks the forms when the plan has lapsed', async () => {
    open(
      { 'GET /account/detail': () => ({ data: fakeAccount({ vipPeriod: 'frozen-period' }) }) },
      { language: 'zh_CN' },
    );
    expect(await screen.findByText('字幕轨道')).toBeTruthy();
    expect(within(rowOf('Français')).getByText('法语')).toBeTruthy();
    expect(screen.getByText('添加字幕')).toBeTruthy();
    expect(screen.getByText('字幕文件')).toBeTruthy();
    expect(screen.getByText('选择 SRT 或 VTT 文件').closest('button')?.disabled).toBe(true);
    expect(await screen.findByText('不设默认字幕')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: /上\s*传/ })).toHaveProperty('disabled', true));
    expect(screen.getByRole('button', { name: '删除Français' })).toHaveProperty('disabled', true);
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeCall, fakeAccount, fakeApi, PAID_PRIVILEGES } from '../../test/fakeApi.ts';
import {
  type FakeBlog,
  fakeBlogRoutes,
  fakeBlogState,
  fakeExport,
  fakeProject,
  fakeScene,
} from '../../test/fakeBlog.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PROJECT = '66666666-6666-4666-8666-000000000001';
const VIDEO = '77777777-7777-4777-8777-000000000001';
const S = (n: number) => `55555555-5555-4555-8555-${String(n).padStart(12, '0')}`;
const TEXTS = ['We launched today. It went well.', 'Customers loved it.', 'Try it now.'];

const project = (scenes = TEXTS.map((text, at) => fakeScene(S(at + 1), text))) =>
  fakeProject(PROJECT, 'Our launch', scenes, { revision: 3 });

function open(blog: FakeBlog, { path = 'script', language = 'en' as 'en' | 'zh_CN' } = {}) {
  const calls: FakeCall[] = fakeApi({
    ...fakeBlogRoutes(blog),
    'GET /account/detail': () => ({ data: fakeAccount({ privileges: PAID_PRIVILEGES }) }),
    'GET /vod/video/folder/list': () => ({
      data: [{ folderId: 'f1', name: 'Default', isDefault: true, videoCount: 0, createdAt: 1_780_000_000 }],
    }),
    'GET /vod/video/seo-page': () => ({ data: null }),
  });
  const view = renderApp(`/blog-to-video/${PROJECT}/${path}`, { token: 'tok', language });
  return { calls, ...view };
}

const saves = (calls: FakeCall[]) =>
  calls
    .filter((call) => call.path === '/blog-to-video/scenes')
    .map((call) => call.body as { revision: number; scenes: unknown[] });
const lastSave = async (calls: FakeCall[], count: number) => {
  await waitFor(() => expect(saves(calls)).toHaveLength(count));
  return saves(calls).at(-1);
};
const kept = (n: number, text = TEXTS[n - 1]) => ({ sceneId: S(n), text, media: null, voiceMaterialId: null });
const textOf = (n: number) => screen.getByLabelText(`Text of scene ${n}`) as HTMLTextAreaElement;

describe('the script', () => {
  it('lists the scenes with their length and the total, and saves an edited text with the revision it was made from', async () => {
    const { calls } = open(fakeBlogState({ projects: [project()] }));
    expect(await screen.findByDisplayValue(TEXTS[0] as string)).toBeTruthy();
    expect(screen.getByTestId('script-totals').textContent).toBe('3 of 40 scenes · 00:06');
    expect(screen.getAllByText('About 2 seconds')).toHaveLength(3);

    fireEvent.change(textOf(2), { target: { value: 'Customers loved it, and told their friends.' } });
    fireEvent.blur(textOf(2));
    expect(await lastSave(calls, 1)).toEqual({
      projectId: PROJECT,
      revision: 3,
      scenes: [kept(1), kept(2, 'Customers loved it, and told their friends.'), kept(3)],
    });
    // The next save goes from the revision the first one answered.
    fireEvent.change(textOf(3), { target: { value: 'Try it today.' } });
    fireEvent.blur(textOf(3));
    expect((await lastSave(calls, 2))?.revision).toBe(4);
  });

  it("shows the server's refusal of a text past 500 characters", async () => {
    open(fakeBlogState({ projects: [project()] }));
    await screen.findByDisplayValue(TEXTS[0] as string);
    fireEvent.change(textOf(1), { target: { value: 'x'.repeat(10_000) } });
    fireEvent.blur(textOf(1));
    expect(await screen.findByText('A scene cannot exceed 500 characters')).toBeTruthy();
  });

  it('splits a scene at the cursor, merges one with the next, deletes one after asking and adds one', async () => {
    const { calls } = open(fakeBlogState({ projects: [project()] }));
    await screen.findByDisplayValue(TEXTS[0] as string);
    const split = () => screen.getByRole('button', { name: 'Split scene 1 at the cursor' }) as HTMLButtonElement;
    // No cursor inside the text yet: nothing to split.
    expect(split().disabled).toBe(true);
    textOf(1).setSelectionRange(18, 18);
    fireEvent.select(textOf(1));
    fireEvent.click(split());
    const afterSplit = await lastSave(calls, 1);
    expect(afterSplit?.scenes).toEqual([
      kept(1, 'We launched today.'),
      { text: 'It went well.', media: null, voiceMaterialId: null },
      kept(2),
      kept(3),
    ]);
    expect(await screen.findByDisplayValue('It went well.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Merge scene 3 with the next' }));
    expect((await lastSave(calls, 2))?.scenes).toEqual([
      kept(1, 'We launched today.'),
      expect.objectContaining({ text: 'It went well.' }),
      kept(2, 'Customers loved it. Try it now.'),
    ]);
    await screen.findByDisplayValue('Customers loved it. Try it now.');

    fireEvent.click(screen.getByRole('button', { name: 'Delete scene 2' }));
    fireEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Delete' }));
    expect((await lastSave(calls, 3))?.scenes).toEqual([
      kept(1, 'We launched today.'),
      kept(2, 'Customers loved it. Try it now.'),
    ]);
    await waitFor(() => expect(screen.queryByDisplayValue('It went well.')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Add a scene after scene 1' }));
    expect((await lastSave(calls, 4))?.scenes).toEqual([
      kept(1, 'We launched today.'),
      { text: '', media: null, voiceMaterialId: null },
      kept(2, 'Customers loved it. Try it now.'),
    ]);
  });

  it('keeps the last scene, and stops adding at 40 scenes', async () => {
    const forty = Array.from({ length: 40 }, (_, at) => fakeScene(S(at + 1), `Scene text ${at + 1}.`));
    const blog = fakeBlogState({ projects: [project(forty)] });
    open(blog);
    await screen.findByDisplayValue('Scene text 40.');
    expect(screen.getByText('A project has at most 40 scenes. Merge or delete scenes to add others.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add a scene after scene 1' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('keeps a single scene from being deleted', async () => {
    open(fakeBlogState({ projects: [project([fakeScene(S(1), 'Only one.')])] }));
    await screen.findByDisplayValue('Only one.');
    expect((screen.getByRole('button', { name: 'Delete scene 1' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Merge scene 1 with the next' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('moves a scene with its arrow, saving the new order', async () => {
    const { calls } = open(fakeBlogState({ projects: [project()] }));
    await screen.findByDisplayValue(TEXTS[0] as string);
    fireEvent.click(screen.getByRole('button', { name: 'Move scene 1 down' }));
    expect((await lastSave(calls, 1))?.scenes).toEqual([kept(2), kept(1), kept(3)]);
    await waitFor(() => expect(textOf(1).value).toBe('Customers loved it.'));

    // Dragged: the last scene dropped on the first one's place.
    const row = (n: number) => document.querySelector(`li[data-key="${S(n)}"]`) as HTMLElement;
    fireEvent.dragStart(row(3));
    fireEvent.dragOver(row(2));
    fireEvent.drop(row(2));
    expect((await lastSave(calls, 2))?.scenes).toEqual([kept(3), kept(2), kept(1)]);
  });

  it("answers another account's or a deleted project with the way back", async () => {
    open(fakeBlogState({ projects: [] }));
    expect(await screen.findByText('This project does not exist')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My projects' }).getAttribute('href')).toBe(
      '/videos/blog-to-video',
    );
  });

  it('says the project was changed elsewhere and reloads it, instead of overwriting', async () => {
    const blog = fakeBlogState({ projects: [project()] });
    const { calls } = open(blog);
    await screen.findByDisplayValue(TEXTS[0] as string);
    // Another tab saved in between.
    const stored = blog.projects[0];
    if (stored) {
      stored.revision = 9;
      stored.scenes[2] = fakeScene(S(3), 'Changed in another tab.');
    }
    fireEvent.change(textOf(1), { target: { value: 'We launched.' } });
    fireEvent.blur(textOf(1));
    expect(
      await screen.findByText('This project was changed elsewhere; reload it to see the latest version'),
    ).toBeTruthy();
    expect(blog.projects[0]?.scenes[0]?.text).toBe(TEXTS[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByDisplayValue('Changed in another tab.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByText('This project was changed elsewhere; reload it to see the latest version')).toBeNull(),
    );
    fireEvent.change(textOf(2), { target: { value: 'They loved it.' } });
    fireEvent.blur(textOf(2));
    expect((await lastSave(calls, 2))?.revision).toBe(9);
  });

  it('summarises the script after asking', async () => {
    const { calls } = open(fakeBlogState({ projects: [project()] }));
    await screen.findByDisplayValue(TEXTS[0] as string);
    fireEvent.click(screen.getByRole('button', { name: /Summarise/ }));
    fireEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Summarise' }));
    expect(await screen.findByDisplayValue('Customers loved it. (short)')).toBeTruthy();
    expect(calls.find((call) => call.path === '/blog-to-video/summarise')?.body).toEqual({
      projectId: PROJECT,
      revision: 3,
    });
    expect(screen.getByTestId('script-totals').textContent).toContain('2 of 40 scenes');
  });

  it('saves the top bar settings, and previews the project scene by scene without crashing', async () => {
    const { calls } = open(fakeBlogState({ projects: [project()] }));
    await screen.findByDisplayValue(TEXTS[0] as string);
    fireEvent.click(screen.getByText('9:16'));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/blog-to-video/subtitles')?.body).toEqual({
        projectId: PROJECT,
        revision: 3,
        aspect: '9:16',
      }),
    );
    fireEvent.click(screen.getByRole('switch', { name: 'Subtitles' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/blog-to-video/subtitles').at(-1)?.body).toEqual({
        projectId: PROJECT,
        revision: 4,
        subtitles: false,
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Subtitles' }).getAttribute('aria-checked')).toBe('false'),
    );
    fireEvent.click(screen.getByRole('switch', { name: 'Subtitles' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/blog-to-video/subtitles').at(-1)?.body).toMatchObject({
        revision: 5,
        subtitles: true,
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Subtitles' }).getAttribute('aria-checked')).toBe('true'),
    );

    fireEvent.click(screen.getByRole('button', { name: /Preview/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Scene 1 of 3')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByText(TEXTS[0] as string)).toBeTruthy());
    expect(dialog.querySelector('audio[src="/media/bgm/calm.mp3"]')).toBeTruthy();
    expect(dialog.querySelector(`audio[src="/media/voice/${S(1)}.mp3"]`)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next scene' }));
    expect(within(dialog).getByText('Scene 2 of 3')).toBeTruthy();
    expect(within(dialog).getByText('Customers loved it.')).toBeTruthy();
    // A voice that ends starts the next scene.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Play' }));
    act(() => {
      dialog.querySelector(`audio[src="/media/voice/${S(2)}.mp3"]`)?.dispatchEvent(new Event('ended'));
    });
    expect(await within(dialog).findByText('Scene 3 of 3')).toBeTruthy();
  });

  it('previews a recording of the whole script as one track, each scene its share of it', async () => {
    const recording = '99999999-9999-4999-8999-000000000001';
    const withRecording = project();
    withRecording.settings.voice = { ...withRecording.settings.voice, recordingMaterialId: recording };
    open(fakeBlogState({ projects: [withRecording] }));
    await screen.findByDisplayValue(TEXTS[0] as string);
    fireEvent.click(screen.getByRole('button', { name: /Preview/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Scene 1 of 3')).toBeTruthy();
    const track = within(dialog).getByTestId('blog-preview-track') as HTMLAudioElement;
    expect(track.getAttribute('src')).toBe(`/media/material/${recording}/source`);
    // No scene has a voice of its own: the recording speaks them all.
    expect(dialog.querySelectorAll('audio')).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next scene' }));
    expect(within(dialog).getByText('Scene 2 of 3')).toBeTruthy();
    // The recording goes to where the second scene's share of it starts.
    expect(track.currentTime).toBe(withRecording.scenes[0]?.duration);
  });

  it('speaks Chinese', async () => {
    open(fakeBlogState({ projects: [project()] }), { language: 'zh_CN' });
    await screen.findByDisplayValue(TEXTS[0] as string);
    expect(screen.getByRole('menuitem', { name: '脚本' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '在光标处拆分场景 1' })).toBeTruthy();
    expect(screen.getByTestId('script-totals').textContent).toBe('3 / 40 个场景 · 00:06');
    expect(screen.getByRole('switch', { name: '字幕' })).toBeTruthy();
  });
});

describe('export', () => {
  it('shows the cost, starts, follows the progress to the new video, and lists the versions', async () => {
    const blog = fakeBlogState({
      projects: [project()],
      exports: {
        [PROJECT]: [fakeExport('88888888-0000-4000-8000-000000000999', 1, { videoId: VIDEO, videoName: 'Our launch' })],
      },
      steps: [30, 70],
      videoId: VIDEO,
    });
    const { calls } = open(blog);
    await screen.findByDisplayValue(TEXTS[0] as string);
    fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    const drawer = await screen.findByRole('dialog');
    expect((await within(drawer).findByTestId('blog-estimate')).textContent).toBe(
      '1 min of video: 2 credits. Your balance: 50 credits.',
    );
    const history = await within(drawer).findByRole('table');
    expect(within(history).getByText('v1')).toBeTruthy();
    expect(within(history).getByRole('link', { name: 'Our launch' }).getAttribute('href')).toBe(
      `/video-setting/${VIDEO}/basic-setting`,
    );

    fireEvent.click(within(drawer).getByRole('button', { name: 'Export video' }));
    expect(await within(drawer).findByRole('progressbar', { name: /^Progress (0|30|70)%$/ })).toBeTruthy();
    expect(await within(drawer).findByText('Version 2 is ready', {}, { timeout: 30_000 })).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'Open the video' }).getAttribute('href')).toBe(
      `/video-setting/${VIDEO}/basic-setting`,
    );
    await waitFor(() => expect(within(drawer).getByText('v2')).toBeTruthy());
    expect(calls.filter((call) => call.path === '/blog-to-video/export')).toHaveLength(1);
  });

  it('cancels an export after asking, and says the credits were given back', async () => {
    const blog = fakeBlogState({
      projects: [project()],
      exports: {
        [PROJECT]: [
          fakeExport('88888888-0000-4000-8000-000000000001', 1, { status: 'running', progress: 20, credits: 3 }),
        ],
      },
      steps: [20, 21, 22, 23, 24, 25, 26, 27, 28, 29],
    });
    open(blog);
    await screen.findByDisplayValue(TEXTS[0] as string);
    fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Rendering version 1')).toBeTruthy();
    expect((within(drawer).getByRole('button', { name: 'Export video' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Cancel export' }));
    fireEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Cancel export' }));
    expect(await screen.findByText('Export canceled. 3 credits given back.')).toBeTruthy();
    expect(blog.exports[PROJECT]?.[0]?.status).toBe('canceled');
    expect(await within(drawer).findByText('Canceled')).toBeTruthy();
  });

  it('offers to buy credits when the balance is short, and starts nothing', async () => {
    const blog = fakeBlogState({
      projects: [project()],
      estimate: { minutes: 3, credits: 6, balance: 1, refusal: 'credits_insufficient' },
    });
    const { calls } = open(blog);
    await screen.findByDisplayValue(TEXTS[0] as string);
    fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByRole('link', { name: 'Buy credits' })).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/buy-credits');
    expect((within(drawer).getByRole('button', { name: 'Export video' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(drawer).getByText('Not exported yet')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/blog-to-video/export')).toEqual([]);
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetMaterialUploads } from '../../../features/materials/uploads.ts';
import { fakeApi } from '../../../test/fakeApi.ts';
import { renderEditorTab } from '../../../test/fakeEditor.tsx';
import {
  type FakeMaterials,
  fakeMaterial,
  fakeMaterialRoutes,
  fakeMaterialsState,
  fakeProject,
  fakeStorage,
} from '../../../test/fakeMaterials.ts';
import { BgmOnline } from './BgmOnline.tsx';
import { BgmUpload } from './BgmUpload.tsx';
import { VoiceOver } from './VoiceOver.tsx';

// jsdom plays no sound: a preview's play() is the browser's, stood in for here.
beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
});
afterEach(() => {
  resetMaterialUploads();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const project = fakeProject();
const second = project.scenes[1]?.sceneId as string;

function open(tab: 'voice' | 'bgm-online' | 'bgm-upload', state: FakeMaterials = fakeMaterialsState()) {
  const calls = fakeApi(fakeMaterialRoutes(state));
  fakeStorage(state);
  const element = tab === 'voice' ? <VoiceOver /> : tab === 'bgm-online' ? <BgmOnline /> : <BgmUpload />;
  renderEditorTab(element, { project: state.project });
  const settings = () => calls.filter((call) => call.path === '/blog-to-video/subtitles').map((call) => call.body);
  const scenes = () => calls.filter((call) => call.path === '/blog-to-video/scenes').map((call) => call.body);
  return { calls, settings, scenes };
}

const voice = { enabled: true, lang: 'en', speed: 1, recordingMaterialId: null };
const mp3 = (name: string, type = 'audio/mpeg') =>
  new File(['0123456789'], name, { type, lastModified: 1_780_000_000_000 });

/** Moves a slider one step right with the keyboard, as a user does, and lets it go. */
function stepRight(slider: HTMLElement) {
  fireEvent.keyDown(slider, { key: 'ArrowRight', keyCode: 39 });
  fireEvent.keyUp(slider, { key: 'ArrowRight', keyCode: 39 });
}

describe('the audio tab, voice-over', () => {
  it('saves the voice on and off, its language among those the engine speaks, and its speed', async () => {
    const { settings } = open('voice');
    const toggle = await screen.findByRole('switch', { name: 'Voice-over' });
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(settings()).toEqual([{ projectId: project.projectId, revision: 1, voice: { ...voice, enabled: false } }]),
    );
    fireEvent.click(toggle);
    await waitFor(() => expect(settings()).toHaveLength(2));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Language' }));
    await screen.findByText('Deutsch', { selector: '.ant-select-item-option-content' });
    const options = document.querySelectorAll('.ant-select-item-option-content');
    expect([...options].map((option) => option.textContent)).toEqual(['English', 'Français', 'Deutsch']);
    fireEvent.click(screen.getByText('Français', { selector: '.ant-select-item-option-content' }));
    await waitFor(() =>
      expect(settings()[2]).toEqual({ projectId: project.projectId, revision: 3, voice: { ...voice, lang: 'fr' } }),
    );

    stepRight(screen.getByRole('slider', { name: 'Voice speed' }));
    await waitFor(() =>
      expect(settings()[3]).toEqual({
        projectId: project.projectId,
        revision: 4,
        voice: { ...voice, lang: 'fr', speed: 1.1 },
      }),
    );
    expect(screen.getByText('Speed: 1.1×')).toBeTruthy();
  });

  it("plays a scene's generated voice on Listen", async () => {
    const { calls } = open('voice');
    fireEvent.click(await screen.findByRole('button', { name: 'Listen to scene 2' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/blog-to-video/tts')?.body).toEqual({
        projectId: project.projectId,
        sceneId: second,
      }),
    );
    expect((await screen.findByRole('button', { name: 'Listen to scene 2' })).textContent).toContain('Stop');
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
  });

  it("uses an uploaded MP3 as a scene's voice once it is in, and removes it", async () => {
    const state = fakeMaterialsState();
    const { calls, scenes } = open('voice', state);
    const input = await screen.findByLabelText('Upload a recording for scene 2', { selector: 'input' });
    fireEvent.change(input, { target: { files: [mp3('take2.wav', 'audio/wav')] } });
    expect(await screen.findByText('take2.wav: Unsupported file type: choose a file of type MP3')).toBeTruthy();
    expect(calls.some((call) => call.path === '/material/pre-add')).toBe(false);

    fireEvent.change(input, { target: { files: [mp3('take2.mp3')] } });
    await waitFor(() => expect(scenes()).toHaveLength(1));
    const recording = state.materials[0]?.materialId;
    expect(calls.find((call) => call.path === '/material/pre-add')?.body).toEqual({
      kind: 'tts-scene',
      name: 'take2.mp3',
      size: 10,
      type: 'audio/mpeg',
    });
    expect(state.parts.get(recording ?? '')).toEqual([10]);
    expect(
      (scenes()[0] as { scenes: { voiceMaterialId: string | null }[] }).scenes.map((s) => s.voiceMaterialId),
    ).toEqual([null, recording, null]);

    fireEvent.click(
      await screen.findByRole('button', { name: 'Remove the recording: Upload a recording for scene 2' }),
    );
    await waitFor(() => expect(scenes()).toHaveLength(2));
    expect(
      (scenes()[1] as { scenes: { voiceMaterialId: string | null }[] }).scenes.map((s) => s.voiceMaterialId),
    ).toEqual([null, null, null]);
  });

  it('uses an uploaded recording of the whole script in place of every voice', async () => {
    const state = fakeMaterialsState();
    const { calls, settings } = open('voice', state);
    fireEvent.change(await screen.findByLabelText('Upload a recording of the whole script', { selector: 'input' }), {
      target: { files: [mp3('script.mp3')] },
    });
    await waitFor(() => expect(settings()).toHaveLength(1));
    const recording = state.materials[0]?.materialId;
    expect(calls.find((call) => call.path === '/material/pre-add')?.body).toMatchObject({ kind: 'tts-subtitle' });
    expect(settings()[0]).toEqual({
      projectId: project.projectId,
      revision: 1,
      voice: { ...voice, recordingMaterialId: recording },
    });
    expect(await screen.findAllByText('Your recording')).toHaveLength(1);
  });
});

describe('the audio tab, background music', () => {
  it("previews LeadReel's tracks, uses one, sets its volume and turns music off", async () => {
    const { settings } = open('bgm-online');
    expect(await screen.findByText('No music', { selector: '[data-testid=bgm-current]' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Play Calm piano' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pause Calm piano' }));
    expect(await screen.findByRole('button', { name: 'Play Calm piano' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Use Calm piano' }));
    await waitFor(() =>
      expect(settings()).toEqual([
        { projectId: project.projectId, revision: 1, bgm: { trackId: 'calm-piano', materialId: null, volume: 30 } },
      ]),
    );
    expect(await screen.findByText('Music: Calm piano')).toBeTruthy();

    stepRight(screen.getByRole('slider', { name: 'Music volume' }));
    await waitFor(() =>
      expect((settings()[1] as { bgm: unknown }).bgm).toEqual({ trackId: 'calm-piano', materialId: null, volume: 31 }),
    );
    expect(screen.getByText('Volume 31')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'No music' }));
    await waitFor(() =>
      expect((settings()[2] as { bgm: unknown }).bgm).toEqual({ trackId: null, materialId: null, volume: 31 }),
    );
    expect(await screen.findByText('No music', { selector: '[data-testid=bgm-current]' })).toBeTruthy();
  });

  it("uses one of the account's own sounds as the music", async () => {
    const jingle = '00000000-0000-4000-b000-00000000cccc';
    const { settings } = open(
      'bgm-upload',
      fakeMaterialsState({ materials: [fakeMaterial(jingle, 'material-audio', 'jingle.mp3')] }),
    );
    const card = (await screen.findByText('jingle.mp3', { selector: '.material-card *' })).closest(
      '.material-card',
    ) as HTMLElement;
    expect(within(card).getByText('00:12')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Play jingle.mp3' }));
    expect(await within(card).findByRole('button', { name: 'Pause jingle.mp3' })).toBeTruthy();
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
    fireEvent.click(within(card).getByRole('button', { name: 'Use jingle.mp3' }));
    await waitFor(() =>
      expect(settings()).toEqual([
        { projectId: project.projectId, revision: 1, bgm: { trackId: null, materialId: jingle, volume: 30 } },
      ]),
    );
    expect(await screen.findByText('Music: jingle.mp3')).toBeTruthy();
  });
});

import type { OnlineItem } from '@leadreel/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
import { MediaOnline } from './MediaOnline.tsx';
import { MediaUploads } from './MediaUploads.tsx';

afterEach(() => {
  resetMaterialUploads();
  vi.unstubAllGlobals();
});

const project = fakeProject();
const [, second, third] = project.scenes.map((scene) => scene.sceneId) as [string, string, string];
const BOOTH = '00000000-0000-4000-b000-00000000aaaa';
/** A photo of the online library. */
const ANA: OnlineItem = {
  id: '101',
  kind: 'image',
  preview: 'https://images.pexels.test/101.jpg',
  width: 1920,
  height: 1080,
  duration: null,
  author: 'Ana Silva',
  pageUrl: 'https://pexels.test/photo/101',
};

function open(tab: 'uploads' | 'online', state: FakeMaterials, sceneId: string | null = second) {
  const calls = fakeApi(fakeMaterialRoutes(state));
  fakeStorage(state);
  renderEditorTab(tab === 'uploads' ? <MediaUploads /> : <MediaOnline />, { project: state.project, sceneId });
  const saves = () => calls.filter((call) => call.path === '/blog-to-video/scenes').map((call) => call.body);
  return { calls, saves };
}

/** The scenes save's body with scene `sceneId` given `media`, the others as they were. */
const scenesWith = (sceneId: string, media: unknown, revision = 1) => ({
  projectId: project.projectId,
  revision,
  scenes: project.scenes.map((scene) => ({
    sceneId: scene.sceneId,
    text: scene.text,
    media: scene.sceneId === sceneId ? media : null,
    voiceMaterialId: null,
  })),
});

describe('the media tab, Uploads', () => {
  it("sets the selected scene's picture to one of the article's images", async () => {
    const { saves } = open('uploads', fakeMaterialsState());
    fireEvent.click(await screen.findByRole('button', { name: 'Use Article image 2' }));
    await waitFor(() => expect(saves()).toEqual([scenesWith(second, { source: 'article', index: 1 })]));
    expect(((await screen.findByRole('img', { name: 'Picture of this scene' })) as HTMLImageElement).src).toBe(
      'https://blog.example.test/demo.jpg',
    );
    expect(screen.getByRole('button', { name: 'Use Article image 2' }).textContent).toBe('In use');
  });

  it('sets it to a library picture, and Remove picture leaves a plain background', async () => {
    const { saves } = open('uploads', fakeMaterialsState({ materials: [fakeMaterial(BOOTH, 'image', 'booth.png')] }));
    expect(await screen.findByText('No picture: the scene shows its text on a plain background.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Use booth.png' }));
    await waitFor(() => expect(saves()).toEqual([scenesWith(second, { source: 'material', materialId: BOOTH })]));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove picture' }));
    await waitFor(() => expect(saves()[1]).toEqual(scenesWith(second, null, 2)));
    expect(await screen.findByText('No picture: the scene shows its text on a plain background.')).toBeTruthy();
  });

  it('acts on the scene chosen in its picker, and asks for one when none is selected', async () => {
    const { saves } = open('uploads', fakeMaterialsState(), null);
    expect(await screen.findByText('Pick a scene, here or on the Script tab, to choose its picture.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Use Article image 1' })).toBeNull();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Scene' }));
    fireEvent.click(
      await screen.findByText('Scene 3: Follow up within a day.', { selector: '.ant-select-item-option-content' }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Use Article image 1' }));
    await waitFor(() => expect(saves()).toEqual([scenesWith(third, { source: 'article', index: 0 })]));
  });
});

describe('the media tab, Online', () => {
  it('offers the library and the article images when no online library is configured', async () => {
    const { saves } = open(
      'online',
      fakeMaterialsState({ provider: null, materials: [fakeMaterial(BOOTH, 'image', 'booth.png')] }),
    );
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search free photos and clips' }), {
      target: { value: 'trade show' },
    });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    expect(
      await screen.findByText(
        "No online library is configured on this LeadReel. Use your own library or the article's images instead.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use Article image 1' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Use booth.png' }));
    await waitFor(() => expect(saves()).toEqual([scenesWith(second, { source: 'material', materialId: BOOTH })]));
  });

  it('searches pictures or clips, credits them, and a pick is fetched into the library then set once ready', async () => {
    const state = fakeMaterialsState({
      online: [
        ANA,
        {
          id: '202',
          kind: 'video',
          preview: 'https://images.pexels.test/202.jpg',
          width: 1920,
          height: 1080,
          duration: 8,
          author: 'Ben Ode',
          pageUrl: 'https://pexels.test/video/202',
        },
      ],
    });
    const { calls, saves } = open('online', state);
    expect(await screen.findByText('Search for pictures or clips to use in this scene.')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search free photos and clips' }), {
      target: { value: '  booth  ' },
    });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    expect(await screen.findByText(/By Ana Silva on Pexels/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Source' }).getAttribute('href')).toBe('https://pexels.test/photo/101');
    const searched = calls.find((call) => call.path === '/material/search-online')?.query;
    expect([searched?.get('query'), searched?.get('kind')]).toEqual(['booth', 'image']);

    fireEvent.click(screen.getByText('Clips'));
    expect(await screen.findByText(/By Ben Ode on Pexels/)).toBeTruthy();
    expect(screen.getByText('Clip 00:08')).toBeTruthy();
    fireEvent.click(screen.getByText('Images'));
    fireEvent.click(await screen.findByRole('button', { name: 'Use Picture by Ana Silva' }));

    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(calls.find((call) => call.path === '/material/add-online')?.body).toEqual({ id: '101', kind: 'image' });
    const added = state.materials[0]?.materialId;
    expect(calls.some((call) => call.path === '/material/detail' && call.query.get('materialId') === added)).toBe(true);
    expect(saves()).toEqual([scenesWith(second, { source: 'material', materialId: added })]);
  });

  it('sends no search for blank words, and tells the refusal of words the server will not take', async () => {
    const state = fakeMaterialsState();
    const { calls } = open('online', state);
    const box = await screen.findByRole('searchbox', { name: 'Search free photos and clips' });
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    expect(screen.getByText('Search for pictures or clips to use in this scene.')).toBeTruthy();
    expect(calls.some((call) => call.path === '/material/search-online')).toBe(false);

    fakeApi({
      ...fakeMaterialRoutes(state),
      'GET /material/search-online': () => ({ status: 400, error: 'illegal_input', field: 'query' }),
    });
    for (const words of ['a\u0000b', '\ud800', 'x'.repeat(10_000)]) {
      fireEvent.change(box, { target: { value: words } });
      fireEvent.click(screen.getByRole('button', { name: /Search/ }));
      expect(await screen.findByText('Illegal input')).toBeTruthy();
    }
  });

  it('tells a failed fetch of the pick and changes nothing', async () => {
    const state = fakeMaterialsState({
      online: [ANA],
    });
    const { saves } = open('online', state);
    fakeApi({
      ...fakeMaterialRoutes(state),
      'POST /material/add-online': () => ({ status: 502, error: 'material_online_failed' }),
    });
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search free photos and clips' }), {
      target: { value: 'booth' },
    });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Use Picture by Ana Silva' }));
    expect(await screen.findByText('The online media library did not answer; try again later')).toBeTruthy();
    expect(saves()).toEqual([]);
    expect(within(document.body).getByRole('button', { name: 'Use Picture by Ana Silva' })).toBeTruthy();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { fakeEditorProject, renderEditorTab } from '../../test/fakeEditor.tsx';
import {
  type FakeMaterials,
  fakeMaterial,
  fakeMaterialRoutes,
  fakeMaterialsState,
  fakeStorage,
} from '../../test/fakeMaterials.ts';
import { MaterialLibrary } from './MaterialLibrary.tsx';
import { resetMaterialUploads } from './uploads.ts';

afterEach(() => {
  resetMaterialUploads();
  vi.unstubAllGlobals();
});

function file(name: string, type: string, size?: number) {
  const made = new File(['0123456789'], name, { type, lastModified: 1_780_000_000_000 });
  if (size !== undefined) Object.defineProperty(made, 'size', { value: size });
  return made;
}

function open(state: FakeMaterials, language: 'en' | 'zh_CN' = 'en') {
  const calls = fakeApi(fakeMaterialRoutes(state));
  fakeStorage(state);
  renderEditorTab(<MaterialLibrary kinds={['image', 'material-video']} />, { project: fakeEditorProject(), language });
  const choose = (files: File[]) =>
    fireEvent.change(screen.getByLabelText(language === 'en' ? 'Upload' : '上传', { selector: 'input' }), {
      target: { files },
    });
  return { calls, choose };
}

const card = (name: string) =>
  screen.getByText(name, { selector: '.material-card *' }).closest('.material-card') as HTMLElement;

describe('the materials library', () => {
  it('uploads a picture and a clip straight to storage, each with the credential of its kind, and lists them ready', async () => {
    const state = fakeMaterialsState();
    const { calls, choose } = open(state);
    expect(await screen.findByText('Nothing in your library yet. Upload a file or drop it here.')).toBeTruthy();
    choose([file('booth.png', 'image/png'), file('tour.mp4', 'video/mp4')]);

    await waitFor(() => expect(card('booth.png').getAttribute('data-status')).toBe('ready'));
    await waitFor(() => expect(card('tour.mp4').getAttribute('data-status')).toBe('ready'));
    const preAdds = calls.filter((call) => call.path === '/material/pre-add').map((call) => call.body);
    expect(preAdds).toEqual([
      { kind: 'image', name: 'booth.png', size: 10, type: 'image/png' },
      { kind: 'material-video', name: 'tour.mp4', size: 10, type: 'video/mp4' },
    ]);
    const [picture, clip] = state.materials.slice().reverse();
    // Every byte went to storage, then the server was told: pre-add, parts, add-success.
    expect(state.parts.get(picture?.materialId ?? '')).toEqual([10]);
    expect(state.parts.get(clip?.materialId ?? '')).toEqual([10]);
    const successes = calls.filter((call) => call.path === '/material/add-success').map((call) => call.body);
    expect(successes).toEqual(
      expect.arrayContaining([{ materialId: picture?.materialId }, { materialId: clip?.materialId }]),
    );
    expect(calls.some((call) => call.path === '/cos/credential')).toBe(true);
    expect(calls.some((call) => call.path === '/cos/vod/video/credential')).toBe(true);
    expect(within(card('tour.mp4')).getByText('Clip 00:12')).toBeTruthy();
    expect(within(card('booth.png')).getByRole('img', { name: 'booth.png' })).toBeTruthy();
  });

  it('refuses a wrong extension, a wrong type, an empty file and one over the limit of its kind, each with its message and no call', async () => {
    const { calls, choose } = open(fakeMaterialsState());
    await screen.findByText('Nothing in your library yet. Upload a file or drop it here.');
    expect(
      screen.getByText(
        'JPG, JPEG, PNG, GIF, BMP, SVG, WEBP, TIFF, TIF, MP4 up to 2 MB / 500 MB. Drop files onto the library to upload them.',
      ),
    ).toBeTruthy();

    choose([file('notes.txt', 'text/plain')]);
    expect(
      await screen.findByText(
        'notes.txt: Unsupported file type: choose a file of type JPG, JPEG, PNG, GIF, BMP, SVG, WEBP, TIFF, TIF, MP4',
      ),
    ).toBeTruthy();
    choose([file('disguised.png', 'application/x-msdownload')]);
    expect(await screen.findByText(/^disguised\.png: Unsupported file type/)).toBeTruthy();
    choose([file('empty.png', 'image/png', 0)]);
    expect(await screen.findByText('empty.png: The file is empty')).toBeTruthy();
    choose([file('poster.png', 'image/png', 2 * 1024 ** 2 + 1)]);
    expect(await screen.findByText('poster.png: The file is larger than the 2 MB upload limit')).toBeTruthy();
    choose([file('keynote.mp4', 'video/mp4', 500 * 1024 ** 2 + 1)]);
    expect(await screen.findByText('keynote.mp4: The file is larger than the 500 MB upload limit')).toBeTruthy();

    expect(calls.some((call) => call.path.startsWith('/material/pre-add'))).toBe(false);
  });

  it('words a refusal in Chinese', async () => {
    open(fakeMaterialsState(), 'zh_CN');
    await screen.findByText('素材库还是空的。上传文件或拖到这里。');
    fireEvent.change(screen.getByLabelText('上传', { selector: 'input' }), {
      target: { files: [file('notes.txt', 'text/plain')] },
    });
    expect(await screen.findByText(/^notes\.txt: 不支持的文件类型：请选择 JPG/)).toBeTruthy();
  });

  it('opens the storage-limit dialog when the server has no room for the file', async () => {
    const { choose } = open(fakeMaterialsState({ storageLeft: 5 }));
    await screen.findByText('Nothing in your library yet. Upload a file or drop it here.');
    choose([file('booth.png', 'image/png')]);
    const dialog = (await screen.findByText('Insufficient remaining space')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByRole('button', { name: 'Upgrade' })).toBeTruthy();
  });

  it('takes files dropped onto the grid', async () => {
    const state = fakeMaterialsState();
    const { calls } = open(state);
    const library = await screen.findByRole('region', { name: 'Library' });
    fireEvent.drop(library, { dataTransfer: { files: [file('booth.png', 'image/png')] } });
    await waitFor(() => expect(card('booth.png').getAttribute('data-status')).toBe('ready'));
    expect(calls.filter((call) => call.path === '/material/pre-add')).toHaveLength(1);
  });

  it('deletes a material only once the confirm is accepted', async () => {
    const state = fakeMaterialsState({
      materials: [
        fakeMaterial('00000000-0000-4000-b000-00000000aaaa', 'image', 'booth.png'),
        fakeMaterial('00000000-0000-4000-b000-00000000bbbb', 'material-video', 'tour.mp4'),
      ],
    });
    const { calls } = open(state);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete booth.png' }));
    const confirm = (await screen.findByText(/^Delete "booth\.png" from your library\?/)).closest(
      '.ant-popover',
    ) as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.path === '/material/delete')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete booth.png' }));
    const again = (await screen.findAllByText(/^Delete "booth\.png" from your library\?/))
      .map((text) => text.closest('.ant-popover') as HTMLElement)
      .find((popover) => !popover.classList.contains('ant-popover-hidden')) as HTMLElement;
    fireEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/material/delete')?.body).toEqual({
        materialIds: ['00000000-0000-4000-b000-00000000aaaa'],
      }),
    );
    await waitFor(() => expect(screen.queryByText('booth.png', { selector: '.material-card *' })).toBeNull());
    expect(screen.getByText('tour.mp4', { selector: '.material-card *' })).toBeTruthy();
  });
});

import type { Folder } from '@leadreel/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRoute, fakeAccount, fakeApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { resetUploads } from './store.ts';

afterEach(() => {
  resetUploads();
  vi.unstubAllGlobals();
});

const folders: Folder[] = [
  { folderId: 'f1', name: 'Default', isDefault: true, videoCount: 0, createdAt: 1_780_000_000 },
  { folderId: 'f2', name: 'Webinars', isDefault: false, videoCount: 0, createdAt: 1_780_000_100 },
];

function routes(extra: Record<string, FakeRoute> = {}) {
  return fakeApi({
    'GET /vod/video/folder/list': () => ({ data: folders }),
    'GET /vod/video/list': () => ({ data: { list: [], total: 0 } }),
    ...extra,
  });
}

function file(name: string, type: string, size?: number) {
  const made = new File(['0123456789'], name, { type, lastModified: 1_780_000_000_000 });
  if (size !== undefined) Object.defineProperty(made, 'size', { value: size });
  return made;
}

async function openDialog(language: 'en' | 'zh_CN' = 'en') {
  renderApp('/videos/index', { token: 'tok', language });
  await screen.findByText(
    language === 'en' ? 'No videos here yet. Upload your first video.' : '这里还没有视频。上传您的第一个视频吧。',
  );
  fireEvent.click(screen.getByRole('button', { name: language === 'en' ? 'Upload' : /^上\s?传$/ }));
  const input = () => {
    const found = document.querySelector<HTMLInputElement>('.ant-upload input[type=file]');
    if (!found) throw new Error('no file input yet');
    return found;
  };
  await waitFor(input);
  // The dragger renders a new input after each choice, so it is looked up every time.
  return (files: File[]) => fireEvent.change(input(), { target: { files } });
}

describe('the upload dialog (uploads)', () => {
  it('refuses a wrong type, an empty file and a too large file with the spec messages, before any call', async () => {
    const calls = routes();
    const choose = await openDialog();
    expect(screen.getByText('FLV, AVI, MOV, MP4, RMVB up to 5 G each. We recommend 1080p MP4 or better.')).toBeTruthy();

    choose([file('notes.txt', 'text/plain')]);
    expect(
      await screen.findByText('notes.txt: Unsupported file type: choose an FLV, AVI, MOV, MP4 or RMVB video'),
    ).toBeTruthy();
    choose([file('disguised.mp4', 'image/png')]);
    expect(await screen.findByText(/^disguised\.mp4: Unsupported file type/)).toBeTruthy();
    choose([file('empty.mp4', 'video/mp4', 0)]);
    expect(await screen.findByText('empty.mp4: The file is empty')).toBeTruthy();
    choose([file('huge.mov', 'video/quicktime', 5 * 1024 ** 3 + 1)]);
    expect(await screen.findByText('huge.mov: The file is larger than the 5 G upload limit')).toBeTruthy();

    expect(calls.some((call) => call.path === '/vod/video/pre-add-custom-video')).toBe(false);
  });

  it('words the refusals in Chinese', async () => {
    routes();
    const choose = await openDialog('zh_CN');
    choose([file('notes.txt', 'text/plain')]);
    expect(await screen.findByText(/^notes\.txt: 不支持的文件类型/)).toBeTruthy();
    choose([file('empty.mp4', 'video/mp4', 0)]);
    expect(await screen.findByText('empty.mp4: 文件为空')).toBeTruthy();
  });

  it('pre-adds the accepted files into the chosen folder and lists them as tasks; a failure keeps its message and is reported', async () => {
    const calls = routes({
      'POST /vod/video/pre-add-custom-video': () => ({ data: ['v-1'] }),
      'POST /vod/video/add-custom-video-fail': () => ({ data: null }),
      'GET /cos/vod/video/credential': () => ({ status: 403, error: 'forbidden' }),
    });
    const choose = await openDialog();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Upload to folder' }));
    fireEvent.click(await screen.findByText('Webinars', { selector: '.ant-select-item-option-content' }));
    choose([file('demo.mp4', 'video/mp4'), file('notes.txt', 'text/plain')]);

    await waitFor(() =>
      expect(calls.find((call) => call.path === '/vod/video/pre-add-custom-video')?.body).toEqual({
        videos: [{ videoName: 'demo.mp4', size: 10 }],
        folderId: 'f2',
      }),
    );
    const task = (await screen.findByText('demo.mp4', { selector: '.upload-task *' })).closest(
      '.upload-task',
    ) as HTMLElement;
    await waitFor(() => expect(task.getAttribute('data-status')).toBe('error'));
    expect(within(task).getByText('You are not allowed to do this')).toBeTruthy();
    expect(within(task).getByRole('button', { name: 'Retry' })).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/vod/video/add-custom-video-fail')?.body).toEqual({
        sourceVideoId: 'v-1',
        failReason: 'You are not allowed to do this',
      }),
    );
  });
});

describe('the storage-limit dialog', () => {
  const full = fakeAccount({
    storageAndTraffic: { storage: 1024 ** 3, usedStorage: 1024 ** 3 - 5, traffic: 1, usedTraffic: 0 },
  });

  it('opens when pre-add refuses a file the quota cannot hold, offering delete videos, upgrade and support', async () => {
    routes({
      'POST /vod/video/pre-add-custom-video': () => ({ data: [null] }),
      'GET /account/detail': () => ({ data: full }),
    });
    const choose = await openDialog();
    choose([file('demo.mp4', 'video/mp4')]);
    const dialog = (await screen.findByText('Insufficient remaining space')).closest('.ant-modal') as HTMLElement;
    expect(
      within(dialog).getByText(/Delete videos you no longer need, upgrade your plan, or contact support/),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Delete videos' })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(
      'mailto:help@acme.test?subject=Insufficient%20remaining%20space',
    );
  });

  it('leaves out "contact support" when this LeadReel has no support address', async () => {
    routes({
      'POST /vod/video/pre-add-custom-video': () => ({ data: [null] }),
      'GET /account/detail': () => ({ data: full }),
      'GET /config': () => ({
        data: { brand: 'Acme Video', googleClientId: null, communityUrl: null, supportEmail: null },
      }),
    });
    const choose = await openDialog();
    choose([file('demo.mp4', 'video/mp4')]);
    const dialog = (await screen.findByText('Insufficient remaining space')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByRole('button', { name: 'Upgrade' })).toBeTruthy();
    expect(within(dialog).queryByRole('link', { name: 'Contact support' })).toBeNull();
  });

  it('goes to the plans on Upgrade and back to the video list on Delete videos', async () => {
    routes({
      'POST /vod/video/pre-add-custom-video': () => ({ data: [null] }),
      'GET /account/detail': () => ({ data: full }),
    });
    const { router } = renderApp('/videos/index', { token: 'tok' });
    await screen.findByText('No videos here yet. Upload your first video.');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    const input = await waitFor(() => document.querySelector('.ant-upload input[type=file]') as HTMLInputElement);
    fireEvent.change(input, { target: { files: [file('demo.mp4', 'video/mp4')] } });
    const dialog = (await screen.findByText('Insufficient remaining space')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upgrade' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/buy-vip'));
  });

  it('a refusal with room to spare is the plan period, not the quota', async () => {
    routes({ 'POST /vod/video/pre-add-custom-video': () => ({ data: [null] }) });
    const choose = await openDialog();
    choose([file('demo.mp4', 'video/mp4')]);
    expect(await screen.findByText('Your plan has expired. Renew now to create more content.')).toBeTruthy();
    expect(screen.queryByText('Insufficient remaining space')).toBeNull();
  });
});

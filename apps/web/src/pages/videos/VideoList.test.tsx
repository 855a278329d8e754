import type { Folder, Video } from '@leadreel/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UploadTask } from '../../features/upload/engine.ts';
import { useUploadStore } from '../../features/upload/store.ts';
import { type FakeCall, type FakeRoute, fakeAccount, fakeApi, fakeVideo } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const DEFAULT = 'f1';
const STORIES = 'f2';
const folders: Folder[] = [
  { folderId: DEFAULT, name: 'Default', isDefault: true, videoCount: 3, createdAt: 1_780_000_000 },
  { folderId: STORIES, name: 'Customer stories', isDefault: false, videoCount: 1, createdAt: 1_780_000_100 },
];

const video = (name: string, overrides: Partial<Video> = {}) =>
  fakeVideo(`v-${name}`, name, { folderId: DEFAULT, size: 5 * 1024 * 1024, duration: 83, ...overrides });

const videos = [
  video('demo', { duration: 3725 }),
  video('interview', { status: 'uploading', uploadPercent: 42, playable: false }),
  video('webinar', { status: 'failed', failReason: 'the file has no video stream', playable: false }),
];

/** The video routes over `videos`, answering the list for whatever folder, keyword and page is asked. */
function videoRoutes(extra: Record<string, FakeRoute> = {}) {
  return fakeApi({
    'GET /vod/video/folder/list': () => ({ data: folders }),
    'GET /vod/video/list': (_, query) => {
      const keyword = query.get('keyword') ?? '';
      const folderId = query.get('folderId');
      const list = videos.filter((video) => video.name.includes(keyword) && (!folderId || video.folderId === folderId));
      return { data: { list, total: list.length } };
    },
    'GET /vod/video/status': (_, query) => ({
      data: videos.filter((video) => query.get('videoIds')?.split(',').includes(video.videoId)),
    }),
    ...extra,
  });
}

const listCalls = (calls: FakeCall[]) => calls.filter((call) => call.path === '/vod/video/list');
const lastList = (calls: FakeCall[]) => listCalls(calls).at(-1)?.query;
const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

async function openList(extra: Record<string, FakeRoute> = {}, language: 'en' | 'zh_CN' = 'en') {
  const calls = videoRoutes(extra);
  const view = renderApp('/videos/index', { token: 'tok', language });
  await screen.findByText('demo');
  return { calls, ...view };
}

describe('the video list', () => {
  it('shows folders, the storage used, and each video with duration, size and status', async () => {
    await openList({
      'GET /account/detail': () => ({
        data: fakeAccount({
          storageAndTraffic: { storage: 2 * 1024 ** 3, usedStorage: 512 * 1024 ** 2, traffic: 1, usedTraffic: 0 },
        }),
      }),
    });
    expect(screen.getByText('Default folder')).toBeTruthy();
    expect(screen.getByText('Customer stories')).toBeTruthy();
    expect(screen.getByTestId('storage-usage').textContent).toContain('512 MB of 2 G storage used');
    expect(within(row('demo')).getByText('1:02:05')).toBeTruthy();
    expect(within(row('demo')).getByText('5 MB')).toBeTruthy();
    expect(within(row('demo')).getByText('Ready')).toBeTruthy();
    expect(within(row('interview')).getByText('01:23')).toBeTruthy();
    expect(within(row('interview')).getByText('Uploading 42%')).toBeTruthy();
    expect(within(row('webinar')).getByText('Processing failed')).toBeTruthy();
    expect(within(row('webinar')).getByText('the file has no video stream')).toBeTruthy();
    expect(within(row('webinar')).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(within(row('demo')).queryByRole('button', { name: 'Retry' })).toBeNull();
    // Submissions read as an inbox, not as the pencil that means "edit".
    const submissions = within(row('demo')).getByRole('button', { name: 'Submissions' });
    expect(within(submissions).getByRole('img').getAttribute('aria-label')).toBe('inbox');
  });

  it('polls the status of videos still in progress and shows their new state', async () => {
    let asked = '';
    await openList({
      'GET /vod/video/status': (_, query) => {
        asked = query.get('videoIds') ?? '';
        return { data: [video('interview', { status: 'processing', processPercent: 60 })] };
      },
    });
    expect(await within(row('interview')).findByText('Processing 60%')).toBeTruthy();
    expect(asked).toBe('v-interview');
  });

  it('shows a video being translated with its percent, and follows it until the translation ends', async () => {
    const asked: string[] = [];
    let translatingPercent: number | null = 30;
    await openList({
      'GET /vod/video/list': () => ({ data: { list: [video('demo', { translatingPercent })], total: 1 } }),
      'GET /vod/video/status': (_, query) => {
        asked.push(query.get('videoIds') ?? '');
        translatingPercent = asked.length > 1 ? null : 70;
        return { data: [video('demo', { translatingPercent })] };
      },
    });
    expect(within(row('demo')).getByText('Translating 30%')).toBeTruthy();
    expect(await within(row('demo')).findByText('Translating 70%')).toBeTruthy();
    expect(await within(row('demo')).findByText('Ready')).toBeTruthy();
    expect(asked.every((ids) => ids === 'v-demo')).toBe(true);
  });

  it("shows the uploader's own progress for a video this browser sends, and polls it once the upload ends", async () => {
    const asked: string[] = [];
    const task = (uploadStatus: UploadTask['uploadStatus'], uploadPercent: number): UploadTask => ({
      taskId: 'v-interview',
      uploadType: 'video',
      uploadFile: null,
      uploadSize: 0,
      uploadPercent,
      uploadStatus,
      fileName: 'interview.mp4',
      fileSize: 5 * 1024 * 1024,
      lastModified: 0,
      data: { videoId: 'v-interview' },
      uploadFileUrl: null,
      errorMessage: null,
      speed: 0,
      queued: false,
      needsFile: false,
      createdAt: 0,
    });
    const encoding = video('webinar', { status: 'processing', processPercent: 10 });
    try {
      await openList({
        'GET /vod/video/list': () => ({ data: { list: [videos[0], videos[1], encoding], total: 3 } }),
        'GET /vod/video/status': (_, query) => {
          const ids = query.get('videoIds') ?? '';
          asked.push(ids);
          return {
            data: [
              ...(ids.includes('v-interview') ? [video('interview', { status: 'processing', processPercent: 5 })] : []),
              encoding,
            ],
          };
        },
      });
      act(() => useUploadStore.setState({ tasks: [task('uploading', 73.6)] }));
      expect(await within(row('interview')).findByText('Uploading 73%')).toBeTruthy();
      const before = asked.length;
      act(() => useUploadStore.setState({ tasks: [task('uploading', 88)] }));
      expect(await within(row('interview')).findByText('Uploading 88%')).toBeTruthy();
      // Two more polls for the video that encodes, neither asking for the one being sent.
      await waitFor(() => expect(asked.length).toBeGreaterThanOrEqual(before + 2), { timeout: 15_000 });
      expect(asked.slice(before)).toEqual(asked.slice(before).map(() => 'v-webinar'));

      act(() => useUploadStore.setState({ tasks: [task('success', 100)] }));
      expect(await within(row('interview')).findByText('Processing 5%', {}, { timeout: 15_000 })).toBeTruthy();
    } finally {
      useUploadStore.setState({ tasks: [] });
    }
  });

  it('lists a folder, searches by keyword, sorts by name and turns pages', async () => {
    const many = Array.from({ length: 45 }, (_, i) => video(`clip ${String(i).padStart(2, '0')}`));
    const calls = videoRoutes({
      'GET /vod/video/list': (_, query) => {
        const page = Number(query.get('page'));
        return { data: { list: many.slice((page - 1) * 20, page * 20), total: many.length } };
      },
    });
    renderApp('/videos/index', { token: 'tok' });
    await screen.findByText('clip 00');
    expect(lastList(calls)?.get('sort')).toBe('date');
    expect(lastList(calls)?.get('order')).toBe('desc');

    fireEvent.click(screen.getByText('Customer stories'));
    await waitFor(() => expect(lastList(calls)?.get('folderId')).toBe(STORIES));

    fireEvent.change(screen.getByPlaceholderText('Search videos by name'), { target: { value: ' clip 4 ' } });
    fireEvent.keyDown(screen.getByPlaceholderText('Search videos by name'), { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(lastList(calls)?.get('keyword')).toBe('clip 4'));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Sort' }));
    fireEvent.click(await screen.findByText('Name A–Z'));
    await waitFor(() => expect(lastList(calls)?.get('sort')).toBe('name'));
    expect(lastList(calls)?.get('order')).toBe('asc');

    fireEvent.click(screen.getByTitle('3'));
    await screen.findByText('clip 40');
    expect(lastList(calls)?.get('page')).toBe('3');
    expect(lastList(calls)?.get('folderId')).toBe(STORIES);
    expect(lastList(calls)?.get('keyword')).toBe('clip 4');
    expect(screen.queryByText('clip 00')).toBeNull();
  });

  it('deletes a video only after the confirm, then reloads the account so the storage figure drops', async () => {
    let used = 900 * 1024 ** 2;
    const { calls } = await openList({
      'GET /account/detail': () => ({
        data: fakeAccount({
          storageAndTraffic: { storage: 2 * 1024 ** 3, usedStorage: used, traffic: 1, usedTraffic: 0 },
        }),
      }),
      'POST /vod/video/delete': () => {
        used -= 300 * 1024 ** 2;
        return { data: null };
      },
    });
    expect(screen.getByTestId('storage-usage').textContent).toContain('900 MB');

    fireEvent.click(within(row('demo')).getByRole('button', { name: 'Delete' }));
    const cancelled = await screen.findByRole('dialog');
    expect(within(cancelled).getAllByText('Delete 1 video(s)?').length).toBeGreaterThan(0);
    fireEvent.click(within(cancelled).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.path === '/vod/video/delete')).toBe(false);

    fireEvent.click(within(row('demo')).getByRole('button', { name: 'Delete' }));
    // jsdom runs no closing animation, so the cancelled dialog is still in the document: take the newest.
    const dialog = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/vod/video/delete')?.body).toEqual({ videoIds: ['v-demo'] }),
    );
    await waitFor(() => expect(screen.getByTestId('storage-usage').textContent).toContain('600 MB'));
  });

  it('moves a video into another folder through the move-folder dialog', async () => {
    const { calls } = await openList({ 'POST /vod/video/folder/move': () => ({ data: null }) });
    fireEvent.click(within(row('demo')).getByRole('button', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog');
    // The video's own folder is not offered.
    expect(within(dialog).queryByRole('radio', { name: 'Default folder' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Customer stories' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/vod/video/folder/move')?.body).toEqual({
        videoIds: ['v-demo'],
        folderId: STORIES,
      }),
    );
  });
});

describe('folders (the console contract folder name)', () => {
  it('requires a name of at most 50 characters, in the spec words, before adding the folder', async () => {
    const { calls } = await openList({
      'POST /vod/video/folder/add': (body) => ({
        data: { ...folders[1], folderId: 'f3', name: (body as Folder).name },
      }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'New folder' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Please enter folder name');

    fireEvent.change(within(dialog).getByLabelText('Folder name'), { target: { value: 'x'.repeat(51) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Folder name cannot exceed 50 characters'),
    );
    expect(calls.some((call) => call.path === '/vod/video/folder/add')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Folder name'), { target: { value: '  Webinars ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/vod/video/folder/add')?.body).toEqual({ name: 'Webinars' }),
    );
  });

  it('reads the validation messages in Chinese', async () => {
    await openList({}, 'zh_CN');
    fireEvent.click(screen.getByRole('button', { name: /新建文件夹/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('请输入文件夹名称');
  });

  it('says in Chinese why the server refused a file that is not a video, and offers no Retry that cannot help', async () => {
    const notes = video('notes', {
      status: 'failed',
      playable: false,
      failCode: 'media_not_video',
      failReason: 'the file is not a video that can be read (supported: FLV, AVI, MOV, MP4, RMVB)',
    });
    await openList(
      {
        'GET /vod/video/list': () => ({ data: { list: [videos[0], notes], total: 2 } }),
        'GET /vod/video/status': () => ({ data: [notes] }),
      },
      'zh_CN',
    );
    const cells = within(await waitFor(() => row('notes')));
    expect(cells.getByText('处理失败')).toBeTruthy();
    expect(cells.getByText('该文件不是可读取的视频（支持：FLV, AVI, MOV, MP4, RMVB）')).toBeTruthy();
    expect(cells.queryByText(/not a video/)).toBeNull();
    expect(cells.queryByRole('button', { name: /重\s?试/ })).toBeNull();
    expect(cells.queryByText(/重\s?试/)).toBeNull();
  });

  it('deletes a folder after a confirm that says its videos move to the default folder', async () => {
    const { calls } = await openList({ 'POST /vod/video/folder/delete': () => ({ data: null }) });
    fireEvent.click(screen.getByRole('button', { name: 'Actions of folder Customer stories' }));
    fireEvent.click(await screen.findByText('Delete', { selector: '.ant-dropdown-menu-title-content' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Its videos move to the default folder; no video is deleted.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/vod/video/folder/delete')?.body).toEqual({ folderId: STORIES }),
    );
  });

  it('blocks folder actions and uploads with the plan-expired confirm once the period forbids them', async () => {
    const { calls } = await openList({
      'GET /account/detail': () => ({ data: fakeAccount({ vipPeriod: 'frozen-period' }) }),
    });
    const expired = 'Your plan has expired. Renew now to create more content.';
    fireEvent.click(screen.getByRole('button', { name: 'New folder' }));
    expect(await screen.findAllByText(expired)).not.toHaveLength(0);
    expect(screen.queryByLabelText('Folder name')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(2));
    expect(within(screen.getAllByRole('dialog')[1] as HTMLElement).getAllByText(expired)).not.toHaveLength(0);
    expect(screen.queryByText('Drop videos here, or click to choose')).toBeNull();
    expect(calls.some((call) => call.path === '/vod/video/pre-add-custom-video')).toBe(false);
  });
});

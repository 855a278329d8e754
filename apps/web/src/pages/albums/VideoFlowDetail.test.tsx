import type { Album, Period, Video } from '@leadreel/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type FakeAlbums,
  type FakeCall,
  fakeAccount,
  fakeAlbum,
  fakeAlbumRoutes,
  fakeApi,
  fakeVideo,
} from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TOUR = '11111111-1111-4111-8111-111111111111';
const OTHERS = '99999999-9999-4999-8999-999999999999';
const id = (n: number) => `aaaaaaaa-aaaa-4aaa-8aaa-${String(n).padStart(12, '0')}`;
const LIBRARY: Video[] = [
  fakeVideo(id(1), 'Alpha.mp4', { thumbnail: '/media/alpha.jpg', duration: 61 }),
  fakeVideo(id(2), 'Beta.mp4', { thumbnail: '/media/beta.jpg' }),
  fakeVideo(id(3), 'Gamma.mp4'),
  fakeVideo(id(4), 'Delta.mp4'),
];
const EXPIRED = 'Your plan has expired. Renew now to create more content.';

function open(
  album: Album | null,
  { path = `/video-flow/${TOUR}`, period = 'normal-period' as Period, language = 'en' as 'en' | 'zh_CN' } = {},
) {
  const state: FakeAlbums = { albums: album ? [album] : [], cap: 5 };
  const calls: FakeCall[] = fakeApi({
    'GET /account/detail': () => ({ data: fakeAccount({ vipPeriod: period }) }),
    'GET /vod/video/status': (_, query) => {
      const wanted = (query.get('videoIds') ?? '').split(',');
      const known = (videoId: string) => LIBRARY.find((video) => video.videoId === videoId);
      return { data: wanted.map((videoId) => known(videoId) ?? fakeVideo(videoId, `Clip ${videoId.slice(-3)}.mp4`)) };
    },
    'GET /vod/video/list': () => ({ data: { list: LIBRARY, total: LIBRARY.length } }),
    ...fakeAlbumRoutes(state),
  });
  const view = renderApp(path, { token: 'tok', language });
  return { calls, state, ...view };
}

const callTo = (calls: FakeCall[], path: string) => calls.filter((call) => call.path === path);
const list = () => screen.getByRole('list', { name: 'Videos' });
/** The names of the album's videos, in their order on screen. */
const order = () =>
  within(list())
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.album-video-name')?.textContent);
const row = (name: string) => within(list()).getByText(name).closest('li') as HTMLElement;

async function choose(...names: string[]) {
  fireEvent.click(screen.getByRole('button', { name: /Add videos/ }));
  const dialog = (await screen.findByRole('dialog')) as HTMLElement;
  for (const name of names) {
    const tableRow = (await within(dialog).findByText(name)).closest('tr') as HTMLElement;
    fireEvent.click(within(tableRow).getByRole('checkbox'));
  }
  fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
}

describe('the video flow detail', () => {
  it("shows the album's videos in order with their thumbnails, and links to its page as a column and a grid", async () => {
    open(fakeAlbum(TOUR, 'Product tour', [id(2), id(1)]));
    expect(await screen.findByDisplayValue('Product tour')).toBeTruthy();
    await waitFor(() => expect(order()).toEqual(['Beta.mp4', 'Alpha.mp4']));
    expect(row('Beta.mp4').querySelector('img')?.getAttribute('src')).toBe('/media/beta.jpg');
    expect(within(row('Alpha.mp4')).getByText('01:01')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Open album/ }).getAttribute('href')).toBe(`https://albums.test/a/${TOUR}`);
    expect(screen.getByRole('link', { name: /Grid/ }).getAttribute('href')).toBe(
      `https://albums.test/a/${TOUR}?view=grid`,
    );
    // No cover chosen: the first video's stands.
    expect((screen.getByLabelText('Use Beta.mp4 as the cover') as HTMLInputElement).checked).toBe(true);
  });

  it('adds videos, reorders them by button, key and drag, picks the cover, renames, and saves all of it', async () => {
    const { calls, state } = open(fakeAlbum(TOUR, 'Product tour', [id(1)]));
    await waitFor(() => expect(order()).toEqual(['Alpha.mp4']));
    // A video already in the album is not added twice.
    await choose('Alpha.mp4', 'Beta.mp4', 'Gamma.mp4', 'Delta.mp4');
    await waitFor(() => expect(order()).toEqual(['Alpha.mp4', 'Beta.mp4', 'Gamma.mp4', 'Delta.mp4']));

    fireEvent.click(screen.getByRole('button', { name: 'Move Gamma.mp4 up' }));
    expect(order()).toEqual(['Alpha.mp4', 'Gamma.mp4', 'Beta.mp4', 'Delta.mp4']);
    // The moved video keeps the focus, so the next press moves it again.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move Gamma.mp4 up'));
    fireEvent.keyDown(screen.getByRole('button', { name: 'Move Alpha.mp4 down' }), { key: 'ArrowDown', altKey: true });
    expect(order()).toEqual(['Gamma.mp4', 'Alpha.mp4', 'Beta.mp4', 'Delta.mp4']);
    expect((screen.getByRole('button', { name: 'Move Gamma.mp4 up' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.dragStart(row('Delta.mp4'));
    fireEvent.dragOver(row('Gamma.mp4'));
    fireEvent.drop(row('Gamma.mp4'));
    expect(order()).toEqual(['Delta.mp4', 'Gamma.mp4', 'Alpha.mp4', 'Beta.mp4']);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Alpha.mp4 from the album' }));
    fireEvent.click(screen.getByLabelText('Use Beta.mp4 as the cover'));
    fireEvent.change(screen.getByLabelText('Album title'), { target: { value: ' Launch week  ' } });
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callTo(calls, '/vod/video/classify/edit')[0]?.body).toEqual({
        id: TOUR,
        title: 'Launch week',
        videoIds: [id(4), id(3), id(2)],
        coverVideoId: id(2),
      }),
    );
    expect(await screen.findByText('Album saved')).toBeTruthy();
    expect(state.albums[0]?.videoCount).toBe(3);
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Launch week' })).toBeTruthy();
  });

  it('lets the cover go with its video, back to the first video', async () => {
    const { calls } = open(fakeAlbum(TOUR, 'Product tour', [id(1), id(2)], { coverVideoId: id(2) }));
    await waitFor(() =>
      expect((screen.getByLabelText('Use Beta.mp4 as the cover') as HTMLInputElement).checked).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove Beta.mp4 from the album' }));
    expect((screen.getByLabelText('Use Alpha.mp4 as the cover') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Alpha.mp4 from the album' }));
    expect(screen.getByText('No videos in this album yet. Add videos from your library.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callTo(calls, '/vod/video/classify/edit')[0]?.body).toEqual({
        id: TOUR,
        title: 'Product tour',
        videoIds: [],
        coverVideoId: null,
      }),
    );
  });

  it('holds at most 100 videos, and says so instead of adding past it', async () => {
    const full = Array.from({ length: 98 }, (_, n) => id(100 + n));
    open(fakeAlbum(TOUR, 'Product tour', full));
    expect(await screen.findByRole('heading', { name: 'Videos (98/100)' })).toBeTruthy();
    await choose('Alpha.mp4', 'Beta.mp4', 'Gamma.mp4');
    expect(await screen.findByText('An album can hold at most 100 videos')).toBeTruthy();
    expect(within(list()).getAllByRole('listitem')).toHaveLength(98);
    expect(within(list()).queryByText('Alpha.mp4')).toBeNull();
  });

  it('refuses a title the server would refuse, before saving', async () => {
    const { calls } = open(fakeAlbum(TOUR, 'Product tour'));
    const input = await screen.findByLabelText('Album title');
    const refused: Array<[string, string]> = [
      ['', 'Enter the album title'],
      ['x'.repeat(10_000), 'The album title cannot exceed 100 characters'],
      ['Tour\u0000', 'Illegal input'],
      ['\ud800', 'Illegal input'],
    ];
    for (const [value, error] of refused) {
      fireEvent.change(input, { target: { value } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(error)).toBeTruthy();
    }
    expect(callTo(calls, '/vod/video/classify/edit')).toEqual([]);
  });

  it('asks to renew instead of saving from the Frozen period on', async () => {
    const { calls } = open(fakeAlbum(TOUR, 'Product tour', [id(1)]), { period: 'frozen-period' });
    fireEvent.change(await screen.findByLabelText('Album title'), { target: { value: 'Renamed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const confirm = (await screen.findByRole('dialog')) as HTMLElement;
    expect(within(confirm).getAllByText(EXPIRED).length).toBeGreaterThan(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(callTo(calls, '/vod/video/classify/edit')).toEqual([]);
  });

  it('saves in the Buffer period, where only adding albums stops', async () => {
    const { calls } = open(fakeAlbum(TOUR, 'Product tour'), { period: 'buffer-period' });
    fireEvent.change(await screen.findByLabelText('Album title'), { target: { value: 'Renamed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callTo(calls, '/vod/video/classify/edit')[0]?.body).toMatchObject({ title: 'Renamed' }));
  });

  it("says an album that is not the account's is not there, with the way back", async () => {
    open(fakeAlbum(TOUR, 'Product tour'), { path: `/video-flow/${OTHERS}` });
    expect(await screen.findByText('This album no longer exists')).toBeTruthy();
    const back = screen.getAllByRole('link', { name: /Back to albums/ });
    expect(back.map((link) => link.getAttribute('href'))).toEqual(['/video-flow', '/video-flow']);
  });

  it('says so without asking the server for an id that cannot be one', async () => {
    const { calls } = open(fakeAlbum(TOUR, 'Product tour'), { path: '/video-flow/not-an-id' });
    expect(await screen.findByText('This album no longer exists')).toBeTruthy();
    expect(callTo(calls, '/vod/video/classify/detail')).toEqual([]);
  });

  it('reads in Chinese', async () => {
    open(fakeAlbum(TOUR, 'Product tour', [id(1)]), { language: 'zh_CN' });
    expect(await screen.findByLabelText('视频集标题')).toBeTruthy();
    expect(screen.getByRole('link', { name: /打开视频集/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /添加视频/ })).toBeTruthy();
    expect(await screen.findByLabelText('将 Alpha.mp4 设为封面')).toBeTruthy();
    expect(screen.getByRole('button', { name: '从视频集中移除 Alpha.mp4' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '保 存' })).toBeTruthy();
  });
});

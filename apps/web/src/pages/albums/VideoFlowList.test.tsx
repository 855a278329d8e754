import type { Album, Period } from '@leadreel/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type FakeAlbums,
  type FakeCall,
  type FakeRoute,
  fakeAccount,
  fakeAlbum,
  fakeAlbumRoutes,
  fakeApi,
  fakeVip,
  PAID_PRIVILEGES,
} from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TOUR = '11111111-1111-4111-8111-111111111111';
const DEMO = '22222222-2222-4222-8222-222222222222';
const DAY = 86_400;
const daysAgo = (days: number) => Math.floor(Date.now() / 1000) - days * DAY;
const EXPIRED = 'Your plan has expired. Renew now to create more content.';

const tour = () =>
  fakeAlbum(TOUR, 'Product tour', ['v1', 'v2', 'v3'], { updatedAt: daysAgo(3), coverUrl: '/media/v2/thumb.jpg' });

type Options = { language?: 'en' | 'zh_CN'; period?: Period; routes?: Record<string, FakeRoute> };

function open(albums: Album[], cap: number, { language = 'en', period = 'normal-period', routes = {} }: Options = {}) {
  const state: FakeAlbums = { albums, cap };
  const calls: FakeCall[] = fakeApi({
    'GET /account/detail': () => ({ data: fakeAccount({ vipPeriod: period }) }),
    ...fakeAlbumRoutes(state),
    ...routes,
  });
  const view = renderApp('/video-flow', { token: 'tok', language });
  return { calls, state, ...view };
}

const callTo = (calls: FakeCall[], path: string) => calls.filter((call) => call.path === path);
const card = async (title: string) =>
  (await screen.findByText(title)).closest('[data-testid=album-card]') as HTMLElement;

async function openAdd() {
  fireEvent.click(await screen.findByRole('button', { name: /Add slider/ }));
  return (await screen.findByRole('dialog')) as HTMLElement;
}

describe('the video flow list', () => {
  it('shows each album with its cover, title, updated time and video count, and the plan usage', async () => {
    open([tour(), fakeAlbum(DEMO, 'Demo day', ['v9'], { updatedAt: daysAgo(0) })], 5);
    const tourCard = await card('Product tour');
    expect(within(tourCard).getByText('Updated 3 days ago')).toBeTruthy();
    expect(within(tourCard).getByText('3 videos')).toBeTruthy();
    expect(tourCard.querySelector('img.album-cover')?.getAttribute('src')).toBe('/media/v2/thumb.jpg');
    const demoCard = await card('Demo day');
    expect(within(demoCard).getByText('Updated just now')).toBeTruthy();
    expect(within(demoCard).getByText('1 video')).toBeTruthy();
    expect(within(demoCard).getByText('No cover yet')).toBeTruthy();
    expect(screen.getByTestId('album-usage').textContent).toBe('2 / 5 albums used');
    expect(within(tourCard).getByRole('link', { name: 'Product tour' }).getAttribute('href')).toBe(
      `/video-flow/${TOUR}`,
    );
  });

  it('says there are no albums yet', async () => {
    open([], 1);
    expect(await screen.findByText('No albums yet. Add one to show several videos on one page.')).toBeTruthy();
    expect(screen.getByTestId('album-usage').textContent).toBe('0 / 1 albums used');
  });

  it('refuses a title the server would refuse, then creates the album and opens it', async () => {
    const { calls, router } = open([], 3);
    const dialog = await openAdd();
    const input = within(dialog).getByLabelText('Album title');
    const create = within(dialog).getByRole('button', { name: 'Create' });
    const refused: Array<[string, string]> = [
      ['', 'Enter the album title'],
      ['    ', 'Enter the album title'],
      ['x'.repeat(10_000), 'The album title cannot exceed 100 characters'],
      ['Tour\u0000', 'Illegal input'],
      ['Tour \ud800', 'Illegal input'],
    ];
    for (const [value, error] of refused) {
      fireEvent.change(input, { target: { value } });
      fireEvent.click(create);
      expect(await within(dialog).findByText(error)).toBeTruthy();
    }
    expect(callTo(calls, '/vod/video/classify/add')).toEqual([]);
    fireEvent.change(input, { target: { value: '  Launch week ' } });
    fireEvent.click(create);
    await waitFor(() =>
      expect(callTo(calls, '/vod/video/classify/add')[0]?.body).toEqual({
        title: 'Launch week',
        videoIds: [],
        coverVideoId: null,
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/video-flow\/00000000-0000-4000-a000-/));
    expect(await screen.findByDisplayValue('Launch week')).toBeTruthy();
  });

  it("stops Add slider at the plan's cap and says to upgrade or delete an album", async () => {
    const { calls } = open([tour()], 1);
    expect(
      await screen.findByText(
        "Your plan's video slides are all in use. Upgrade your plan or delete an album to add another.",
      ),
    ).toBeTruthy();
    const add = screen.getByRole('button', { name: /Add slider/ }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(screen.getByRole('link', { name: /Upgrade plan/ }).getAttribute('href')).toBe('/account/memberships');
    fireEvent.click(add);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callTo(calls, '/vod/video/classify/add')).toEqual([]);
  });

  it("tells the server's refusal when the cap was reached elsewhere", async () => {
    open([], 1, { routes: { 'POST /vod/video/classify/add': () => ({ status: 400, error: 'albums_too_many' }) } });
    const dialog = await openAdd();
    fireEvent.change(within(dialog).getByLabelText('Album title'), { target: { value: 'Tour' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await screen.findByText(
        "Your plan's video slides are all in use. Upgrade your plan or delete an album to add another.",
      ),
    ).toBeTruthy();
  });

  it('asks to renew before adding in the Buffer period; Renew now goes to the plans', async () => {
    const { calls, router } = open([tour()], 5, { period: 'buffer-period' });
    fireEvent.click(await screen.findByRole('button', { name: /Add slider/ }));
    const confirm = (await screen.findByRole('dialog')) as HTMLElement;
    expect(within(confirm).getAllByText(EXPIRED).length).toBeGreaterThan(0);
    expect(screen.queryByLabelText('Album title')).toBeNull();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Renew now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/buy-vip'));
    expect(callTo(calls, '/vod/video/classify/add')).toEqual([]);
  });

  it('deletes an album only after its confirm', async () => {
    const { calls } = open([tour()], 5);
    fireEvent.click(within(await card('Product tour')).getByRole('button', { name: 'Delete Product tour' }));
    const confirm = await screen.findByText(
      'Delete the album "Product tour"? Its page stops working; the videos stay in your library.',
    );
    expect(callTo(calls, '/vod/video/classify/del')).toEqual([]);
    fireEvent.click(within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callTo(calls, '/vod/video/classify/del')[0]?.body).toEqual({ id: TOUR }));
    expect(await screen.findByText('Album deleted')).toBeTruthy();
    expect(await screen.findByText('No albums yet. Add one to show several videos on one page.')).toBeTruthy();
  });

  it('shares the album page with its QR code', async () => {
    open([tour()], 5);
    fireEvent.click(within(await card('Product tour')).getByRole('button', { name: 'Share Product tour' }));
    const share = (await screen.findByRole('dialog', { name: 'Share album' })) as HTMLElement;
    expect((within(share).getByLabelText('Album page link') as HTMLInputElement).value).toBe(
      `https://albums.test/a/${TOUR}`,
    );
    expect(await within(share).findByAltText('QR code of the album page')).toBeTruthy();
    expect(within(share).getByRole('link', { name: 'Pinterest' }).getAttribute('href')).toContain(
      encodeURIComponent('https://albums.test/media/v2/thumb.jpg'),
    );
  });

  it("offers the account's active custom domains first, at the album's own path", async () => {
    open([tour()], 5, {
      routes: {
        'GET /account/detail': () => ({ data: fakeAccount({ privileges: PAID_PRIVILEGES }) }),
        'GET /pay/vip-user-info': () => ({ data: { ...fakeVip, isVip: true } }),
        'GET /vod/cname/list': () => ({
          data: {
            list: [
              { id: 'd1', cname: 'video.example.com', active: true, status: 'verified' },
              { id: 'd2', cname: 'old.example.com', active: false, status: 'fail' },
            ],
            cap: 3,
            target: 'cname.leadreel.test',
          },
        }),
      },
    });
    fireEvent.click(within(await card('Product tour')).getByRole('button', { name: 'Share Product tour' }));
    const share = (await screen.findByRole('dialog')) as HTMLElement;
    await waitFor(() =>
      expect((within(share).getByLabelText('Album page link') as HTMLInputElement).value).toBe(
        `https://video.example.com/a/${TOUR}`,
      ),
    );
    const select = within(share).getByLabelText('Domain');
    fireEvent.mouseDown(select);
    const listbox = await waitFor(
      () => document.getElementById(select.getAttribute('aria-controls') ?? '') as HTMLElement,
    );
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.getAttribute('aria-label')),
    ).toEqual(['video.example.com', 'albums.test (default)']);
  });

  it('gives a 9:16 frame of the album player to embed, no wider than a phone column', async () => {
    open([tour()], 5);
    fireEvent.click(within(await card('Product tour')).getByRole('button', { name: 'Embed code of Product tour' }));
    const embed = (await screen.findByRole('dialog')) as HTMLElement;
    expect(within(embed).getByText('Embed album')).toBeTruthy();
    const code = (within(embed).getByLabelText('Website embed code') as HTMLTextAreaElement).value;
    expect(code).toContain(`src="https://albums.test/a/${TOUR}/embed"`);
    expect(code).toContain('title="Product tour"');
    expect(code).toContain('padding-top:177.7778%');
    expect(code).toMatch(/^<div style="max-width:420px">/);
  });

  it('reads in Chinese', async () => {
    open([tour()], 1, { language: 'zh_CN' });
    const tourCard = await card('Product tour');
    expect(within(tourCard).getByText('更新于 3 天前')).toBeTruthy();
    expect(within(tourCard).getByText('3 个视频')).toBeTruthy();
    expect(screen.getByRole('button', { name: /添加视频集/ })).toBeTruthy();
    expect(screen.getByText('套餐的视频集数量已用完。请升级套餐或删除一个视频集后再添加。')).toBeTruthy();
    expect(screen.getByTestId('album-usage').textContent).toBe('已使用 1 / 1 个视频集');
  });
});

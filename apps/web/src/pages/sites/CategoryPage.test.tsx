import type { Video } from '@leadreel/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeCategory, fakeSite, fakeVideo } from '../../test/fakeApi.ts';
import { BRAND_ID, callsTo, openSiteScreen, SITE_ID } from '../../test/sites.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ROUTE = `/channel-setting/${SITE_ID}/category-page`;
const TOURS = '44444444-4444-4444-8444-000000000001';
const WEBINARS = '44444444-4444-4444-8444-000000000002';
const EMPTY = '44444444-4444-4444-8444-000000000003';
const DEMO = '11111111-1111-4111-8111-000000000001';
const INTERVIEW = '11111111-1111-4111-8111-000000000002';
const LAUNCH = '11111111-1111-4111-8111-000000000003';

const VIDEOS: Video[] = [fakeVideo(DEMO, 'demo'), fakeVideo(INTERVIEW, 'interview'), fakeVideo(LAUNCH, 'launch')];
/** The video list and status calls the choose-video dialog and the category's names read. */
const videoRoutes = {
  'GET /vod/video/list': () => ({ data: { list: VIDEOS, total: VIDEOS.length } }),
  'GET /vod/video/status': (_: unknown, query: URLSearchParams) => {
    const ids = (query.get('videoIds') ?? '').split(',');
    return { data: VIDEOS.filter((video) => ids.includes(video.videoId)) };
  },
};

function open(
  categories = [
    fakeCategory(TOURS, SITE_ID, 'Product tours', [DEMO, INTERVIEW], { order: 0 }),
    fakeCategory(WEBINARS, SITE_ID, 'Webinars', [LAUNCH], { order: 1, visible: false }),
    fakeCategory(EMPTY, SITE_ID, 'Coming soon', [], { order: 2 }),
  ],
) {
  return openSiteScreen(
    ROUTE,
    { sites: [fakeSite(SITE_ID, 'Product hub', { brandId: BRAND_ID })], categories },
    { routes: videoRoutes },
  );
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const names = () =>
  within(screen.getByRole('table', { name: 'Category pages' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('strong')?.textContent);

describe('the category pages', () => {
  it('lists the categories in order, and marks one with no video hidden from viewers', async () => {
    open();
    await screen.findByText('Product tours');
    expect(names()).toEqual(['Product tours', 'Webinars', 'Coming soon']);
    expect(
      screen.getByText('A category with no video is hidden from viewers, even when it is set visible.'),
    ).toBeTruthy();
    expect(within(rowOf('Coming soon')).getByText('Hidden: no videos')).toBeTruthy();
    expect(within(rowOf('Webinars')).getByText('Hidden')).toBeTruthy();
    expect(within(rowOf('Product tours')).queryByText(/Hidden/)).toBeNull();
    expect(within(rowOf('Product tours')).getByText('2')).toBeTruthy();
  });

  it('adds a category with chosen videos in the order set, after asking for its name', async () => {
    const { calls, state } = open([]);
    fireEvent.click(await screen.findByRole('button', { name: /New category/ }));
    const dialog = (await screen.findByRole('dialog')) as HTMLElement;
    expect(within(dialog).getByText('No videos in this category yet')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter the category name')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Category name'), { target: { value: 'x'.repeat(10_000) } });
    expect(await within(dialog).findByText('The category name cannot exceed 60 characters')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Category name'), { target: { value: ' Product tours ' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'See it work' } });

    fireEvent.click(within(dialog).getByRole('button', { name: /Add videos/ }));
    const chooser = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement;
    for (const name of ['demo', 'launch']) {
      const row = (await within(chooser).findByText(name)).closest('tr') as HTMLElement;
      fireEvent.click(within(row).getByRole('checkbox'));
    }
    fireEvent.click(within(chooser).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByTestId('category-video')
          .map((row) => row.textContent),
      ).toEqual(['demo', 'launch']),
    );
    expect(within(dialog).getByTestId('category-video-usage').textContent).toBe('2 / 200 videos');
    // Launch goes first; a video chosen twice is kept once.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move launch up' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /Add videos/ }));
    const again = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement;
    const demoRow = (await within(again).findByText('demo')).closest('tr') as HTMLElement;
    fireEvent.click(within(demoRow).getByRole('checkbox'));
    fireEvent.click(within(again).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByTestId('category-video')
          .map((row) => row.textContent),
      ).toEqual(['launch', 'demo']),
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(calls, '/brand-channel/category/add')[0]?.body).toEqual({
        siteId: SITE_ID,
        name: 'Product tours',
        description: 'See it work',
        visible: true,
        videoIds: [LAUNCH, DEMO],
      }),
    );
    expect(await screen.findByText('Product tours', { selector: 'strong' })).toBeTruthy();
    expect(state.categories).toHaveLength(1);
  });

  it("edits a category, showing its videos' names, and removes one of them", async () => {
    const { calls } = open();
    await screen.findByText('Product tours');
    fireEvent.click(within(rowOf('Product tours')).getByRole('button', { name: 'Edit' }));
    const dialog = (await screen.findByRole('dialog')) as HTMLElement;
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByTestId('category-video')
          .map((row) => row.textContent),
      ).toEqual(['demo', 'interview']),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove demo' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(calls, '/brand-channel/category/edit')[0]?.body).toEqual({
        id: TOURS,
        name: 'Product tours',
        description: '',
        visible: true,
        videoIds: [INTERVIEW],
      }),
    );
  });

  it('saves the whole order when a category is moved with its button or dragged', async () => {
    const { calls } = open();
    await screen.findByText('Product tours');
    fireEvent.click(within(rowOf('Webinars')).getByRole('button', { name: 'Move Webinars up' }));
    await waitFor(() =>
      expect(callsTo(calls, '/brand-channel/category/order')[0]?.body).toEqual({
        siteId: SITE_ID,
        ids: [WEBINARS, TOURS, EMPTY],
      }),
    );
    expect(names()).toEqual(['Webinars', 'Product tours', 'Coming soon']);
    // The first row cannot go further up.
    expect(
      (within(rowOf('Webinars')).getByRole('button', { name: 'Move Webinars up' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    fireEvent.dragStart(rowOf('Coming soon'));
    fireEvent.dragOver(rowOf('Webinars'));
    fireEvent.drop(rowOf('Webinars'));
    await waitFor(() =>
      expect(callsTo(calls, '/brand-channel/category/order')[1]?.body).toEqual({
        siteId: SITE_ID,
        ids: [EMPTY, WEBINARS, TOURS],
      }),
    );
    expect(names()).toEqual(['Coming soon', 'Webinars', 'Product tours']);
  });

  it('puts the order back when the server refuses it', async () => {
    openSiteScreen(
      ROUTE,
      {
        sites: [fakeSite(SITE_ID, 'Product hub')],
        categories: [fakeCategory(TOURS, SITE_ID, 'Product tours'), fakeCategory(WEBINARS, SITE_ID, 'Webinars')],
      },
      { routes: { 'POST /brand-channel/category/order': () => ({ status: 400, error: 'category_order_invalid' }) } },
    );
    await screen.findByText('Product tours');
    fireEvent.click(within(rowOf('Webinars')).getByRole('button', { name: 'Move Webinars up' }));
    expect(await screen.findByText('The categories have changed: reload the page and order them again')).toBeTruthy();
    await waitFor(() => expect(names()).toEqual(['Product tours', 'Webinars']));
  });

  it('hides a category with its switch, and deletes one after asking', async () => {
    const { calls, state } = open();
    await screen.findByText('Product tours');
    fireEvent.click(screen.getByRole('switch', { name: 'Product tours visible to viewers' }));
    await waitFor(() =>
      expect(callsTo(calls, '/brand-channel/category/edit')[0]?.body).toEqual({
        id: TOURS,
        name: 'Product tours',
        description: '',
        visible: false,
        videoIds: [DEMO, INTERVIEW],
      }),
    );
    expect(await within(rowOf('Product tours')).findByText('Hidden')).toBeTruthy();

    fireEvent.click(within(rowOf('Coming soon')).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm.textContent).toContain('Delete Coming soon?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Coming soon')).toBeNull());
    expect(callsTo(calls, '/brand-channel/category/del')[0]?.body).toEqual({ id: EMPTY });
    expect(state.categories.map((category) => category.id)).toEqual([TOURS, WEBINARS]);
  });
});

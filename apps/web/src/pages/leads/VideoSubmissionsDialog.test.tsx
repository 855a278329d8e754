import type { Lead } from '@leadreel/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeCall, fakeApi, fakeVideo } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const DEMO = '11111111-1111-4111-8111-111111111111';

const demo = fakeVideo(DEMO, 'Product demo');

const lead = (n: number, name: string, read: boolean): Lead => ({
  leadId: `aaaaaaaa-0000-4000-8000-00000000000${n}`,
  videoId: DEMO,
  videoName: 'Product demo',
  createdAt: 1_780_000_000 + n,
  read,
  second: 42,
  pageUrl: 'https://acme.example.test/',
  referrer: '',
  language: 'en',
  siteName: null,
  fields: [
    { id: 'name', kind: 'name', label: 'Name' },
    { id: 'email', kind: 'email', label: 'Email' },
  ],
  answers: { name, email: `${name.toLowerCase()}@example.test` },
});

function openList(language: 'en' | 'zh_CN' = 'en') {
  const calls: FakeCall[] = fakeApi({
    'GET /vod/video/folder/list': () => ({ data: [] }),
    'GET /vod/video/list': () => ({ data: { list: [demo], total: 1 } }),
    'GET /user-form-list/list': (_, query) => ({
      data: {
        list: query.get('videoId') === DEMO ? [lead(1, 'Ada', false), lead(2, 'Grace', true)] : [],
        total: query.get('videoId') === DEMO ? 12 : 0,
        unread: 1,
        masked: false,
      },
    }),
  });
  const view = renderApp('/videos/index', { token: 'tok', language });
  return { calls, ...view };
}

const leadQueries = (calls: FakeCall[]) =>
  calls.filter((call) => call.path === '/user-form-list/list').map((call) => Object.fromEntries(call.query));

describe('the video submissions dialog (video list)', () => {
  it("lists one video's leads and leads to the form submissions page filtered by it", async () => {
    const { calls, router } = openList();
    const row = (await screen.findByText('Product demo')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Submissions' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Submissions of Product demo')).toBeTruthy();
    const ada = (await within(dialog).findByText('Ada')).closest('tr') as HTMLElement;
    expect(within(ada).getByText('ada@example.test')).toBeTruthy();
    expect(within(ada).getByText('0:42')).toBeTruthy();
    expect(within(ada).getByText('Unread')).toBeTruthy();
    expect(within(within(dialog).getByText('Grace').closest('tr') as HTMLElement).getByText('Read')).toBeTruthy();
    expect(leadQueries(calls)).toEqual([{ videoId: DEMO, page: '1', pageSize: '10' }]);

    // 12 leads, 10 a page: the second page is asked for with the same video.
    fireEvent.click(within(dialog).getByTitle('2'));
    await waitFor(() => expect(leadQueries(calls).at(-1)).toEqual({ videoId: DEMO, page: '2', pageSize: '10' }));

    const link = within(dialog).getByRole('link', { name: 'Open in form submissions' });
    expect(link.getAttribute('href')).toBe(`/form-submit-data?videoId=${DEMO}`);
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/form-submit-data'));
    await waitFor(() => expect(leadQueries(calls).at(-1)).toEqual({ videoId: DEMO, page: '1', pageSize: '20' }));
  });

  it('reads in Chinese', async () => {
    openList('zh_CN');
    const row = (await screen.findByText('Product demo')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '表单提交' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Product demo 的表单提交')).toBeTruthy();
    expect(await within(dialog).findByText('未读')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: '在表单提交中查看' })).toBeTruthy();
  });
});

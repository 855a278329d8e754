import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeCall, fakeAccount, fakeApi, PAID_PRIVILEGES } from '../../test/fakeApi.ts';
import { type FakeBlog, fakeBlogRoutes, fakeBlogState, fakeExport, fakeProject } from '../../test/fakeBlog.ts';
import { type FakeSpeech, fakeSpeechRoutes, fakeSpeechState, fakeTask } from '../../test/fakeSpeech.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LAUNCH = '66666666-0000-4000-8000-000000000001';
const PRICING = '66666666-0000-4000-8000-000000000002';
const HIRING = '66666666-0000-4000-8000-000000000003';
const VIDEO = '77777777-7777-4777-8777-000000000009';
const TOUR = '44444444-4444-4444-8444-444444444444';
const id = (n: number) => `88888888-0000-4000-8000-${String(n).padStart(12, '0')}`;
const now = Math.floor(Date.now() / 1000);

/**
 * Three projects: Launch rendering its version 2 (version 1 made a video), Pricing waiting for its version 2
 * (version 1 canceled), Hiring's only version failed with its credits given back.
 */
const blogState = () =>
  fakeBlogState({
    projects: [
      fakeProject(LAUNCH, 'Our launch', []),
      fakeProject(PRICING, 'New pricing', []),
      fakeProject(HIRING, 'We are hiring', []),
    ],
    exports: {
      [LAUNCH]: [
        fakeExport(id(1), 1, {
          videoId: VIDEO,
          videoName: 'Our launch',
          createdAt: now - 7400,
          finishedAt: now - 7200,
        }),
        fakeExport(id(2), 2, { status: 'running', progress: 40, credits: 4, createdAt: now - 300, finishedAt: null }),
      ],
      [PRICING]: [
        fakeExport(id(3), 1, {
          status: 'canceled',
          progress: 10,
          refunded: 2,
          error: { code: 'blog_canceled', detail: null },
          createdAt: now - 3600,
          finishedAt: now - 3500,
        }),
        fakeExport(id(4), 2, { status: 'queued', progress: 0, createdAt: now - 60, finishedAt: null }),
      ],
      [HIRING]: [
        fakeExport(id(5), 1, {
          status: 'failed',
          progress: 60,
          refunded: 2,
          error: { code: 'blog_render_failed', detail: 'ffmpeg exited with 1' },
          createdAt: now - 900,
          finishedAt: now - 600,
        }),
      ],
    },
  });

/** One translation under way, so both kinds share the tabs. */
const speechState = () => fakeSpeechState({ tasks: [fakeTask('99999999-9999-4999-8999-000000000001', TOUR)] });

function open(
  blog: FakeBlog,
  speech: FakeSpeech = speechState(),
  { language = 'en' as 'en' | 'zh_CN', routes = {} as Parameters<typeof fakeApi>[0] } = {},
) {
  const account = fakeAccount({ privileges: PAID_PRIVILEGES });
  const calls: FakeCall[] = fakeApi({
    ...fakeSpeechRoutes(speech),
    ...fakeBlogRoutes(blog),
    'GET /account/detail': () => ({ data: account }),
    ...routes,
  });
  const view = renderApp('/account/change-password', { token: 'tok', language });
  return { calls, ...view };
}

const dialog = () => screen.getByRole('dialog');
const rowOf = (exportId: string) => document.querySelector(`[data-export="${exportId}"]`) as HTMLElement;
const findRow = (exportId: string) =>
  waitFor(() => {
    expect(rowOf(exportId)).toBeTruthy();
    return rowOf(exportId);
  });
const cancels = (calls: FakeCall[]) =>
  calls.filter((call) => call.path === '/blog-to-video/export/cancel').map((call) => call.body);

describe('the task center, video exports', () => {
  it('lists exports in the tabs beside the translation tasks, counted together, each with its project, version, status and credits', async () => {
    open(blogState());
    fireEvent.click(await screen.findByRole('button', { name: 'Translation tasks (3 in progress)' }));
    expect(await within(dialog()).findByRole('tab', { name: 'Translating (3)' })).toBeTruthy();
    expect(within(dialog()).getByRole('tab', { name: 'Translated (1)' })).toBeTruthy();
    expect(within(dialog()).getByRole('tab', { name: 'Error (2)' })).toBeTruthy();
    expect(within(dialog()).getByRole('heading', { name: 'Translation tasks' })).toBeTruthy();
    expect(within(dialog()).getByRole('heading', { name: 'Video exports' })).toBeTruthy();

    const running = await findRow(id(2));
    expect(within(running).getByRole('link', { name: 'Our launch' }).getAttribute('href')).toBe(
      `/blog-to-video/${LAUNCH}/script`,
    );
    expect(within(running).getByText('Rendering')).toBeTruthy();
    expect(within(running).getByText('Version 2')).toBeTruthy();
    expect(within(running).getByRole('progressbar', { name: 'Progress 40%' })).toBeTruthy();
    expect(within(running).getByText('Started 5 minutes ago · 4 credits')).toBeTruthy();
    expect(within(running).getByRole('button', { name: 'Cancel export' })).toBeTruthy();
    const queued = rowOf(id(4));
    expect(within(queued).getByText('Waiting')).toBeTruthy();
    expect(within(queued).getByRole('link', { name: 'New pricing' })).toBeTruthy();
    expect(within(queued).getByRole('progressbar', { name: 'Progress 0%' })).toBeTruthy();

    fireEvent.click(within(dialog()).getByRole('tab', { name: 'Translated (1)' }));
    const done = await findRow(id(1));
    expect(within(done).getByText('Done')).toBeTruthy();
    expect(within(done).getByText('Version 1')).toBeTruthy();
    expect(within(done).getByText('Ended 2 hours ago · 2 credits')).toBeTruthy();
    expect(within(done).getByRole('link', { name: 'Open the video' }).getAttribute('href')).toBe(
      `/video-setting/${VIDEO}/basic-setting`,
    );
    expect(within(done).queryByRole('progressbar')).toBeNull();
    expect(within(done).queryByRole('button')).toBeNull();
    // No translation is done: the tab shows the exports alone, without saying it has no task.
    expect(within(dialog()).queryByRole('heading', { name: 'Translation tasks' })).toBeNull();
    expect(within(dialog()).queryByText('No finished task yet')).toBeNull();

    fireEvent.click(within(dialog()).getByRole('tab', { name: 'Error (2)' }));
    const failed = await findRow(id(5));
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByText('The video could not be rendered: ffmpeg exited with 1')).toBeTruthy();
    expect(within(failed).getByText('2 credits given back')).toBeTruthy();
    expect(within(failed).queryByRole('button')).toBeNull();
    const canceled = rowOf(id(3));
    expect(within(canceled).getByText('Canceled')).toBeTruthy();
    expect(within(canceled).queryByText(/^Canceled:/)).toBeNull();
    expect(within(canceled).queryByRole('link', { name: 'Open the video' })).toBeNull();
  });

  it('follows a running export while open, and moves it to Translated once done', async () => {
    const blog = blogState();
    open(blog);
    fireEvent.click(await screen.findByRole('button', { name: 'Translation tasks (3 in progress)' }));
    const running = await findRow(id(2));
    expect(within(running).getByRole('progressbar', { name: 'Progress 40%' })).toBeTruthy();
    const version = blog.exports[LAUNCH]?.[1];
    Object.assign(version ?? {}, { progress: 75 });
    expect(await within(rowOf(id(2))).findByRole('progressbar', { name: 'Progress 75%' })).toBeTruthy();
    Object.assign(version ?? {}, { status: 'done', progress: 100, videoId: VIDEO, finishedAt: now });
    expect(await within(dialog()).findByRole('tab', { name: 'Translated (2)' })).toBeTruthy();
    await waitFor(() => expect(rowOf(id(2))).toBeNull());
    expect(await screen.findByRole('button', { name: 'Translation tasks (2 in progress)' })).toBeTruthy();
  });

  it('cancels an export after asking, and says its credits came back', async () => {
    const { calls } = open(blogState());
    fireEvent.click(await screen.findByRole('button', { name: 'Translation tasks (3 in progress)' }));
    fireEvent.click(within(await findRow(id(2))).getByRole('button', { name: 'Cancel export' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm.textContent).toContain('Cancel this export?');
    expect(confirm.textContent).toContain('The credits for the part not rendered are given back.');
    expect(cancels(calls)).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel export' }));
    expect(await screen.findByText('Export canceled. 4 credits given back.')).toBeTruthy();
    expect(cancels(calls)).toEqual([{ projectId: LAUNCH }]);
    expect(await within(dialog()).findByRole('tab', { name: 'Translating (2)' })).toBeTruthy();
    expect(within(dialog()).getByRole('tab', { name: 'Error (3)' })).toBeTruthy();
    await waitFor(() => expect(rowOf(id(2))).toBeNull());
    expect(await screen.findByRole('button', { name: 'Translation tasks (2 in progress)' })).toBeTruthy();
  });

  it('says a refused cancel in the user’s language, and keeps the export', async () => {
    const { calls } = open(blogState(), speechState(), {
      routes: { 'POST /blog-to-video/export/cancel': () => ({ status: 409, error: 'blog_export_not_cancelable' }) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Translation tasks (3 in progress)' }));
    fireEvent.click(within(await findRow(id(4))).getByRole('button', { name: 'Cancel export' }));
    fireEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Cancel export' }));
    expect(await screen.findByText('Only an export that is waiting or running can be canceled')).toBeTruthy();
    expect(cancels(calls)).toEqual([{ projectId: PRICING }]);
    expect(within(rowOf(id(4))).getByText('Waiting')).toBeTruthy();
  });

  it('is in the header for an account with exports and no translation, and says when a tab has neither', async () => {
    const blog = fakeBlogState({
      projects: [fakeProject(HIRING, 'We are hiring', [])],
      exports: { [HIRING]: [fakeExport(id(6), 1, { videoId: VIDEO })] },
    });
    const { router } = open(blog, fakeSpeechState());
    fireEvent.click(await screen.findByRole('button', { name: 'Translation tasks (0 in progress)' }));
    expect(await within(dialog()).findByRole('tab', { name: 'Translating (0)' })).toBeTruthy();
    expect(within(dialog()).getByText('No task under way')).toBeTruthy();
    expect(within(dialog()).queryByRole('heading')).toBeNull();
    fireEvent.click(within(dialog()).getByRole('tab', { name: 'Translated (1)' }));
    expect(await findRow(id(6))).toBeTruthy();
    expect(within(dialog()).getByRole('heading', { name: 'Video exports' })).toBeTruthy();
    fireEvent.click(within(rowOf(id(6))).getByRole('link', { name: 'Open the video' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/video-setting/${VIDEO}/basic-setting`));
  });

  it('keeps its translation-only look for an account that never exported', async () => {
    open(fakeBlogState());
    fireEvent.click(await screen.findByRole('button', { name: 'Translation tasks (1 in progress)' }));
    expect(await within(dialog()).findByRole('tab', { name: 'Translating (1)' })).toBeTruthy();
    expect(within(dialog()).queryByRole('heading')).toBeNull();
    expect(within(dialog()).queryByText('Video exports')).toBeNull();
  });

  it('speaks Chinese', async () => {
    open(blogState(), speechState(), { language: 'zh_CN' });
    fireEvent.click(await screen.findByRole('button', { name: '翻译任务（3 个进行中）' }));
    expect(await within(dialog()).findByRole('tab', { name: '翻译中（3）' })).toBeTruthy();
    expect(within(dialog()).getByRole('heading', { name: '翻译任务' })).toBeTruthy();
    expect(within(dialog()).getByRole('heading', { name: '视频导出' })).toBeTruthy();
    const running = await findRow(id(2));
    expect(within(running).getByText('渲染中')).toBeTruthy();
    expect(within(running).getByText('第 2 版')).toBeTruthy();
    expect(within(running).getByRole('progressbar', { name: '进度 40%' })).toBeTruthy();
    expect(within(running).getByText('5 分钟前开始 · 4 积分')).toBeTruthy();
    fireEvent.click(within(running).getByRole('button', { name: '取消导出' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm.textContent).toContain('取消这次导出？');
    fireEvent.click(within(confirm).getByRole('button', { name: '取消导出' }));
    expect(await screen.findByText('导出已取消，已退回 4 积分。')).toBeTruthy();

    fireEvent.click(within(dialog()).getByRole('tab', { name: /^已翻译/ }));
    expect(within(await findRow(id(1))).getByRole('link', { name: '打开视频' })).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('tab', { name: /^出错/ }));
    const failed = await findRow(id(5));
    expect(within(failed).getByText('失败')).toBeTruthy();
    expect(within(failed).getByText('视频渲染失败：ffmpeg exited with 1')).toBeTruthy();
    expect(within(failed).getByText('已退回 2 积分')).toBeTruthy();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeCall, fakeAccount, fakeApi, PAID_PRIVILEGES } from '../../test/fakeApi.ts';
import {
  type FakeBlog,
  fakeBlogRoutes,
  fakeBlogState,
  fakeExport,
  fakeProject,
  fakeScene,
} from '../../test/fakeBlog.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LAUNCH = '66666666-6666-4666-8666-000000000001';
const PRICING = '66666666-6666-4666-8666-000000000002';
const VIDEO = '77777777-7777-4777-8777-000000000009';
const hoursAgo = (hours: number) => Math.floor(Date.now() / 1000) - hours * 3600;

const projects = () => [
  fakeProject(LAUNCH, 'Our launch', [fakeScene('s1', 'We launched today.'), fakeScene('s2', 'Customers loved it.')], {
    cover: '/media/blog/launch.jpg',
    status: 'exported',
    lastExport: { version: 2, videoId: VIDEO, finishedAt: hoursAgo(3) },
    updatedAt: hoursAgo(2),
  }),
  fakeProject(PRICING, 'New pricing', [fakeScene('s3', 'Prices change in May.')], {
    sourceUrl: null,
    status: 'exporting',
  }),
];

function open(
  blog: FakeBlog,
  { language = 'en' as 'en' | 'zh_CN', account = fakeAccount({ privileges: PAID_PRIVILEGES }) } = {},
) {
  const calls: FakeCall[] = fakeApi({ ...fakeBlogRoutes(blog), 'GET /account/detail': () => ({ data: account }) });
  const view = renderApp('/videos/blog-to-video', { token: 'tok', language });
  return { calls, ...view };
}

const card = (projectId: string) => document.querySelector(`[data-project="${projectId}"]`) as HTMLElement;
const findCard = (projectId: string) =>
  waitFor(() => {
    expect(card(projectId)).toBeTruthy();
    return card(projectId);
  });
const bodiesOf = (calls: FakeCall[], path: string) => calls.filter((call) => call.path === path).map((c) => c.body);

describe('My projects', () => {
  it('shows each project with its cover, source, status, script length, last export and updated time', async () => {
    const blog = fakeBlogState({
      projects: projects(),
      exports: { [PRICING]: [fakeExport('e1', 1, { status: 'running', progress: 10 })] },
    });
    blog.steps = [35, 60];
    open(blog);
    expect(await screen.findByRole('heading', { name: 'My projects' })).toBeTruthy();
    const launch = await findCard(LAUNCH);
    expect(within(launch).getByRole('link', { name: 'Our launch' }).getAttribute('href')).toBe(
      `/blog-to-video/${LAUNCH}/script`,
    );
    expect(within(launch).getByRole('link', { name: 'blog.example.com' }).getAttribute('href')).toBe(
      'https://blog.example.com/posts/launch',
    );
    expect(launch.querySelector('img')?.getAttribute('src')).toBe('/media/blog/launch.jpg');
    expect(within(launch).getByText('Exported')).toBeTruthy();
    expect(within(launch).getByText('2 scenes · 00:04')).toBeTruthy();
    expect(within(launch).getByRole('link', { name: 'Video of version 2' }).getAttribute('href')).toBe(
      `/video-setting/${VIDEO}/basic-setting`,
    );
    expect(within(launch).getByText('Updated 2 hours ago')).toBeTruthy();
    const pricing = card(PRICING);
    expect(within(pricing).getByText('1 scene · 00:02')).toBeTruthy();
    expect(within(pricing).getByText('Not exported yet')).toBeTruthy();
    // The export under way shows how far it is, and follows it.
    expect(await within(pricing).findByText(/^Exporting (35|60)%$/)).toBeTruthy();
    expect(await within(pricing).findByText('Exporting 60%')).toBeTruthy();
  });

  it('opens a project, and deletes one only once the dialog is confirmed', async () => {
    const blog = fakeBlogState({ projects: projects() });
    const { calls, router } = open(blog);
    const launch = await findCard(LAUNCH);
    fireEvent.click(within(launch).getByRole('button', { name: 'Delete Our launch' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('Delete the project "Our launch"?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(bodiesOf(calls, '/blog-to-video/delete')).toEqual([]);

    fireEvent.click(within(launch).getByRole('button', { name: 'Delete Our launch' }));
    // jsdom runs no closing animation, so the cancelled dialog is still in the document: take the newest.
    const dialog = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Project deleted')).toBeTruthy();
    await waitFor(() => expect(card(LAUNCH)).toBeNull());
    expect(bodiesOf(calls, '/blog-to-video/delete')).toEqual([{ projectIds: [LAUNCH] }]);

    fireEvent.click(within(card(PRICING)).getByRole('button', { name: 'Open New pricing' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/blog-to-video/${PRICING}/script`));
  });

  it('creates a project from an article address and opens its script; a bad address is refused before sending', async () => {
    const blog = fakeBlogState();
    const { calls, router } = open(blog);
    expect(await screen.findByText("No projects yet. Start one from an article's address or its text.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /New project/ }));
    const dialog = await screen.findByRole('dialog');
    const address = within(dialog).getByLabelText('Article address');
    const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    submit();
    expect(await within(dialog).findByText('Enter the address of an article, or paste its text')).toBeTruthy();
    for (const bad of ['ftp://example.com/post', 'example.com/post', 'javascript:alert(1)', '\u0000', '\ud800']) {
      fireEvent.change(address, { target: { value: bad } });
      submit();
      expect(
        await within(dialog).findByText('Enter the address of a web page, starting with http:// or https://'),
      ).toBeTruthy();
    }
    expect(bodiesOf(calls, '/blog-to-video/create')).toEqual([]);

    fireEvent.change(address, { target: { value: ' https://blog.example.com/posts/launch ' } });
    fireEvent.click(within(dialog).getByLabelText('One scene per sentence'));
    submit();
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/blog-to-video\/66666666-[^/]+\/script$/));
    expect(bodiesOf(calls, '/blog-to-video/create')).toEqual([
      { url: 'https://blog.example.com/posts/launch', sceneMode: 'sentence' },
    ]);
    expect(await screen.findByDisplayValue('It was a big day.')).toBeTruthy();
  });

  it("shows the server's refusal of the page in the dialog, and creates from pasted text within the limit", async () => {
    const blog = fakeBlogState({ createRefusal: 'blog_no_article' });
    const { calls, router } = open(blog);
    fireEvent.click(await screen.findByRole('button', { name: /New project/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Article address'), {
      target: { value: 'https://blog.example.com/about' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('No article was found on this page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/videos/blog-to-video');

    blog.createRefusal = null;
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Paste text' }));
    const text = await within(dialog).findByLabelText('Article text');
    fireEvent.change(text, { target: { value: 'x'.repeat(100_001) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The text cannot exceed 100,000 characters')).toBeTruthy();
    fireEvent.change(text, { target: { value: 'First we plan. Then we ship.' } });
    fireEvent.change(within(dialog).getByLabelText('Title (optional)'), { target: { value: 'Shipping' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/\/script$/));
    expect(bodiesOf(calls, '/blog-to-video/create').at(-1)).toEqual({
      text: 'First we plan. Then we ship.',
      title: 'Shipping',
      sceneMode: 'auto',
    });
  });

  it('offers the plans instead of New project without the blog-to-video privilege', async () => {
    const { calls } = open(fakeBlogState({ projects: projects() }), { account: fakeAccount() });
    expect(
      await screen.findByText('Blog-to-video is part of the paid plans. Upgrade to turn your articles into videos.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/account/memberships');
    expect(screen.queryByRole('button', { name: /New project/ })).toBeNull();
    expect(calls.filter((call) => call.path === '/blog-to-video/list')).toEqual([]);
  });

  it('asks to renew before creating once the plan has expired', async () => {
    open(fakeBlogState(), { account: fakeAccount({ privileges: PAID_PRIVILEGES, vipPeriod: 'buffer-period' }) });
    fireEvent.click(await screen.findByRole('button', { name: /New project/ }));
    expect(await screen.findAllByText('Your plan has expired. Renew now to create more content.')).not.toHaveLength(0);
    expect(screen.queryByLabelText('Article address')).toBeNull();
  });

  it('speaks Chinese', async () => {
    open(fakeBlogState({ projects: projects() }), { language: 'zh_CN' });
    expect(await screen.findByRole('heading', { name: '我的项目' })).toBeTruthy();
    const launch = await findCard(LAUNCH);
    expect(within(launch).getByText('已导出')).toBeTruthy();
    expect(within(launch).getByText('第 2 版的视频')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /新建项目/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: '从文章链接' })).toBeTruthy();
    expect(within(dialog).getByRole('tab', { name: '粘贴正文' })).toBeTruthy();
    expect(within(dialog).getByText('约 7 到 10 个场景')).toBeTruthy();
  });
});

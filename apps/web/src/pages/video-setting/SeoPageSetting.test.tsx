import type { SeoPage, Video } from '@leadreel/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeCall, type FakeRoute, fakeAccount, fakeApi, PAID_PRIVILEGES } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const VIDEO_ID = '11111111-1111-4111-8111-111111111111';
const video: Video = {
  videoId: VIDEO_ID,
  folderId: 'f1',
  name: 'spring-launch.mp4',
  status: 'ready',
  uploadPercent: 100,
  processPercent: 100,
  translatingPercent: null,
  playable: true,
  size: 1000,
  duration: 60,
  width: 1280,
  height: 720,
  cover: '/media/v/1/poster.jpg',
  thumbnail: null,
  hlsUrl: `/media/${VIDEO_ID}/master.m3u8`,
  storyboardUrl: null,
  previewUrl: null,
  failReason: null,
  failCode: null,
  sha256: null,
  createdAt: 1_780_000_000,
  updatedAt: 1_780_000_000,
};
const fresh: SeoPage = {
  videoId: VIDEO_ID,
  title: '',
  description: '',
  keywords: [],
  slug: '',
  indexable: true,
  sourceUrl: '',
  coverUrl: null,
  watchUrl: `https://videos.example.test/v/${VIDEO_ID}`,
  embedUrl: `https://videos.example.test/embed/${VIDEO_ID}`,
};

async function open(routes: Record<string, FakeRoute> = {}, language: 'en' | 'zh_CN' = 'en') {
  const calls: FakeCall[] = fakeApi({
    'GET /vod/video/detail': () => ({ data: video }),
    'GET /vod/video/seo-page': () => ({ data: fresh }),
    // Link names are a paid plan's.
    'GET /account/detail': () => ({ data: fakeAccount({ privileges: PAID_PRIVILEGES }) }),
    ...routes,
  });
  renderApp(`/video-setting/${VIDEO_ID}/basic-setting`, { token: 'tok', language });
  return calls;
}

describe('the SEO page setting', () => {
  it('previews the search result and shared card as the user types, and saves what was typed', async () => {
    const calls = await open({
      'POST /vod/video/seo-page/save': (body) => ({
        data: { ...fresh, ...(body as object), watchUrl: 'https://videos.example.test/v/spring-launch' },
      }),
    });
    const title = await screen.findByLabelText('Page title');
    // Before any setting, both previews use the video's name without its extension.
    expect(screen.getAllByText('spring-launch')).toHaveLength(2);
    fireEvent.change(title, { target: { value: 'Spring launch, in 60 seconds' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Everything new this spring.' } });
    fireEvent.change(screen.getByLabelText('Link name'), { target: { value: 'spring-launch' } });
    expect(await screen.findAllByText('Spring launch, in 60 seconds')).toHaveLength(2);
    expect(screen.getByText('https://videos.example.test/v/spring-launch')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch'));
    expect(await screen.findByText('Search engines will not list this page.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('SEO settings saved')).toBeTruthy();
    expect(calls.find((call) => call.path === '/vod/video/seo-page/save')?.body).toEqual({
      videoId: VIDEO_ID,
      title: 'Spring launch, in 60 seconds',
      description: 'Everything new this spring.',
      keywords: [],
      slug: 'spring-launch',
      indexable: false,
      sourceUrl: '',
    });
  });

  it('takes the source article as an http or https address, refusing anything else as the server does', async () => {
    const calls = await open({
      'GET /vod/video/seo-page': () => ({ data: { ...fresh, sourceUrl: 'https://blog.example.test/old-post' } }),
      'POST /vod/video/seo-page/save': (body) => ({ data: { ...fresh, ...(body as object) } }),
    });
    const field = (await screen.findByLabelText('Source article')) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('https://blog.example.test/old-post'));
    expect(screen.getByText(/the article this video was made from/)).toBeTruthy();
    const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    for (const bad of ['javascript:alert(1)', 'ftp://blog.example.test/post', 'blog.example.test/post']) {
      fireEvent.change(field, { target: { value: bad } });
      save();
      expect(
        await screen.findByText('Enter the address of a web page, starting with http:// or https://'),
        bad,
      ).toBeTruthy();
    }
    expect(calls.some((call) => call.path === '/vod/video/seo-page/save')).toBe(false);
    fireEvent.change(field, { target: { value: '  https://blog.example.test/spring?lang=en  ' } });
    save();
    expect(await screen.findByText('SEO settings saved')).toBeTruthy();
    expect(calls.find((call) => call.path === '/vod/video/seo-page/save')?.body).toMatchObject({
      sourceUrl: '  https://blog.example.test/spring?lang=en  ',
    });
  });

  it('sends an emptied source article, so saving removes it', async () => {
    const calls = await open({
      'GET /vod/video/seo-page': () => ({ data: { ...fresh, sourceUrl: 'https://blog.example.test/old-post' } }),
      'POST /vod/video/seo-page/save': (body) => ({ data: { ...fresh, ...(body as object) } }),
    });
    const field = (await screen.findByLabelText('Source article')) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('https://blog.example.test/old-post'));
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('SEO settings saved')).toBeTruthy();
    expect(calls.find((call) => call.path === '/vod/video/seo-page/save')?.body).toMatchObject({ sourceUrl: '' });
  });

  it('names the source article and its refusal in Chinese', async () => {
    await open({}, 'zh_CN');
    const field = await screen.findByLabelText('原文链接');
    expect(screen.getByText(/制作此视频所依据的文章地址/)).toBeTruthy();
    fireEvent.change(field, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入以 http:// 或 https:// 开头的网页地址')).toBeTruthy();
  });

  it("shows the server's refusal under the field it names", async () => {
    await open({
      'POST /vod/video/seo-page/save': () => ({
        status: 409,
        error: 'slug_taken',
        message: 'This link name is already in use',
      }),
    });
    fireEvent.change(await screen.findByLabelText('Link name'), { target: { value: 'taken' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This link name is already in use')).toBeTruthy();
  });

  it('uploads a cover that the shared card then shows, and goes back to the video frame', async () => {
    const coverUrl = `/media/${VIDEO_ID}/brand/cover-0123456789abcdef.png`;
    const calls = await open({
      'POST /vod/video/seo-page/cover': (body) => ({
        data: { ...fresh, coverUrl: (body as { image: string | null }).image ? coverUrl : null },
      }),
    });
    const picker = (await screen.findByLabelText('Upload cover')) as HTMLInputElement;
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'cover.png', {
      type: 'image/png',
    });
    fireEvent.change(picker, { target: { files: [png] } });
    await waitFor(() =>
      expect(document.querySelector<HTMLImageElement>('.seo-card-preview img')?.getAttribute('src')).toBe(coverUrl),
    );
    expect(calls.find((call) => call.path === '/vod/video/seo-page/cover')?.body).toEqual({
      videoId: VIDEO_ID,
      image: 'iVBORw0KGgo=',
    });
    fireEvent.click(screen.getByRole('button', { name: "Use the video's frame" }));
    await waitFor(() => expect(screen.queryByRole('button', { name: "Use the video's frame" })).toBeNull());
  });

  it('keeps what was typed and not yet saved through a cover upload, and saves it', async () => {
    const coverUrl = `/media/${VIDEO_ID}/brand/cover-0123456789abcdef.png`;
    const calls = await open({
      // The cover's answer is the whole page as stored: still without the title being typed.
      'POST /vod/video/seo-page/cover': () => ({ data: { ...fresh, coverUrl } }),
      'POST /vod/video/seo-page/save': (body) => ({ data: { ...fresh, ...(body as object), coverUrl } }),
    });
    fireEvent.change(await screen.findByLabelText('Page title'), { target: { value: 'Spring launch' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Everything new.' } });
    const keywords = screen.getByRole('combobox', { name: 'Keywords' });
    fireEvent.change(keywords, { target: { value: 'launch' } });
    fireEvent.keyDown(keywords, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByTitle('launch')).toBeTruthy();
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'cover.png', {
      type: 'image/png',
    });
    fireEvent.change(screen.getByLabelText('Upload cover'), { target: { files: [png] } });
    await waitFor(() =>
      expect(document.querySelector<HTMLImageElement>('.seo-card-preview img')?.getAttribute('src')).toBe(coverUrl),
    );
    expect((screen.getByLabelText('Page title') as HTMLInputElement).value).toBe('Spring launch');
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('Everything new.');
    expect(screen.getByTitle('launch')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('SEO settings saved')).toBeTruthy();
    expect(calls.find((call) => call.path === '/vod/video/seo-page/save')?.body).toMatchObject({
      title: 'Spring launch',
      description: 'Everything new.',
      keywords: ['launch'],
    });
  });

  it('on the Free plan, offers no new link name and says why', async () => {
    await open({ 'GET /account/detail': () => ({ data: fakeAccount() }) });
    expect(((await screen.findByLabelText('Link name')) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Custom link names are part of the paid plans.')).toBeTruthy();
  });

  it('sits among the other settings screens of the video, as tabs', async () => {
    await open();
    const tab = await screen.findByRole('tab', { name: 'SEO page' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Branding' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Branding' }).getAttribute('aria-selected')).toBe('true'),
    );
    expect(screen.queryByLabelText('Page title')).toBeNull();
  });

  it('says when the video does not exist or is not yours', async () => {
    await open({ 'GET /vod/video/seo-page': () => ({ status: 404, error: 'video_invalid' }) });
    expect(await screen.findByText('The video does not exist')).toBeTruthy();
  });

  it('is read-only from the Frozen period on, saying why, in Chinese too', async () => {
    await open({ 'GET /account/detail': () => ({ data: fakeAccount({ vipPeriod: 'frozen-period' }) }) }, 'zh_CN');
    await waitFor(() => expect((screen.getByLabelText('页面标题') as HTMLInputElement).disabled).toBe(true));
    expect(screen.getByText('您的套餐已过期，立即续费以继续创作内容。')).toBeTruthy();
    expect(screen.getByText('允许搜索引擎收录此页面')).toBeTruthy();
  });
});

import type { Video } from '@leadreel/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeCall, type FakeRoute, FREE_PRIVILEGES, fakeAccount, fakeApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const VIDEO_ID = '66666666-6666-4666-8666-666666666601';
const make = (n: number, name: string) =>
  ({
    videoId: `66666666-6666-4666-8666-6666666666${String(n).padStart(2, '0')}`,
    name,
    status: 'ready',
    playable: true,
    duration: 75,
  }) as Video;
const current = make(1, 'tour.mp4');
const spring = make(2, 'spring-launch.mp4');
const summer = make(3, 'summer-sale.mp4');
const webinar = make(4, 'webinar-recap.mp4');
const all = [current, spring, summer, webinar];

function open(routes: Record<string, FakeRoute> = {}, language: 'en' | 'zh_CN' = 'en') {
  const calls: FakeCall[] = fakeApi({
    'GET /vod/video/detail': () => ({ data: current }),
    'GET /vod/video/list': (_, query) => {
      const keyword = query.get('keyword') ?? '';
      const list = all.filter((video) => video.name.includes(keyword));
      return { data: { list, total: list.length } };
    },
    ...routes,
  });
  renderApp(`/video-setting/${VIDEO_ID}/kit-clone`, { token: 'tok', language });
  return calls;
}

const box = (name: string | RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
// By its words: in jsdom the spinner of a finished action stays in the button's accessible name.
const copyButton = (count: number) =>
  screen.getByText(`Copy to ${count} ${count === 1 ? 'video' : 'videos'}`).closest('button') as HTMLButtonElement;

describe('the kit-clone setting', () => {
  it('copies the chosen settings onto the chosen videos after asking', async () => {
    const calls = open({
      'POST /vod/video/kit-clone': (body) => ({
        data: { copied: (body as { targetVideoIds: string[] }).targetVideoIds.length },
      }),
    });
    await screen.findByRole('checkbox', { name: 'Choose summer-sale.mp4' });
    // The video being set up is not offered as a target.
    expect(screen.queryByRole('checkbox', { name: 'Choose tour.mp4' })).toBeNull();
    expect(copyButton(0).disabled).toBe(true);

    fireEvent.click(box('SEO page (description, keywords, indexing)'));
    fireEvent.click(box('Call to action'));
    expect(copyButton(0).disabled).toBe(true);
    fireEvent.click(box('Choose webinar-recap.mp4'));
    expect(copyButton(1).disabled).toBe(false);
    fireEvent.click(box('Choose spring-launch.mp4'));
    expect(screen.getByText('2 chosen, at most 100')).toBeTruthy();

    fireEvent.click(copyButton(2));
    expect(await screen.findAllByText('Copy settings to 2 videos?')).not.toHaveLength(0);
    expect(
      screen.getByText(
        'SEO page (description, keywords, indexing) and Call to action will be replaced on the chosen videos. This cannot be undone.',
      ),
    ).toBeTruthy();
    expect(calls.some((call) => call.path === '/vod/video/kit-clone')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied to 2 videos')).toBeTruthy();
    expect(calls.find((call) => call.path === '/vod/video/kit-clone')?.body).toEqual({
      videoId: VIDEO_ID,
      targetVideoIds: [webinar.videoId, spring.videoId],
      parts: ['seo', 'superAction'],
    });
    // The choice of videos starts again; the choice of settings stays.
    await waitFor(() => expect(copyButton(0).disabled).toBe(true));
    expect(box('Call to action').checked).toBe(true);
  });

  it('keeps chosen videos while searching by name, and needs a setting before copying', async () => {
    const calls = open();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Choose spring-launch.mp4' }));
    expect(copyButton(1).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Search videos by name'), { target: { value: 'sale' } });
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Choose spring-launch.mp4' })).toBeNull());
    expect(calls.some((call) => call.path === '/vod/video/list' && call.query.get('keyword') === 'sale')).toBe(true);
    fireEvent.click(box('Choose summer-sale.mp4'));
    expect(screen.getByText('2 chosen, at most 100')).toBeTruthy();
    expect(copyButton(2).disabled).toBe(true);
    fireEvent.click(box('Social share'));
    expect(copyButton(2).disabled).toBe(false);
    fireEvent.change(screen.getByLabelText('Search videos by name'), { target: { value: 'nothing like it' } });
    expect(await screen.findByText('No videos match the search.')).toBeTruthy();
  });

  it("offers branding only with the plan's privilege", async () => {
    open();
    await screen.findByRole('checkbox', { name: 'Choose spring-launch.mp4' });
    const branding = box(/^Branding/);
    expect(branding.disabled).toBe(true);
    expect(screen.getByText('(needs a plan with branding)')).toBeTruthy();
    fireEvent.click(box('All settings'));
    expect(box('Social share').checked).toBe(true);
    expect(box('WhatsApp button').checked).toBe(true);
    expect(box(/^Branding/).checked).toBe(false);
    expect(box('All settings').checked).toBe(true);
  });

  it('lets an account with branding copy it', async () => {
    open({
      'GET /account/detail': () => ({
        data: fakeAccount({ privileges: { ...FREE_PRIVILEGES, canUseBranding: true } }),
      }),
    });
    await screen.findByRole('checkbox', { name: 'Choose spring-launch.mp4' });
    await waitFor(() => expect(box('Branding').disabled).toBe(false));
    expect(screen.queryByText('(needs a plan with branding)')).toBeNull();
  });

  it('says why the server refused, in Chinese', async () => {
    open(
      {
        'POST /vod/video/kit-clone': () => ({
          status: 404,
          error: 'video_invalid',
          message: 'The video does not exist',
          field: 'targetVideoIds',
        }),
      },
      'zh_CN',
    );
    fireEvent.click(await screen.findByRole('checkbox', { name: '选择 summer-sale.mp4' }));
    fireEvent.click(box('SEO 页面（描述、关键词、索引）'));
    expect(screen.getByText('需要支持品牌展示的套餐', { exact: false })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '复制到 1 个视频' }));
    expect(await screen.findAllByText('将设置复制到 1 个视频？')).not.toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /^复\s*制$/ }));
    expect(await screen.findByText('视频不存在')).toBeTruthy();
  });
});

import type { Video } from '@leadreel/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeCall, type FakeRoute, fakeApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const VIDEO_ID = '33333333-3333-4333-8333-333333333333';
const video = { videoId: VIDEO_ID, name: 'tour.mp4', status: 'ready', playable: true, cover: null } as Video;
const off = { enabled: false, label: '', position: 'bottom-right', showFrom: 0, showUntil: null };

function open(screenName: string, routes: Record<string, FakeRoute> = {}, language: 'en' | 'zh_CN' = 'en') {
  const calls: FakeCall[] = fakeApi({
    'GET /vod/video/detail': () => ({ data: video }),
    'GET /vod/video/whatsapp': () => ({ data: { ...off, number: '', message: '' } }),
    'GET /vod/video/phone': () => ({ data: { ...off, number: '' } }),
    'GET /vod/video/email': () => ({ data: { ...off, address: '', subject: '' } }),
    ...routes,
  });
  renderApp(`/video-setting/${VIDEO_ID}/${screenName}`, { token: 'tok', language });
  return calls;
}

describe('the contact button screens', () => {
  it('turns the WhatsApp button on, previews it in its corner, and saves the setting', async () => {
    const calls = open('whatsapp', {
      'POST /vod/video/whatsapp/save': (body) => ({ data: (body as { setting: unknown }).setting }),
    });
    const preview = await screen.findByLabelText('Preview over the player');
    expect(within(preview).getByText('The button is off')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch'));
    fireEvent.change(screen.getByLabelText('WhatsApp number'), { target: { value: '+44 20 7946 0958' } });
    fireEvent.change(screen.getByLabelText('Prefilled message'), { target: { value: 'Hello!' } });
    fireEvent.change(screen.getByLabelText('Button text'), { target: { value: 'Chat with sales' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Top left' }));
    expect((await within(preview).findByText('Chat with sales')).className).toContain('contact-at-top-left');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Button saved')).toBeTruthy();
    expect(calls.find((call) => call.path === '/vod/video/whatsapp/save')?.body).toEqual({
      videoId: VIDEO_ID,
      setting: {
        enabled: true,
        label: 'Chat with sales',
        position: 'top-left',
        showFrom: 0,
        showUntil: null,
        number: '+44 20 7946 0958',
        message: 'Hello!',
      },
    });
  });

  it("shows the server's refusal under the number, in Chinese too", async () => {
    open(
      'telephone',
      {
        'POST /vod/video/phone/save': () => ({
          status: 400,
          error: 'phone_invalid',
          message: 'Enter the number in international form, such as +44 20 7946 0958',
          field: 'setting.number',
        }),
      },
      'zh_CN',
    );
    fireEvent.change(await screen.findByLabelText('电话号码'), { target: { value: '0123' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入国际格式的号码，例如 +86 138 0013 8000')).toBeTruthy();
  });

  it('asks for an address and subject on the email screen', async () => {
    open('email');
    expect(await screen.findByLabelText('Email address')).toBeTruthy();
    expect(screen.getByLabelText('Email subject')).toBeTruthy();
    expect(screen.queryByLabelText('Prefilled message')).toBeNull();
  });
});

import { DEFAULT_BRANDING, DEFAULT_SUPER_ACTION, DEFAULT_WIDGET, type Video } from '@leadreel/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeCall, type FakeRoute, fakeAccount, fakeApi, PAID_PRIVILEGES } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const VIDEO_ID = '44444444-4444-4444-8444-444444444444';
const video = { videoId: VIDEO_ID, name: 'demo.mp4', status: 'ready', playable: true, cover: null } as Video;
const echo: FakeRoute = (body) => ({ data: (body as { setting: unknown }).setting });

function open(screenName: string, routes: Record<string, FakeRoute> = {}, language: 'en' | 'zh_CN' = 'en') {
  const calls: FakeCall[] = fakeApi({
    'GET /vod/video/detail': () => ({ data: video }),
    'GET /vod/video/super-action': () => ({ data: DEFAULT_SUPER_ACTION }),
    'GET /vod/video/widget': () => ({ data: DEFAULT_WIDGET }),
    'GET /vod/video/share': () => ({ data: { enabled: true, networks: ['facebook', 'copy'] } }),
    'GET /vod/video/logo': () => ({ data: { ...DEFAULT_BRANDING, logoUrl: null } }),
    ...routes,
  });
  renderApp(`/video-setting/${VIDEO_ID}/${screenName}`, { token: 'tok', language });
  return calls;
}
const saved = (calls: FakeCall[], path: string) => calls.find((call) => call.path === path)?.body;

describe('the call to action screen', () => {
  it('sets a banner for the end of the video, previews it and saves it', async () => {
    const calls = open('super-action', { 'POST /vod/video/super-action/save': echo });
    const preview = await screen.findByLabelText('Preview over the player');
    expect(within(preview).getByText('Off')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch'));
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Get a quote' } });
    fireEvent.change(screen.getByLabelText('Link'), { target: { value: 'https://acme.example.test/quote' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Banner' }));
    expect((await within(preview).findByText('Get a quote')).className).toBe('action-preview-banner');
    // A banner has no corner to choose.
    expect(screen.queryByRole('radio', { name: 'Top left' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(saved(calls, '/vod/video/super-action/save')).toEqual({
      videoId: VIDEO_ID,
      setting: {
        ...DEFAULT_SUPER_ACTION,
        enabled: true,
        style: 'banner',
        text: 'Get a quote',
        link: 'https://acme.example.test/quote',
      },
    });
  });

  it('shows the times only while the action runs during the video, and the server refusal under its field', async () => {
    open('super-action', {
      'POST /vod/video/super-action/save': () => ({ status: 400, error: 'url_invalid', field: 'setting.link' }),
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'During the video' }));
    expect(await screen.findByLabelText('Show from')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Link'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a link that starts with http:// or https://')).toBeTruthy();
  });
});

describe('the players own things in the previews', () => {
  it('stacks a call to action at top right below the Share button, says so, and shows the mark and controls', async () => {
    open('super-action');
    const preview = await screen.findByLabelText('Preview over the player');
    fireEvent.click(screen.getByRole('switch'));
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Book a demo' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Top right' }));
    const corner = await within(preview).findByTestId('preview-top-right');
    expect([...corner.children].map((child) => child.textContent)).toEqual(['Share', 'Book a demo']);
    expect(within(preview).getByTestId('preview-top-left').textContent).toBe('Powered by LeadReel');
    expect(preview.querySelector('.player-preview-controls')).not.toBeNull();
    expect(screen.getByText('In embeds this corner holds the Share button: this goes just below it.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Bottom left' }));
    await waitFor(() => expect(within(preview).getByTestId('preview-bottom-left').textContent).toBe('Book a demo'));
    expect(screen.queryByText(/this goes just below it/)).toBeNull();
  });

  it('says it in Chinese too', async () => {
    open('super-action', {}, 'zh_CN');
    const preview = await screen.findByLabelText(/./, { selector: 'section.player-preview' });
    fireEvent.click(screen.getByRole('switch'));
    fireEvent.click(screen.getByRole('radio', { name: '右上' }));
    expect(await screen.findByText('在嵌入播放器中，此角落放着“分享”按钮：此项显示在它的正下方。')).toBeTruthy();
    expect(within(preview).getByTestId('preview-top-right').firstElementChild?.textContent).toBe('分享');
  });
});

describe('the widget screen', () => {
  it('chooses channels, previews the bubble, and explains a channel that has no number yet', async () => {
    const calls = open('widget', {
      'POST /vod/video/widget/save': () => ({ status: 400, error: 'widget_channel_unset', field: 'setting.channels' }),
    });
    fireEvent.click(await screen.findByRole('switch'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'WhatsApp' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Email' }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Ask us' } });
    const preview = screen.getByLabelText('Preview over the player');
    expect(await within(preview).findByText('Ask us')).toBeTruthy();
    expect(within(preview).getByText('Email')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Fill in the number or address of each chosen channel in its own settings first'),
    ).toBeTruthy();
    expect(saved(calls, '/vod/video/widget/save')).toMatchObject({
      setting: { enabled: true, channels: ['whatsapp', 'email'], title: 'Ask us' },
    });
  });
});

describe('the share screen', () => {
  it('picks the networks in Chinese and saves them', async () => {
    const calls = open('share', { 'POST /vod/video/share/save': echo }, 'zh_CN');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Telegram' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '复制链接' }));
    expect(await screen.findByText('Telegram', { selector: '.share-preview-chip' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('设置已保存')).toBeTruthy();
    expect(saved(calls, '/vod/video/share/save')).toEqual({
      videoId: VIDEO_ID,
      setting: { enabled: true, networks: ['facebook', 'telegram'] },
    });
  });
});

describe('the branding screen', () => {
  it('on the Free plan, explains that branding is paid and leaves the form closed', async () => {
    open('branding');
    expect(
      await screen.findByText('Branding is part of the paid plans. Upgrade to use your own logo and colours.'),
    ).toBeTruthy();
    expect((screen.getByLabelText('Player colour') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/account/memberships');
  });

  it('on a paid plan, uploads a logo, previews it with the colours, and saves', async () => {
    const calls = open('branding', {
      'GET /account/detail': () => ({ data: fakeAccount({ privileges: PAID_PRIVILEGES }) }),
      'POST /vod/video/logo/upload': () => ({
        data: { logo: 'logo-abcdefabcdef0123.png', logoUrl: `/media/${VIDEO_ID}/brand/logo-abcdefabcdef0123.png` },
      }),
      'POST /vod/video/logo/save': (body) => ({
        data: {
          ...(body as { setting: object }).setting,
          logoUrl: `/media/${VIDEO_ID}/brand/logo-abcdefabcdef0123.png`,
        },
      }),
    });
    const picker = (await screen.findByLabelText('Upload logo')) as HTMLInputElement;
    await waitFor(() => expect(picker.disabled).toBe(false));
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'logo.png', {
      type: 'image/png',
    });
    fireEvent.change(picker, { target: { files: [png] } });
    const preview = screen.getByLabelText('Preview over the player');
    expect(((await within(preview).findByAltText('Logo')) as HTMLImageElement).src).toContain('/brand/logo-abcdef');
    expect(saved(calls, '/vod/video/logo/upload')).toEqual({ videoId: VIDEO_ID, image: 'iVBORw0KGgo=' });
    fireEvent.change(screen.getByLabelText('Button colour'), { target: { value: '#ff5500' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Bottom left' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(saved(calls, '/vod/video/logo/save')).toEqual({
      videoId: VIDEO_ID,
      setting: {
        ...DEFAULT_BRANDING,
        logo: 'logo-abcdefabcdef0123.png',
        logoPosition: 'bottom-left',
        buttonColor: '#ff5500',
      },
    });
  });

  it('refuses a file that is not an image before sending it', async () => {
    const calls = open('branding', {
      'GET /account/detail': () => ({ data: fakeAccount({ privileges: PAID_PRIVILEGES }) }),
    });
    const picker = (await screen.findByLabelText('Upload logo')) as HTMLInputElement;
    await waitFor(() => expect(picker.disabled).toBe(false));
    fireEvent.change(picker, { target: { files: [new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })] } });
    expect(await screen.findByText('The logo must be a JPG or PNG image')).toBeTruthy();
    expect(calls.some((call) => call.path === '/vod/video/logo/upload')).toBe(false);
  });
});

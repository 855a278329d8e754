import type { CustomDomain, SeoPage, Video } from '@leadreel/shared';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AntProviders } from '../../app/AntProviders.tsx';
import { createQueryClient, Providers } from '../../app/Providers.tsx';
import { initI18n } from '../../i18n/index.ts';
import { useAccountStore } from '../../stores/account.ts';
import { useCustomDomainStore } from '../../stores/customDomain.ts';
import { fakeAccount, fakeApi, fakeVip, PAID_PRIVILEGES } from '../../test/fakeApi.ts';
import { EmbedDialog } from './EmbedDialog.tsx';
import { ShareDialog } from './ShareDialog.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  useAccountStore.getState().reset();
  useCustomDomainStore.getState().reset();
});

const VIDEO_ID = '22222222-2222-4222-8222-222222222222';
const video = {
  videoId: VIDEO_ID,
  name: 'demo "launch".mp4',
  status: 'ready',
  playable: true,
  duration: 90,
  width: 1280,
  height: 720,
  cover: `/media/${VIDEO_ID}/1/poster.jpg`,
  previewUrl: `/media/${VIDEO_ID}/1/preview.gif`,
} as Video;
const links: SeoPage = {
  videoId: VIDEO_ID,
  title: '',
  description: '',
  keywords: [],
  slug: 'demo',
  indexable: true,
  sourceUrl: '',
  coverUrl: null,
  watchUrl: 'https://videos.example.test/v/demo',
  embedUrl: `https://videos.example.test/embed/${VIDEO_ID}`,
};

function show(
  dialog: 'share' | 'embed',
  language: 'en' | 'zh_CN' = 'en',
  { domains = null as CustomDomain[] | null, folderId = 'f1' } = {},
) {
  initI18n(language);
  if (domains) {
    // A paid account, whose custom domains the dialogs offer.
    useAccountStore.setState({
      account: fakeAccount({ privileges: PAID_PRIVILEGES }),
      vip: { ...fakeVip, isVip: true },
    });
  }
  const calls = fakeApi({
    'GET /vod/video/seo-page': () => ({ data: links }),
    'GET /vod/player/embed-config': () => ({ data: { domains: [] } }),
    'POST /vod/player/embed-config/save': (body) => ({ data: body }),
    'GET /vod/cname/list': () => ({ data: { list: domains ?? [], cap: 3, target: 'cname.leadreel.test' } }),
  });
  const Dialog = dialog === 'share' ? ShareDialog : EmbedDialog;
  render(
    <Providers queryClient={createQueryClient()}>
      <AntProviders>
        <Dialog video={{ ...video, folderId }} onClose={() => undefined} />
      </AntProviders>
    </Providers>,
  );
  return calls;
}

function stubClipboard() {
  const copied: string[] = [];
  vi.stubGlobal('navigator', {
    ...navigator,
    clipboard: { writeText: async (text: string) => void copied.push(text) },
  });
  return copied;
}

describe('the share dialog (share with QR code)', () => {
  it('copies the watch link, says Copied for 1500 ms, and offers the QR code as PNG and SVG', async () => {
    const copied = stubClipboard();
    show('share');
    expect(await screen.findByDisplayValue('https://videos.example.test/v/demo')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Copy link/ }));
    expect(await screen.findByRole('button', { name: /Copied/ })).toBeTruthy();
    expect(copied).toEqual(['https://videos.example.test/v/demo']);
    await waitFor(() => expect(screen.getByRole('button', { name: /Copy link/ })).toBeTruthy(), { timeout: 30_000 });
    const qr = await screen.findByTestId('share-qr');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByRole('link', { name: 'Download SVG' }).getAttribute('href')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByRole('link', { name: 'Download PNG' }).getAttribute('download')).toBe('demo-launch-qr.png');
    expect(screen.getByRole('link', { name: 'LinkedIn' }).getAttribute('href')).toBe(
      'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fvideos.example.test%2Fv%2Fdemo',
    );
  });

  it('says when the browser cannot copy, in Chinese too', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    show('share', 'zh_CN');
    fireEvent.click(await screen.findByRole('button', { name: /复制链接/ }));
    expect(await screen.findByText('当前浏览器不支持一键复制。')).toBeTruthy();
  });
});

describe('the embed dialog (website or email)', () => {
  it('writes the website code from the chosen options, and the email code with the animated preview', async () => {
    const copied = stubClipboard();
    show('embed');
    const code = (await screen.findByLabelText('Website embed code')) as HTMLTextAreaElement;
    expect(code.value).toContain(`src="https://videos.example.test/embed/${VIDEO_ID}"`);
    expect(code.value).toContain('padding-top:56.25%');
    expect(code.value).toContain('title="demo &quot;launch&quot;"');
    fireEvent.click(screen.getByRole('switch', { name: 'Autoplay' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Loop' }));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Start at' }), { target: { value: '30' } });
    await waitFor(() => expect(code.value).toContain(`/embed/${VIDEO_ID}?autoplay=1&amp;t=30&amp;loop=1"`));
    fireEvent.click(screen.getByRole('switch', { name: 'Responsive' }));
    await waitFor(() => expect(code.value).toContain('width="640" height="360"'));
    fireEvent.click(screen.getByRole('button', { name: /Copy code/ }));
    await waitFor(() => expect(copied).toEqual([code.value]));

    fireEvent.click(screen.getByRole('tab', { name: 'Email' }));
    const email = (await screen.findByLabelText('Email embed code')) as HTMLTextAreaElement;
    expect(email.value).toContain(`<img src="https://videos.example.test/media/${VIDEO_ID}/1/preview.gif"`);
    expect(email.value).toContain('href="https://videos.example.test/v/demo"');
    expect(within(email.parentElement as HTMLElement).queryByText('<script')).toBeNull();
  });

  it('saves the websites where embeds may play, for all videos', async () => {
    const calls = show('embed');
    const sites = await screen.findByRole('textbox', { name: 'Websites where your videos may play' });
    // Editable once the saved list has loaded into it.
    await waitFor(() => expect((sites as HTMLTextAreaElement).disabled).toBe(false));
    fireEvent.change(sites, { target: { value: 'example.test\n*.shop.example.test, ' } });
    fireEvent.click(
      within(screen.getByRole('region', { name: 'Websites where your videos may play' })).getByRole('button'),
    );
    expect(await screen.findByText('Websites saved')).toBeTruthy();
    expect(calls.find((call) => call.path === '/vod/player/embed-config/save')?.body).toEqual({
      domains: ['example.test', '*.shop.example.test'],
    });
  });
});

const FOLDER = '55555555-5555-4555-8555-555555555555';
const customDomain = (id: string, cname: string, overrides: Partial<CustomDomain> = {}): CustomDomain => ({
  id,
  cname,
  cnameValue: 'cname.leadreel.test',
  txtName: `_leadreel.${cname}`,
  txtValue: 'leadreel-verify=abc',
  status: 'verified',
  active: true,
  failReasons: [],
  replacesId: null,
  folderId: null,
  faviconUrl: null,
  createdAt: 1_780_000_000,
  checkedAt: 1_780_000_000,
  verifiedAt: 1_780_000_000,
  nextCheckAt: null,
  ...overrides,
});
const DOMAINS = [
  customDomain('d1', 'video.example.com'),
  customDomain('d2', 'pending.example.com', { status: 'verifying', active: false }),
  customDomain('d3', 'xn--mnchen-3ya.de', { folderId: FOLDER }),
];

/** The options of the dialog's domain select, in order, as the open dropdown lists them. */
async function domainOptions() {
  fireEvent.mouseDown(await screen.findByLabelText('Domain'));
  await screen.findAllByRole('option');
  return [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.getAttribute('title'));
}

describe('the dialogs on custom domains', () => {
  it('offer the active custom domains first and the default domain after them, opening on the first', async () => {
    show('share', 'en', { domains: DOMAINS });
    expect(await screen.findByDisplayValue('https://video.example.com/v/demo')).toBeTruthy();
    expect(await domainOptions()).toEqual(['video.example.com', 'münchen.de', 'videos.example.test (default)']);
    fireEvent.click(await screen.findByTitle('videos.example.test (default)'));
    expect(await screen.findByDisplayValue('https://videos.example.test/v/demo')).toBeTruthy();
    // The share store holds the active ones only.
    expect(useCustomDomainStore.getState().domains.map((domain) => domain.id)).toEqual(['d1', 'd3']);
  });

  it("open on the domain bound to the video's folder", async () => {
    show('share', 'en', { domains: DOMAINS, folderId: FOLDER });
    expect(await screen.findByDisplayValue('https://xn--mnchen-3ya.de/v/demo')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'LinkedIn' }).getAttribute('href')).toBe(
      'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fxn--mnchen-3ya.de%2Fv%2Fdemo',
    );
  });

  it('write the embed code for the chosen domain, the preview image staying where the media are', async () => {
    show('embed', 'en', { domains: DOMAINS });
    const code = (await screen.findByLabelText('Website embed code')) as HTMLTextAreaElement;
    await waitFor(() => expect(code.value).toContain(`src="https://video.example.com/embed/${VIDEO_ID}"`));
    fireEvent.click(screen.getByRole('tab', { name: 'Email' }));
    const email = (await screen.findByLabelText('Email embed code')) as HTMLTextAreaElement;
    expect(email.value).toContain('href="https://video.example.com/v/demo"');
    expect(email.value).toContain(`<img src="https://videos.example.test/media/${VIDEO_ID}/1/preview.gif"`);
  });

  it('show no choice without a custom domain, and name the default in Chinese', async () => {
    show('share', 'en', { domains: [customDomain('d2', 'pending.example.com', { active: false })] });
    expect(await screen.findByDisplayValue('https://videos.example.test/v/demo')).toBeTruthy();
    expect(screen.queryByLabelText('Domain')).toBeNull();
    cleanup();
    show('embed', 'zh_CN', { domains: DOMAINS });
    const select = await screen.findByLabelText('域名');
    fireEvent.mouseDown(select);
    expect(await screen.findByTitle('videos.example.test（默认）')).toBeTruthy();
  });
});

import { DEFAULT_CONTACTS, DEFAULT_FORM } from '@leadreel/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { type FakeRoute, fakeAccount, fakeApi, fakeVideo } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { loadGuideStep, saveGuideStep } from './guideSteps.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const userId = fakeAccount().userId;
const VIDEO_ID = '22222222-2222-4222-8222-222222222222';
const video = fakeVideo(VIDEO_ID, 'first-demo.mp4', { status: 'processing', playable: false });

/** An account with no video yet, or with the one it just uploaded; its WhatsApp button and form as new. */
function routes(videos: unknown[], extra: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return {
    'GET /vod/video/list': () => ({ data: { list: videos, total: videos.length } }),
    'GET /vod/video/folder/list': () => ({
      data: [{ folderId: 'f1', name: 'Default', isDefault: true, videoCount: videos.length }],
    }),
    'GET /vod/video/whatsapp': () => ({ data: DEFAULT_CONTACTS.whatsapp }),
    'POST /vod/video/whatsapp/save': (body) => ({
      data: { ...DEFAULT_CONTACTS.whatsapp, ...(body as { setting: object }).setting },
    }),
    'GET /vod/form/config': () => ({ data: DEFAULT_FORM }),
    'POST /vod/form/save': (body) => ({ data: (body as { form: object }).form }),
    ...extra,
  };
}

describe('an unfinished guide', { timeout: 60_000 }, () => {
  it('resumes from the admin home, and never takes over a page the user asked for', async () => {
    fakeApi(routes([], { 'GET /user-form-list/list': () => ({ data: { list: [], total: 0 } }) }));
    saveGuideStep(userId, 1);
    // A lead mail's link opened in a fresh tab: the submissions stay on screen.
    const asked = renderApp('/form-submit-data', { token: 'tok' });
    // The page is drawn once the account is loaded, and start-up runs right after that first drawing.
    await screen.findByTestId('leads-tab-clicks');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked.router.state.location.pathname).toBe('/form-submit-data');
    asked.unmount();
    // Opening the console itself picks the guide up where it was left.
    const home = renderApp('/', { token: 'tok' });
    await waitFor(() => expect(home.router.state.location.pathname).toBe('/guide/user-guide/whatsapp'));
    home.unmount();
  });
});

describe('the user guide', { timeout: 60_000 }, () => {
  it('walks three steps without a video: says so on the later ones, skip only in the middle, no invitation without a community', async () => {
    const calls = fakeApi(routes([]));
    const { router } = renderApp('/guide/user-guide', { token: 'tok' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/guide/user-guide/start-guide'));
    expect(await screen.findByRole('button', { name: 'Upload your first video' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next (1/3)' }));

    expect(await screen.findByText('You have no video yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Skip' })).toBeTruthy();
    expect(loadGuideStep(userId)).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));

    expect(await screen.findByText('You have no video yet')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Finish (3/3)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/videos/index'));
    expect(loadGuideStep(userId)).toBeNull();
    expect(calls.some((call) => /whatsapp|form/.test(call.path) && call.method === 'POST')).toBe(false);
    // COMMUNITY_URL is unset (the server's /config says null): no community to join, so no invitation.
    expect(screen.queryByText('Join our customer community')).toBeNull();
  });

  it('opens the real upload dialog from the first step', async () => {
    fakeApi(routes([]));
    renderApp('/guide/user-guide/start-guide', { token: 'tok' });
    fireEvent.click(await screen.findByRole('button', { name: 'Upload your first video' }));
    expect(await screen.findByText('Upload videos')).toBeTruthy();
    expect(screen.getByText('Drop videos here, or click to choose')).toBeTruthy();
  });

  it("turns on the new video's WhatsApp button (checked as the settings screen does) and its inquiry form", async () => {
    const calls = fakeApi(routes([video]));
    const { router } = renderApp('/guide/user-guide/start-guide', { token: 'tok' });
    expect(await screen.findByText('The next steps set up “first-demo.mp4”.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next (1/3)' }));

    const number = await screen.findByLabelText('WhatsApp number');
    fireEvent.click(screen.getByRole('button', { name: 'Next (2/3)' }));
    expect(await screen.findByText('Enter the number in international form, such as +44 20 7946 0958')).toBeTruthy();
    fireEvent.change(number, { target: { value: '020 7946' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next (2/3)' }));
    expect(await screen.findByText('Enter the number in international form, such as +44 20 7946 0958')).toBeTruthy();
    expect(calls.some((call) => call.path === '/vod/video/whatsapp/save')).toBe(false);
    fireEvent.change(number, { target: { value: '+44 20 7946 0958' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next (2/3)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/guide/user-guide/inquiry-form'));
    expect(calls.find((call) => call.path === '/vod/video/whatsapp/save')?.body).toEqual({
      videoId: VIDEO_ID,
      setting: { ...DEFAULT_CONTACTS.whatsapp, enabled: true, number: '+442079460958' },
    });

    expect(await screen.findByText('It asks for:')).toBeTruthy();
    expect(screen.getByRole('switch', { name: /Turn on an inquiry form for/ }).getAttribute('aria-checked')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Finish (3/3)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/videos/index'));
    const saved = calls.find((call) => call.path === '/vod/form/save')?.body as { videoId: string; form: object };
    expect(saved).toEqual({
      videoId: VIDEO_ID,
      form: {
        ...DEFAULT_FORM,
        enabled: true,
        fields: [
          { id: 'name', kind: 'name', label: 'Name', placeholder: '', required: true, options: [] },
          { id: 'email', kind: 'email', label: 'Email', placeholder: '', required: true, options: [] },
          { id: 'message', kind: 'message', label: 'Message', placeholder: '', required: false, options: [] },
        ],
      },
    });
  });

  it("shows the server's refusal of the number and stays on the step", async () => {
    fakeApi(
      routes([video], {
        'POST /vod/video/whatsapp/save': () => ({
          status: 403,
          error: 'plan_period',
          message: 'plan expired',
        }),
      }),
    );
    const { router } = renderApp('/guide/user-guide/whatsapp', { token: 'tok' });
    fireEvent.change(await screen.findByLabelText('WhatsApp number'), { target: { value: '+442079460958' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next (2/3)' }));
    expect(await screen.findByText('Your plan has expired. Renew now to create more content.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/guide/user-guide/whatsapp');
  });

  it('leaves the form off when the user says so', async () => {
    const calls = fakeApi(routes([video]));
    const { router } = renderApp('/guide/user-guide/inquiry-form', { token: 'tok' });
    fireEvent.click(await screen.findByRole('switch', { name: /Turn on an inquiry form for/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Finish (3/3)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/videos/index'));
    expect(calls.some((call) => call.path === '/vod/form/save')).toBe(false);
  });

  it('invites to the community after Finish when the server names one', async () => {
    fakeApi(
      routes([], {
        'GET /config': () => ({
          data: {
            brand: 'Acme Video',
            googleClientId: null,
            communityUrl: 'https://chat.example.test/x',
            supportEmail: null,
          },
        }),
      }),
    );
    renderApp('/guide/user-guide/inquiry-form', { token: 'tok' });
    fireEvent.click(await screen.findByRole('button', { name: 'Finish (3/3)' }));
    expect(await screen.findByText('Join our customer community')).toBeTruthy();
  });

  it('brings the user back to the saved step on the next visit', async () => {
    fakeApi(routes([]));
    localStorage.setItem(`leadreel.guide.${userId}`, '1');
    const { router } = renderApp('/dashboard-overview', { token: 'tok' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/guide/user-guide/whatsapp'));
    expect(await screen.findByRole('button', { name: 'Skip' })).toBeTruthy();
  });

  it('does not bring back a saved step once the plan period is past Normal', async () => {
    fakeApi({ 'GET /account/detail': () => ({ data: fakeAccount({ vipPeriod: 'buffer-period' }) }) });
    localStorage.setItem(`leadreel.guide.${userId}`, '1');
    const { router } = renderApp('/dashboard-overview', { token: 'tok' });
    expect(await screen.findByText('Welcome to LeadReel')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard-overview');
  });

  it('words a refused number in the language the user switches to while it shows', async () => {
    fakeApi(routes([video]));
    renderApp('/guide/user-guide/whatsapp', { token: 'tok' });
    await screen.findByLabelText('WhatsApp number');
    fireEvent.click(screen.getByRole('button', { name: 'Next (2/3)' }));
    expect(await screen.findByText('Enter the number in international form, such as +44 20 7946 0958')).toBeTruthy();
    await act(() => i18n.changeLanguage('zh_CN'));
    expect(await screen.findByText('请输入国际格式的号码，例如 +86 138 0013 8000')).toBeTruthy();
  });

  it('reads 下一步 / 完成 and its steps in Chinese', async () => {
    fakeApi(routes([video]));
    renderApp('/guide/user-guide/inquiry-form', { token: 'tok', language: 'zh_CN' });
    expect(await screen.findByRole('button', { name: '完成（3/3）' })).toBeTruthy();
    expect(await screen.findByText('表单收集：')).toBeTruthy();
    expect(screen.getByText('姓名')).toBeTruthy();
  });
});

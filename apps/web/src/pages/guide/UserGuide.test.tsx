import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAccount, fakeApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { loadGuideStep } from './guideSteps.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const userId = fakeAccount().userId;

describe('the user guide (spec §2)', () => {
  it('walks three steps, skip only in the middle, and Finish lands on the video list with the invitation', async () => {
    fakeApi({});
    const { router } = renderApp('/guide/user-guide', { token: 'tok' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/guide/user-guide/start-guide'));
    const first = await screen.findByRole('button', { name: 'Next (1/3)' });
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
    fireEvent.click(first);

    expect(await screen.findByRole('button', { name: 'Next (2/3)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Skip' })).toBeTruthy();
    expect(loadGuideStep(userId)).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Next (2/3)' }));

    fireEvent.click(await screen.findByRole('button', { name: 'Finish (3/3)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/videos/index'));
    expect(loadGuideStep(userId)).toBeNull();
    expect(await screen.findByText('Join our customer community')).toBeTruthy();
  });

  it('brings the user back to the saved step on the next visit', async () => {
    fakeApi({});
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

  it('reads 下一步 / 完成 in Chinese', async () => {
    fakeApi({});
    renderApp('/guide/user-guide/inquiry-form', { token: 'tok', language: 'zh_CN' });
    expect(await screen.findByRole('button', { name: '完成（3/3）' })).toBeTruthy();
  });
});

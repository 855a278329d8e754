import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAccountStore } from '../stores/account.ts';
import { useAuthStore } from '../stores/auth.ts';
import { fakeAccount, fakeApi } from '../test/fakeApi.ts';
import { renderApp } from '../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const path = (router: ReturnType<typeof renderApp>['router']) => router.state.location.pathname;

describe('the access rule', () => {
  it('sends a visitor without a token from a console page to the sign-in screen', async () => {
    fakeApi({});
    const { router } = renderApp('/account/memberships');
    expect(await screen.findByRole('heading', { name: 'Sign in to LeadReel' })).toBeTruthy();
    expect(path(router)).toBe('/login');
    await waitFor(() => expect(document.title).toBe('Login - Acme Video'));
  });

  it('lets a visitor open the public screens', async () => {
    fakeApi({});
    const { router } = renderApp('/forget-password');
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeTruthy();
    expect(path(router)).toBe('/forget-password');
  });

  it('after sign-in, returns to the page that was asked for', async () => {
    fakeApi({ 'POST /auth/login': () => ({ data: { accessToken: 'new-token' } }) });
    const { router } = renderApp('/account/memberships');
    await screen.findByRole('heading', { name: 'Sign in to LeadReel' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'alice@example.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(path(router)).toBe('/account/memberships'));
    expect(useAuthStore.getState().authorizationToken).toBe('new-token');
    await waitFor(() => expect(document.title).toBe('Memberships - Acme Video'));
  });
});

describe('an unknown address', () => {
  it('says the page does not exist and leads back to the overview', async () => {
    fakeApi({});
    const { router } = renderApp('/no/such/page', { token: 'tok' });
    expect(await screen.findByText('Page not found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to the overview' }));
    await waitFor(() => expect(path(router)).toBe('/dashboard-overview'));
  });
});

describe('the title rule and parent redirects', () => {
  it('the layout at / goes to the overview, titled "<page title> - {brand}"', async () => {
    fakeApi({});
    const { router } = renderApp('/', { token: 'tok' });
    expect(await screen.findByText('Welcome to LeadReel')).toBeTruthy();
    expect(path(router)).toBe('/dashboard-overview');
    await waitFor(() => expect(document.title).toBe('Overview - Acme Video'));
    expect(screen.getByText('alice@example.test')).toBeTruthy();
  });

  it('the title follows the language', async () => {
    fakeApi({});
    renderApp('/dashboard-overview', { token: 'tok', language: 'zh_CN' });
    expect(await screen.findByText('欢迎使用 LeadReel')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('概览 - Acme Video'));
  });

  it('the account area opens memberships for most users', async () => {
    fakeApi({});
    const { router } = renderApp('/account', { token: 'tok' });
    await waitFor(() => expect(path(router)).toBe('/account/memberships'));
    expect(await screen.findByText('Usage')).toBeTruthy();
  });

  it('the account area opens the affiliate program first for referrers', async () => {
    fakeApi({ 'GET /account/detail': () => ({ data: fakeAccount({ isReferer: true }) }) });
    const { router } = renderApp('/account', { token: 'tok' });
    await waitFor(() => expect(path(router)).toBe('/account/affiliate-system'));
    expect(await screen.findByRole('heading', { name: 'Affiliate program' })).toBeTruthy();
  });

  it('refuses a page the account may not see', async () => {
    fakeApi({});
    renderApp('/account/affiliate-system', { token: 'tok' });
    expect(await screen.findByText('403')).toBeTruthy();
  });

  it('offers set-password, not change-password, to an account without a password', async () => {
    fakeApi({ 'GET /account/detail': () => ({ data: fakeAccount({ hasPassword: false }) }) });
    renderApp('/account/set-password', { token: 'tok' });
    expect(await screen.findByRole('button', { name: 'Set password' })).toBeTruthy();
    expect(screen.queryByLabelText('Current password')).toBeNull();
  });
});

describe('start-up', () => {
  it('a revoked token (403 unauthorized) is forgotten and the user signs in again', async () => {
    fakeApi({ 'GET /account/detail': () => ({ status: 403, error: 'unauthorized' }) });
    const { router } = renderApp('/dashboard-overview', { token: 'revoked' });
    expect(await screen.findByRole('heading', { name: 'Sign in to LeadReel' })).toBeTruthy();
    expect(path(router)).toBe('/login');
    expect(useAuthStore.getState().authorizationToken).toBeNull();
  });

  it('binds ?ref for an account without a referrer, then goes to buy-vip for ?pay', async () => {
    const ref = '00000000-0000-4000-8000-0000000000aa';
    const calls = fakeApi({ 'POST /auth/bind-referrer': () => ({ data: null }) });
    const { router } = renderApp(`/dashboard-overview?ref=${ref}&pay=1`, { token: 'tok' });
    await waitFor(() => expect(path(router)).toBe('/buy-vip'));
    await waitFor(() => expect(calls.some((c) => c.path === '/auth/bind-referrer')).toBe(true));
    expect(calls.find((c) => c.path === '/auth/bind-referrer')?.body).toEqual({ ref });
    expect(calls.filter((c) => c.path === '/account/detail').length).toBeGreaterThanOrEqual(2);
    expect(calls.every((c) => c.path === '/config' || c.authorization === 'Bearer tok')).toBe(true);
  });

  it('does not bind ?ref for an account that already has a referrer', async () => {
    const calls = fakeApi({
      'GET /account/detail': () => ({ data: fakeAccount({ refererId: '00000000-0000-4000-8000-0000000000bb' }) }),
    });
    renderApp('/dashboard-overview?ref=00000000-0000-4000-8000-0000000000aa', { token: 'tok' });
    expect(await screen.findByText('Welcome to LeadReel')).toBeTruthy();
    expect(calls.some((c) => c.path === '/auth/bind-referrer')).toBe(false);
  });

  it("a browser where no language was ever picked speaks the account's language; one that chose keeps it", async () => {
    fakeApi({ 'GET /account/detail': () => ({ data: fakeAccount({ language: 'zh_CN' }) }) });
    renderApp('/dashboard-overview', { token: 'tok' });
    expect(await screen.findByText('欢迎使用 LeadReel')).toBeTruthy();
    expect(localStorage.getItem('leadreel.language')).toBe('zh_CN');
    cleanup();

    useAccountStore.getState().reset();
    localStorage.setItem('leadreel.language', 'en');
    fakeApi({ 'GET /account/detail': () => ({ data: fakeAccount({ language: 'zh_CN' }) }) });
    renderApp('/dashboard-overview', { token: 'other' });
    expect(await screen.findByText('Welcome to LeadReel')).toBeTruthy();
    expect(localStorage.getItem('leadreel.language')).toBe('en');
  });

  it('a ?token link with isNew=true signs in and opens the guide', async () => {
    fakeApi({});
    const { router } = renderApp('/?token=from-link&isNew=true');
    await waitFor(() => expect(path(router)).toBe('/guide/user-guide/start-guide'));
    expect(useAuthStore.getState().authorizationToken).toBe('from-link');
    // The guide's code loads with the route: a loaded machine may take seconds.
    expect(await screen.findByRole('button', { name: 'Next (1/3)' }, { timeout: 15_000 })).toBeTruthy();
  });

  it('an expired ?token link does not sign out a session that is still good', async () => {
    fakeApi({
      'POST /channel/check-token': (body) => ({
        data: { expireTime: (body as { token: string }).token === 'stale' ? 0 : 3600 },
      }),
    });
    const { router } = renderApp('/dashboard-overview?token=stale', { token: 'good' });
    expect(await screen.findByText('Welcome to LeadReel')).toBeTruthy();
    expect(useAuthStore.getState().authorizationToken).toBe('good');
    expect(router.state.location.search).toBe('');
  });
});

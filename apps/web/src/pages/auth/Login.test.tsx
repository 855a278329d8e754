import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const messageOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '');

describe('the sign-in screen', () => {
  it('checks every field at once on submit and ties each message to its input', async () => {
    const calls = fakeApi({});
    renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(messageOf(email)?.textContent).toBe('Please enter your email address'));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const password = screen.getByLabelText('Password');
    expect(messageOf(password)?.textContent).toBe('Please enter your password');
    expect(calls.some((call) => call.path === '/auth/login')).toBe(false);

    // A field is checked again as it changes, as antd's forms did.
    type('Email', 'not-an-email');
    expect(await screen.findByText('Please enter the correct email address')).toBeTruthy();
  });

  it("says the server's refusal inline, in the language the user switches to", async () => {
    fakeApi({ 'POST /auth/login': () => ({ status: 401, error: 'login_incorrect' }) });
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in to LeadReel' });
    type('Email', 'nobody@example.test');
    type('Password', 'wrong password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The account or password is incorrect');

    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'zh_CN' } });
    expect(await screen.findByRole('heading', { name: '登录 LeadReel' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('账号或密码错误');
    expect(screen.getByLabelText('邮箱')).toBeTruthy();
    expect(screen.getByRole('button', { name: '登录' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('says the news the screen before left once: the history entry no longer holds it for a reload', async () => {
    fakeApi({});
    const { router } = renderApp('/forget-password');
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    await act(() => router.navigate('/login', { replace: true, state: { notice: { success: 'auth.resetDone' } } }));
    const news = 'Your password was reset. Sign in with the new one.';
    expect(await screen.findByText(news)).toBeTruthy();
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText(news)).toBeTruthy();
  });

  it('signs in and goes to the home page', async () => {
    const calls = fakeApi({ 'POST /auth/login': () => ({ data: { accessToken: 'signed-in' } }) });
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in to LeadReel' });
    type('Email', 'alice@example.test');
    type('Password', 'a good password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard-overview'));
    expect(useAuthStore.getState().authorizationToken).toBe('signed-in');
    expect(calls.find((call) => call.path === '/auth/login')?.body).toEqual({
      email: 'alice@example.test',
      password: 'a good password',
    });
  });

  it('asks an unknown browser for the mailed code while the account is under attack, and signs in with it', async () => {
    const calls = fakeApi({
      'POST /auth/login': (body) => {
        const { code } = body as { code?: string };
        if (code === undefined) return { status: 401, error: 'login_code_required' };
        if (code !== '246810') return { status: 400, error: 'code_incorrect', field: 'code' };
        return { data: { accessToken: 'stepped-up' } };
      },
    });
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in to LeadReel' });
    type('Email', 'alice@example.test');
    type('Password', 'a good password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    // Not an error: the code screen, with the resend countdown already running.
    expect(await screen.findByRole('heading', { name: 'Enter the code we mailed' })).toBeTruthy();
    expect(screen.getByText(/has not signed in to alice@example\.test before/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByRole('button', { name: /^Resend in \d+ s$/ }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const code = screen.getByLabelText('Verification code');
    await waitFor(() => expect(messageOf(code)?.textContent).toBe('Please complete the verification code'));
    type('Verification code', '135791');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The verification code is incorrect');
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'zh_CN' } });
    expect(await screen.findByRole('heading', { name: '输入邮件中的验证码' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('验证码错误');

    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: '246810' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard-overview'));
    expect(useAuthStore.getState().authorizationToken).toBe('stepped-up');
    expect(calls.filter((call) => call.path === '/auth/login').map((call) => call.body)).toEqual([
      { email: 'alice@example.test', password: 'a good password' },
      { email: 'alice@example.test', password: 'a good password', code: '135791' },
      { email: 'alice@example.test', password: 'a good password', code: '246810' },
    ]);
  });

  it('goes back to the password from the code screen', async () => {
    fakeApi({ 'POST /auth/login': () => ({ status: 401, error: 'login_code_required' }) });
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in to LeadReel' });
    type('Email', 'alice@example.test');
    type('Password', 'a typo perhaps');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to LeadReel' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('alice@example.test');
  });
});

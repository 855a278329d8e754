import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('registration', () => {
  it('sends a code, counts down from the answer, then creates the account and opens the guide', async () => {
    const calls = fakeApi({
      'POST /auth/verify-code': () => ({ data: { resendAfter: 60 } }),
      'POST /auth/signup': () => ({ data: { accessToken: 'fresh' } }),
    });
    const { router } = renderApp('/register?ref=00000000-0000-4000-8000-0000000000aa');
    await screen.findByRole('heading', { name: 'Create your account' });
    type('Email', 'New.User@Example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const countdown = await screen.findByRole('button', { name: 'Resend in 60 s' });
    expect((countdown as HTMLButtonElement).disabled).toBe(true);
    expect(calls.find((c) => c.path === '/auth/verify-code')?.body).toEqual({
      email: 'New.User@Example.test',
      scene: 'signup',
    });

    type('Verification code', '123456');
    type('Password', 'a good password');
    type('Confirm password', 'a good password');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/guide/user-guide/start-guide'));
    expect(useAuthStore.getState().authorizationToken).toBe('fresh');
    expect(calls.find((c) => c.path === '/auth/signup')?.body).toEqual({
      email: 'New.User@Example.test',
      code: '123456',
      password: 'a good password',
      ref: '00000000-0000-4000-8000-0000000000aa',
    });
  });

  it('counts down what is left when the server says a code was sent a moment ago', async () => {
    fakeApi({
      'POST /auth/verify-code': () => ({
        status: 429,
        error: 'code_resend_too_soon',
        headers: { 'retry-after': '42' },
      }),
    });
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Create your account' });
    type('Email', 'someone@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: 'Resend in 42 s' })).toBeTruthy();
    expect(await screen.findByText('Please wait before requesting another code')).toBeTruthy();
  });

  it('words its validation as the spec does', async () => {
    fakeApi({});
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Create your account' });
    type('Verification code', '12');
    type('Password', 'one password');
    type('Confirm password', 'another password');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please enter your email address')).toBeTruthy();
    expect(await screen.findByText('Please complete the verification code')).toBeTruthy();
    expect(await screen.findByText('The passwords entered do not match')).toBeTruthy();
  });
});

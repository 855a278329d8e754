import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAccount, fakeApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ROUTE = '/account/global-settings/email-notification';
const notice = (email: string, isSignInEmail = email === 'alice@example.test') => ({
  data: { noticeEmail: email, signInEmail: 'alice@example.test', isSignInEmail },
});

describe('email notifications (the console contract global-settings)', () => {
  it('changes the notice email with a code sent to the new address', async () => {
    const calls = fakeApi({
      'GET /account/get-notice-email': () => notice('alice@example.test'),
      'GET /account/notification': () => ({ data: { newLead: true, dailyDigest: false } }),
      'POST /account/notice-email/code': () => ({ data: { resendAfter: 60 } }),
      'POST /account/change-notice-email': (body) =>
        (body as { code?: string }).code === '123456'
          ? notice('sales@example.test', false)
          : { status: 400, error: 'code_incorrect', field: 'code' },
    });
    renderApp(ROUTE, { token: 't' });
    const current = await screen.findByTestId('notice-email');
    expect(within(current).getByText('alice@example.test')).toBeTruthy();
    expect(within(current).getByText('Sign-in email')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    fireEvent.change(screen.getByLabelText('New notice email'), { target: { value: 'sales@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('button', { name: 'Resend in 60 s' });
    expect(calls.find((c) => c.path === '/account/notice-email/code')?.body).toEqual({ email: 'sales@example.test' });

    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/verification code is incorrect/i)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('notice-email')).getByText('sales@example.test')).toBeTruthy(),
    );
    expect(screen.getByRole('button', { name: 'Use my sign-in email' })).toBeTruthy();
  });

  it('saves which events mail the account, in Chinese too', async () => {
    const calls = fakeApi({
      'GET /account/get-notice-email': () => notice('alice@example.test'),
      'GET /account/notification': () => ({ data: { newLead: true, dailyDigest: false } }),
      'POST /account/notification': (body) => ({ data: body }),
    });
    renderApp(ROUTE, { token: 't', language: 'zh_CN' });
    const digest = await screen.findByRole('switch', { name: '每日汇总' });
    expect(screen.getByRole('switch', { name: '每条新询盘' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(digest);
    fireEvent.click(screen.getByRole('switch', { name: '每条新询盘' }));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/account/notification' && c.method === 'POST')?.body).toEqual({
        newLead: false,
        dailyDigest: true,
      }),
    );
    expect(await screen.findByText('通知设置已保存')).toBeTruthy();
  });

  it('is read-only from Frozen on, saying why, in both languages', async () => {
    for (const [language, why, save] of [
      ['en', /lead emails and digests are paused/, /save/i],
      ['zh_CN', /不再发送询盘邮件/, /保\s*存/],
    ] as const) {
      const calls = fakeApi({
        'GET /account/detail': () => ({ data: fakeAccount({ vipPeriod: 'frozen-period' }) }),
        'GET /account/get-notice-email': () => notice('alice@example.test'),
        'GET /account/notification': () => ({ data: { newLead: true, dailyDigest: false } }),
      });
      const view = renderApp(ROUTE, { token: 't', language });
      expect(await screen.findByText(why)).toBeTruthy();
      for (const toggle of await screen.findAllByRole('switch'))
        expect((toggle as HTMLButtonElement).disabled).toBe(true);
      expect(within(screen.getByTestId('notice-email')).queryAllByRole('button')).toEqual([]);
      const saveButton = screen.getByRole('button', { name: save }) as HTMLButtonElement;
      expect(saveButton.disabled).toBe(true);
      fireEvent.click(saveButton);
      expect(calls.some((call) => call.method === 'POST' && call.path === '/account/notification')).toBe(false);
      view.unmount();
    }
  });
});

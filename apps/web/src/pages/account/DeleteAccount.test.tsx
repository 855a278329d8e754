import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ROUTE = '/account/delete-account';
const EMAIL = 'ada@example.test';
const idle = {
  pending: false,
  requestedAt: 0,
  deleteAfter: 0,
  graceDays: 14,
  phrase: EMAIL,
  exportUrl: 'https://leadreel.test/export/token',
};

describe('delete account', () => {
  it('asks for a reason, the agreement and the typed email, offers the export, then requests', async () => {
    const deleteAfter = Math.floor(Date.UTC(2027, 0, 15) / 1000);
    const calls = fakeApi({
      'GET /account/deletion': () => ({ data: idle }),
      'POST /account/delete': () => ({
        data: { ...idle, pending: true, requestedAt: deleteAfter - 14 * 86400, deleteAfter },
      }),
    });
    renderApp(ROUTE, { token: 't' });
    expect(await screen.findByText(/deleted 14 days after the request/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export my data' }).getAttribute('href')).toBe(idle.exportUrl);
    const submit = () => screen.getByRole('button', { name: 'Delete my account' }) as HTMLButtonElement;
    expect(submit().disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('I am switching to another tool'));
    fireEvent.click(screen.getByRole('checkbox'));
    const phrase = screen.getByRole('textbox', { name: `To confirm, type your sign-in email: ${EMAIL}` });
    fireEvent.change(phrase, { target: { value: 'DELETE' } });
    await waitFor(() => expect(submit().disabled).toBe(true));
    fireEvent.change(phrase, { target: { value: EMAIL } });
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Delete your account?');
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete my account' }).at(-1) as HTMLElement);
    expect(
      await screen.findByText('Your account will be deleted on 2027/01/15. We have emailed you how to cancel.'),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/account/delete')?.body).toEqual({
      reason: 'switching',
      note: '',
      agreed: true,
      phrase: EMAIL,
    });
  });

  it('offers to cancel a pending deletion, in Chinese too', async () => {
    const deleteAfter = Math.floor(Date.UTC(2027, 0, 15) / 1000);
    const calls = fakeApi({
      'GET /account/deletion': () => ({ data: { ...idle, pending: true, deleteAfter } }),
      'POST /account/deletion/cancel': () => ({ data: idle }),
    });
    renderApp(ROUTE, { token: 't', language: 'zh_CN' });
    expect(await screen.findByText('您的账号已安排于 2027/01/15 注销')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '取消注销' }));
    expect(await screen.findByText(/已取消注销/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/account/deletion/cancel')).toBe(true);
  });
});

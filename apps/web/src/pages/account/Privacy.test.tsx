import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ROUTE = '/account/global-settings/privacy';

describe('privacy mode (global settings)', () => {
  it('is saved as soon as it is switched on, and says what it changes', async () => {
    const calls = fakeApi({
      'GET /account/privacy': () => ({ data: { privacyMode: false } }),
      'POST /account/privacy': (body) => ({ data: body }),
    });
    renderApp(ROUTE, { token: 't' });
    const toggle = await screen.findByRole('switch', { name: 'Privacy mode' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText(/returning viewers are not recognised/)).toBeTruthy();
    fireEvent.click(toggle);
    expect(await screen.findByText('Privacy mode is on')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/account/privacy')?.body).toEqual({
      privacyMode: true,
    });
    expect(screen.getByRole('switch', { name: 'Privacy mode' }).getAttribute('aria-checked')).toBe('true');
  });

  it('shows the saved setting again when saving fails, in Chinese too', async () => {
    const calls = fakeApi({
      'GET /account/privacy': () => ({ data: { privacyMode: true } }),
      'POST /account/privacy': () => ({ status: 500, error: 'internal_error' }),
    });
    renderApp(ROUTE, { token: 't', language: 'zh_CN' });
    const toggle = await screen.findByRole('switch', { name: '隐私模式' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    expect(await screen.findByText('未知错误')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: '隐私模式' }).getAttribute('aria-checked')).toBe('true'),
    );
    expect(screen.getByText(/不再识别回访观众/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/account/privacy')?.body).toEqual({
      privacyMode: false,
    });
  });
});

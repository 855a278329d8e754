import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fakeVip } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ROUTE = '/account/memberships';

describe('memberships (spec §2, §4 plan will expire)', () => {
  it('shows when a paid plan ends and warns in its last 15 days, with a way to renew', async () => {
    fakeApi({
      'GET /pay/vip-user-info': () => ({
        data: {
          ...fakeVip,
          product: { type: 'Pro', showType: 'Pro' },
          isVip: true,
          bySuperAdminOpen: true,
          surplusDays: 9,
          expireDate: '2026/12/04',
          willExpire: true,
          planText: 'LeadReel Pro',
        },
      }),
    });
    renderApp(ROUTE, { token: 't' });
    expect(await screen.findByText('Your plan expires in 9 days.')).toBeTruthy();
    expect(screen.getByText('2026/12/04 (9 days left)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Renew now' })).toBeTruthy();
  });

  it('says a plan with no end has none, and shows no end for Free', async () => {
    fakeApi({
      'GET /pay/vip-user-info': () => ({
        data: { ...fakeVip, product: { type: 'Business', showType: 'Business' }, isVip: true, bySuperAdminOpen: true },
      }),
    });
    const { unmount } = renderApp(ROUTE, { token: 't' });
    expect(await screen.findByText('No end date')).toBeTruthy();
    expect(screen.queryByText(/expires in/)).toBeNull();
    unmount();
    vi.unstubAllGlobals();

    fakeApi({});
    renderApp(ROUTE, { token: 't' });
    expect(await screen.findByText('Usage')).toBeTruthy();
    expect(screen.queryByText('Ends')).toBeNull();
  });
});

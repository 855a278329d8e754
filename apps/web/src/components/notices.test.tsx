import type { AccountDetail, Period } from '@leadreel/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { AntProviders } from '../app/AntProviders.tsx';
import { Providers } from '../app/Providers.tsx';
import { initI18n } from '../i18n/index.ts';
import { useAccountStore } from '../stores/account.ts';
import { BandwidthNotice, bandwidthNoticeSuppressed } from './BandwidthNotice.tsx';
import { PeriodBanner } from './PeriodBanner.tsx';

beforeAll(() => {
  initI18n('en');
});

function show(element: React.ReactNode, account: Partial<AccountDetail>) {
  useAccountStore.getState().setAccount({
    vipPeriod: 'normal-period',
    periodEndTime: 1_800_000_000,
    storageAndTraffic: { storage: 10, usedStorage: 0, traffic: 100, usedTraffic: 0 },
    ...account,
  } as AccountDetail);
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  return render(
    <Providers>
      <AntProviders>
        <RouterProvider router={router} />
      </AntProviders>
    </Providers>,
  );
}

describe('the period banner', () => {
  it.each<[Period, RegExp | null]>([
    ['normal-period', null],
    ['buffer-period', /Your plan has expired\. Renew it to create more content\./],
    ['frozen-period', /can no longer be used, and all videos will be cleared after 2027\/01\/15/],
    ['clear-period', /Renew the max package before 2027\/01\/15 to retrieve them for free/],
    ['real-clear-period', /Your videos were deleted\. Renew your plan to create content again\./],
  ])('in %s shows %s', (period, text) => {
    show(<PeriodBanner />, { vipPeriod: period });
    if (text) expect(screen.getByRole('alert').textContent).toMatch(text);
    else expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows Chinese in Chinese', () => {
    initI18n('zh_CN');
    show(<PeriodBanner />, { vipPeriod: 'buffer-period' });
    expect(screen.getByRole('alert').textContent).toContain('您的套餐已过期');
    initI18n('en');
  });
});

describe('the bandwidth notice', () => {
  it('stays away while traffic is left', () => {
    show(<BandwidthNotice />, { storageAndTraffic: { storage: 1, usedStorage: 0, traffic: 100, usedTraffic: 99 } });
    expect(screen.queryByText('Bandwidth Limit Reached!')).toBeNull();
  });

  it('appears when traffic runs out, links to the plans, and closing it hides it for 24 hours', async () => {
    show(<BandwidthNotice />, { storageAndTraffic: { storage: 1, usedStorage: 0, traffic: 100, usedTraffic: 100 } });
    expect(await screen.findByText('Bandwidth Limit Reached!')).toBeTruthy();
    expect(
      screen.getByText('Video playback unavailable. Elevate your subscription plan for more bandwidth.', {
        exact: false,
      }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade now!' }).getAttribute('href')).toBe('/buy-vip');
    fireEvent.click(screen.getByRole('button', { name: /close/i }));
    await waitFor(() => expect(bandwidthNoticeSuppressed()).toBe(true));
    expect(bandwidthNoticeSuppressed(Date.now() + 23 * 3600_000)).toBe(true);
    expect(bandwidthNoticeSuppressed(Date.now() + 24 * 3600_000 + 1000)).toBe(false);
  });
});

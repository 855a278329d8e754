import type { AccountDetail, Period } from '@leadreel/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { AntProviders } from '../app/AntProviders.tsx';
import { Providers } from '../app/Providers.tsx';
import { initI18n } from '../i18n/index.ts';
import { useAccountStore } from '../stores/account.ts';
import { usePeriodGate } from './periodGate.ts';

beforeAll(() => {
  initI18n('en');
});

function CreateButton({ ran }: { ran: string[] }) {
  const gate = usePeriodGate();
  return (
    <button type="button" onClick={() => gate(() => ran.push('created'))}>
      Create
    </button>
  );
}

function renderGatedButton(period: Period) {
  useAccountStore.getState().setAccount({ vipPeriod: period } as AccountDetail);
  const ran: string[] = [];
  const router = createMemoryRouter(
    [
      { path: '/', element: <CreateButton ran={ran} /> },
      { path: '/buy-vip', element: <p>plans page</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <Providers>
      <AntProviders>
        <RouterProvider router={router} />
      </AntProviders>
    </Providers>,
  );
  return { ran, router };
}

describe('period-gated buttons', () => {
  it('run their action in the Normal period', () => {
    const { ran } = renderGatedButton('normal-period');
    fireEvent.click(screen.getByText('Create'));
    expect(ran).toEqual(['created']);
    expect(screen.queryByText('Your plan has expired. Renew now to create more content.')).toBeNull();
  });

  it('past Normal, ask to renew; Renew now goes to the plans and abandons the action', async () => {
    const { ran, router } = renderGatedButton('buffer-period');
    fireEvent.click(screen.getByText('Create'));
    expect(
      (await screen.findAllByText('Your plan has expired. Renew now to create more content.')).length,
    ).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Renew now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/buy-vip'));
    expect(ran).toEqual([]);
  });

  it('Cancel abandons the action and stays', async () => {
    const { ran, router } = renderGatedButton('frozen-period');
    fireEvent.click(screen.getByText('Create'));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(ran).toEqual([]);
    expect(router.state.location.pathname).toBe('/');
  });
});

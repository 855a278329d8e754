import type { Video } from '@leadreel/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AntProviders } from '../../app/AntProviders.tsx';
import { createQueryClient, Providers } from '../../app/Providers.tsx';
import { initI18n } from '../../i18n/index.ts';
import { useAuthStore } from '../../stores/auth.ts';
import { fakeApi, fakeVideo } from '../../test/fakeApi.ts';
import { ChooseVideoDialog } from './ChooseVideoDialog.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const video = (name: string) => fakeVideo(`v-${name}`, name, { size: 1000, duration: 75 });

function open(multiple: boolean) {
  const all = [video('demo'), video('interview'), video('webinar')];
  const calls = fakeApi({
    'GET /vod/video/list': (_, query) => {
      const list = all.filter((v) => v.name.includes(query.get('keyword') ?? ''));
      return { data: { list, total: list.length } };
    },
  });
  initI18n('en');
  useAuthStore.setState({ authorizationToken: 'tok' });
  const onChoose = vi.fn();
  render(
    <Providers queryClient={createQueryClient()}>
      <AntProviders>
        <ChooseVideoDialog open multiple={multiple} onClose={() => undefined} onChoose={onChoose} />
      </AntProviders>
    </Providers>,
  );
  return { calls, onChoose };
}

const pick = (name: string) => {
  const row = screen.getByText(name).closest('tr') as HTMLElement;
  fireEvent.click(within(row).getByRole(row.querySelector('[type=checkbox]') ? 'checkbox' : 'radio'));
};

describe('the choose-video dialog', () => {
  it('searches the videos and answers several chosen ones', async () => {
    const { calls, onChoose } = open(true);
    await screen.findByText('interview');
    expect(screen.getAllByText('01:15', { selector: 'td' })).toHaveLength(3);
    fireEvent.change(screen.getByPlaceholderText('Search videos by name'), { target: { value: 'e' } });
    fireEvent.keyDown(screen.getByPlaceholderText('Search videos by name'), { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(calls.at(-1)?.query.get('keyword')).toBe('e'));
    pick('demo');
    pick('webinar');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onChoose.mock.calls[0]?.[0].map((v: Video) => v.videoId)).toEqual(['v-demo', 'v-webinar']);
  });

  it('picks a single video with radio buttons when not multiple', async () => {
    const { onChoose } = open(false);
    await screen.findByText('demo');
    pick('demo');
    pick('interview');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onChoose.mock.calls[0]?.[0].map((v: Video) => v.videoId)).toEqual(['v-interview']);
  });
});

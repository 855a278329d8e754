import type { ApiKey } from '@leadreel/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type FakeCall,
  type FakeRoute,
  FREE_PRIVILEGES,
  fakeAccount,
  fakeApi,
  PAID_PRIVILEGES,
} from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const KEY = '11111111-1111-4111-8111-111111111111';
const SECRET = 'lr_Zm9vYmFyYmF6cXV4cXV1eHF1dXpxdXV4cXV1eHF1dXg';
// 2026/05/01 12:00 and 2026/05/03 09:30, local time, in seconds (as the API answers).
const CREATED = new Date(2026, 4, 1, 12, 0).getTime() / 1000;
const USED = new Date(2026, 4, 3, 9, 30).getTime() / 1000;

const apiKey = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: KEY,
  name: 'CRM sync',
  prefix: 'lr_Zm9vYmFy',
  createdAt: CREATED,
  lastUsedAt: USED,
  ...overrides,
});

function open(routes: Record<string, FakeRoute> = {}, { paid = true, language = 'en' as 'en' | 'zh_CN' } = {}) {
  const calls: FakeCall[] = fakeApi({
    'GET /account/detail': () => ({
      data: fakeAccount({ privileges: paid ? PAID_PRIVILEGES : FREE_PRIVILEGES }),
    }),
    'GET /api-key/list': () => ({
      data: {
        list: [apiKey(), apiKey({ id: '22222222-2222-4222-8222-222222222222', name: 'Zapier', lastUsedAt: null })],
        allowed: paid,
      },
    }),
    ...routes,
  });
  const view = renderApp('/account/api-access', { token: 'tok', language });
  return { calls, ...view };
}

const table = async () => (await screen.findByRole('table')) as HTMLElement;
const callTo = (calls: FakeCall[], path: string) => calls.find((call) => call.path === path);
const rowOf = (container: HTMLElement, name: string) => within(container).getByText(name).closest('tr') as HTMLElement;

describe('the API access page', () => {
  it('lists each key with its prefix, dates in YYYY/MM/DD, and Never for one not used', async () => {
    open();
    const keys = await table();
    const headers = within(keys)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Name', 'Key', 'Created', 'Last used', 'Actions']);
    const used = rowOf(keys, 'CRM sync');
    expect(within(used).getByText('lr_Zm9vYmFy…')).toBeTruthy();
    expect(within(used).getByText('2026/05/01')).toBeTruthy();
    expect(within(used).getByText('2026/05/03 09:30')).toBeTruthy();
    expect(within(rowOf(keys, 'Zapier')).getByText('Never')).toBeTruthy();
    // The secret is never in the list.
    expect(document.body.textContent).not.toContain(SECRET.slice(11));
  });

  it('creates a key by name and shows its secret once, with copy and a warning', async () => {
    const copied: string[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: async (text: string) => void copied.push(text) },
    });
    const { calls } = open({
      'GET /api-key/list': () => ({ data: { list: [], allowed: true } }),
      'POST /api-key/create': (body) => ({
        data: { ...apiKey({ ...(body as Partial<ApiKey>), lastUsedAt: null }), secret: SECRET },
      }),
    });
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
    fireEvent.click(screen.getByTestId('api-key-create'));
    const dialog = await screen.findByRole('dialog');
    // The name is asked for before anything is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Enter a name for the key')).toBeTruthy();
    expect(callTo(calls, '/api-key/create')).toBeUndefined();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '  Billing export ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(callTo(calls, '/api-key/create')?.body).toEqual({ name: 'Billing export' }));
    expect((await screen.findByTestId('api-key-secret')).textContent).toBe(SECRET);
    expect(screen.getByText('Copy this key now and store it somewhere safe. It will not be shown again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Copy key/ }));
    await waitFor(() => expect(copied).toEqual([SECRET]));
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('api-key-secret')).toBeNull());
  });

  it("shows the server's refusal of a name under the field", async () => {
    open({
      'POST /api-key/create': () => ({ status: 400, error: 'api_key_name_too_long', field: 'name' }),
    });
    await table();
    fireEvent.click(screen.getByTestId('api-key-create'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'CRM' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The name cannot exceed 60 characters')).toBeTruthy();
  });

  it('rotates and revokes only after each confirm', async () => {
    const rotated = 'lr_bmV3c2VjcmV0bmV3c2VjcmV0bmV3c2VjcmV0bmV3c2Vj';
    const { calls } = open({
      'POST /api-key/change': () => ({
        data: { ...apiKey({ prefix: rotated.slice(0, 11), lastUsedAt: null }), secret: rotated },
      }),
      'POST /api-key/revoke': () => ({ data: null }),
    });
    const row = rowOf(await table(), 'CRM sync');
    fireEvent.click(within(row).getByTestId('api-key-rotate'));
    const rotate = await screen.findByRole('tooltip');
    expect(rotate.textContent).toContain('The current one stops working at once.');
    expect(callTo(calls, '/api-key/change')).toBeUndefined();
    fireEvent.click(within(rotate).getByRole('button', { name: 'Rotate' }));
    expect((await screen.findByTestId('api-key-secret')).textContent).toBe(rotated);
    expect(callTo(calls, '/api-key/change')?.body).toEqual({ id: KEY });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));

    fireEvent.click(within(row).getByTestId('api-key-revoke'));
    const confirm = (await screen.findAllByRole('tooltip')).find((node) =>
      node.textContent?.includes('Revoke this key?'),
    ) as HTMLElement;
    expect(callTo(calls, '/api-key/revoke')).toBeUndefined();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(callTo(calls, '/api-key/revoke')?.body).toEqual({ id: KEY }));
    expect(await screen.findByText('API key revoked')).toBeTruthy();
  });

  it('stops offering Create at 10 keys', async () => {
    const ten = Array.from({ length: 10 }, (_, n) =>
      apiKey({ id: `00000000-0000-4000-8000-00000000000${n}`, name: `Key ${n}` }),
    );
    open({ 'GET /api-key/list': () => ({ data: { list: ten, allowed: true } }) });
    await table();
    expect((screen.getByTestId('api-key-create') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('At most 10 API keys: revoke one you no longer use')).toBeTruthy();
  });

  it('shows the upgrade notice instead of the list on the Free plan, in Chinese', async () => {
    open({ 'GET /api-key/list': () => ({ data: { list: [], allowed: false } }) }, { paid: false, language: 'zh_CN' });
    expect(await screen.findByText('当前套餐不包含 API 访问。升级后即可使用 API 密钥。')).toBeTruthy();
    expect(screen.getByRole('link', { name: /升\s?级/ }).getAttribute('href')).toBe('/account/memberships');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByTestId('api-key-create')).toBeNull();
  });

  it('lets a plan that lost API access revoke its old keys, and speaks Chinese', async () => {
    open(
      { 'GET /api-key/list': () => ({ data: { list: [apiKey({ lastUsedAt: null })], allowed: false } }) },
      {
        paid: false,
        language: 'zh_CN',
      },
    );
    const keys = await table();
    const headers = within(keys)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['名称', '密钥', '创建时间', '最近使用', '操作']);
    expect(within(keys).getByText('从未使用')).toBeTruthy();
    expect(within(keys).queryByTestId('api-key-rotate')).toBeNull();
    expect(within(keys).getByTestId('api-key-revoke').textContent).toMatch(/吊\s?销/);
    expect(screen.getByText('当前套餐不包含 API 访问。升级后即可使用 API 密钥。')).toBeTruthy();
  });

  it('points to the API reference in a new tab and says where requests go, in English and Chinese', async () => {
    const { unmount } = open();
    const base = `${window.location.origin}/api/v1`;
    const link = await screen.findByRole('link', { name: 'API reference' });
    expect([link.getAttribute('href'), link.getAttribute('target')]).toEqual(['/api/v1/docs', '_blank']);
    expect(screen.getByText(`Requests go to ${base}, with the key as Authorization: Bearer <key>.`)).toBeTruthy();
    unmount();

    open({}, { language: 'zh_CN' });
    const chinese = await screen.findByRole('link', { name: 'API 参考文档' });
    expect([chinese.getAttribute('href'), chinese.getAttribute('target')]).toEqual(['/api/v1/docs/zh', '_blank']);
    expect(screen.getByText(`请求发送至 ${base}，并以 Authorization: Bearer <密钥> 的形式携带密钥。`)).toBeTruthy();
  });
});

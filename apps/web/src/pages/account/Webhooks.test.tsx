import type { WebhookDelivery, WebhookEndpoint } from '@leadreel/shared';
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

const HOOK = '11111111-1111-4111-8111-111111111111';
const SECRET = 'whsec_Zm9vYmFyYmF6cXV4cXV1eHF1dXpxdXV4cXV1eHF1dXg';

const endpoint = (overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: HOOK,
  url: 'https://hooks.acme.test/leadreel',
  events: ['lead.created'],
  enabled: true,
  secretHint: 'whsec_…abcd',
  createdAt: 1_780_000_000,
  ...overrides,
});
const delivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: '22222222-2222-4222-8222-222222222222',
  event: 'lead.created',
  eventId: 'evt_1',
  status: 'delivered',
  attempts: 1,
  statusCode: 200,
  error: null,
  createdAt: 1_780_000_000,
  deliveredAt: 1_780_000_001,
  ...overrides,
});

function open(routes: Record<string, FakeRoute> = {}, { paid = true, language = 'en' as 'en' | 'zh_CN' } = {}) {
  const calls: FakeCall[] = fakeApi({
    'GET /account/detail': () => ({
      data: fakeAccount({ privileges: paid ? PAID_PRIVILEGES : FREE_PRIVILEGES }),
    }),
    'GET /webhook/list': () => ({ data: { list: [endpoint()], allowed: paid } }),
    'GET /webhook/deliveries': () => ({
      data: {
        list: [
          delivery(),
          delivery({
            id: '33333333-3333-4333-8333-333333333333',
            status: 'pending',
            attempts: 3,
            statusCode: 500,
            deliveredAt: null,
          }),
        ],
        total: 2,
      },
    }),
    ...routes,
  });
  const view = renderApp('/account/webhooks', { token: 'tok', language });
  return { calls, ...view };
}

const card = async () => (await screen.findByTestId('webhook-endpoint')) as HTMLElement;
/** YYYY/MM/DD with the time to the second, the delivery log's form in either language. */
const DATE_SECOND = /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/;
/** That form of a Unix-seconds time, in the test's time zone. */
function stamp(seconds: number) {
  const at = new Date(seconds * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  const day = `${at.getFullYear()}/${two(at.getMonth() + 1)}/${two(at.getDate())}`;
  return `${day} ${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
}
const callTo = (calls: FakeCall[], path: string) => calls.find((call) => call.path === path);

describe('the webhooks page', () => {
  it('lists each endpoint with its events and secret hint, and its delivery log', async () => {
    const { calls } = open();
    const item = await card();
    expect(within(item).getByText('https://hooks.acme.test/leadreel')).toBeTruthy();
    expect(within(item).getByText('lead.created', { selector: '.ant-tag' })).toBeTruthy();
    expect(within(item).getByText('Secret whsec_…abcd')).toBeTruthy();
    const table = await within(item).findByRole('table');
    await within(table).findByText('HTTP 500');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Time', 'Event', 'Result', 'Attempts', 'State', '']);
    const times = within(table).getAllByText(DATE_SECOND);
    expect(times.map((cell) => cell.textContent)).toEqual([stamp(1_780_000_000), stamp(1_780_000_000)]);
    // A delivery the queue is still retrying cannot be resent by hand; a finished one can.
    expect(within(table).getAllByTestId('webhook-resend')).toHaveLength(1);
    expect(within(table).getByText('HTTP 200')).toBeTruthy();
    expect(within(table).getByText('Delivered')).toBeTruthy();
    expect(within(table).getByText('Retrying')).toBeTruthy();
    expect(Object.fromEntries(callTo(calls, '/webhook/deliveries')?.query ?? [])).toEqual({
      id: HOOK,
      page: '1',
      pageSize: '10',
    });
  });

  it('adds an endpoint and shows its secret once, with copy', async () => {
    const copied: string[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: async (text: string) => void copied.push(text) },
    });
    const { calls } = open({
      'GET /webhook/list': () => ({ data: { list: [], allowed: true } }),
      'POST /webhook/create': (body) => ({
        data: { ...endpoint(body as Partial<WebhookEndpoint>), secret: SECRET },
      }),
    });
    expect(await screen.findByText('No endpoints yet')).toBeTruthy();
    fireEvent.click(screen.getByTestId('webhook-add'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Endpoint URL'), {
      target: { value: '  https://hooks.acme.test/new ' },
    });
    fireEvent.click(within(dialog).getByLabelText('Contact button clicked (contact.clicked)'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callTo(calls, '/webhook/create')?.body).toEqual({
        url: 'https://hooks.acme.test/new',
        events: ['lead.created'],
        enabled: true,
      }),
    );
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe(SECRET);
    fireEvent.click(screen.getByRole('button', { name: /Copy secret/ }));
    await waitFor(() => expect(copied).toEqual([SECRET]));
  });

  it("subscribes a new endpoint to a video's becoming playable and ready, which are not ticked by default", async () => {
    const { calls } = open({
      'GET /webhook/list': () => ({ data: { list: [], allowed: true } }),
      'POST /webhook/create': (body) => ({
        data: { ...endpoint(body as Partial<WebhookEndpoint>), secret: SECRET },
      }),
    });
    fireEvent.click(await screen.findByTestId('webhook-add'));
    const dialog = await screen.findByRole('dialog');
    const playable = within(dialog).getByLabelText(
      'Video playable, other qualities still encoding (video.playable)',
    ) as HTMLInputElement;
    const ready = within(dialog).getByLabelText('Video ready, every quality encoded (video.ready)') as HTMLInputElement;
    expect([playable.checked, ready.checked]).toEqual([false, false]);
    fireEvent.change(within(dialog).getByLabelText('Endpoint URL'), { target: { value: 'https://hooks.acme.test/v' } });
    fireEvent.click(ready);
    fireEvent.click(playable);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callTo(calls, '/webhook/create')?.body).toEqual({
        url: 'https://hooks.acme.test/v',
        events: ['lead.created', 'contact.clicked', 'video.playable', 'video.ready'],
        enabled: true,
      }),
    );
  });

  it("names a video's events in Chinese, and an endpoint can keep only them", async () => {
    const { calls } = open(
      { 'POST /webhook/update': (body) => ({ data: endpoint(body as Partial<WebhookEndpoint>) }) },
      { language: 'zh_CN' },
    );
    fireEvent.click(within(await card()).getByTestId('webhook-edit'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('视频已就绪，全部清晰度转码完成（video.ready）'));
    fireEvent.click(within(dialog).getByLabelText('视频已可播放，其他清晰度仍在转码（video.playable）'));
    fireEvent.click(within(dialog).getByLabelText('新线索（lead.created）'));
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    await waitFor(() =>
      expect(callTo(calls, '/webhook/update')?.body).toEqual({
        id: HOOK,
        url: 'https://hooks.acme.test/leadreel',
        events: ['video.playable', 'video.ready'],
        enabled: true,
      }),
    );
  });

  it("shows the server's refusal under the URL", async () => {
    open({
      'POST /webhook/create': () => ({ status: 400, error: 'webhook_url_blocked', field: 'url' }),
    });
    await card();
    fireEvent.click(screen.getByTestId('webhook-add'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Endpoint URL'), { target: { value: 'http://10.0.0.1/' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('This address is on a private or local network, which webhooks cannot reach'),
    ).toBeTruthy();
  });

  it('resends a logged delivery and says how it went', async () => {
    const { calls } = open({
      'POST /webhook/redeliver': () => ({ data: delivery({ id: '44444444-4444-4444-8444-444444444444' }) }),
    });
    const item = await card();
    fireEvent.click(await within(item).findByTestId('webhook-resend'));
    expect(await screen.findByText('Sent again: HTTP 200')).toBeTruthy();
    expect(callTo(calls, '/webhook/redeliver')?.body).toEqual({ deliveryId: '22222222-2222-4222-8222-222222222222' });
  });

  it('sends a test event and shows how the receiver answered', async () => {
    let answer = delivery({ event: 'test' });
    const { calls } = open({ 'POST /webhook/test': () => ({ data: answer }) });
    const item = await card();
    fireEvent.click(within(item).getByTestId('webhook-send-test'));
    expect(await within(item).findByText('Test event delivered: HTTP 200')).toBeTruthy();
    expect(callTo(calls, '/webhook/test')?.body).toEqual({ id: HOOK });
    answer = delivery({ event: 'test', status: 'failed', statusCode: null, error: 'blocked_address' });
    fireEvent.click(within(item).getByTestId('webhook-send-test'));
    expect(await within(item).findByText('Test event failed: Blocked: private or local address')).toBeTruthy();
  });

  it('edits, rolls the secret and deletes only after each confirm', async () => {
    const { calls } = open({
      'POST /webhook/update': (body) => ({ data: endpoint(body as Partial<WebhookEndpoint>) }),
      'POST /webhook/roll-secret': () => ({ data: { ...endpoint(), secret: SECRET } }),
      'POST /webhook/delete': () => ({ data: null }),
    });
    const item = await card();
    fireEvent.click(within(item).getByTestId('webhook-edit'));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Endpoint URL') as HTMLInputElement).value).toBe(
      'https://hooks.acme.test/leadreel',
    );
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Enabled' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callTo(calls, '/webhook/update')?.body).toEqual({
        id: HOOK,
        url: 'https://hooks.acme.test/leadreel',
        events: ['lead.created'],
        enabled: false,
      }),
    );

    fireEvent.click(within(item).getByTestId('webhook-roll-secret'));
    const roll = await screen.findByRole('tooltip');
    expect(callTo(calls, '/webhook/roll-secret')).toBeUndefined();
    fireEvent.click(within(roll).getByRole('button', { name: 'Roll secret' }));
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe(SECRET);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));

    fireEvent.click(within(item).getByTestId('webhook-delete'));
    const confirm = (await screen.findAllByRole('tooltip')).find((node) =>
      node.textContent?.includes('Delete this endpoint'),
    ) as HTMLElement;
    expect(callTo(calls, '/webhook/delete')).toBeUndefined();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callTo(calls, '/webhook/delete')?.body).toEqual({ id: HOOK }));
  });

  it('dates the deliveries as YYYY/MM/DD HH:mm:ss in Chinese too, not as a Chinese long date', async () => {
    open({}, { language: 'zh_CN' });
    const table = await within(await card()).findByRole('table');
    await within(table).findByText('HTTP 500');
    expect(within(table).getAllByRole('columnheader')[0]?.textContent).toBe('时间');
    const times = within(table).getAllByText(DATE_SECOND);
    expect(times.map((cell) => cell.textContent)).toEqual([stamp(1_780_000_000), stamp(1_780_000_000)]);
    expect(table.textContent).not.toMatch(/\d[年月日]/);
  });

  it('shows the upgrade notice on the Free plan, in Chinese too', async () => {
    open({ 'GET /webhook/list': () => ({ data: { list: [], allowed: false } }) }, { paid: false, language: 'zh_CN' });
    expect(await screen.findByText('Webhook 属于付费套餐功能。')).toBeTruthy();
    expect((screen.getByTestId('webhook-add') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: /升\s?级/ }).getAttribute('href')).toBe('/account/memberships');
  });
});

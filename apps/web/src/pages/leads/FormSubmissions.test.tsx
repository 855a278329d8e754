import type { ContactClick, Lead } from '@leadreel/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeCall, type FakeRoute, fakeAccount, fakeApi, fakeVideo } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const DEMO = '11111111-1111-4111-8111-111111111111';
const WEBINAR = '22222222-2222-4222-8222-222222222222';
const HOSTILE = '<img src=x onerror=alert(1)>';

const FIELDS: Lead['fields'] = [
  { id: 'name', kind: 'name', label: 'Your name' },
  { id: 'email', kind: 'email', label: 'Work email' },
  { id: 'message', kind: 'message', label: 'How can we help?' },
];

const fakeLead = (n: number, overrides: Partial<Lead> = {}): Lead => ({
  leadId: `aaaaaaaa-0000-4000-8000-00000000000${n}`,
  videoId: DEMO,
  videoName: 'Product demo',
  createdAt: 1_780_000_000 + n * 3600,
  read: false,
  second: 75,
  pageUrl: 'https://acme.example.test/pricing',
  referrer: 'https://search.example.test/',
  language: 'en',
  siteName: null,
  fields: FIELDS,
  answers: { name: 'Ada Lovelace', email: 'ada@example.test', message: 'Call me\nafter 5pm' },
  ...overrides,
});

const ada = fakeLead(1);
const bob = fakeLead(2, {
  videoId: WEBINAR,
  videoName: 'Webinar',
  read: true,
  second: 3725,
  answers: { name: '', email: 'bob@example.test', message: HOSTILE },
});
const anonymous = fakeLead(3, { read: true, second: 5, answers: { name: '', email: '', message: 'hello' } });
const leads = [ada, bob, anonymous];

const fakeClick = (n: number, overrides: Partial<ContactClick> = {}): ContactClick => ({
  clickId: `cccccccc-0000-4000-8000-00000000000${n}`,
  videoId: DEMO,
  videoName: 'Product demo',
  kind: 'whatsapp',
  second: 30,
  pageUrl: 'https://acme.example.test/pricing',
  referrer: '',
  createdAt: ada.createdAt - 600,
  leadId: ada.leadId,
  ...overrides,
});
/** Ada clicked WhatsApp, then called from the webinar, sent the form, then pressed the call to action. */
const adaClicks = [
  fakeClick(1, { createdAt: ada.createdAt - 600 }),
  fakeClick(2, {
    kind: 'telephone',
    videoId: WEBINAR,
    videoName: 'Webinar',
    second: 95,
    createdAt: ada.createdAt - 60,
  }),
  fakeClick(3, { kind: 'action', second: 118, pageUrl: HOSTILE, createdAt: ada.createdAt + 120 }),
];
/** A lead beyond the first page of the list. */
const later = fakeLead(4, { answers: { name: 'Grace Hopper', email: 'grace@example.test', message: '' } });
/** Every lead of the fixtures, whether or not the list shows it. */
const everyLead = () => [...leads, later];

const detailOf: FakeRoute = (_, query) => {
  const lead = everyLead().find((item) => item.leadId === query.get('leadId'));
  if (!lead) return { status: 404, error: 'lead_not_found' };
  return { data: { lead, clicks: lead === ada ? adaClicks : [], masked: false } };
};

const listOf =
  (list: Lead[], extra: { masked?: boolean } = {}): FakeRoute =>
  () => ({
    data: { list, total: list.length, unread: list.filter((lead) => !lead.read).length, masked: extra.masked ?? false },
  });

function open(path = '/form-submit-data', routes: Record<string, FakeRoute> = {}, language: 'en' | 'zh_CN' = 'en') {
  const calls: FakeCall[] = fakeApi({
    'GET /vod/video/list': () => ({
      data: { list: [fakeVideo(DEMO, 'Product demo'), fakeVideo(WEBINAR, 'Webinar')], total: 2 },
    }),
    'GET /user-form-list/list': listOf(leads),
    'POST /user-form-list/read': () => ({ data: null }),
    'POST /user-form-list/delete': () => ({ data: null }),
    'GET /user-form-list/detail': detailOf,
    'GET /user-form-list/clicks': () => ({ data: { list: adaClicks, total: 3, masked: false } }),
    ...routes,
  });
  const view = renderApp(path, { token: 'tok', language });
  return { calls, ...view };
}

const listCalls = (calls: FakeCall[]) => calls.filter((call) => call.path === '/user-form-list/list');
const lastQuery = (calls: FakeCall[]) => Object.fromEntries(listCalls(calls).at(-1)?.query ?? []);
const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
/** YYYY/MM/DD HH:mm, the form of every lead time. */
const DATE_MINUTE = /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/;
/** That form of a lead's time, in the test's time zone, the same in either language. */
function when(lead: Lead) {
  const at = new Date(lead.createdAt * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  const day = `${at.getFullYear()}/${two(at.getMonth() + 1)}/${two(at.getDate())}`;
  return `${day} ${two(at.getHours())}:${two(at.getMinutes())}`;
}
/** The drawer that shows a lead (jsdom keeps closed ones, so the newest). */
const drawer = async () => (await screen.findAllByRole('dialog')).at(-1) as HTMLElement;

describe('the form submissions page', () => {
  it('lists the leads with date, name, email, video, second and read state', async () => {
    open();
    await screen.findByText('Ada Lovelace');
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Date', 'Name', 'Email', 'Video', 'Second in video', 'Status']));
    const first = row('Ada Lovelace');
    expect(within(first).getByText(DATE_MINUTE).textContent).toBe(when(ada));
    expect(within(first).getByText('ada@example.test')).toBeTruthy();
    expect(within(first).getByText('Product demo')).toBeTruthy();
    expect(within(first).getByText('1:15')).toBeTruthy();
    expect(within(first).getByText('Unread')).toBeTruthy();
    expect(first.className).toContain('lead-unread');
    // No name: the email stands for the person; neither: a dash.
    const second = row('Webinar');
    expect(within(second).getAllByText('bob@example.test')).toHaveLength(2);
    expect(within(second).getByText('62:05')).toBeTruthy();
    expect(within(second).getByText('Read')).toBeTruthy();
    expect(second.className).not.toContain('lead-unread');
    expect(within(row('0:05')).getAllByText('—')).toHaveLength(2);
    expect(screen.getByText('1 unread')).toBeTruthy();
    // The hostile answer is not in the table at all, and nothing of it became an element.
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('names the site a lead came from, in the list and the drawer', async () => {
    const fromSite = fakeLead(5, {
      siteName: 'Acme Pump Academy',
      answers: { name: 'Site Visitor', email: 'v@example.test' },
    });
    open('/form-submit-data', {
      'GET /user-form-list/list': listOf([fromSite, ...leads]),
      'GET /user-form-list/detail': () => ({ data: { lead: fromSite, clicks: [], masked: false } }),
    });
    await screen.findByText('Site Visitor');
    expect(within(row('Site Visitor')).getByText('Site: Acme Pump Academy')).toBeTruthy();
    expect(within(row('Ada Lovelace')).queryByText(/^Site:/)).toBeNull();
    fireEvent.click(screen.getByText('Site Visitor'));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Site')).toBeTruthy();
    expect(within(drawer).getAllByText('Acme Pump Academy').length).toBeGreaterThan(0);
  });

  it('names the site in Chinese too', async () => {
    const fromSite = fakeLead(5, {
      siteName: 'Acme Pump Academy',
      answers: { name: 'Site Visitor', email: 'v@example.test' },
    });
    open('/form-submit-data', { 'GET /user-form-list/list': listOf([fromSite]) }, 'zh_CN');
    await screen.findByText('Site Visitor');
    expect(within(row('Site Visitor')).getByText('站点: Acme Pump Academy')).toBeTruthy();
  });

  it('sends the chosen video, dates, search text and unread filter to the server, back on page 1', async () => {
    const { calls } = open();
    await screen.findByText('Ada Lovelace');
    expect(lastQuery(calls)).toEqual({ page: '1', pageSize: '20' });

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Video' }));
    fireEvent.click(await screen.findByText('Webinar', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(lastQuery(calls).videoId).toBe(WEBINAR));

    const from = screen.getByPlaceholderText('From');
    fireEvent.mouseDown(from);
    fireEvent.click(from);
    fireEvent.change(from, { target: { value: '2026-05-01' } });
    fireEvent.keyDown(from, { key: 'Enter', code: 'Enter' });
    const to = screen.getByPlaceholderText('To');
    fireEvent.change(to, { target: { value: '2026-05-31' } });
    fireEvent.keyDown(to, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ from: '2026-05-01', to: '2026-05-31' }));

    const search = screen.getByPlaceholderText('Search answers and video names');
    fireEvent.change(search, { target: { value: '  acme ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(lastQuery(calls).q).toBe('acme'));

    fireEvent.click(screen.getByRole('switch', { name: 'Unread only' }));
    await waitFor(() => expect(lastQuery(calls).unread).toBe('1'));
    expect(lastQuery(calls)).toEqual({
      videoId: WEBINAR,
      from: '2026-05-01',
      to: '2026-05-31',
      q: 'acme',
      unread: '1',
      page: '1',
      pageSize: '20',
    });
  });

  it('opens a lead in a drawer with every answer as plain text, and marks it read', async () => {
    const { calls } = open();
    fireEvent.click(await screen.findByRole('button', { name: 'bob@example.test' }));
    const panel = await drawer();
    expect(within(panel).getByText('Work email')).toBeTruthy();
    expect(within(panel).getByText('How can we help?')).toBeTruthy();
    // Markup typed by a viewer stays text: no element comes of it.
    expect(within(panel).getByText(HOSTILE).tagName).toBe('SPAN');
    expect(document.querySelector('img')).toBeNull();
    expect(within(panel).getByText('Webinar')).toBeTruthy();
    expect(within(panel).getByText('62:05')).toBeTruthy();
    expect(within(panel).getByText('https://acme.example.test/pricing')).toBeTruthy();
    expect(within(panel).getByText('https://search.example.test/')).toBeTruthy();
    expect(within(panel).queryByRole('link')).toBeNull();
    // Bob was read already: opening him asks nothing of the server.
    expect(calls.some((call) => call.path === '/user-form-list/read')).toBe(false);

    fireEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ada Lovelace' }));
    const adaPanel = await drawer();
    const message = [...adaPanel.querySelectorAll('.lead-text')].find((node) => node.textContent?.startsWith('Call'));
    expect(message?.textContent).toBe('Call me\nafter 5pm');
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/user-form-list/read')?.body).toEqual({
        leadIds: [ada.leadId],
        read: true,
      }),
    );
  });

  it('marks the selected leads read, and deletes them only after the confirm', async () => {
    const { calls } = open();
    await screen.findByText('Ada Lovelace');
    const markRead = screen.getByRole('button', { name: 'Mark read' }) as HTMLButtonElement;
    expect(markRead.disabled).toBe(true);
    fireEvent.click(within(row('Ada Lovelace')).getByRole('checkbox'));
    fireEvent.click(within(row('Webinar')).getByRole('checkbox'));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(markRead);
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/user-form-list/read')?.body).toEqual({
        leadIds: [ada.leadId, bob.leadId],
        read: true,
      }),
    );
    expect(await screen.findByText('Submissions updated')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('2 selected')).toBeNull());

    fireEvent.click(within(row('Webinar')).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('Delete 1 submission(s)?')).toBeTruthy();
    expect(calls.some((call) => call.path === '/user-form-list/delete')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/user-form-list/delete')?.body).toEqual({ leadIds: [bob.leadId] }),
    );
    expect(await screen.findByText('Submissions deleted')).toBeTruthy();
  });

  it('exports the filtered leads as a CSV or an Excel file with the session token', async () => {
    open();
    await screen.findByText('Ada Lovelace');
    const api = globalThis.fetch;
    const exports: { url: URL; authorization: string | null }[] = [];
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://console.test');
      if (url.pathname !== '/api/user-form-list/export') return api(input, init);
      exports.push({ url, authorization: new Headers(init.headers).get('authorization') });
      const xlsx = url.searchParams.get('format') === 'xlsx';
      return new Response(xlsx ? new Uint8Array([0x50, 0x4b, 5, 6]) : '\uFEFF"Date","Video"\r\n', {
        headers: {
          'content-type': xlsx
            ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
            : 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="leads-2026-05-31.${xlsx ? 'xlsx' : 'csv'}"`,
        },
      });
    });
    const created = vi.fn(() => 'blob:leads');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    let saved: HTMLAnchorElement | null = null;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = this;
    });

    fireEvent.click(screen.getByRole('switch', { name: 'Unread only' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).not.toBeNull());
    expect(Object.fromEntries(exports[0]?.url.searchParams ?? [])).toEqual({ unread: '1', format: 'csv' });
    expect(exports[0]?.authorization).toBe('Bearer tok');
    expect(created).toHaveBeenCalledWith(expect.any(Blob));
    expect((saved as HTMLAnchorElement | null)?.download).toBe('leads-2026-05-31.csv');
    expect((saved as HTMLAnchorElement | null)?.getAttribute('href')).toBe('blob:leads');

    saved = null;
    expect(screen.getByRole('button', { name: 'Export Excel' })).toBe(screen.getByTestId('leads-export-xlsx'));
    fireEvent.click(screen.getByTestId('leads-export-xlsx'));
    await waitFor(() => expect(saved).not.toBeNull());
    expect(Object.fromEntries(exports[1]?.url.searchParams ?? [])).toEqual({ unread: '1', format: 'xlsx' });
    expect((saved as HTMLAnchorElement | null)?.download).toBe('leads-2026-05-31.xlsx');
  });

  it('on the Free plan, explains that details are paid, keeps dates and videos, and disables export', async () => {
    const masked = leads.map((lead) => ({
      ...lead,
      pageUrl: '•••',
      referrer: '•••',
      answers: Object.fromEntries(Object.entries(lead.answers).map(([id, value]) => [id, value ? '•••' : ''])),
    }));
    open('/form-submit-data', { 'GET /user-form-list/list': listOf(masked, { masked: true }) });
    expect(await screen.findByText('Lead details and exports are part of the paid plans.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/account/memberships');
    expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Export Excel' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(when(ada))).toBeTruthy();
    expect(screen.getAllByText('Product demo').length).toBeGreaterThan(0);
    expect(screen.getByText('Webinar', { selector: 'td' })).toBeTruthy();
    expect(screen.queryByText('ada@example.test')).toBeNull();
  });

  it('shows the plan-expired text instead of the table in the Frozen period', async () => {
    open('/form-submit-data', {
      'GET /account/detail': () => ({ data: fakeAccount({ vipPeriod: 'frozen-period' }) }),
      'GET /user-form-list/list': () => ({ status: 403, error: 'plan_period' }),
    });
    expect(await screen.findByText('Your plan has expired. Renew now to create more content.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });

  it('opens the lead a notification links to (?lead=) by its id, on the first page or not', async () => {
    const { calls, router } = open(`/form-submit-data?lead=${bob.leadId}&videoId=${WEBINAR}`);
    const panel = await drawer();
    expect(await within(panel).findByText(HOSTILE)).toBeTruthy();
    // The video of the link is the first filter; the lead parameter is used once.
    expect(lastQuery(calls).videoId).toBe(WEBINAR);
    await waitFor(() => expect(router.state.location.search).toBe(`?videoId=${WEBINAR}`));
    expect(document.querySelector('.leads-video')?.textContent).toBe('Webinar');
    expect(
      calls.filter((call) => call.path === '/user-form-list/detail').map((call) => call.query.get('leadId')),
    ).toEqual([bob.leadId]);
  });

  it('opens a lead the list does not show, and marks it read', async () => {
    const { calls } = open(`/form-submit-data?lead=${later.leadId}`);
    const panel = await drawer();
    expect(await within(panel).findAllByText('Grace Hopper')).toHaveLength(2);
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/user-form-list/read')?.body).toEqual({
        leadIds: [later.leadId],
        read: true,
      }),
    );
    // Grace is not in the table: only the drawer shows her.
    expect(screen.queryByRole('button', { name: 'Grace Hopper' })).toBeNull();
  });

  it('tells that a linked lead no longer exists', async () => {
    open('/form-submit-data?lead=aaaaaaaa-0000-4000-8000-000000000009');
    expect(await screen.findByText('This submission no longer exists')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
  });

  it('shows the viewer’s contact clicks around the submission in the drawer’s timeline', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Ada Lovelace' }));
    const panel = await drawer();
    const timeline = await within(panel).findByTestId('lead-timeline');
    const entries = [...timeline.querySelectorAll('.lead-timeline-click, .lead-timeline-submitted')].map((entry) =>
      entry.classList.contains('lead-timeline-submitted') ? 'submitted' : entry.textContent,
    );
    expect(entries).toHaveLength(4);
    expect(entries[0]).toContain('WhatsApp button on Product demo at 0:30');
    expect(entries[1]).toContain('Call button on Webinar at 1:35');
    expect(entries[2]).toBe('submitted');
    expect(entries[3]).toContain('Call to action on Product demo at 1:58');
    expect(within(timeline).getByText('Sent the form')).toBeTruthy();
    expect(within(timeline).getByText(when(ada))).toBeTruthy();
    // A page URL typed by anyone stays text.
    expect(within(timeline).getByText(HOSTILE).tagName).toBe('SPAN');
    expect(document.querySelector('img')).toBeNull();

    fireEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'bob@example.test' }));
    const bobTimeline = await within(await drawer()).findByTestId('lead-timeline');
    expect(within(bobTimeline).getByText('No contact clicks from this viewer.')).toBeTruthy();
  });

  it('lists the contact clicks in their own tab, filtered and paged by the server, each opening its lead', async () => {
    const { calls, router } = open();
    await screen.findByText('Ada Lovelace');
    fireEvent.click(screen.getByRole('tab', { name: 'Contact clicks' }));
    const tab = await screen.findByTestId('leads-clicks');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=clicks'));
    const clickCalls = () => calls.filter((call) => call.path === '/user-form-list/clicks');
    await waitFor(() => expect(clickCalls()).toHaveLength(1));
    expect(Object.fromEntries(clickCalls()[0]?.query ?? [])).toEqual({ page: '1', pageSize: '20' });
    const headers = within(tab)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Date', 'Video', 'Button', 'Second in video', 'Page', 'Lead']);
    expect(await within(tab).findByText('WhatsApp button')).toBeTruthy();
    expect(within(tab).getByText('1:35')).toBeTruthy();
    expect(within(tab).getByText('3 clicks')).toBeTruthy();
    expect(within(tab).getByText(HOSTILE).tagName).toBe('SPAN');

    fireEvent.mouseDown(within(tab).getByRole('combobox', { name: 'Button' }));
    fireEvent.click(await screen.findByText('Call button', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(clickCalls().at(-1)?.query.get('kind')).toBe('telephone'));
    fireEvent.mouseDown(within(tab).getByRole('combobox', { name: 'Video' }));
    fireEvent.click(
      (await screen.findAllByText('Webinar', { selector: '.ant-select-item-option-content' })).at(-1) as HTMLElement,
    );
    await waitFor(() =>
      expect(Object.fromEntries(clickCalls().at(-1)?.query ?? [])).toEqual({
        videoId: WEBINAR,
        kind: 'telephone',
        page: '1',
        pageSize: '20',
      }),
    );

    fireEvent.click(within(tab).getAllByRole('button', { name: 'Open lead' })[0] as HTMLElement);
    const panel = await drawer();
    expect(await within(panel).findByText('Call me\nafter 5pm', { normalizer: (text) => text })).toBeTruthy();
  });

  it('masks the clicks’ pages on the Free plan', async () => {
    const masked = adaClicks.map((click) => ({ ...click, pageUrl: '•••', referrer: '•••' }));
    open('/form-submit-data?tab=clicks', {
      'GET /user-form-list/clicks': () => ({ data: { list: masked, total: 3, masked: true } }),
    });
    const tab = await screen.findByTestId('leads-clicks');
    expect(await within(tab).findByText('Lead details and exports are part of the paid plans.')).toBeTruthy();
    expect(within(tab).getAllByText('•••')).toHaveLength(3);
    expect(within(tab).queryByText('https://acme.example.test/pricing')).toBeNull();
  });

  it('reads in Chinese', async () => {
    open('/form-submit-data', {}, 'zh_CN');
    await screen.findByText('Ada Lovelace');
    expect(screen.getByRole('heading', { name: '表单提交' })).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(expect.arrayContaining(['时间', '姓名', '邮箱', '视频', '视频中的时间点', '状态']));
    expect(within(row('Ada Lovelace')).getByText('未读')).toBeTruthy();
    // The console contract's YYYY/MM/DD HH:mm, as in English, not a Chinese long date (2026年5月29日 04:26).
    expect(within(row('Ada Lovelace')).getByText(DATE_MINUTE).textContent).toBe(when(ada));
    expect(row('Ada Lovelace').textContent).not.toMatch(/\d[年月日]/);
    expect(screen.getByRole('button', { name: '导出 CSV' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '导出 Excel' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '联系点击' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ada Lovelace' }));
    const timeline = await within(await drawer()).findByTestId('lead-timeline');
    expect(within(timeline).getByText('时间线')).toBeTruthy();
    expect(within(timeline).getByText('提交了表单')).toBeTruthy();
    expect(within(timeline).getByText('WhatsApp 按钮，Product demo，0:30')).toBeTruthy();
    expect(within(timeline).getByText(when(ada))).toBeTruthy();
    expect(screen.getByRole('switch', { name: '仅看未读' })).toBeTruthy();
    expect(screen.getByPlaceholderText('开始日期')).toBeTruthy();
  });
});

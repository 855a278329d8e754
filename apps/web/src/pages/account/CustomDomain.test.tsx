import type { CustomDomain } from '@leadreel/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCustomDomainStore } from '../../stores/customDomain.ts';
import {
  type FakeCall,
  type FakeRoute,
  FREE_PRIVILEGES,
  fakeAccount,
  fakeApi,
  fakeVip,
  PAID_PRIVILEGES,
} from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ID = '33333333-3333-4333-8333-333333333333';
const OTHER = '44444444-4444-4444-8444-444444444444';
const FOLDER = '55555555-5555-4555-8555-555555555555';
// 2026/05/01 12:00 local time, in seconds.
const CHECKED = new Date(2026, 4, 1, 12, 0).getTime() / 1000;

const domain = (overrides: Partial<CustomDomain> = {}): CustomDomain => ({
  id: ID,
  cname: 'video.example.com',
  cnameValue: 'cname.leadreel.test',
  txtName: '_leadreel.video.example.com',
  txtValue: 'leadreel-verify=abc123',
  status: 'verifying',
  active: false,
  failReasons: [],
  replacesId: null,
  folderId: null,
  faviconUrl: null,
  createdAt: CHECKED,
  checkedAt: CHECKED,
  verifiedAt: null,
  nextCheckAt: null,
  ...overrides,
});

type Options = { language?: 'en' | 'zh_CN'; paid?: boolean; period?: 'normal-period' | 'frozen-period' };

function open(routes: Record<string, FakeRoute> = {}, { language = 'en', paid = true, period }: Options = {}) {
  useCustomDomainStore.getState().reset();
  const calls: FakeCall[] = fakeApi({
    'GET /account/detail': () => ({
      data: fakeAccount({ privileges: paid ? PAID_PRIVILEGES : FREE_PRIVILEGES, vipPeriod: period }),
    }),
    'GET /pay/vip-user-info': () => ({ data: { ...fakeVip, isVip: paid } }),
    'GET /vod/video/folder/list': () => ({
      data: [{ folderId: FOLDER, name: 'Webinars', isDefault: false, videoCount: 2, createdAt: CHECKED }],
    }),
    'GET /vod/cname/list': () => ({ data: { list: [domain()], cap: 3, target: 'cname.leadreel.test' } }),
    ...routes,
  });
  const view = renderApp('/account/custom-domain', { token: 'tok', language });
  return { calls, ...view };
}

const card = async () => (await screen.findByTestId('domain-card')) as HTMLElement;
const callTo = (calls: FakeCall[], path: string) => calls.filter((call) => call.path === path);

async function typeDomain(value: string) {
  const input = await screen.findByLabelText('Domain');
  fireEvent.change(input, { target: { value } });
  fireEvent.click(screen.getByTestId('domain-add'));
}

describe('the custom domain page', () => {
  it('shows a verifying domain with its CNAME and TXT records, copy buttons, the propagation notice and its last check', async () => {
    const copied: string[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: async (text: string) => void copied.push(text) },
    });
    open();
    const shown = await card();
    expect(within(shown).getByTestId('domain-status').textContent).toBe('Verifying');
    const rows = within(shown)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows[1]).toContain('CNAME');
    expect(rows[1]).toContain('video.example.com');
    expect(rows[1]).toContain('cname.leadreel.test');
    expect(rows[2]).toContain('_leadreel.video.example.com');
    expect(rows[2]).toContain('leadreel-verify=abc123');
    expect(
      within(shown).getByText(
        'DNS changes can take 24-48 hours to propagate. The domain is checked again automatically until then.',
      ),
    ).toBeTruthy();
    expect(within(shown).getByTestId('domain-checked').textContent).toBe('Last checked 2026/05/01 12:00');
    expect(screen.getByTestId('domain-usage').textContent).toBe('1 / 3 domains used');
    const txt = within(shown).getAllByRole('row')[2] as HTMLElement;
    fireEvent.click(within(txt).getAllByRole('button', { name: /Copy/ })[1] as HTMLElement);
    await waitFor(() => expect(copied).toEqual(['leadreel-verify=abc123']));
    // The page leaves an inactive domain out of the store the share dialogs read.
    expect(useCustomDomainStore.getState().domains).toEqual([]);
  });

  it.each([
    ['', 'Enter a domain, such as video.example.com'],
    ['https://video.example.com', 'Enter a domain name only, such as video.example.com: no http://, port, path or *'],
    ['video.example.com:8080', 'Enter a domain name only, such as video.example.com: no http://, port, path or *'],
    ['*.example.com', 'Enter a domain name only, such as video.example.com: no http://, port, path or *'],
    ['example', 'Enter a domain name only, such as video.example.com: no http://, port, path or *'],
    ['192.168.1.10', 'Enter a domain name, not an IP address'],
    ['video.localhost', 'This domain cannot be used'],
  ])('refuses %j before sending it: %s', async (typed, words) => {
    const { calls } = open();
    await card();
    await typeDomain(typed);
    expect(await screen.findByText(words)).toBeTruthy();
    expect(callTo(calls, '/vod/cname/add')).toEqual([]);
  });

  it('adds an international domain as its punycode, saying which name the records are for', async () => {
    const { calls } = open({
      'POST /vod/cname/add': (body) => ({ data: domain({ id: OTHER, cname: (body as { domain: string }).domain }) }),
    });
    await card();
    fireEvent.change(await screen.findByLabelText('Domain'), { target: { value: '视频.例子.中国' } });
    expect((await screen.findByTestId('domain-normalised')).textContent).toBe(
      'You will publish DNS records for xn--cy2a840a.xn--fsqu00a.xn--fiqs8s',
    );
    fireEvent.click(screen.getByTestId('domain-add'));
    await waitFor(() =>
      expect(callTo(calls, '/vod/cname/add')[0]?.body).toEqual({ domain: 'xn--cy2a840a.xn--fsqu00a.xn--fiqs8s' }),
    );
    expect(await screen.findByText('Domain added: publish its DNS records to verify it')).toBeTruthy();
  });

  it("shows the server's refusal of a domain under the field", async () => {
    open({ 'POST /vod/cname/add': () => ({ status: 409, error: 'domain_taken', field: 'domain' }) });
    await card();
    await typeDomain('taken.example.com');
    expect(await screen.findByText('This domain is already added to an account')).toBeTruthy();
  });

  it('reads the list again every 10 s while a domain is verifying, until it is verified', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let verified = false;
    const { calls } = open({
      'GET /vod/cname/list': () => ({
        data: {
          list: [
            verified
              ? domain({ status: 'verified', active: true, verifiedAt: CHECKED + 60, checkedAt: CHECKED + 60 })
              : domain(),
          ],
          cap: 3,
          target: 'cname.leadreel.test',
        },
      }),
    });
    expect(within(await card()).getByTestId('domain-status').textContent).toBe('Verifying');
    const reads = () => callTo(calls, '/vod/cname/list').length;
    const before = reads();
    verified = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    await waitFor(() =>
      expect(within(screen.getByTestId('domain-card')).getByTestId('domain-status').textContent).toBe('Verified'),
    );
    expect(reads()).toBe(before + 1);
    expect(screen.getByText('Active')).toBeTruthy();
    // Verified: the propagation notice goes; the records stay, as they must stay published.
    expect(screen.queryByText(/24-48 hours/)).toBeNull();
    expect(screen.getByRole('table', { name: 'DNS records' })).toBeTruthy();
    expect(useCustomDomainStore.getState().domains.map((one) => one.cname)).toEqual(['video.example.com']);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(reads()).toBe(before + 1);
  });

  it('says why a check failed, retries it, and removes a domain only after its confirm', async () => {
    const { calls } = open({
      'GET /vod/cname/list': () => ({
        data: {
          list: [
            domain({
              status: 'fail',
              failReasons: [{ code: 'other', values: { text: 'No TXT record at _leadreel.video.example.com' } }],
            }),
          ],
          cap: 3,
          target: 'cname.leadreel.test',
        },
      }),
      'POST /vod/cname/retry': () => ({ data: domain() }),
      'POST /vod/cname/del': () => ({ data: null }),
    });
    const shown = await card();
    expect(within(shown).getByText('The last check failed')).toBeTruthy();
    expect(within(shown).getByText('No TXT record at _leadreel.video.example.com')).toBeTruthy();
    fireEvent.click(within(shown).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(callTo(calls, '/vod/cname/retry')[0]?.body).toEqual({ id: ID }));
    fireEvent.click(within(shown).getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm.textContent).toContain('Remove video.example.com? Links on it stop working at once.');
    expect(callTo(calls, '/vod/cname/del')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(callTo(calls, '/vod/cname/del')[0]?.body).toEqual({ id: ID }));
  });

  it('checks a verifying domain at once on Check now, and cancels it only after its confirm', async () => {
    const { calls } = open({
      'POST /vod/cname/retry': () => ({ data: domain() }),
      'POST /vod/cname/cancel': () => ({
        data: domain({ status: 'fail', failReasons: [{ code: 'canceled', values: {} }] }),
      }),
    });
    const shown = await card();
    expect(within(shown).getByText(/A root domain such as example.com cannot have a CNAME/)).toBeTruthy();
    fireEvent.click(within(shown).getByRole('button', { name: 'Check now' }));
    await waitFor(() => expect(callTo(calls, '/vod/cname/retry')[0]?.body).toEqual({ id: ID }));
    fireEvent.click(within(shown).getByRole('button', { name: 'Cancel verification' }));
    const confirm = await screen.findByRole('tooltip');
    expect(callTo(calls, '/vod/cname/cancel')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel verification' }));
    await waitFor(() => expect(callTo(calls, '/vod/cname/cancel')[0]?.body).toEqual({ id: ID }));
  });

  it('resets a verified domain to a new one, saying the old one serves until then', async () => {
    const { calls } = open({
      'GET /vod/cname/list': () => ({
        data: { list: [domain({ status: 'verified', active: true })], cap: 3, target: 'cname.leadreel.test' },
      }),
      'POST /vod/cname/reset': () => ({ data: domain({ id: OTHER, cname: 'watch.example.com', replacesId: ID }) }),
    });
    fireEvent.click(within(await card()).getByRole('button', { name: 'Change domain' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'video.example.com keeps serving your pages until the new domain is verified; then the new one takes its place.',
      ),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('New domain'), { target: { value: 'http://watch.example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change' }));
    expect(
      await within(dialog).findByText(
        'Enter a domain name only, such as video.example.com: no http://, port, path or *',
      ),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('New domain'), { target: { value: 'Watch.Example.com.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change' }));
    await waitFor(() =>
      expect(callTo(calls, '/vod/cname/reset')[0]?.body).toEqual({ id: ID, domain: 'watch.example.com' }),
    );
  });

  it('binds a domain to a folder from the folder list', async () => {
    const { calls } = open({ 'POST /vod/cname/folder': (body) => ({ data: domain(body as Partial<CustomDomain>) }) });
    const shown = await card();
    fireEvent.mouseDown(within(shown).getByLabelText('Folder'));
    fireEvent.click(await screen.findByText('Webinars'));
    await waitFor(() => expect(callTo(calls, '/vod/cname/folder')[0]?.body).toEqual({ id: ID, folderId: FOLDER }));
  });

  it("says the plan's domains are all in use and stops offering Add at the cap", async () => {
    open({
      'GET /vod/cname/list': () => ({
        data: {
          list: [domain(), domain({ id: OTHER, cname: 'watch.example.com' })],
          cap: 2,
          target: 'cname.leadreel.test',
        },
      }),
    });
    await screen.findAllByTestId('domain-card');
    expect(
      screen.getByText(
        "Your plan's custom domains are all in use. Upgrade your plan or delete a domain to add another.",
      ),
    ).toBeTruthy();
    expect((screen.getByTestId('domain-add') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('domain-usage').textContent).toBe('2 / 2 domains used');
  });

  it('asks to renew instead of adding from the Frozen period on', async () => {
    const { calls } = open({}, { period: 'frozen-period' });
    await card();
    await typeDomain('watch.example.com');
    expect(
      (await screen.findAllByText('Your plan has expired. Renew now to create more content.')).length,
    ).toBeGreaterThan(0);
    expect(callTo(calls, '/vod/cname/add')).toEqual([]);
  });

  it('offers an upgrade instead of the list on a plan without domains, in Chinese', async () => {
    const { calls } = open({}, { paid: false, language: 'zh_CN' });
    expect(await screen.findByText('自定义域名属于付费套餐。升级后即可使用自己的域名。')).toBeTruthy();
    expect(screen.getByRole('link', { name: /升\s?级/ }).getAttribute('href')).toBe('/account/memberships');
    expect(callTo(calls, '/vod/cname/list')).toEqual([]);
  });

  it("words each reason of a failed check in the console's language, DNS names and values in code as they are", async () => {
    const failed = domain({
      status: 'fail',
      failReasons: [
        {
          code: 'cname_wrong',
          values: { name: 'video.example.com', found: 'old.example.net', target: 'cname.leadreel.test' },
        },
        { code: 'txt_missing', values: { name: '_leadreel.video.example.com', value: 'leadreel-verify=abc123' } },
        { code: 'dns_unanswered', values: { name: '_leadreel.video.example.com', problem: 'timeout' } },
      ],
    });
    const list = { 'GET /vod/cname/list': () => ({ data: { list: [failed], cap: 3, target: 'cname.leadreel.test' } }) };
    const lines = async () =>
      [...within(await card()).getByTestId('domain-fail-reasons').children].map((line) => ({
        text: line.textContent,
        code: [...line.querySelectorAll('code')].map((code) => code.textContent),
      }));

    open(list);
    expect(await lines()).toEqual([
      {
        text: 'The CNAME record of video.example.com points to old.example.net, not to cname.leadreel.test.',
        code: ['video.example.com', 'old.example.net', 'cname.leadreel.test'],
      },
      {
        text: 'There is no TXT record at _leadreel.video.example.com: add one with the value leadreel-verify=abc123.',
        code: ['_leadreel.video.example.com', 'leadreel-verify=abc123'],
      },
      {
        text: 'The DNS server did not answer in time for _leadreel.video.example.com.',
        code: ['_leadreel.video.example.com'],
      },
    ]);
    cleanup();

    open(list, { language: 'zh_CN' });
    expect(await lines()).toEqual([
      {
        text: 'video.example.com 的 CNAME 记录指向 old.example.net，而不是 cname.leadreel.test。',
        code: ['video.example.com', 'old.example.net', 'cname.leadreel.test'],
      },
      {
        text: '_leadreel.video.example.com 没有 TXT 记录：请添加一条值为 leadreel-verify=abc123 的记录。',
        code: ['_leadreel.video.example.com', 'leadreel-verify=abc123'],
      },
      {
        text: 'DNS 服务器在查询 _leadreel.video.example.com 时未及时应答。',
        code: ['_leadreel.video.example.com'],
      },
    ]);
  });

  it('speaks Chinese', async () => {
    open({}, { language: 'zh_CN' });
    const shown = await card();
    expect(within(shown).getByTestId('domain-status').textContent).toBe('验证中');
    expect(within(shown).getByText('DNS 更改可能需要 24-48 小时才能生效，在此期间系统会自动重新检查。')).toBeTruthy();
    expect(within(shown).getByTestId('domain-checked').textContent).toBe('上次检查：2026/05/01 12:00');
    expect(screen.getByTestId('domain-usage').textContent).toBe('已使用 1 / 3 个域名');
    fireEvent.change(screen.getByLabelText('域名'), { target: { value: 'http://x' } });
    fireEvent.click(screen.getByTestId('domain-add'));
    expect(
      await screen.findByText('请只输入域名，例如 video.example.com：不要带 http://、端口、路径或 *'),
    ).toBeTruthy();
  });
});

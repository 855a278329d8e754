import type { Brand, CustomDomain } from '@leadreel/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const DOMAIN = '33333333-3333-4333-8333-333333333333';
const BRAND = '66666666-6666-4666-8666-666666666666';
const NOW = 1_780_000_000;

const domain = (overrides: Partial<CustomDomain> = {}): CustomDomain => ({
  id: DOMAIN,
  cname: 'video.example.com',
  cnameValue: 'cname.leadreel.test',
  txtName: '_leadreel.video.example.com',
  txtValue: 'leadreel-verify=abc123',
  status: 'verified',
  active: true,
  failReasons: [],
  replacesId: null,
  folderId: null,
  faviconUrl: null,
  createdAt: NOW,
  checkedAt: NOW,
  verifiedAt: NOW,
  nextCheckAt: null,
  ...overrides,
});

const brand = (overrides: Partial<Brand> = {}): Brand => ({
  id: BRAND,
  name: 'Acme',
  logo: 'brand/logo.png',
  logoUrl: '/media/brand/logo.png',
  favicon: null,
  faviconUrl: null,
  pageBackgroundColor: '#ffffff',
  buttonColor: '#ff5500',
  buttonFontColor: '#000000',
  domainId: DOMAIN,
  domain: 'video.example.com',
  createdAt: NOW,
  updatedAt: NOW,
  ...overrides,
});

type Options = { language?: 'en' | 'zh_CN'; paid?: boolean; period?: 'normal-period' | 'frozen-period' };

function open(routes: Record<string, FakeRoute> = {}, { language = 'en', paid = true, period }: Options = {}) {
  const calls: FakeCall[] = fakeApi({
    'GET /account/detail': () => ({
      data: fakeAccount({ privileges: paid ? PAID_PRIVILEGES : FREE_PRIVILEGES, vipPeriod: period }),
    }),
    'GET /pay/vip-user-info': () => ({ data: { ...fakeVip, isVip: paid } }),
    'GET /vod/cname/list': () => ({
      data: {
        list: [domain(), domain({ id: '77777777-7777-4777-8777-777777777777', cname: 'xn--mnchen-3ya.de' })],
        cap: 3,
        target: 'cname.leadreel.test',
      },
    }),
    'GET /brand/list': () => ({ data: { list: [], allowed: paid, cap: 2 } }),
    ...routes,
  });
  const view = renderApp('/account/global-settings/brand-setting', { token: 'tok', language });
  return { calls, ...view };
}

const callTo = (calls: FakeCall[], path: string) => calls.filter((call) => call.path === path);

/** The browser's decoder, as the brand screen asks it for an image's size. */
function stubImageSize(answer: { width: number; height: number } | Error | 'nothing') {
  vi.stubGlobal('createImageBitmap', async () => {
    if (answer === 'nothing') throw {};
    if (answer instanceof Error) throw answer;
    return { ...answer, close: () => undefined };
  });
}

const png = (name = 'logo.png', bytes = 64, type = 'image/png') => new File([new Uint8Array(bytes)], name, { type });

async function openCreate() {
  fireEvent.click(await screen.findByTestId('brand-create'));
  return (await screen.findByRole('dialog')) as HTMLElement;
}

describe('the brand setting page', () => {
  it('lists each brand with its logo, colours and domain', async () => {
    open({ 'GET /brand/list': () => ({ data: { list: [brand()], allowed: true, cap: 2 } }) });
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Name', 'Logo', 'Colours', 'Domain', 'Actions']);
    const row = within(table).getByText('Acme').closest('tr') as HTMLElement;
    expect(within(row).getByAltText('Logo').getAttribute('src')).toBe('/media/brand/logo.png');
    expect(within(row).getByLabelText('Button colour #ff5500')).toBeTruthy();
    expect(within(row).getByText('video.example.com')).toBeTruthy();
    expect(screen.getByTestId('brand-usage').textContent).toBe('1 / 2 brands used');
  });

  it('uploads the logo through brand.image first, then saves the brand with its file, colours and domain', async () => {
    stubImageSize({ width: 300, height: 100 });
    const { calls } = open({
      'POST /brand/image': (body) => ({
        data: { file: `brand/${(body as { kind: string }).kind}.png`, url: '/media/brand/new.png' },
      }),
      'POST /brand/add': (body) => ({ data: brand(body as Partial<Brand>) }),
    });
    const dialog = await openCreate();
    // The name is asked for before anything is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter the brand name')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Brand name'), { target: { value: '  Acme Video ' } });
    fireEvent.change(within(dialog).getByTestId('brand-logo-input'), { target: { files: [png()] } });
    await waitFor(() =>
      expect(callTo(calls, '/brand/image')[0]?.body).toEqual({ kind: 'logo', image: btoa('\0'.repeat(64)) }),
    );
    // The logo shows beside its button and in the preview.
    expect((await within(dialog).findAllByAltText('Logo')).map((image) => image.getAttribute('src'))).toEqual([
      '/media/brand/new.png',
      '/media/brand/new.png',
    ]);
    fireEvent.change(within(dialog).getByLabelText('Button colour'), { target: { value: '#00aa55' } });
    await waitFor(() =>
      expect(within(dialog).getByTestId('brand-preview-button').getAttribute('style')).toContain(
        'background: rgb(0, 170, 85)',
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callTo(calls, '/brand/add')[0]?.body).toEqual({
        name: 'Acme Video',
        logo: 'brand/logo.png',
        favicon: null,
        pageBackgroundColor: '#ffffff',
        buttonColor: '#00aa55',
        buttonFontColor: '#ffffff',
        domainId: DOMAIN,
      }),
    );
    expect(await screen.findByText('Brand saved')).toBeTruthy();
  });

  it('refuses an image the server would refuse, before sending it', async () => {
    const { calls } = open();
    const dialog = await openCreate();
    const input = within(dialog).getByTestId('brand-favicon-input');
    fireEvent.change(input, { target: { files: [png('icon.gif', 64, 'image/gif')] } });
    expect(await screen.findByText('Unsupported file type')).toBeTruthy();
    fireEvent.change(input, { target: { files: [png('icon.png', 2 * 1024 * 1024 + 1)] } });
    expect(await screen.findByText('The image cannot exceed 2 MB')).toBeTruthy();
    stubImageSize(new Error('The source image could not be decoded.'));
    fireEvent.change(input, { target: { files: [png('icon.png')] } });
    expect(await screen.findByText('failed to get image size: The source image could not be decoded.')).toBeTruthy();
    stubImageSize('nothing');
    fireEvent.change(input, { target: { files: [png('icon.png')] } });
    expect(await screen.findByText('failed to get image size: unknown reason')).toBeTruthy();
    expect(callTo(calls, '/brand/image')).toEqual([]);
  });

  it('recommends 100x100 for a favicon of another size', async () => {
    stubImageSize({ width: 64, height: 64 });
    open({ 'POST /brand/image': () => ({ data: { file: 'brand/favicon.png', url: '/media/brand/favicon.png' } }) });
    const dialog = await openCreate();
    expect(within(dialog).getByText('JPG or PNG, at most 2 MB; 100x100 pixels recommended.')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('brand-favicon-input'), { target: { files: [png('icon.png')] } });
    expect(await within(dialog).findByText('This image is 64x64 pixels; 100x100 is recommended.')).toBeTruthy();
  });

  it('offers only the account domains, shown as typed, and edits a brand', async () => {
    const { calls } = open({
      'GET /brand/list': () => ({ data: { list: [brand()], allowed: true, cap: 2 } }),
      'POST /brand/edit': (body) => ({ data: brand(body as Partial<Brand>) }),
    });
    fireEvent.click(await screen.findByTestId('brand-edit'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit Acme')).toBeTruthy();
    const select = within(dialog).getByLabelText('Custom domain');
    fireEvent.mouseDown(select);
    await waitFor(() => expect(document.getElementById(select.getAttribute('aria-controls') ?? '')).toBeTruthy());
    const listbox = document.getElementById(select.getAttribute('aria-controls') ?? '') as HTMLElement;
    const options = within(listbox)
      .getAllByRole('option')
      .map((option) => option.getAttribute('aria-label'));
    expect(options).toEqual(['video.example.com', 'münchen.de']);
    fireEvent.change(within(dialog).getByLabelText('Brand name'), { target: { value: 'Acme GmbH' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callTo(calls, '/brand/edit')[0]?.body).toMatchObject({ id: BRAND, name: 'Acme GmbH', domainId: DOMAIN }),
    );
  });

  it('deletes a brand only after its confirm', async () => {
    const { calls } = open({
      'GET /brand/list': () => ({ data: { list: [brand()], allowed: true, cap: 2 } }),
      'POST /brand/del': () => ({ data: null }),
    });
    fireEvent.click(await screen.findByTestId('brand-remove'));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm.textContent).toContain('Delete Acme? Pages on its domain go back to the default look.');
    expect(callTo(calls, '/brand/del')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callTo(calls, '/brand/del')[0]?.body).toEqual({ id: BRAND }));
  });

  it("says the plan's brands are all in use and stops offering New brand at the cap", async () => {
    open({
      'GET /brand/list': () => ({
        data: {
          list: [brand(), brand({ id: '88888888-8888-4888-8888-888888888888', name: 'Beta' })],
          allowed: true,
          cap: 2,
        },
      }),
    });
    expect(
      await screen.findByText("Your plan's brands are all in use. Upgrade your plan or delete a brand to add another."),
    ).toBeTruthy();
    expect((screen.getByTestId('brand-create') as HTMLButtonElement).disabled).toBe(true);
  });

  it('says a brand needs a custom domain and links to the custom domain page when the account has none', async () => {
    open({ 'GET /vod/cname/list': () => ({ data: { list: [], cap: 3, target: 'cname.leadreel.test' } }) });
    expect(await screen.findByText('Brands require a custom domain, and this account has none yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a custom domain' }).getAttribute('href')).toBe(
      '/account/custom-domain',
    );
    expect((screen.getByTestId('brand-create') as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers the upgrade on a plan without branding, in Chinese', async () => {
    open(
      { 'GET /brand/list': () => ({ data: { list: [], allowed: false, cap: 0 } }) },
      { paid: false, language: 'zh_CN' },
    );
    expect(await screen.findByText('品牌设置属于付费套餐。升级后即可使用自己的标志和颜色。')).toBeTruthy();
    expect(screen.getByRole('link', { name: /升\s?级/ }).getAttribute('href')).toBe('/account/memberships');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByTestId('brand-create')).toBeNull();
  });

  it('lets a plan that lost branding delete the brands it made, and nothing more', async () => {
    open({ 'GET /brand/list': () => ({ data: { list: [brand()], allowed: false, cap: 0 } }) }, { paid: false });
    expect(await screen.findByText('Acme')).toBeTruthy();
    expect(screen.getByTestId('brand-remove')).toBeTruthy();
    expect(screen.queryByTestId('brand-edit')).toBeNull();
    expect(screen.queryByTestId('brand-create')).toBeNull();
  });

  it('asks to renew instead of opening the editor from the Frozen period on', async () => {
    open({}, { period: 'frozen-period' });
    fireEvent.click(await screen.findByTestId('brand-create'));
    expect(
      (await screen.findAllByText('Your plan has expired. Renew now to create more content.')).length,
    ).toBeGreaterThan(0);
    expect(screen.queryByText('New brand', { selector: '.ant-modal-title' })).toBeNull();
  });

  it('speaks Chinese, messages included', async () => {
    open({ 'GET /brand/list': () => ({ data: { list: [brand()], allowed: true, cap: 2 } }) }, { language: 'zh_CN' });
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['名称', '标志', '颜色', '域名', '操作']);
    expect(screen.getByTestId('brand-usage').textContent).toBe('已使用 1 / 2 个品牌');
    fireEvent.click(screen.getByTestId('brand-create'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('brand-logo-input'), {
      target: { files: [png('logo.webp', 64, 'image/webp')] },
    });
    expect(await screen.findByText('不支持的文件类型')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    expect(await within(dialog).findByText('请输入品牌名称')).toBeTruthy();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateMinute } from '../../format.ts';
import { fakeSite } from '../../test/fakeApi.ts';
import { BRAND_ID, callsTo, fakeBrand, NOW, openSiteScreen, SITE_ID } from '../../test/sites.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SECOND = '55555555-5555-4555-8555-000000000002';
const ORPHAN = '55555555-5555-4555-8555-000000000003';

const rowOf = (name: string) => screen.getByText(name, { selector: 'a' }).closest('tr') as HTMLElement;

async function openAdd() {
  fireEvent.click(await screen.findByTestId('site-create'));
  return (await screen.findByRole('dialog')) as HTMLElement;
}

describe('the sites list', () => {
  it("lists each site with its brand, addresses, update time and actions; the brand's first site is its domain's root", async () => {
    const origin = window.location.origin;
    openSiteScreen('/channel-list', {
      sites: [
        fakeSite(SITE_ID, 'Product hub', { brandId: BRAND_ID }),
        fakeSite(SECOND, 'Webinars', { brandId: BRAND_ID, createdAt: 1_780_000_500 }),
        fakeSite(ORPHAN, 'Old hub', { brandId: null }),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Sites' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Site', 'Brand', 'Address', 'Updated', 'Actions']);
    const hub = rowOf('Product hub');
    expect(within(hub).getByText('Acme')).toBeTruthy();
    const host = new URL(origin).host;
    await waitFor(() =>
      expect(within(hub).getByText('video.example.com/').getAttribute('href')).toBe('https://video.example.com/'),
    );
    expect(within(hub).getByText(`${host}/sites/${SITE_ID}`).getAttribute('href')).toBe(`${origin}/sites/${SITE_ID}`);
    expect(within(hub).getByText(formatDateMinute(NOW))).toBeTruthy();
    expect(
      within(hub)
        .getByRole('link', { name: /Settings/ })
        .getAttribute('href'),
    ).toBe(`/channel-setting/${SITE_ID}/profile/site-info`);
    expect(within(hub).getByRole('link', { name: /Open/ }).getAttribute('href')).toBe('https://video.example.com/');
    // A second site of the brand is at its own path on the domain.
    expect(within(rowOf('Webinars')).getByText(`video.example.com/sites/${SECOND}`).getAttribute('href')).toBe(
      `https://video.example.com/sites/${SECOND}`,
    );
    // A site whose brand was deleted says so, and keeps its address on the installation.
    const orphan = rowOf('Old hub');
    expect(within(orphan).getByText('Brand deleted')).toBeTruthy();
    expect(within(orphan).queryByText(/video\.example\.com/)).toBeNull();
    expect(screen.getByTestId('site-usage').textContent).toBe('3 / 3 sites used');
  });

  it('says no site can be created without a brand, and leads to the brand setting', async () => {
    openSiteScreen('/channel-list', {}, { brands: [] });
    expect(
      await screen.findByText('No brands are available, so a site cannot be created: add a brand first'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a brand' }).getAttribute('href')).toBe(
      '/account/global-settings/brand-setting',
    );
    expect((screen.getByTestId('site-create') as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers the plans when the plan has no sites, and still lists and deletes the ones made', async () => {
    const { calls, state } = openSiteScreen(
      '/channel-list',
      { sites: [fakeSite(SITE_ID, 'Product hub', { brandId: BRAND_ID })] },
      { paid: false },
    );
    expect(
      await screen.findByText('Sites are part of the Lite plan and up. Upgrade to build a site for your videos.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/buy-vip');
    expect(screen.queryByTestId('site-create')).toBeNull();
    // Not served while the plan has no sites: nothing to open.
    const row = rowOf('Product hub');
    expect(within(row).queryByText(/sites\//)).toBeNull();
    fireEvent.click(within(row).getByTestId('site-remove'));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm.textContent).toContain('Delete Product hub? Its pages and categories go with it.');
    expect(callsTo(calls, '/brand-channel/del')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(calls, '/brand-channel/del')[0]?.body).toEqual({ id: SITE_ID }));
    await waitFor(() => expect(screen.queryByText('Product hub')).toBeNull());
    expect(state.sites).toEqual([]);
  });

  it("stops a new site at the plan's cap", async () => {
    openSiteScreen('/channel-list', { sites: [fakeSite(SITE_ID, 'Product hub')], cap: 1 });
    expect(
      await screen.findByText("Your plan's sites are all in use. Upgrade your plan or delete a site to add another."),
    ).toBeTruthy();
    expect((screen.getByTestId('site-create') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('site-usage').textContent).toBe('1 / 1 sites used');
  });

  it('asks for the name before anything is sent, refuses bad names, and opens the new site', async () => {
    const { calls, router } = openSiteScreen('/channel-list');
    const dialog = await openAdd();
    // The account's one brand is chosen already.
    expect(within(dialog).getByText('Acme (video.example.com)')).toBeTruthy();
    const name = within(dialog).getByLabelText('Site name');
    const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: 'New site' }));
    submit();
    expect(await within(dialog).findByText('Enter the site name')).toBeTruthy();
    for (const [value, words] of [
      ['   ', 'Enter the site name'],
      ['x'.repeat(10_000), 'The site name cannot exceed 60 characters'],
      ['Hub\u0000', 'Illegal input'],
      ['Hub \ud800', 'Illegal input'],
    ]) {
      fireEvent.change(name, { target: { value } });
      submit();
      expect(await within(dialog).findByText(words as string)).toBeTruthy();
    }
    expect(callsTo(calls, '/brand-channel/add')).toEqual([]);

    fireEvent.change(name, { target: { value: '  Product hub ' } });
    submit();
    await waitFor(() =>
      expect(callsTo(calls, '/brand-channel/add')[0]?.body).toEqual({
        brandId: BRAND_ID,
        profile: {
          name: 'Product hub',
          description: '',
          banner: null,
          picture: null,
          contact: {
            officialSite: null,
            email: null,
            linkedin: null,
            youtube: null,
            tiktok: null,
            facebook: null,
            x: null,
            pinterest: null,
            telegram: null,
            instagram: null,
          },
        },
      }),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(/^\/channel-setting\/[0-9a-f-]+\/profile\/site-info$/),
    );
    expect(await screen.findByRole('heading', { name: 'Product hub' })).toBeTruthy();
  });

  it("asks for a brand when there are several, and shows the server's refusal in the user's words", async () => {
    const other = fakeBrand({ id: '66666666-6666-4666-8666-000000000002', name: 'Beta', domain: null, domainId: null });
    const { calls } = openSiteScreen(
      '/channel-list',
      {},
      {
        brands: [fakeBrand(), other],
        routes: { 'POST /brand-channel/add': () => ({ status: 400, error: 'sites_too_many' }) },
      },
    );
    const dialog = await openAdd();
    fireEvent.change(within(dialog).getByLabelText('Site name'), { target: { value: 'Hub' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'New site' }));
    expect(await within(dialog).findByText('Choose a brand')).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Brand' }));
    fireEvent.click(await screen.findByText('Beta', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'New site' }));
    expect(
      await screen.findByText("Your plan's sites are all in use. Upgrade your plan or delete a site to add another."),
    ).toBeTruthy();
    expect(callsTo(calls, '/brand-channel/add')[0]?.body).toMatchObject({ brandId: other.id });
  });

  it('switches to Simplified Chinese with the language switch', async () => {
    openSiteScreen(
      '/channel-list',
      { sites: [fakeSite(SITE_ID, 'Product hub', { brandId: BRAND_ID })] },
      { brands: [] },
    );
    expect((await screen.findByTestId('site-create')).textContent).toBe('New site');
    fireEvent.change(screen.getByTestId('language-switch'), { target: { value: 'zh_CN' } });
    const table = await screen.findByRole('table', { name: '站点' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['站点', '品牌', '访问地址', '更新时间', '操作']);
    expect(screen.getByTestId('site-create').textContent).toBe('新建站点');
    expect(within(rowOf('Product hub')).getByRole('link', { name: /设\s*置/ })).toBeTruthy();
    expect(await screen.findByText('暂无可用品牌，无法创建站点：请先添加一个品牌')).toBeTruthy();
  });
});

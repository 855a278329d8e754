import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeCategory, fakeSite } from '../../test/fakeApi.ts';
import { BRAND_ID, callsTo, openSiteScreen, png, SITE_ID, stubImageSize } from '../../test/sites.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const CATEGORY = '44444444-4444-4444-8444-444444444444';
const site = (overrides = {}) =>
  fakeSite(SITE_ID, 'Product hub', {
    brandId: BRAND_ID,
    description: 'Our demos',
    contact: { ...fakeSite('', '').contact, officialSite: 'https://acme.example', email: 'sales@acme.example' },
    ...overrides,
  });
const settings = (screenPath: string) => `/channel-setting/${SITE_ID}/${screenPath}`;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('the site settings', () => {
  it('opens on the site info, with the way back, the site itself and every section', async () => {
    const { router } = openSiteScreen(`/channel-setting/${SITE_ID}`, { sites: [site()] });
    await waitFor(() => expect(router.state.location.pathname).toBe(settings('profile/site-info')));
    expect(await screen.findByRole('heading', { name: 'Product hub' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /All sites/ }).getAttribute('href')).toBe('/channel-list');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /View site/ }).getAttribute('href')).toBe('https://video.example.com/'),
    );
    const menu = screen.getByRole('menu', { name: 'Site settings' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Site info', 'Contact info', 'Home tab', 'Category pages', 'Sitemap', 'Navigation bar']);
    fireEvent.click(within(menu).getByText('Home tab'));
    await waitFor(() => expect(router.state.location.pathname).toBe(settings('home-tab')));
    expect(await screen.findByText('For You recommendations')).toBeTruthy();
  });

  it("says a missing or someone else's site no longer exists", async () => {
    openSiteScreen(settings('profile/site-info'), { sites: [] });
    expect(await screen.findByText('This site no longer exists')).toBeTruthy();
    expect(screen.getByRole('link', { name: /All sites/ })).toBeTruthy();
  });

  it('saves the profile with its uploaded banner and picture, keeping the contact info', async () => {
    stubImageSize({ width: 1920, height: 480 });
    const { calls } = openSiteScreen(settings('profile/site-info'), { sites: [site()] });
    const name = await screen.findByLabelText('Site name');
    fireEvent.change(name, { target: { value: '' } });
    save();
    expect(await screen.findByText('Enter the site name')).toBeTruthy();
    fireEvent.change(name, { target: { value: '  Acme videos ' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Demos and webinars' } });
    fireEvent.change(screen.getByTestId('site-banner-input'), { target: { files: [png('banner.png')] } });
    await waitFor(() =>
      expect(callsTo(calls, '/brand-channel/image')[0]?.body).toEqual({ kind: 'banner', image: btoa('\0'.repeat(64)) }),
    );
    expect((await screen.findByAltText('Banner')).getAttribute('src')).toBe('/media/site/banner.png');
    // Only JPG and PNG, by type and by name.
    fireEvent.change(screen.getByTestId('site-picture-input'), { target: { files: [png('picture.gif', 64)] } });
    expect(await screen.findByText('Unsupported file type')).toBeTruthy();
    expect(callsTo(calls, '/brand-channel/image')).toHaveLength(1);
    fireEvent.change(screen.getByTestId('site-picture-input'), { target: { files: [png('picture.png')] } });
    expect((await screen.findByAltText('Picture')).getAttribute('src')).toBe('/media/site/picture.png');
    save();
    await waitFor(() =>
      expect(callsTo(calls, '/brand-channel/profile')[0]?.body).toEqual({
        id: SITE_ID,
        profile: {
          name: 'Acme videos',
          description: 'Demos and webinars',
          banner: 'site/banner.png',
          picture: 'site/picture.png',
          contact: site().contact,
        },
      }),
    );
    // The header follows the saved name.
    expect(await screen.findByRole('heading', { name: 'Acme videos' })).toBeTruthy();
  });

  it('refuses a picture under 98x98 pixels or over 2 MB before sending it', async () => {
    const { calls } = openSiteScreen(settings('profile/site-info'), { sites: [site()] });
    stubImageSize({ width: 97, height: 400 });
    fireEvent.change(await screen.findByTestId('site-picture-input'), { target: { files: [png()] } });
    expect(await screen.findByText('The site picture must be at least 98x98 pixels')).toBeTruthy();
    fireEvent.change(screen.getByTestId('site-banner-input'), {
      target: { files: [png('big.png', 2 * 1024 * 1024 + 1)] },
    });
    expect(await screen.findByText('The image cannot exceed 2 MB')).toBeTruthy();
    expect(callsTo(calls, '/brand-channel/image')).toEqual([]);
  });

  it("refuses a script link or another host's page in the contact info, then saves trimmed links and nones", async () => {
    const { calls } = openSiteScreen(settings('profile/contact-info'), { sites: [site()] });
    const official = await screen.findByLabelText('Official website');
    expect((official as HTMLInputElement).value).toBe('https://acme.example');
    fireEvent.change(official, { target: { value: 'javascript:alert(1)' } });
    const linkedin = screen.getByLabelText('LinkedIn page');
    fireEvent.change(linkedin, { target: { value: 'https://linkedin.com.evil.test/acme' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not an email' } });
    fireEvent.change(screen.getByLabelText('YouTube channel'), { target: { value: 'x'.repeat(10_000) } });
    fireEvent.change(screen.getByLabelText('X profile'), { target: { value: 'https://x.com/acme\u0000' } });
    save();
    // The script link, and the link too long to be one.
    expect(await screen.findAllByText('Enter a link that starts with http:// or https://')).toHaveLength(2);
    expect(screen.getAllByText('Enter a link to your page on this network')).toHaveLength(1);
    expect(screen.getByText('Please enter the correct email address')).toBeTruthy();
    expect(screen.getByText('Illegal input')).toBeTruthy();
    expect(callsTo(calls, '/brand-channel/profile')).toEqual([]);

    fireEvent.change(official, { target: { value: ' https://acme.example/about ' } });
    fireEvent.change(linkedin, { target: { value: 'https://www.linkedin.com/company/acme' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('YouTube channel'), { target: { value: '  ' } });
    fireEvent.change(screen.getByLabelText('X profile'), { target: { value: 'https://twitter.com/acme' } });
    save();
    await waitFor(() => expect(callsTo(calls, '/brand-channel/profile')).toHaveLength(1));
    expect(callsTo(calls, '/brand-channel/profile')[0]?.body).toEqual({
      id: SITE_ID,
      profile: {
        name: 'Product hub',
        description: 'Our demos',
        banner: null,
        picture: null,
        contact: {
          ...site().contact,
          officialSite: 'https://acme.example/about',
          email: null,
          linkedin: 'https://www.linkedin.com/company/acme',
          x: 'https://twitter.com/acme',
        },
      },
    });
  });

  it('saves the home tab: For You, the thumbnail ratio and the email gate', async () => {
    const { calls } = openSiteScreen(settings('home-tab'), { sites: [site()] });
    fireEvent.click(await screen.findByRole('switch'));
    fireEvent.click(screen.getByRole('radio', { name: /9:16 portrait/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'Once per site' }));
    save();
    await waitFor(() =>
      expect(callsTo(calls, '/brand-channel/home')[0]?.body).toEqual({
        id: SITE_ID,
        home: { forYou: false, thumbnailRatio: '9:16', emailGate: 'once' },
      }),
    );
  });

  it('takes the site out of search engines and keeps the chosen sitemap pages', async () => {
    const { calls } = openSiteScreen(settings('sitemap'), { sites: [site()] });
    const videos = await screen.findByRole('checkbox', { name: 'Video pages' });
    fireEvent.click(videos);
    fireEvent.click(screen.getByRole('switch', { name: 'Show this site in search engines' }));
    expect(await screen.findByText('Search engines are asked to leave this site out.')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Home page' }) as HTMLInputElement).disabled).toBe(true);
    save();
    await waitFor(() =>
      expect(callsTo(calls, '/brand-channel/sitemap')[0]?.body).toEqual({
        id: SITE_ID,
        sitemap: { indexed: false, pages: ['home', 'categories'] },
      }),
    );
  });

  it('saves a navigation link to a category, and refuses a link that is not https', async () => {
    const { calls } = openSiteScreen(settings('navigation-bar'), {
      sites: [site()],
      categories: [fakeCategory(CATEGORY, SITE_ID, 'Product tours', ['v1'])],
    });
    fireEvent.click(await screen.findByRole('button', { name: /Add link/ }));
    fireEvent.click(screen.getByRole('button', { name: /Add link/ }));
    const rows = () => screen.getAllByTestId('nav-row');
    expect(rows()).toHaveLength(2);
    const [first, second] = rows() as [HTMLElement, HTMLElement];
    const pick = async (row: HTMLElement, box: string, option: string) => {
      fireEvent.mouseDown(within(row).getByRole('combobox', { name: box }));
      const options = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
      fireEvent.click(options.at(-1) as HTMLElement);
    };
    await pick(first, 'Links to', 'A category page');
    await within(first).findByRole('combobox', { name: 'Category' });
    save();
    // antd validates the rows one after the other: wait for both messages, not the first to appear.
    await waitFor(() => expect(screen.getAllByText('Enter the link text')).toHaveLength(2));
    expect(await screen.findByText('Choose a category', { selector: '.ant-form-item-explain-error' })).toBeTruthy();

    fireEvent.change(within(first).getByLabelText('Link text'), { target: { value: ' Tours ' } });
    await pick(first, 'Category', 'Product tours');
    fireEvent.change(within(second).getByLabelText('Link text'), { target: { value: 'Shop' } });
    await pick(second, 'Links to', 'Web address');
    fireEvent.change(await within(second).findByLabelText('Web address'), { target: { value: 'http://shop.example' } });
    save();
    expect(await screen.findByText('Enter a link that starts with https://')).toBeTruthy();
    expect(callsTo(calls, '/brand-channel/navigation')).toEqual([]);

    fireEvent.change(within(second).getByLabelText('Web address'), { target: { value: 'https://shop.example' } });
    // The shop goes first.
    fireEvent.click(within(second).getByRole('button', { name: 'Move Shop up' }));
    save();
    await waitFor(() =>
      expect(callsTo(calls, '/brand-channel/navigation')[0]?.body).toEqual({
        id: SITE_ID,
        navigation: [
          { label: 'Shop', target: { kind: 'url', url: 'https://shop.example' } },
          { label: 'Tours', target: { kind: 'category', categoryId: CATEGORY } },
        ],
      }),
    );
  });

  it('stops at ten navigation links', async () => {
    const link = { label: 'Home', target: { kind: 'official' as const } };
    openSiteScreen(settings('navigation-bar'), { sites: [site({ navigation: Array(10).fill(link) })] });
    expect((await screen.findAllByTestId('nav-row')).length).toBe(10);
    expect(screen.getByTestId('nav-usage').textContent).toBe('10 / 10 links');
    expect((screen.getByRole('button', { name: /Add link/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the settings read-only, with the reason, from the Frozen period on', async () => {
    openSiteScreen(settings('profile/site-info'), { sites: [site()] }, { period: 'frozen-period' });
    expect(await screen.findByText(/Your plan has expired/)).toBeTruthy();
    expect((screen.getByLabelText('Site name') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('reads in Simplified Chinese', async () => {
    openSiteScreen(settings('home-tab'), { sites: [site()] }, { language: 'zh_CN' });
    expect(await screen.findByText('为你推荐')).toBeTruthy();
    expect(screen.getByRole('radio', { name: /9:16 竖屏/ })).toBeTruthy();
    expect(
      within(screen.getByRole('menu', { name: '站点设置' }))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['站点信息', '联系方式', '首页标签', '分类页', '站点地图', '导航栏']);
  });
});

import type { Brand, CustomDomain } from '@leadreel/shared';
import { vi } from 'vitest';
import {
  type FakeCall,
  type FakeRoute,
  type FakeSites,
  FREE_PRIVILEGES,
  fakeAccount,
  fakeApi,
  fakeSiteRoutes,
  fakeVip,
  PAID_PRIVILEGES,
} from './fakeApi.ts';
import { renderApp } from './renderApp.tsx';

export const NOW = 1_780_000_000;
export const DOMAIN_ID = '33333333-3333-4333-8333-333333333333';
export const BRAND_ID = '66666666-6666-4666-8666-666666666666';
export const SITE_ID = '55555555-5555-4555-8555-555555555555';

/** A verified, serving custom domain of the account. */
export const fakeDomain = (overrides: Partial<CustomDomain> = {}): CustomDomain => ({
  id: DOMAIN_ID,
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

/** A brand on the verified domain. */
export const fakeBrand = (overrides: Partial<Brand> = {}): Brand => ({
  id: BRAND_ID,
  name: 'Acme',
  logo: null,
  logoUrl: null,
  favicon: null,
  faviconUrl: null,
  pageBackgroundColor: '#ffffff',
  buttonColor: '#1677ff',
  buttonFontColor: '#ffffff',
  domainId: DOMAIN_ID,
  domain: 'video.example.com',
  createdAt: NOW,
  updatedAt: NOW,
  ...overrides,
});

export type SiteScreenOptions = {
  brands?: Brand[];
  paid?: boolean;
  period?: 'normal-period' | 'frozen-period';
  language?: 'en' | 'zh_CN';
  routes?: Record<string, FakeRoute>;
};

/**
 * The console at `path` on a paid account with one brand on a verified domain, the site routes answering
 * from `sites` (their state is the test's to read after).
 */
export function openSiteScreen(path: string, sites: Partial<FakeSites> = {}, options: SiteScreenOptions = {}) {
  const { brands = [fakeBrand()], paid = true, period, language = 'en', routes = {} } = options;
  const state: FakeSites = { sites: [], categories: [], allowed: paid, cap: 3, ...sites };
  const calls: FakeCall[] = fakeApi({
    'GET /account/detail': () => ({
      data: fakeAccount({ privileges: paid ? PAID_PRIVILEGES : FREE_PRIVILEGES, vipPeriod: period }),
    }),
    'GET /pay/vip-user-info': () => ({ data: { ...fakeVip, isVip: paid } }),
    'GET /vod/cname/list': () => ({ data: { list: [fakeDomain()], cap: 3, target: 'cname.leadreel.test' } }),
    'GET /brand/list': () => ({ data: { list: brands, allowed: true, cap: 2 } }),
    ...fakeSiteRoutes(state),
    ...routes,
  });
  const view = renderApp(path, { token: 'tok', language });
  return { calls, state, ...view };
}

export const callsTo = (calls: FakeCall[], path: string) => calls.filter((call) => call.path === path);

/** The browser's decoder, as the image checks ask it for a picked image's size. */
export function stubImageSize(size: { width: number; height: number }) {
  vi.stubGlobal('createImageBitmap', async () => ({ ...size, close: () => undefined }));
}

export const png = (name = 'image.png', bytes = 64) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

import {
  type AccountDetail,
  type Album,
  type Category,
  type Privileges,
  periodFeatures,
  type Site,
  type Video,
  type VipUserInfo,
} from '@leadreel/shared';

/** What the Free plan of the shipped catalogue grants. */
export const FREE_PRIVILEGES: Privileges = {
  canUseApiKey: false,
  canUseBranding: false,
  canUseLinkName: false,
  canUseChannel: false,
  canUseBlogToVideo: false,
  canUseWebhooks: false,
  cnameCount: 0,
  videoSlideCount: 1,
};

/** What a paid plan (Pro) grants. */
export const PAID_PRIVILEGES: Privileges = {
  canUseApiKey: true,
  canUseBranding: true,
  canUseLinkName: true,
  canUseChannel: true,
  canUseBlogToVideo: true,
  canUseWebhooks: true,
  cnameCount: 3,
  videoSlideCount: 20,
};

import { vi } from 'vitest';
import { fakeBlogRoutes, fakeBlogState } from './fakeBlog.ts';
import { PAY_ROUTES } from './fakePay.ts';
import { fakeSpeechRoutes, fakeSpeechState } from './fakeSpeech.ts';

/** What a stubbed route answers: the envelope's data, or a failure with its error key. */
export type FakeAnswer =
  | { data: unknown }
  | { status: number; error: string; message?: string; field?: string; headers?: Record<string, string> };
/** A route sees the JSON body (POST) and the query parameters (GET). */
export type FakeRoute = (body: unknown, query: URLSearchParams) => FakeAnswer;
export type FakeCall = {
  method: string;
  path: string;
  body: unknown;
  query: URLSearchParams;
  authorization: string | null;
};

/** An account as account detail answers it; its entitlements follow its period, as the server's do. */
export const fakeAccount = (overrides: Partial<AccountDetail> = {}): AccountDetail => ({
  entitlements: {
    features: periodFeatures(overrides.vipPeriod ?? 'normal-period'),
    caps: { sites: 0, brands: 0, creditsPerPeriod: 0 },
  },
  userId: '00000000-0000-4000-8000-000000000001',
  email: 'alice@example.test',
  language: 'en',
  hasPassword: true,
  isReferer: false,
  refererId: null,
  vipPeriod: 'normal-period',
  privileges: FREE_PRIVILEGES,
  storageAndTraffic: { storage: 2 * 1024 ** 3, usedStorage: 0, traffic: 10 * 1024 ** 3, usedTraffic: 0 },
  periodEndTime: 0,
  videoTotal: 0,
  defaultFolderId: 'f1',
  ...overrides,
});

/** A ready two-minute video in folder f1; each test changes what it needs. */
export const fakeVideo = (videoId: string, name: string, overrides: Partial<Video> = {}): Video => ({
  videoId,
  folderId: 'f1',
  name,
  status: 'ready',
  uploadPercent: 100,
  processPercent: 100,
  translatingPercent: null,
  playable: true,
  size: 1024,
  duration: 120,
  width: 320,
  height: 240,
  cover: null,
  thumbnail: null,
  hlsUrl: null,
  storyboardUrl: null,
  previewUrl: null,
  failReason: null,
  failCode: null,
  sha256: null,
  createdAt: 1_780_000_000,
  updatedAt: 1_780_000_000,
  ...overrides,
});

/** A new site of brand b1, as site.add answers it; each test changes what it needs. */
export const fakeSite = (id: string, name: string, overrides: Partial<Site> = {}): Site => ({
  id,
  brandId: 'b1',
  name,
  description: '',
  banner: null,
  bannerUrl: null,
  picture: null,
  pictureUrl: null,
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
  home: { forYou: true, thumbnailRatio: '16:9', emailGate: 'off' },
  sitemap: { indexed: true, pages: ['home', 'categories', 'videos'] },
  navigation: [],
  createdAt: 1_780_000_000,
  updatedAt: 1_780_000_000,
  ...overrides,
});

/** A visible category of site `siteId` holding `videoIds`. */
export const fakeCategory = (
  id: string,
  siteId: string,
  name: string,
  videoIds: string[] = [],
  overrides: Partial<Category> = {},
): Category => ({ id, siteId, name, description: '', visible: true, order: 0, videoIds, ...overrides });

export const fakeVip: VipUserInfo = {
  product: { type: 'Free', showType: null },
  subscribeId: null,
  isVip: false,
  isTrial: false,
  VipExpireTime: 0,
  autoSubscribe: false,
  bySuperAdminOpen: false,
  surplusDays: 0,
  expireDate: null,
  willExpire: false,
  planText: 'LeadReel',
};

/**
 * Stubs `fetch` at the global boundary with the envelope of the console contract, so screens run through the real API
 * client. Routes are keyed "METHOD /path" (without /api); anything unlisted answers 404.
 */
export function fakeApi(routes: Record<string, FakeRoute>) {
  const calls: FakeCall[] = [];
  const all: Record<string, FakeRoute> = {
    'GET /config': () => ({
      data: { brand: 'Acme Video', googleClientId: null, communityUrl: null, supportEmail: 'help@acme.test' },
    }),
    'POST /channel/check-token': () => ({ data: { expireTime: 3600 } }),
    'GET /account/detail': () => ({ data: fakeAccount() }),
    'GET /pay/vip-user-info': () => ({ data: fakeVip }),
    ...PAY_ROUTES,
    // No speech task yet and the fake engines: a test that needs more passes its own fakeSpeechRoutes.
    ...fakeSpeechRoutes(fakeSpeechState()),
    // No video export either (the task center asks in the header): fakeBlogRoutes for more.
    'GET /blog-to-video/export/list': fakeBlogRoutes(fakeBlogState())['GET /blog-to-video/export/list'] as FakeRoute,
    ...routes,
  };
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://console.test');
    const method = init.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = new Headers(init.headers);
    calls.push({ method, path, body, query: url.searchParams, authorization: headers.get('authorization') });
    const route = all[`${method} ${path}`];
    const answer: FakeAnswer = route ? route(body, url.searchParams) : { status: 404, error: 'not_found' };
    if ('data' in answer) return Response.json({ statusCode: 200, data: answer.data });
    const { status, error, message = error, field, headers: extra } = answer;
    return Response.json({ statusCode: status, error, message, field }, { status, headers: extra });
  });
  return calls;
}

/** What the fake site routes hold: the account's sites and categories, and the plan's answer. */
export type FakeSites = { sites: Site[]; categories: Category[]; allowed: boolean; cap: number };

/**
 * The site and category routes over `state`, each answering as the server does (a save answers the saved
 * site, an order the reordered list); an unknown id is 404. Tests read `state` and the calls after.
 */
export function fakeSiteRoutes(state: FakeSites): Record<string, FakeRoute> {
  let next = 0;
  const newId = () => `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`;
  const missing = (error: string): FakeAnswer => ({ status: 404, error, field: 'id' });
  const ofSite = (siteId: string) => state.categories.filter((category) => category.siteId === siteId);
  const saveSite = (change: (body: Record<string, unknown>) => Partial<Site>) => (body: unknown) => {
    const input = body as { id: string } & Record<string, unknown>;
    const at = state.sites.findIndex((site) => site.id === input.id);
    if (at < 0) return missing('site_not_found');
    const saved = { ...(state.sites[at] as Site), ...change(input), updatedAt: 1_780_000_100 };
    state.sites[at] = saved;
    return { data: saved };
  };
  const saveCategory = (body: unknown) => {
    const { id, ...fields } = body as Category;
    const at = state.categories.findIndex((category) => category.id === id);
    if (at < 0) return missing('category_not_found');
    state.categories[at] = { ...(state.categories[at] as Category), ...fields };
    return { data: state.categories[at] };
  };
  return {
    'GET /brand-channel/list': () => ({ data: { list: state.sites, allowed: state.allowed, cap: state.cap } }),
    'GET /brand-channel/detail': (_, query) => {
      const site = state.sites.find((candidate) => candidate.id === query.get('id'));
      return site ? { data: site } : missing('site_not_found');
    },
    'POST /brand-channel/add': (body) => {
      const { brandId, profile } = body as { brandId: string; profile: Partial<Site> };
      const site = fakeSite(newId(), profile.name ?? '', { ...profile, brandId });
      state.sites.push(site);
      return { data: site };
    },
    'POST /brand-channel/del': (body) => {
      state.sites = state.sites.filter((site) => site.id !== (body as { id: string }).id);
      return { data: null };
    },
    'POST /brand-channel/image': (body) => {
      const { kind } = body as { kind: string };
      return { data: { file: `site/${kind}.png`, url: `/media/site/${kind}.png` } };
    },
    'POST /brand-channel/profile': saveSite((body) => body.profile as Partial<Site>),
    'POST /brand-channel/home': saveSite((body) => ({ home: body.home as Site['home'] })),
    'POST /brand-channel/sitemap': saveSite((body) => ({ sitemap: body.sitemap as Site['sitemap'] })),
    'POST /brand-channel/navigation': saveSite((body) => ({ navigation: body.navigation as Site['navigation'] })),
    'GET /brand-channel/category/list': (_, query) => ({ data: { list: ofSite(query.get('id') ?? '') } }),
    'POST /brand-channel/category/add': (body) => {
      const { siteId, ...fields } = body as Omit<Category, 'id' | 'order'>;
      const category = { ...fields, id: newId(), siteId, order: ofSite(siteId).length };
      state.categories.push(category);
      return { data: category };
    },
    'POST /brand-channel/category/edit': saveCategory,
    'POST /brand-channel/category/del': (body) => {
      state.categories = state.categories.filter((category) => category.id !== (body as { id: string }).id);
      return { data: null };
    },
    'POST /brand-channel/category/order': (body) => {
      const { siteId, ids } = body as { siteId: string; ids: string[] };
      const others = state.categories.filter((category) => category.siteId !== siteId);
      const ordered = ids.map((id, order) => ({ ...(state.categories.find((c) => c.id === id) as Category), order }));
      state.categories = [...others, ...ordered];
      return { data: { list: ordered } };
    },
  };
}

/** An album of `videoIds`, its page on albums.test, as album detail answers it; tests change what they need. */
export const fakeAlbum = (
  id: string,
  title: string,
  videoIds: string[] = [],
  overrides: Partial<Album> = {},
): Album => ({
  id,
  title,
  videoIds,
  videoCount: videoIds.length,
  coverVideoId: null,
  coverUrl: null,
  publicUrl: `https://albums.test/a/${id}`,
  createdAt: 1_780_000_000,
  updatedAt: 1_780_000_000,
  ...overrides,
});

/** What the fake album routes hold: the account's albums and the plan's cap on them. */
export type FakeAlbums = { albums: Album[]; cap: number };

/**
 * The album routes over `state`, answering as the server does: an add past the cap is albums_too_many, an
 * unknown id (another account's) album_not_found, and an add or a save answers the album as stored.
 */
export function fakeAlbumRoutes(state: FakeAlbums): Record<string, FakeRoute> {
  let next = 0;
  const missing: FakeAnswer = { status: 404, error: 'album_not_found', field: 'id' };
  const stored = (id: string, body: Pick<Album, 'title' | 'videoIds' | 'coverVideoId'>) =>
    fakeAlbum(id, body.title.trim(), body.videoIds, { coverVideoId: body.coverVideoId, updatedAt: 1_780_000_100 });
  return {
    'GET /vod/video/classify/list': () => ({ data: { list: state.albums, cap: state.cap } }),
    'GET /vod/video/classify/detail': (_, query) => {
      const album = state.albums.find((candidate) => candidate.id === query.get('id'));
      return album ? { data: album } : missing;
    },
    'POST /vod/video/classify/add': (body) => {
      if (state.albums.length >= state.cap) return { status: 400, error: 'albums_too_many' };
      const album = stored(`00000000-0000-4000-a000-${String(++next).padStart(12, '0')}`, body as Album);
      state.albums.push(album);
      return { data: album };
    },
    'POST /vod/video/classify/edit': (body) => {
      const at = state.albums.findIndex((album) => album.id === (body as Album).id);
      if (at < 0) return missing;
      state.albums[at] = stored((body as Album).id, body as Album);
      return { data: state.albums[at] };
    },
    'POST /vod/video/classify/del': (body) => {
      const before = state.albums.length;
      state.albums = state.albums.filter((album) => album.id !== (body as { id: string }).id);
      return state.albums.length < before ? { data: null } : missing;
    },
  };
}

import {
  type AccountDetail,
  type Album,
  type Privileges,
  periodFeatures,
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
import { PAY_ROUTES } from './fakePay.ts';

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

import { type AccountDetail, type Privileges, periodFeatures, type Video, type VipUserInfo } from '@leadreel/shared';

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

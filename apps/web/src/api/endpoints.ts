import type {
  accessTokenData,
  AccountDetail,
  bindReferrerBody,
  changePasswordBody,
  checkTokenBody,
  checkTokenData,
  findPasswordBody,
  googleLoginBody,
  loginBody,
  resetPasswordBody,
  setLanguageBody,
  setPasswordBody,
  signupBody,
  VipUserInfo,
  verifyCodeBody,
  verifyCodeData,
} from '@leadreel/shared';
import type { z } from 'zod';
import { api } from './index.ts';

/**
 * One typed function per call of the contract. Bodies and answers are the shared zod schemas' types, so a
 * change in `packages/shared` breaks the console's type check instead of its users.
 */
type Body<T extends z.ZodType> = z.input<T>;
type Data<T extends z.ZodType> = z.infer<T>;
type AccessToken = Data<typeof accessTokenData>;

export const authApi = {
  login: (body: Body<typeof loginBody>) => api.post<AccessToken>('/auth/login', body),
  signup: (body: Body<typeof signupBody>) => api.post<AccessToken>('/auth/signup', body),
  loginWithGoogle: (body: Body<typeof googleLoginBody>) => api.post<AccessToken>('/auth/login/google', body),
  logout: () => api.post<null>('/auth/logout'),
  sendCode: (body: Body<typeof verifyCodeBody>) => api.post<Data<typeof verifyCodeData>>('/auth/verify-code', body),
  findPassword: (body: Body<typeof findPasswordBody>) =>
    api.post<Data<typeof verifyCodeData>>('/auth/find-password', body),
  resetPassword: (body: Body<typeof resetPasswordBody>) => api.post<null>('/auth/reset-password', body),
  changePassword: (body: Body<typeof changePasswordBody>) => api.post<null>('/auth/change-password', body),
  setPassword: (body: Body<typeof setPasswordBody>) => api.post<null>('/auth/set-password', body),
  checkToken: (body: Body<typeof checkTokenBody>) =>
    api.post<Data<typeof checkTokenData>>('/channel/check-token', body),
  bindReferrer: (body: Body<typeof bindReferrerBody>) => api.post<null>('/auth/bind-referrer', body),
};

export const accountApi = {
  detail: () => api.get<AccountDetail>('/account/detail'),
  setLanguage: (body: Body<typeof setLanguageBody>) => api.post<null>('/account/language', body),
};

let vipInFlight: Promise<VipUserInfo> | null = null;
/** spec §7: concurrent VIP-info calls are shared. */
export function fetchVipInfo(): Promise<VipUserInfo> {
  vipInFlight ??= api.get<VipUserInfo>('/pay/vip-user-info').finally(() => {
    vipInFlight = null;
  });
  return vipInFlight;
}

/**
 * GET /api/config. The server declares this answer inline in its app.ts rather than in packages/shared, so
 * its type lives here until the schema moves there.
 */
export type PublicConfig = { brand: string; googleClientId: string | null; communityUrl: string | null };
export const fetchConfig = () => api.get<PublicConfig>('/config');

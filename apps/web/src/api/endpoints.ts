import type {
  accessTokenData,
  baseInfoData,
  baseInfoQuery,
  bindReferrerBody,
  brandingData,
  ClickListQuery,
  ContactKind,
  changePasswordBody,
  checkTokenBody,
  checkTokenData,
  clickListData,
  coverUploadBody,
  credentialData,
  defaultSubtitleBody,
  emailButtonData,
  findPasswordBody,
  googleLoginBody,
  heartbeatBody,
  inquiryFormData,
  kitCloneBody,
  kitCloneData,
  LeadExportFormat,
  LeadFilter,
  leadDetailData,
  leadListData,
  loginBody,
  logoUploadBody,
  logoUploadData,
  OverlayKind,
  OverlaySettings,
  preAddBody,
  preAddData,
  resetPasswordBody,
  reUploadBody,
  SeoPage,
  Subtitle,
  saveSeoPageBody,
  saveSubtitleBody,
  setPasswordBody,
  signPartsBody,
  signPartsData,
  signupBody,
  uploadFailBody,
  uploadStartBody,
  uploadStartData,
  uploadSubtitleBody,
  uploadSuccessBody,
  VideoListQuery,
  VipUserInfo,
  verifyCodeBody,
  verifyCodeData,
  webhookDeliveryListData,
  webhookListData,
  whatsappData,
} from '@leadreel/shared';
import type { RouteInput } from '@leadreel/shared/routes/schemas';
import type { z } from 'zod';
import { i18n } from '../i18n/index.ts';
import { useAuthStore } from '../stores/auth.ts';
import { call } from './call.ts';
import { ApiError } from './client.ts';
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
  detail: () => call('account.detail'),
  setLanguage: (body: RouteInput<'account.language'>) => call('account.language', body),
  noticeEmail: () => call('account.noticeEmail'),
  noticeEmailCode: (body: RouteInput<'account.noticeEmailCode'>) => call('account.noticeEmailCode', body),
  changeNoticeEmail: (body: RouteInput<'account.changeNoticeEmail'>) => call('account.changeNoticeEmail', body),
  notification: () => call('account.notification'),
  saveNotification: (body: RouteInput<'account.saveNotification'>) => call('account.saveNotification', body),
};

/** The list's query as the console builds it (the schema coerces page numbers, so its input type is loose). */
export type VideoListArgs = Omit<VideoListQuery, 'page' | 'pageSize'> & { page?: number; pageSize?: number };
type StorageCredential = Data<typeof credentialData>;
/** The header carrying the storage credential's session token to our storage handshake. */
export const CREDENTIAL_HEADER = 'x-cos-security-token';

export const videosApi = {
  folders: () => call('videos.folders'),
  addFolder: (body: RouteInput<'videos.addFolder'>) => call('videos.addFolder', body),
  renameFolder: (body: RouteInput<'videos.renameFolder'>) => call('videos.renameFolder', body),
  deleteFolder: (body: RouteInput<'videos.deleteFolder'>) => call('videos.deleteFolder', body),
  move: (body: RouteInput<'videos.move'>) => call('videos.move', body),
  list: (query: VideoListArgs) => call('videos.list', query),
  detail: (videoId: string) => call('videos.detail', { videoId }),
  status: (videoIds: string[]) => call('videos.status', { videoIds: videoIds.join(',') }),
  remove: (body: RouteInput<'videos.delete'>) => call('videos.delete', body),
};

/** One contact button's setting, whichever kind (the form holds the union of their fields). */
export type ContactSetting = z.infer<typeof whatsappData> & Partial<z.infer<typeof emailButtonData>>;
const CONTACT_PATHS: Record<ContactKind, string> = { whatsapp: 'whatsapp', telephone: 'phone', email: 'email' };
const OVERLAY_PATHS: Record<OverlayKind, string> = {
  branding: 'logo',
  superAction: 'super-action',
  widget: 'widget',
  share: 'share',
};
/** What each overlay screen reads: its setting (branding adds the logo's address). */
export type OverlayData = Omit<OverlaySettings, 'branding'> & { branding: Data<typeof brandingData> };

/** The video settings screens (spec §2 /video-setting/{videoId}). */
export const settingsApi = {
  embedConfig: () => api.get<{ domains: string[] }>('/vod/player/embed-config'),
  saveEmbedConfig: (body: { domains: string[] }) =>
    api.post<{ domains: string[] }>('/vod/player/embed-config/save', body),
  contact: (kind: ContactKind, videoId: string) =>
    api.get<ContactSetting>(`/vod/video/${CONTACT_PATHS[kind]}`, { videoId }),
  saveContact: (kind: ContactKind, body: { videoId: string; setting: Partial<ContactSetting> }) =>
    api.post<ContactSetting>(`/vod/video/${CONTACT_PATHS[kind]}/save`, body),
  overlay: <K extends OverlayKind>(kind: K, videoId: string) =>
    api.get<OverlayData[K]>(`/vod/video/${OVERLAY_PATHS[kind]}`, { videoId }),
  saveOverlay: <K extends OverlayKind>(kind: K, body: { videoId: string; setting: OverlaySettings[K] }) =>
    api.post<OverlayData[K]>(`/vod/video/${OVERLAY_PATHS[kind]}/save`, body),
  uploadLogo: (body: Body<typeof logoUploadBody>) =>
    api.post<Data<typeof logoUploadData>>('/vod/video/logo/upload', body),
  kitClone: (body: Body<typeof kitCloneBody>) => api.post<Data<typeof kitCloneData>>('/vod/video/kit-clone', body),
  subtitles: (videoId: string) => api.get<Subtitle[]>('/vod/video/subtitle/list', { videoId }),
  uploadSubtitle: (body: Body<typeof uploadSubtitleBody>) => api.post<Subtitle>('/vod/video/subtitle/upload', body),
  saveSubtitle: (body: Body<typeof saveSubtitleBody>) => api.post<Subtitle>('/vod/video/subtitle/save', body),
  deleteSubtitle: (subtitleId: string) => api.post<null>('/vod/video/subtitle/delete', { subtitleId }),
  setDefaultSubtitle: (body: Body<typeof defaultSubtitleBody>) =>
    api.post<Subtitle[]>('/vod/video/subtitle/default', body),
  seoPage: (videoId: string) => api.get<SeoPage>('/vod/video/seo-page', { videoId }),
  saveSeoPage: (body: Body<typeof saveSeoPageBody>) => api.post<SeoPage>('/vod/video/seo-page/save', body),
  setCover: (body: Body<typeof coverUploadBody>) => api.post<SeoPage>('/vod/video/seo-page/cover', body),
};

/** What the inquiry-form screen reads and the server answers after a save. */
export type InquiryFormData = Data<typeof inquiryFormData>;

/** A video's inquiry form (spec §2 /video-setting/{videoId}/inquiry-form; §7 "vod form"). */
export const formApi = {
  form: (videoId: string) => call('forms.config', { videoId }),
  saveForm: (body: RouteInput<'forms.save'>) => call('forms.save', body),
  addField: (body: RouteInput<'forms.addField'>) => call('forms.addField', body),
};

/** A file the server answers (not the JSON envelope), fetched with the session's token. */
export type DownloadedFile = { blob: Blob; filename: string };

/**
 * GET a file with the same headers as the API client (it reads only JSON). A JSON answer is the error
 * envelope: it throws the server's error key like any other call.
 */
async function downloadFile(path: string, query: Record<string, string | undefined>, fallbackName: string) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  const headers: Record<string, string> = { 'x-language': i18n.language || 'en' };
  const token = useAuthStore.getState().authorizationToken;
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api${path}?${params}`, { headers });
  } catch {
    throw new ApiError('network', 'Network error', 0);
  }
  if (!response.ok || (response.headers.get('content-type') ?? '').includes('application/json')) {
    const envelope: { statusCode?: number; error?: string; message?: string } = await response.json().catch(() => ({}));
    const status = envelope.statusCode ?? response.status;
    throw new ApiError(envelope.error ?? String(status), envelope.message ?? `HTTP ${status}`, status);
  }
  const named = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return { blob: await response.blob(), filename: named ?? fallbackName } satisfies DownloadedFile;
}

/** The list's query as the console builds it (page numbers as numbers). */
export type LeadListArgs = LeadFilter & { page?: number; pageSize?: number };
export type LeadListData = Data<typeof leadListData>;
export type LeadDetailData = Data<typeof leadDetailData>;
export type ClickListArgs = Partial<ClickListQuery>;
export type ClickListData = Data<typeof clickListData>;

/** Seeing leads (spec: form-submit-data, the video submissions dialog; §7 "user-form-list: list, export"). */
export const leadsApi = {
  list: (query: LeadListArgs) => call('leads.list', query),
  markRead: (body: RouteInput<'leads.read'>) => call('leads.read', body),
  remove: (body: RouteInput<'leads.delete'>) => call('leads.delete', body),
  /** One lead (the mail's link) with its viewer's contact clicks; another account's answers 404. */
  detail: (leadId: string) => call('leads.detail', { leadId }),
  /** The account's clicks on the player's contact buttons. */
  clicks: (query: ClickListArgs) => call('leads.clicks', query),
  /** The filtered leads as a CSV or Excel file (a paid plan's: on Free the server answers 403 lead_details_paid). */
  exportFile: (filter: LeadFilter, format: LeadExportFormat) =>
    downloadFile('/user-form-list/export', { ...filter, format }, `leads.${format}`),
};

export type WebhookListData = Data<typeof webhookListData>;
export type WebhookDeliveryListData = Data<typeof webhookDeliveryListData>;

/** Account-level webhooks (issue 6 part 5): endpoints, their secrets, test events and delivery logs. */
export const webhooksApi = {
  list: () => call('webhooks.list'),
  /** Answers the new endpoint with its secret, shown this once. */
  create: (body: RouteInput<'webhooks.create'>) => call('webhooks.create', body),
  update: (body: RouteInput<'webhooks.update'>) => call('webhooks.update', body),
  remove: (id: string) => call('webhooks.delete', { id }),
  rollSecret: (id: string) => call('webhooks.rollSecret', { id }),
  /** Sends a signed `test` event now and answers how the receiver took it. */
  sendTest: (id: string) => call('webhooks.test', { id }),
  /** Sends a logged delivery's event again now; answers the new delivery. */
  redeliver: (deliveryId: string) => call('webhooks.redeliver', { deliveryId }),
  deliveries: (id: string, page: number, pageSize: number) => call('webhooks.deliveries', { id, page, pageSize }),
};

export const uploadsApi = {
  baseInfo: (cosType: Body<typeof baseInfoQuery>['cosType']) =>
    api.get<Data<typeof baseInfoData>>('/cos/base-info', { cosType }),
  videoCredential: () => api.get<StorageCredential>('/cos/vod/video/credential'),
  preAdd: (body: Body<typeof preAddBody>) => api.post<Data<typeof preAddData>>('/vod/video/pre-add-custom-video', body),
  start: (body: Body<typeof uploadStartBody>, token: string) =>
    api.post<Data<typeof uploadStartData>>('/vod/video/upload/start', body, { [CREDENTIAL_HEADER]: token }),
  signParts: (body: Body<typeof signPartsBody>, token: string) =>
    api.post<Data<typeof signPartsData>>('/vod/video/upload/sign-parts', body, { [CREDENTIAL_HEADER]: token }),
  success: (body: Body<typeof uploadSuccessBody>) => api.post<null>('/vod/video/add-custom-video-success', body),
  fail: (body: Body<typeof uploadFailBody>) => api.post<null>('/vod/video/add-custom-video-fail', body),
  heartbeat: (body: Body<typeof heartbeatBody>) => api.post<null>('/vod/video/add-custom-video-heartbeat', body),
  reUpload: (body: Body<typeof reUploadBody>) => api.post<null>('/vod/video/re-upload-video', body),
};

let vipInFlight: Promise<VipUserInfo> | null = null;
/** spec §7: concurrent VIP-info calls are shared. */
export function fetchVipInfo(): Promise<VipUserInfo> {
  vipInFlight ??= call('account.vipUserInfo').finally(() => {
    vipInFlight = null;
  });
  return vipInFlight;
}

/**
 * GET /api/config. The server declares this answer inline in its app.ts rather than in packages/shared, so
 * its type lives here until the schema moves there.
 */
export type PublicConfig = {
  brand: string;
  googleClientId: string | null;
  communityUrl: string | null;
  supportEmail: string | null;
};
export const fetchConfig = () => api.get<PublicConfig>('/config');

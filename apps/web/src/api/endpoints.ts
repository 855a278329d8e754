import type {
  ClickListQuery,
  ContactKind,
  ContactSettings,
  LeadExportFormat,
  LeadFilter,
  OverlayData,
  OverlayKind,
  OverlaySettings,
  PublicConfig,
  VideoListQuery,
  VipUserInfo,
} from '@leadreel/shared';
import { type EnvelopeRouteName, ROUTES } from '@leadreel/shared/routes/catalogue';
import type { RouteInput, RouteOutput } from '@leadreel/shared/routes/schemas';
import { CREDENTIAL_HEADER } from '@leadreel/shared/uploads';
import { i18n } from '../i18n/index.ts';
import { useAuthStore } from '../stores/auth.ts';
import { call } from './call.ts';
import { ApiError } from './client.ts';
import { routeKey } from './keys.ts';

/**
 * One typed function per call of the contract, each a route of the catalogue (packages/shared/src/routes):
 * bodies and answers are the shared schemas' types, so a change there breaks the console's type check
 * instead of its users.
 */
export const authApi = {
  login: (body: RouteInput<'auth.login'>) => call('auth.login', body),
  signup: (body: RouteInput<'auth.signup'>) => call('auth.signup', body),
  loginWithGoogle: (body: RouteInput<'auth.google'>) => call('auth.google', body),
  logout: () => call('auth.logout'),
  sendCode: (body: RouteInput<'auth.verifyCode'>) => call('auth.verifyCode', body),
  findPassword: (body: RouteInput<'auth.findPassword'>) => call('auth.findPassword', body),
  resetPassword: (body: RouteInput<'auth.resetPassword'>) => call('auth.resetPassword', body),
  changePassword: (body: RouteInput<'auth.changePassword'>) => call('auth.changePassword', body),
  setPassword: (body: RouteInput<'auth.setPassword'>) => call('auth.setPassword', body),
  checkToken: (body: RouteInput<'auth.checkToken'>) => call('auth.checkToken', body),
  bindReferrer: (body: RouteInput<'auth.bindReferrer'>) => call('auth.bindReferrer', body),
};

export const accountApi = {
  detail: () => call('account.detail'),
  setLanguage: (body: RouteInput<'account.language'>) => call('account.language', body),
  noticeEmail: () => call('account.noticeEmail'),
  noticeEmailCode: (body: RouteInput<'account.noticeEmailCode'>) => call('account.noticeEmailCode', body),
  changeNoticeEmail: (body: RouteInput<'account.changeNoticeEmail'>) => call('account.changeNoticeEmail', body),
  notification: () => call('account.notification'),
  saveNotification: (body: RouteInput<'account.saveNotification'>) => call('account.saveNotification', body),
  privacy: () => call('account.privacy'),
  savePrivacy: (body: RouteInput<'account.savePrivacy'>) => call('account.savePrivacy', body),
  deletion: () => call('account.deletion'),
  requestDeletion: (body: RouteInput<'account.requestDeletion'>) => call('account.requestDeletion', body),
  cancelDeletion: () => call('account.cancelDeletion'),
};

/** The list's query as the console builds it (the schema coerces page numbers, so its input type is loose). */
export type VideoListArgs = Omit<VideoListQuery, 'page' | 'pageSize'> & { page?: number; pageSize?: number };

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
export type ContactSetting = ContactSettings['whatsapp'] & Partial<ContactSettings['email']>;
/** Each contact and overlay screen's pair of routes: its setting, and saving it. */
const CONTACT_ROUTES = {
  whatsapp: ['settings.whatsapp', 'settings.saveWhatsapp'],
  telephone: ['settings.telephone', 'settings.saveTelephone'],
  email: ['settings.email', 'settings.saveEmail'],
} as const satisfies Record<ContactKind, readonly [EnvelopeRouteName, EnvelopeRouteName]>;
const OVERLAY_ROUTES = {
  branding: ['settings.branding', 'settings.saveBranding'],
  superAction: ['settings.superAction', 'settings.saveSuperAction'],
  widget: ['settings.widget', 'settings.saveWidget'],
  share: ['settings.share', 'settings.saveShare'],
} as const satisfies Record<OverlayKind, readonly [EnvelopeRouteName, EnvelopeRouteName]>;
/** `call` over a route chosen at run time: the typed wrappers below state what each kind takes and answers. */
const callByName = call as (name: EnvelopeRouteName, input: object) => Promise<unknown>;

export type { OverlayData };

/** The query keys of the contact and overlay screens, whose routes depend on the kind shown. */
export const settingsKeys = {
  contact: (kind: ContactKind, videoId: string) => routeKey(CONTACT_ROUTES[kind][0], { videoId }),
  overlay: (kind: OverlayKind, videoId: string) => routeKey(OVERLAY_ROUTES[kind][0], { videoId }),
};

/** The video settings screens (the console contract /video-setting/{videoId}). */
export const settingsApi = {
  embedConfig: () => call('settings.embedConfig'),
  saveEmbedConfig: (body: RouteInput<'settings.saveEmbedConfig'>) => call('settings.saveEmbedConfig', body),
  contact: (kind: ContactKind, videoId: string) =>
    callByName(CONTACT_ROUTES[kind][0], { videoId }) as Promise<ContactSetting>,
  saveContact: (kind: ContactKind, body: { videoId: string; setting: Partial<ContactSetting> }) =>
    callByName(CONTACT_ROUTES[kind][1], body) as Promise<ContactSetting>,
  overlay: <K extends OverlayKind>(kind: K, videoId: string) =>
    callByName(OVERLAY_ROUTES[kind][0], { videoId }) as Promise<OverlayData[K]>,
  saveOverlay: <K extends OverlayKind>(kind: K, body: { videoId: string; setting: OverlaySettings[K] }) =>
    callByName(OVERLAY_ROUTES[kind][1], body) as Promise<OverlayData[K]>,
  uploadLogo: (body: RouteInput<'settings.uploadLogo'>) => call('settings.uploadLogo', body),
  kitClone: (body: RouteInput<'settings.kitClone'>) => call('settings.kitClone', body),
  subtitles: (videoId: string) => call('settings.subtitles', { videoId }),
  uploadSubtitle: (body: RouteInput<'settings.uploadSubtitle'>) => call('settings.uploadSubtitle', body),
  saveSubtitle: (body: RouteInput<'settings.saveSubtitle'>) => call('settings.saveSubtitle', body),
  deleteSubtitle: (subtitleId: string) => call('settings.deleteSubtitle', { subtitleId }),
  setDefaultSubtitle: (body: RouteInput<'settings.defaultSubtitle'>) => call('settings.defaultSubtitle', body),
  seoPage: (videoId: string) => call('settings.seoPage', { videoId }),
  saveSeoPage: (body: RouteInput<'settings.saveSeoPage'>) => call('settings.saveSeoPage', body),
  setCover: (body: RouteInput<'settings.cover'>) => call('settings.cover', body),
};

/** What the inquiry-form screen reads and the server answers after a save. */
export type InquiryFormData = RouteOutput<'forms.config'>;

/** A video's inquiry form (the console contract /video-setting/{videoId}/inquiry-form; "vod form"). */
export const formApi = {
  form: (videoId: string) => call('forms.config', { videoId }),
  saveForm: (body: RouteInput<'forms.save'>) => call('forms.save', body),
  addField: (body: RouteInput<'forms.addField'>) => call('forms.addField', body),
};

/** The range an analytics call covers: a video and its days (UTC, both included). */
export type AnalyticsRangeArgs = RouteInput<'analytics.video'>;
/** One page of a range's viewing sessions (page numbers as numbers). */
export type AnalyticsSessionsArgs = AnalyticsRangeArgs & { page: number; pageSize: number };

/** The days the dashboard overview covers (UTC, both included). */
export type OverviewArgs = RouteInput<'analytics.overview'>;

/** A video's viewing figures (the console contract /video-setting/{videoId}/analytics). */
export const analyticsApi = {
  video: (query: AnalyticsRangeArgs) => call('analytics.video', query),
  sessions: (query: AnalyticsSessionsArgs) => call('analytics.sessions', query),
  breakdown: (query: AnalyticsRangeArgs) => call('analytics.breakdown', query),
  /** The account's figures over a range against the range before (spec dashboard-overview). */
  overview: (query: OverviewArgs) => call('analytics.overview', query),
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
export type LeadListData = RouteOutput<'leads.list'>;
export type LeadDetailData = RouteOutput<'leads.detail'>;
export type ClickListArgs = Partial<ClickListQuery>;
export type ClickListData = RouteOutput<'leads.clicks'>;

/** Seeing leads (spec: form-submit-data, the video submissions dialog; "user-form-list: list, export"). */
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
    downloadFile(ROUTES['leads.export'].path, { ...filter, format }, `leads.${format}`),
};

export type WebhookListData = RouteOutput<'webhooks.list'>;
export type WebhookDeliveryListData = RouteOutput<'webhooks.deliveries'>;

/** Account-level webhooks: endpoints, their secrets, test events and delivery logs. */
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

/** The account's API keys (the console contract api-access, "api-key: list, change"). */
export const apiKeysApi = {
  list: () => call('apiKey.list'),
  /** Answers the new key with its secret, shown this once. */
  create: (body: RouteInput<'apiKey.create'>) => call('apiKey.create', body),
  /** A new secret for the key, shown this once; the old one stops working at once. */
  rotate: (id: string) => call('apiKey.change', { id }),
  revoke: (id: string) => call('apiKey.revoke', { id }),
};

/** The account's custom domains (the console contract account/custom-domain, "vod/cname: list, add, del, folder binding, favicon"). */
export const domainsApi = {
  list: () => call('domain.list'),
  add: (body: RouteInput<'domain.add'>) => call('domain.add', body),
  remove: (id: string) => call('domain.del', { id }),
  retry: (id: string) => call('domain.retry', { id }),
  cancel: (id: string) => call('domain.cancel', { id }),
  /** A new domain takes the place of `id`, which keeps serving until the new one is verified. */
  reset: (body: RouteInput<'domain.reset'>) => call('domain.reset', body),
  bindFolder: (body: RouteInput<'domain.bindFolder'>) => call('domain.bindFolder', body),
  favicon: (body: RouteInput<'domain.favicon'>) => call('domain.favicon', body),
};
export type DomainListData = RouteOutput<'domain.list'>;

/** The account's brands (the console contract global-settings/brand-setting). */
export const brandsApi = {
  list: () => call('brand.list'),
  add: (body: RouteInput<'brand.add'>) => call('brand.add', body),
  edit: (body: RouteInput<'brand.edit'>) => call('brand.edit', body),
  remove: (id: string) => call('brand.del', { id }),
  /** Stores a logo or favicon first; the brand then saves the answered `file`. */
  image: (body: RouteInput<'brand.image'>) => call('brand.image', body),
};

/** The account's albums (the console contract video-flow and video-flow/:classifyId, "classify list, add, edit"). */
export const albumsApi = {
  /** The albums and the plan's cap on them (videoSlideCount). */
  list: () => call('album.list'),
  detail: (id: string) => call('album.detail', { id }),
  add: (body: RouteInput<'album.add'>) => call('album.add', body),
  edit: (body: RouteInput<'album.edit'>) => call('album.edit', body),
  remove: (id: string) => call('album.del', { id }),
};

/** The account's sites and their categories (the console contract channel-list and /channel-setting/{brandChannelId}). */
export const sitesApi = {
  list: () => call('site.list'),
  add: (body: RouteInput<'site.add'>) => call('site.add', body),
  remove: (id: string) => call('site.del', { id }),
  detail: (id: string) => call('site.detail', { id }),
  /** Stores a banner or picture first; the profile then saves the answered `file`. */
  image: (body: RouteInput<'site.image'>) => call('site.image', body),
  saveProfile: (body: RouteInput<'site.saveProfile'>) => call('site.saveProfile', body),
  saveHome: (body: RouteInput<'site.saveHome'>) => call('site.saveHome', body),
  saveSitemap: (body: RouteInput<'site.saveSitemap'>) => call('site.saveSitemap', body),
  saveNavigation: (body: RouteInput<'site.saveNavigation'>) => call('site.saveNavigation', body),
  categories: (siteId: string) => call('site.categories', { id: siteId }),
  addCategory: (body: RouteInput<'site.addCategory'>) => call('site.addCategory', body),
  editCategory: (body: RouteInput<'site.editCategory'>) => call('site.editCategory', body),
  removeCategory: (id: string) => call('site.delCategory', { id }),
  /** Every category of the site, once each, in their new order. */
  orderCategories: (body: RouteInput<'site.orderCategories'>) => call('site.orderCategories', body),
};

/** The affiliate program's page (the console contract pay affiliate data): referrers only. */
export const affiliatesApi = {
  data: (query: RouteInput<'pay.affiliateData'>) => call('pay.affiliateData', query),
};

export const uploadsApi = {
  baseInfo: (cosType: RouteInput<'uploads.baseInfo'>['cosType']) => call('uploads.baseInfo', { cosType }),
  videoCredential: () => call('uploads.videoCredential'),
  imageCredential: () => call('uploads.imageCredential'),
  preAdd: (body: RouteInput<'uploads.preAdd'>) => call('uploads.preAdd', body),
  start: (body: RouteInput<'uploads.start'>, token: string) =>
    call('uploads.start', body, { [CREDENTIAL_HEADER]: token }),
  signParts: (body: RouteInput<'uploads.signParts'>, token: string) =>
    call('uploads.signParts', body, { [CREDENTIAL_HEADER]: token }),
  success: (body: RouteInput<'uploads.success'>) => call('uploads.success', body),
  fail: (body: RouteInput<'uploads.fail'>) => call('uploads.fail', body),
  heartbeat: (body: RouteInput<'uploads.heartbeat'>) => call('uploads.heartbeat', body),
  reUpload: (body: RouteInput<'uploads.reUpload'>) => call('uploads.reUpload', body),
};

/** The materials library: uploads (the same resumable flow as videos), online search, list, delete. */
export const materialApi = {
  preAdd: (body: RouteInput<'material.preAdd'>) => call('material.preAdd', body),
  start: (body: RouteInput<'material.start'>, token: string) =>
    call('material.start', body, { [CREDENTIAL_HEADER]: token }),
  signParts: (body: RouteInput<'material.signParts'>, token: string) =>
    call('material.signParts', body, { [CREDENTIAL_HEADER]: token }),
  addSuccess: (body: RouteInput<'material.addSuccess'>) => call('material.addSuccess', body),
  fail: (body: RouteInput<'material.fail'>) => call('material.fail', body),
  list: (query: RouteInput<'material.list'>) => call('material.list', query),
  detail: (materialId: string) => call('material.detail', { materialId }),
  remove: (body: RouteInput<'material.delete'>) => call('material.delete', body),
  searchOnline: (query: RouteInput<'material.searchOnline'>) => call('material.searchOnline', query),
  addOnline: (body: RouteInput<'material.addOnline'>) => call('material.addOnline', body),
};

/** Blog-to-video projects: "My projects" and the editor. */
export const blogApi = {
  create: (body: RouteInput<'blogToVideo.create'>) => call('blogToVideo.create', body),
  list: (query: RouteInput<'blogToVideo.list'>) => call('blogToVideo.list', query),
  remove: (body: RouteInput<'blogToVideo.delete'>) => call('blogToVideo.delete', body),
  detail: (projectId: string) => call('blogToVideo.detail', { projectId }),
  saveScenes: (body: RouteInput<'blogToVideo.scenes'>) => call('blogToVideo.scenes', body),
  saveSettings: (body: RouteInput<'blogToVideo.settings'>) => call('blogToVideo.settings', body),
  summarise: (body: RouteInput<'blogToVideo.summarise'>) => call('blogToVideo.summarise', body),
  articleImages: (projectId: string) => call('blogToVideo.materials', { projectId }),
  bgm: () => call('blogToVideo.bgm'),
  tts: (body: RouteInput<'blogToVideo.tts'>) => call('blogToVideo.tts', body),
  preview: (projectId: string) => call('blogToVideo.preview', { projectId }),
  estimate: (projectId: string) => call('blogToVideo.estimate', { projectId }),
  exportVideo: (projectId: string) => call('blogToVideo.export', { projectId }),
  cancelExport: (projectId: string) => call('blogToVideo.cancelExport', { projectId }),
  progress: (projectId: string) => call('blogToVideo.progress', { projectId }),
  history: (projectId: string) => call('blogToVideo.history', { projectId }),
  exports: (query: RouteInput<'blogToVideo.exports'>) => call('blogToVideo.exports', query),
};

/** The plans' query as the console builds it (the billing period defaults to yearly on the server). */
export type ProductsArgs = RouteInput<'pay.products'>;

/** Buying plans and credits (the console contract buy-vip, buy-credits, the payment dialog; "pay"). */
export const payApi = {
  products: (query: ProductsArgs) => call('pay.products', query),
  creditsProducts: (currency?: string) => call('pay.creditsProducts', { currency }),
  credits: (page: number, pageSize: number) => call('pay.credits', { page, pageSize }),
  /** Which payment methods this server takes, and through which provider. */
  config: () => call('pay.publicKey'),
  buyPlan: (body: RouteInput<'pay.buyPlan'>) => call('pay.buyPlan', body),
  buyCredits: (body: RouteInput<'pay.buyCredits'>) => call('pay.buyCredits', body),
  orderStatus: (orderId: string) => call('pay.orderStatus', { orderId }),
  cancelOrder: (orderId: string) => call('pay.cancelOrder', { orderId }),
  orders: (page: number, pageSize: number) => call('pay.orders', { page, pageSize }),
  /** The PDF invoice of one of the account's paid or refunded orders, in the console's language. */
  invoice: (orderId: string) => downloadFile(ROUTES['pay.invoice'].path, { orderId }, `invoice-${orderId}.pdf`),
  /** The company, address, country and tax ID the account's invoices are made out to. */
  billingDetails: () => call('pay.billingDetails'),
  saveBillingDetails: (body: RouteInput<'pay.saveBillingDetails'>) => call('pay.saveBillingDetails', body),
  /** pay resume and cancel subscribe: auto-renew back on, or off; both answer VIP info. */
  resumeSubscribe: () => call('pay.resumeSubscribe'),
  cancelSubscribe: () => call('pay.cancelSubscribe'),
};

let vipInFlight: Promise<VipUserInfo> | null = null;
/** concurrent VIP-info calls are shared. */
export function fetchVipInfo(): Promise<VipUserInfo> {
  vipInFlight ??= call('account.vipUserInfo').finally(() => {
    vipInFlight = null;
  });
  return vipInFlight;
}

export type { PublicConfig };
export const fetchConfig = () => call('config');

/**
 * The API's routes, each named once: method, path under /api, who may call it, and its OpenAPI tag. The
 * server builds its routes from this and the schemas beside it (routes/schemas.ts); the console's client
 * calls routes by name. No zod here: the console's first screen reads this file and must stay small.
 */
import type { RouteMethod } from './viewer.ts';
import { VIEWER_ROUTES } from './viewer.ts';

export type { RouteMethod };
/**
 * `session`: a signed-in account's token (403 without one); `optional`: read when sent; `public`:
 * anyone.
 */
export type RouteAuth = 'session' | 'optional' | 'public';
export type RouteEntry = {
  readonly method: RouteMethod;
  readonly path: string;
  readonly auth: RouteAuth;
  readonly tag: string;
  /**
   * What answers instead of the `{ statusCode, data }` envelope: a file (an export), or nothing (a
   * beacon). Such routes have no response schema and are called by hand, not by the console's `call`.
   */
  readonly answers?: 'file' | 'nothing';
  /**
   * A `session` route an account scheduled for deletion may still call: signing in during
   * the grace period leads only to cancelling it. Every other session route answers 423.
   */
  readonly whileDeleting?: true;
};

const auth = (method: RouteMethod, path: string, session: RouteAuth = 'public') =>
  ({ method, path, auth: session, tag: 'auth' }) as const;

const setting = (method: RouteMethod, path: string) =>
  ({ method, path, auth: 'session', tag: 'video settings' }) as const;

const speech = (method: RouteMethod, path: string) =>
  ({ method, path, auth: 'session', tag: 'speech to text' }) as const;

const blog = (method: RouteMethod, path: string) => ({ method, path, auth: 'session', tag: 'blog to video' }) as const;

const material = (method: RouteMethod, path: string) => ({ method, path, auth: 'session', tag: 'materials' }) as const;

export const ROUTES = {
  config: { method: 'GET', path: '/config', auth: 'public', tag: 'config' },
  'auth.verifyCode': auth('POST', '/auth/verify-code', 'optional'),
  'auth.signup': auth('POST', '/auth/signup'),
  'auth.login': auth('POST', '/auth/login'),
  'auth.logout': { ...auth('POST', '/auth/logout', 'session'), whileDeleting: true },
  'auth.findPassword': auth('POST', '/auth/find-password'),
  'auth.resetPassword': auth('POST', '/auth/reset-password'),
  'auth.changePassword': auth('POST', '/auth/change-password', 'session'),
  'auth.setPassword': auth('POST', '/auth/set-password', 'session'),
  'auth.google': auth('POST', '/auth/login/google'),
  'auth.checkToken': auth('POST', '/channel/check-token'),
  'auth.bindReferrer': auth('POST', '/auth/bind-referrer', 'session'),
  'account.detail': { method: 'GET', path: '/account/detail', auth: 'session', tag: 'account', whileDeleting: true },
  'account.language': { method: 'POST', path: '/account/language', auth: 'session', tag: 'account' },
  'account.vipUserInfo': { method: 'GET', path: '/pay/vip-user-info', auth: 'session', tag: 'pay' },
  'pay.products': { method: 'GET', path: '/pay/products', auth: 'session', tag: 'pay' },
  'pay.creditsProducts': { method: 'GET', path: '/pay/credits-products', auth: 'session', tag: 'pay' },
  'pay.credits': { method: 'GET', path: '/pay/credits', auth: 'session', tag: 'pay' },
  'pay.publicKey': { method: 'GET', path: '/pay/public-key', auth: 'session', tag: 'pay' },
  'pay.buyPlan': { method: 'POST', path: '/pay/stripe', auth: 'session', tag: 'pay' },
  'pay.buyCredits': { method: 'POST', path: '/pay/purchase-credits', auth: 'session', tag: 'pay' },
  'pay.orderStatus': { method: 'GET', path: '/pay/wechat-status', auth: 'session', tag: 'pay' },
  'pay.cancelOrder': { method: 'POST', path: '/pay/cancel-order', auth: 'session', tag: 'pay' },
  'pay.orders': { method: 'GET', path: '/pay/orders', auth: 'session', tag: 'pay' },
  'pay.invoice': { method: 'GET', path: '/pay/invoice', auth: 'session', tag: 'pay', answers: 'file' },
  'pay.billingDetails': { method: 'GET', path: '/pay/billing-details', auth: 'session', tag: 'pay' },
  'pay.saveBillingDetails': { method: 'POST', path: '/pay/billing-details', auth: 'session', tag: 'pay' },
  'pay.cancelSubscribe': { method: 'POST', path: '/pay/cancel-subscribe', auth: 'session', tag: 'pay' },
  'pay.resumeSubscribe': { method: 'POST', path: '/pay/resume-subscribe', auth: 'session', tag: 'pay' },
  'pay.affiliateData': { method: 'GET', path: '/pay/affiliate-data', auth: 'session', tag: 'pay' },
  'account.noticeEmail': { method: 'GET', path: '/account/get-notice-email', auth: 'session', tag: 'account' },
  'account.noticeEmailCode': { method: 'POST', path: '/account/notice-email/code', auth: 'session', tag: 'account' },
  'account.changeNoticeEmail': {
    method: 'POST',
    path: '/account/change-notice-email',
    auth: 'session',
    tag: 'account',
  },
  'account.notification': { method: 'GET', path: '/account/notification', auth: 'session', tag: 'account' },
  'account.saveNotification': { method: 'POST', path: '/account/notification', auth: 'session', tag: 'account' },
  'account.privacy': { method: 'GET', path: '/account/privacy', auth: 'session', tag: 'account' },
  'account.savePrivacy': { method: 'POST', path: '/account/privacy', auth: 'session', tag: 'account' },
  // "account: delete": the request; its state and cancelling it beside it.
  'account.deletion': {
    method: 'GET',
    path: '/account/deletion',
    auth: 'session',
    tag: 'account',
    whileDeleting: true,
  },
  'account.requestDeletion': { method: 'POST', path: '/account/delete', auth: 'session', tag: 'account' },
  'account.cancelDeletion': {
    method: 'POST',
    path: '/account/deletion/cancel',
    auth: 'session',
    tag: 'account',
    whileDeleting: true,
  },
  'apiKey.list': { method: 'GET', path: '/api-key/list', auth: 'session', tag: 'api keys' },
  'apiKey.create': { method: 'POST', path: '/api-key/create', auth: 'session', tag: 'api keys' },
  'apiKey.change': { method: 'POST', path: '/api-key/change', auth: 'session', tag: 'api keys' },
  'apiKey.revoke': { method: 'POST', path: '/api-key/revoke', auth: 'session', tag: 'api keys' },
  'domain.list': { method: 'GET', path: '/vod/cname/list', auth: 'session', tag: 'custom domains' },
  'domain.add': { method: 'POST', path: '/vod/cname/add', auth: 'session', tag: 'custom domains' },
  'domain.del': { method: 'POST', path: '/vod/cname/del', auth: 'session', tag: 'custom domains' },
  'domain.retry': { method: 'POST', path: '/vod/cname/retry', auth: 'session', tag: 'custom domains' },
  'domain.cancel': { method: 'POST', path: '/vod/cname/cancel', auth: 'session', tag: 'custom domains' },
  'domain.reset': { method: 'POST', path: '/vod/cname/reset', auth: 'session', tag: 'custom domains' },
  'domain.bindFolder': { method: 'POST', path: '/vod/cname/folder', auth: 'session', tag: 'custom domains' },
  'domain.favicon': { method: 'POST', path: '/vod/cname/favicon', auth: 'session', tag: 'custom domains' },
  'brand.list': { method: 'GET', path: '/brand/list', auth: 'session', tag: 'brands' },
  'brand.add': { method: 'POST', path: '/brand/add', auth: 'session', tag: 'brands' },
  'brand.edit': { method: 'POST', path: '/brand/edit', auth: 'session', tag: 'brands' },
  'brand.del': { method: 'POST', path: '/brand/del', auth: 'session', tag: 'brands' },
  'brand.image': { method: 'POST', path: '/brand/image', auth: 'session', tag: 'brands' },
  'site.list': { method: 'GET', path: '/brand-channel/list', auth: 'session', tag: 'sites' },
  'site.add': { method: 'POST', path: '/brand-channel/add', auth: 'session', tag: 'sites' },
  'site.del': { method: 'POST', path: '/brand-channel/del', auth: 'session', tag: 'sites' },
  'site.detail': { method: 'GET', path: '/brand-channel/detail', auth: 'session', tag: 'sites' },
  'site.image': { method: 'POST', path: '/brand-channel/image', auth: 'session', tag: 'sites' },
  'site.saveProfile': { method: 'POST', path: '/brand-channel/profile', auth: 'session', tag: 'sites' },
  'site.saveHome': { method: 'POST', path: '/brand-channel/home', auth: 'session', tag: 'sites' },
  'site.saveSitemap': { method: 'POST', path: '/brand-channel/sitemap', auth: 'session', tag: 'sites' },
  'site.saveNavigation': { method: 'POST', path: '/brand-channel/navigation', auth: 'session', tag: 'sites' },
  'site.categories': { method: 'GET', path: '/brand-channel/category/list', auth: 'session', tag: 'sites' },
  'site.addCategory': { method: 'POST', path: '/brand-channel/category/add', auth: 'session', tag: 'sites' },
  'site.editCategory': { method: 'POST', path: '/brand-channel/category/edit', auth: 'session', tag: 'sites' },
  'site.delCategory': { method: 'POST', path: '/brand-channel/category/del', auth: 'session', tag: 'sites' },
  'site.orderCategories': { method: 'POST', path: '/brand-channel/category/order', auth: 'session', tag: 'sites' },
  'webhooks.list': { method: 'GET', path: '/webhook/list', auth: 'session', tag: 'webhooks' },
  'webhooks.create': { method: 'POST', path: '/webhook/create', auth: 'session', tag: 'webhooks' },
  'webhooks.update': { method: 'POST', path: '/webhook/update', auth: 'session', tag: 'webhooks' },
  'webhooks.delete': { method: 'POST', path: '/webhook/delete', auth: 'session', tag: 'webhooks' },
  'webhooks.rollSecret': { method: 'POST', path: '/webhook/roll-secret', auth: 'session', tag: 'webhooks' },
  'webhooks.test': { method: 'POST', path: '/webhook/test', auth: 'session', tag: 'webhooks' },
  'webhooks.redeliver': { method: 'POST', path: '/webhook/redeliver', auth: 'session', tag: 'webhooks' },
  'webhooks.deliveries': { method: 'GET', path: '/webhook/deliveries', auth: 'session', tag: 'webhooks' },
  'album.list': { method: 'GET', path: '/vod/video/classify/list', auth: 'session', tag: 'albums' },
  'album.detail': { method: 'GET', path: '/vod/video/classify/detail', auth: 'session', tag: 'albums' },
  'album.add': { method: 'POST', path: '/vod/video/classify/add', auth: 'session', tag: 'albums' },
  'album.edit': { method: 'POST', path: '/vod/video/classify/edit', auth: 'session', tag: 'albums' },
  'album.del': { method: 'POST', path: '/vod/video/classify/del', auth: 'session', tag: 'albums' },
  'videos.folders': { method: 'GET', path: '/vod/video/folder/list', auth: 'session', tag: 'videos' },
  'videos.addFolder': { method: 'POST', path: '/vod/video/folder/add', auth: 'session', tag: 'videos' },
  'videos.renameFolder': { method: 'POST', path: '/vod/video/folder/rename', auth: 'session', tag: 'videos' },
  'videos.deleteFolder': { method: 'POST', path: '/vod/video/folder/delete', auth: 'session', tag: 'videos' },
  'videos.move': { method: 'POST', path: '/vod/video/folder/move', auth: 'session', tag: 'videos' },
  'videos.list': { method: 'GET', path: '/vod/video/list', auth: 'session', tag: 'videos' },
  'videos.detail': { method: 'GET', path: '/vod/video/detail', auth: 'session', tag: 'videos' },
  'videos.status': { method: 'GET', path: '/vod/video/status', auth: 'session', tag: 'videos' },
  'videos.delete': { method: 'POST', path: '/vod/video/delete', auth: 'session', tag: 'videos' },
  'forms.config': { method: 'GET', path: '/vod/form/config', auth: 'session', tag: 'leads' },
  'forms.save': { method: 'POST', path: '/vod/form/save', auth: 'session', tag: 'leads' },
  'forms.addField': { method: 'POST', path: '/vod/form/add-field', auth: 'session', tag: 'leads' },
  'leads.list': { method: 'GET', path: '/user-form-list/list', auth: 'session', tag: 'leads' },
  'leads.read': { method: 'POST', path: '/user-form-list/read', auth: 'session', tag: 'leads' },
  'leads.delete': { method: 'POST', path: '/user-form-list/delete', auth: 'session', tag: 'leads' },
  'leads.detail': { method: 'GET', path: '/user-form-list/detail', auth: 'session', tag: 'leads' },
  'leads.clicks': { method: 'GET', path: '/user-form-list/clicks', auth: 'session', tag: 'leads' },
  'analytics.video': { method: 'GET', path: '/analytics/video', auth: 'session', tag: 'analytics' },
  'analytics.sessions': { method: 'GET', path: '/analytics/video/sessions', auth: 'session', tag: 'analytics' },
  'analytics.breakdown': { method: 'GET', path: '/analytics/video/breakdown', auth: 'session', tag: 'analytics' },
  'analytics.overview': { method: 'GET', path: '/analytics/overview', auth: 'session', tag: 'analytics' },
  'leads.export': { method: 'GET', path: '/user-form-list/export', auth: 'session', tag: 'leads', answers: 'file' },
  ...VIEWER_ROUTES,
  'uploads.baseInfo': { method: 'GET', path: '/cos/base-info', auth: 'session', tag: 'uploads' },
  'uploads.imageCredential': { method: 'GET', path: '/cos/credential', auth: 'session', tag: 'uploads' },
  'uploads.videoCredential': { method: 'GET', path: '/cos/vod/video/credential', auth: 'session', tag: 'uploads' },
  'uploads.preAdd': { method: 'POST', path: '/vod/video/pre-add-custom-video', auth: 'session', tag: 'uploads' },
  'uploads.start': { method: 'POST', path: '/vod/video/upload/start', auth: 'session', tag: 'uploads' },
  'uploads.signParts': { method: 'POST', path: '/vod/video/upload/sign-parts', auth: 'session', tag: 'uploads' },
  'uploads.success': { method: 'POST', path: '/vod/video/add-custom-video-success', auth: 'session', tag: 'uploads' },
  'uploads.fail': { method: 'POST', path: '/vod/video/add-custom-video-fail', auth: 'session', tag: 'uploads' },
  'uploads.heartbeat': {
    method: 'POST',
    path: '/vod/video/add-custom-video-heartbeat',
    auth: 'session',
    tag: 'uploads',
  },
  'uploads.reUpload': { method: 'POST', path: '/vod/video/re-upload-video', auth: 'session', tag: 'uploads' },
  'settings.embedConfig': setting('GET', '/vod/player/embed-config'),
  'settings.saveEmbedConfig': setting('POST', '/vod/player/embed-config/save'),
  'settings.whatsapp': setting('GET', '/vod/video/whatsapp'),
  'settings.saveWhatsapp': setting('POST', '/vod/video/whatsapp/save'),
  'settings.telephone': setting('GET', '/vod/video/phone'),
  'settings.saveTelephone': setting('POST', '/vod/video/phone/save'),
  'settings.email': setting('GET', '/vod/video/email'),
  'settings.saveEmail': setting('POST', '/vod/video/email/save'),
  'settings.branding': setting('GET', '/vod/video/logo'),
  'settings.saveBranding': setting('POST', '/vod/video/logo/save'),
  'settings.superAction': setting('GET', '/vod/video/super-action'),
  'settings.saveSuperAction': setting('POST', '/vod/video/super-action/save'),
  'settings.widget': setting('GET', '/vod/video/widget'),
  'settings.saveWidget': setting('POST', '/vod/video/widget/save'),
  'settings.share': setting('GET', '/vod/video/share'),
  'settings.saveShare': setting('POST', '/vod/video/share/save'),
  'settings.uploadLogo': setting('POST', '/vod/video/logo/upload'),
  'settings.kitClone': setting('POST', '/vod/video/kit-clone'),
  'settings.subtitles': setting('GET', '/vod/video/subtitle/list'),
  'settings.uploadSubtitle': setting('POST', '/vod/video/subtitle/upload'),
  'settings.saveSubtitle': setting('POST', '/vod/video/subtitle/save'),
  'settings.deleteSubtitle': setting('POST', '/vod/video/subtitle/delete'),
  'settings.defaultSubtitle': setting('POST', '/vod/video/subtitle/default'),
  'settings.seoPage': setting('GET', '/vod/video/seo-page'),
  'settings.saveSeoPage': setting('POST', '/vod/video/seo-page/save'),
  'settings.cover': setting('POST', '/vod/video/seo-page/cover'),
  'speech.engines': speech('GET', '/speech-to-text/engines'),
  'speech.estimate': speech('POST', '/speech-to-text/credit-calculations'),
  'speech.transcribe': speech('POST', '/speech-to-text/transcribe'),
  'speech.translate': speech('POST', '/speech-to-text/translate'),
  'speech.optimise': speech('POST', '/speech-to-text/ai-optimise'),
  'speech.tasks': speech('GET', '/speech-to-text/task/list'),
  'speech.status': speech('GET', '/speech-to-text/task/status'),
  'speech.cancel': speech('POST', '/speech-to-text/task/cancel'),
  'speech.retry': speech('POST', '/speech-to-text/task/retry'),
  'speech.dubs': speech('GET', '/speech-to-text/dub/list'),
  'speech.removeDub': speech('POST', '/speech-to-text/dub/delete'),
  'material.preAdd': material('POST', '/material/pre-add'),
  'material.start': material('POST', '/material/upload/start'),
  'material.signParts': material('POST', '/material/upload/sign-parts'),
  'material.addSuccess': material('POST', '/material/add-success'),
  'material.fail': material('POST', '/material/add-fail'),
  'material.list': material('GET', '/material/list'),
  'material.detail': material('GET', '/material/detail'),
  'material.delete': material('POST', '/material/delete'),
  'material.searchOnline': material('GET', '/material/search-online'),
  'material.addOnline': material('POST', '/material/add-online'),
  'blogToVideo.create': blog('POST', '/blog-to-video/create'),
  'blogToVideo.list': blog('GET', '/blog-to-video/list'),
  'blogToVideo.delete': blog('POST', '/blog-to-video/delete'),
  'blogToVideo.detail': blog('GET', '/blog-to-video/detail'),
  'blogToVideo.scenes': blog('POST', '/blog-to-video/scenes'),
  'blogToVideo.settings': blog('POST', '/blog-to-video/subtitles'),
  'blogToVideo.summarise': blog('POST', '/blog-to-video/summarise'),
  'blogToVideo.materials': blog('GET', '/blog-to-video/materials'),
  'blogToVideo.bgm': blog('GET', '/blog-to-video/bgm'),
  'blogToVideo.tts': blog('POST', '/blog-to-video/tts'),
  'blogToVideo.preview': blog('GET', '/blog-to-video/preview'),
  'blogToVideo.estimate': blog('GET', '/blog-to-video/export/estimate'),
  'blogToVideo.export': blog('POST', '/blog-to-video/export'),
  'blogToVideo.cancelExport': blog('POST', '/blog-to-video/export/cancel'),
  'blogToVideo.progress': blog('GET', '/blog-to-video/progress'),
  'blogToVideo.history': blog('GET', '/blog-to-video/history'),
  'blogToVideo.exports': blog('GET', '/blog-to-video/export/list'),
} as const satisfies Record<string, RouteEntry>;

export type RouteName = keyof typeof ROUTES;

/** Routes answering the `{ statusCode, data }` envelope: the ones the console's `call` reaches. */
export type EnvelopeRouteName = {
  [N in RouteName]: (typeof ROUTES)[N] extends { answers: string } ? never : N;
}[RouteName];

/** The address of a route as a browser calls it. */
export const apiPath = (name: RouteName) => `/api${ROUTES[name].path}`;

/**
 * The API's routes, each named once: method, path under /api, who may call it, and its OpenAPI tag. The
 * server builds its routes from this and the schemas beside it (routes/schemas.ts); the console's client
 * calls routes by name. No zod here: the console's first screen reads this file and must stay small.
 */
export type RouteMethod = 'GET' | 'POST';
/** `session`: a signed-in account's token (403 without one, spec §7); `public`: anyone. */
export type RouteAuth = 'session' | 'public';
export type RouteEntry = {
  readonly method: RouteMethod;
  readonly path: string;
  readonly auth: RouteAuth;
  readonly tag: string;
};

export const ROUTES = {
  'account.detail': { method: 'GET', path: '/account/detail', auth: 'session', tag: 'account' },
  'account.language': { method: 'POST', path: '/account/language', auth: 'session', tag: 'account' },
  'account.vipUserInfo': { method: 'GET', path: '/pay/vip-user-info', auth: 'session', tag: 'pay' },
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
  'webhooks.list': { method: 'GET', path: '/webhook/list', auth: 'session', tag: 'webhooks' },
  'webhooks.create': { method: 'POST', path: '/webhook/create', auth: 'session', tag: 'webhooks' },
  'webhooks.update': { method: 'POST', path: '/webhook/update', auth: 'session', tag: 'webhooks' },
  'webhooks.delete': { method: 'POST', path: '/webhook/delete', auth: 'session', tag: 'webhooks' },
  'webhooks.rollSecret': { method: 'POST', path: '/webhook/roll-secret', auth: 'session', tag: 'webhooks' },
  'webhooks.test': { method: 'POST', path: '/webhook/test', auth: 'session', tag: 'webhooks' },
  'webhooks.redeliver': { method: 'POST', path: '/webhook/redeliver', auth: 'session', tag: 'webhooks' },
  'webhooks.deliveries': { method: 'GET', path: '/webhook/deliveries', auth: 'session', tag: 'webhooks' },
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
} as const satisfies Record<string, RouteEntry>;

export type RouteName = keyof typeof ROUTES;

import type { AccountDetail } from '@leadreel/shared';

/** spec §3 Route meta, spelt as the spec spells it (`ingoreAuthrization`). `title` is an i18n key. */
export type RouteMeta = { title: string; icon?: string; browserTitle?: string; ingoreAuthrization?: boolean };

export type PageKey =
  | 'login'
  | 'register'
  | 'forget-password'
  | 'reset-password'
  | 'dashboard'
  | 'video-list'
  | 'memberships'
  | 'change-password'
  | 'set-password'
  | 'guide-step'
  | 'seo-page'
  | 'contact-button'
  | 'branding'
  | 'super-action'
  | 'widget'
  | 'share'
  | 'subtitle'
  | 'kit-clone'
  | 'inquiry-form'
  | 'form-submit-data'
  | 'email-notification'
  | 'webhooks'
  | 'not-available';

export type RouteDef = {
  name: string;
  path: string;
  meta: RouteMeta;
  page?: PageKey;
  children?: RouteDef[];
  /** A child path to go to instead of the first permitted child. */
  redirect?: string;
  permission?: (account: AccountDetail) => boolean;
  /** Not listed in the sidebar (detail screens with ids). */
  hidden?: boolean;
};

const meta = (name: string, icon?: string, extra: Partial<RouteMeta> = {}): RouteMeta => ({
  title: `route.${name}`,
  icon,
  ...extra,
});
const soon = (name: string, path = name, icon?: string, extra: Partial<RouteDef> = {}): RouteDef => ({
  name,
  path,
  meta: meta(name, icon),
  page: 'not-available',
  ...extra,
});

export const PUBLIC_ROUTES: RouteDef[] = [
  { name: 'login', path: '/login', meta: meta('login', undefined, { ingoreAuthrization: true }), page: 'login' },
  {
    name: 'register',
    path: '/register',
    meta: meta('register', undefined, { ingoreAuthrization: true }),
    page: 'register',
  },
  {
    name: 'forget-password',
    path: '/forget-password',
    meta: meta('forget-password', undefined, { ingoreAuthrization: true }),
    page: 'forget-password',
  },
  {
    name: 'reset-password',
    path: '/reset-password',
    meta: meta('reset-password', undefined, { ingoreAuthrization: true }),
    page: 'reset-password',
  },
];

/** spec §2: the signed-in layout at / and its children; it redirects to the admin home page. */
export const LAYOUT_ROUTE: RouteDef = {
  name: 'layout',
  path: '/',
  meta: meta('layout'),
  redirect: 'dashboard-overview',
  children: [
    {
      name: 'dashboard-overview',
      path: 'dashboard-overview',
      meta: meta('dashboard-overview', 'dashboard'),
      page: 'dashboard',
    },
    {
      name: 'videos',
      path: 'videos',
      meta: meta('videos', 'video'),
      children: [
        { name: 'video-list', path: 'index', meta: meta('video-list', 'video'), page: 'video-list' },
        soon('blog-to-video-list', 'blog-to-video', 'file-text'),
      ],
    },
    soon('channel-list', 'channel-list', 'global'),
    soon('video-flow', 'video-flow', 'appstore'),
    soon('video-flow-detail', 'video-flow/:classifyId', undefined, { hidden: true }),
    {
      name: 'form-submit-data',
      path: 'form-submit-data',
      meta: meta('form-submit-data', 'form'),
      page: 'form-submit-data',
    },
    soon('buy-vip', 'buy-vip', 'crown'),
    soon('buy-credits', 'buy-credits', 'wallet'),
  ],
};

/** spec §2: the account area redirects to its first permitted child. */
export const ACCOUNT_ROUTE: RouteDef = {
  name: 'account',
  path: '/account',
  meta: meta('account', 'user'),
  children: [
    soon('affiliate-system', 'affiliate-system', 'share', { permission: (account) => account.isReferer }),
    { name: 'memberships', path: 'memberships', meta: meta('memberships', 'crown'), page: 'memberships' },
    soon('custom-domain', 'custom-domain', 'link'),
    soon('api-access', 'api-access', 'api'),
    { name: 'webhooks', path: 'webhooks', meta: meta('webhooks', 'send'), page: 'webhooks' },
    {
      name: 'change-password',
      path: 'change-password',
      meta: meta('change-password', 'lock'),
      page: 'change-password',
      permission: (account) => account.hasPassword,
    },
    {
      name: 'set-password',
      path: 'set-password',
      meta: meta('set-password', 'lock'),
      page: 'set-password',
      permission: (account) => !account.hasPassword,
    },
    soon('delete-account', 'delete-account', 'delete'),
    {
      name: 'global-settings',
      path: 'global-settings',
      meta: meta('global-settings', 'setting'),
      children: [
        soon('brand-setting', 'brand-setting', 'tag'),
        {
          name: 'email-notification',
          path: 'email-notification',
          meta: meta('email-notification', 'mail'),
          page: 'email-notification',
        },
      ],
    },
  ],
};

/** spec §2: the guide's three steps, default start-guide. */
export const GUIDE_ROUTE: RouteDef = {
  name: 'guide',
  path: '/guide/user-guide',
  meta: meta('guide', 'rocket'),
  redirect: 'start-guide',
  hidden: true,
  children: ['start-guide', 'whatsapp', 'inquiry-form'].map((name) => ({
    name,
    path: name,
    meta: meta(name),
    page: 'guide-step' as const,
  })),
};

/** The video settings screens that exist, by route name (the rest are announced as coming). */
const VIDEO_SETTING_PAGES: Record<string, PageKey> = {
  'basic-setting': 'seo-page',
  whatsapp: 'contact-button',
  telephone: 'contact-button',
  email: 'contact-button',
  branding: 'branding',
  'super-action': 'super-action',
  widget: 'widget',
  share: 'share',
  subtitle: 'subtitle',
  'kit-clone': 'kit-clone',
  'inquiry-form': 'inquiry-form',
};

export const VIDEO_SETTING_ROUTE: RouteDef = {
  name: 'video-setting',
  path: '/video-setting/:videoId',
  meta: meta('video-setting', 'setting'),
  hidden: true,
  children: [
    'basic-setting',
    'inquiry-form',
    'branding',
    'whatsapp',
    'share',
    'super-action',
    'email',
    'telephone',
    'widget',
    'subtitle',
    'global-voice',
    'kit-clone',
    'analytics',
  ].map((name): RouteDef => {
    const page = VIDEO_SETTING_PAGES[name];
    return page ? { name, path: name, meta: meta(name), page } : soon(name);
  }),
};

export const CHANNEL_SETTING_ROUTE: RouteDef = {
  name: 'channel-setting',
  path: '/channel-setting/:brandChannelId',
  meta: meta('channel-setting', 'global'),
  hidden: true,
  redirect: 'profile',
  children: [
    {
      name: 'profile',
      path: 'profile',
      meta: meta('profile'),
      redirect: 'site-info',
      children: [soon('site-info'), soon('contact-info')],
    },
    soon('home-tab'),
    soon('category-page'),
    soon('sitemap'),
    soon('navigation-bar'),
  ],
};

/** spec §2: the blog-to-video editor, header hidden. */
export const BLOG_TO_VIDEO_ROUTE: RouteDef = {
  name: 'blog-to-video',
  path: '/blog-to-video/:id',
  meta: meta('blog-to-video'),
  hidden: true,
  children: [
    soon('script'),
    { name: 'media', path: 'media', meta: meta('media'), children: [soon('uploads'), soon('online')] },
    {
      name: 'audio',
      path: 'audio',
      meta: meta('audio'),
      children: [
        soon('voice-over'),
        {
          name: 'bgm',
          path: 'bgm',
          meta: meta('bgm'),
          children: [soon('bgm-upload', 'upload'), soon('bgm-online', 'online')],
        },
      ],
    },
  ],
};

export const SIGNED_IN_ROUTES = [LAYOUT_ROUTE, ACCOUNT_ROUTE, GUIDE_ROUTE, VIDEO_SETTING_ROUTE, CHANNEL_SETTING_ROUTE];

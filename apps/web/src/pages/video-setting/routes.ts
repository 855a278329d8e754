import { meta, type PageLoader, type RouteDef, soon } from '../../app/routeDef.ts';

/** The video settings screens that exist, by route name (the rest are announced as coming). */
const PAGES: Record<string, PageLoader> = {
  'basic-setting': () => import('./SeoPageSetting.tsx').then((m) => m.SeoPageSetting),
  whatsapp: () => import('./ContactButtonSetting.tsx').then((m) => m.ContactButtonSetting),
  telephone: () => import('./ContactButtonSetting.tsx').then((m) => m.ContactButtonSetting),
  email: () => import('./ContactButtonSetting.tsx').then((m) => m.ContactButtonSetting),
  branding: () => import('./BrandingSetting.tsx').then((m) => m.BrandingSetting),
  'super-action': () => import('./OverlaySettings.tsx').then((m) => m.SuperActionSetting),
  widget: () => import('./OverlaySettings.tsx').then((m) => m.WidgetSetting),
  share: () => import('./OverlaySettings.tsx').then((m) => m.ShareSetting),
  subtitle: () => import('./SubtitleSetting.tsx').then((m) => m.SubtitleSetting),
  'global-voice': () => import('./GlobalVoiceSetting.tsx').then((m) => m.GlobalVoiceSetting),
  'kit-clone': () => import('./KitCloneSetting.tsx').then((m) => m.KitCloneSetting),
  'inquiry-form': () => import('./InquiryFormSetting.tsx').then((m) => m.InquiryFormSetting),
  analytics: () => import('./analytics/AnalyticsScreen.tsx').then((m) => m.AnalyticsScreen),
};

export const VIDEO_SETTING_ROUTE: RouteDef = {
  name: 'video-setting',
  path: '/video-setting/:videoId',
  meta: meta('video-setting', 'setting'),
  hidden: true,
  layout: () => import('./VideoSettingsLayout.tsx').then((m) => m.VideoSettingsLayout),
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
    const page = PAGES[name];
    return page ? { name, path: name, meta: meta(name), page } : soon(name);
  }),
};

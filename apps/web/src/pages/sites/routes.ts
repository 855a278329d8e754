import { meta, type PageLoader, type RouteDef } from '../../app/routeDef.ts';

/** The sites list in the sidebar (the console contract channel-list). */
export const SITE_ROUTES: RouteDef[] = [
  {
    name: 'channel-list',
    path: 'channel-list',
    meta: meta('channel-list', 'global'),
    page: () => import('./ChannelList.tsx').then((m) => m.ChannelList),
  },
];

const screen = (name: string, page: PageLoader): RouteDef => ({ name, path: name, meta: meta(name), page });

/** One site's settings (the console contract /channel-setting/{brandChannelId}, default profile). */
export const CHANNEL_SETTING_ROUTE: RouteDef = {
  name: 'channel-setting',
  path: '/channel-setting/:brandChannelId',
  meta: meta('channel-setting', 'global'),
  hidden: true,
  redirect: 'profile',
  layout: () => import('./ChannelSetting.tsx').then((m) => m.ChannelSetting),
  children: [
    {
      name: 'profile',
      path: 'profile',
      meta: meta('profile'),
      redirect: 'site-info',
      children: [
        screen('site-info', () => import('./SiteInfo.tsx').then((m) => m.SiteInfo)),
        screen('contact-info', () => import('./ContactInfo.tsx').then((m) => m.ContactInfo)),
      ],
    },
    screen('home-tab', () => import('./HomeTab.tsx').then((m) => m.HomeTab)),
    screen('category-page', () => import('./CategoryPage.tsx').then((m) => m.CategoryPage)),
    screen('sitemap', () => import('./SitemapSetting.tsx').then((m) => m.SitemapSetting)),
    screen('navigation-bar', () => import('./NavigationBar.tsx').then((m) => m.NavigationBar)),
  ],
};

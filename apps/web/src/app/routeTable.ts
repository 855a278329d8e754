import { ACCOUNT_ROUTE } from '../pages/account/routes.ts';
import { AUTH_ROUTES } from '../pages/auth/routes.ts';
import { BILLING_ROUTES } from '../pages/billing/routes.ts';
import { BLOG_TO_VIDEO_ROUTE } from '../pages/blog/routes.ts';
import { DASHBOARD_ROUTES } from '../pages/dashboard/routes.ts';
import { GUIDE_ROUTE } from '../pages/guide/routes.ts';
import { LEAD_ROUTES } from '../pages/leads/routes.ts';
import { CHANNEL_SETTING_ROUTE, SITE_ROUTES } from '../pages/sites/routes.ts';
import { VIDEO_SETTING_ROUTE } from '../pages/video-setting/routes.ts';
import { VIDEO_ROUTES } from '../pages/videos/routes.ts';
import { meta, type RouteDef } from './routeDef.ts';

/**
 * The console's routes, composed from the areas that own them: each area's folder exports its
 * routes with their pages loaded lazily (`pages/<area>/routes.ts`), and a new area is one line here.
 */
export { ACCOUNT_ROUTE, BLOG_TO_VIDEO_ROUTE, CHANNEL_SETTING_ROUTE, GUIDE_ROUTE, VIDEO_SETTING_ROUTE };

export const PUBLIC_ROUTES: RouteDef[] = AUTH_ROUTES;

/** the signed-in layout at / and its children; it redirects to the admin home page. */
export const LAYOUT_ROUTE: RouteDef = {
  name: 'layout',
  path: '/',
  meta: meta('layout'),
  redirect: 'dashboard-overview',
  children: [
    ...DASHBOARD_ROUTES,
    ...VIDEO_ROUTES,
    ...SITE_ROUTES,
    {
      name: 'video-flow',
      path: 'video-flow',
      meta: meta('video-flow', 'appstore'),
      page: () => import('../pages/albums/VideoFlowList.tsx').then((m) => m.VideoFlowList),
    },
    {
      name: 'video-flow-detail',
      path: 'video-flow/:classifyId',
      meta: meta('video-flow-detail'),
      hidden: true,
      page: () => import('../pages/albums/VideoFlowDetail.tsx').then((m) => m.VideoFlowDetail),
    },
    ...LEAD_ROUTES,
    ...BILLING_ROUTES,
  ],
};

export const SIGNED_IN_ROUTES = [LAYOUT_ROUTE, ACCOUNT_ROUTE, GUIDE_ROUTE, VIDEO_SETTING_ROUTE, CHANNEL_SETTING_ROUTE];

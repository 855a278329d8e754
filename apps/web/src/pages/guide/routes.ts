import { meta, type RouteDef } from '../../app/routeDef.ts';

/** the guide's three steps, default start-guide. */
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
    page: () => import('./UserGuide.tsx').then((m) => m.UserGuide),
  })),
};

import { meta, type RouteDef } from '../../app/routeDef.ts';

export const DASHBOARD_ROUTES: RouteDef[] = [
  {
    name: 'dashboard-overview',
    path: 'dashboard-overview',
    meta: meta('dashboard-overview', 'dashboard'),
    page: () => import('./Overview.tsx').then((m) => m.Overview),
  },
];

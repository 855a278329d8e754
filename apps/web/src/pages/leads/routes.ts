import { meta, type RouteDef } from '../../app/routeDef.ts';

export const LEAD_ROUTES: RouteDef[] = [
  {
    name: 'form-submit-data',
    path: 'form-submit-data',
    meta: meta('form-submit-data', 'form'),
    page: () => import('./FormSubmissions.tsx').then((m) => m.FormSubmissions),
  },
];

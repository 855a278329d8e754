import { meta, type RouteDef } from '../../app/routeDef.ts';

/** plan purchase and credits purchase, in the signed-in layout. */
export const BILLING_ROUTES: RouteDef[] = [
  {
    name: 'buy-vip',
    path: 'buy-vip',
    meta: meta('buy-vip', 'crown'),
    page: () => import('./BuyVip.tsx').then((m) => m.BuyVip),
  },
  {
    name: 'buy-credits',
    path: 'buy-credits',
    meta: meta('buy-credits', 'wallet'),
    page: () => import('./BuyCredits.tsx').then((m) => m.BuyCredits),
  },
];

import type { AccountDetail } from '@leadreel/shared';
import type { RouteDef, RouteMeta } from './routeDef.ts';

/** a parent is permitted if any child is; a leaf by its own rule (none means everyone). */
export function isPermitted(route: RouteDef, account: AccountDetail | null): boolean {
  if (route.permission && (!account || !route.permission(account))) return false;
  if (route.children && route.children.length > 0) return route.children.some((child) => isPermitted(child, account));
  return true;
}

/** a parent without its own redirect sends the user to the first child the user may see. */
export function redirectTarget(route: RouteDef, account: AccountDetail | null): string | null {
  if (route.redirect) return route.redirect;
  const child = route.children?.find((c) => !c.path.includes(':') && isPermitted(c, account));
  return child?.path ?? null;
}

/** access rule: without a token, only routes flagged ingoreAuthrization may be opened. */
export function mustSignIn(metas: RouteMeta[], token: string | null): boolean {
  return !token && !metas.some((meta) => meta.ingoreAuthrization);
}

/** title rule: "<page title> - {brand}", using browserTitle if present, else title. */
export function documentTitle(meta: RouteMeta | undefined, translate: (key: string) => string, brand: string) {
  if (!meta) return brand;
  return `${translate(meta.browserTitle ?? meta.title)} - ${brand}`;
}

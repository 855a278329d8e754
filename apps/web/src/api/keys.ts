import { type EnvelopeRouteName, ROUTES } from '@leadreel/shared/routes/catalogue';
import type { RouteInput } from '@leadreel/shared/routes/schemas';

/** The catalogue's domains (each route's OpenAPI tag): `videos`, `leads`, `account`, `video settings`... */
export type RouteDomain = (typeof ROUTES)[EnvelopeRouteName]['tag'];

/**
 * Every query key is its route's: `[domain, route name, input]`, built from the catalogue so a key and the
 * call it caches cannot drift apart. Invalidating `domainKey(domain)` refreshes every query of that domain.
 */
export function routeKey<N extends EnvelopeRouteName>(
  name: N,
  ...input: RouteInput<N> extends undefined ? [] : [input: RouteInput<N>]
) {
  return [ROUTES[name].tag, name, ...input] as const;
}

export const domainKey = (domain: RouteDomain) => [domain] as const;

/** The input a key was built with (the last part of a route key), for predicates over many queries. */
export const keyInput = (key: readonly unknown[]): unknown => (key.length > 2 ? key[2] : undefined);

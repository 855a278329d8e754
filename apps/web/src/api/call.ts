import { ROUTES } from '@leadreel/shared/routes/catalogue';
import type { RouteInput, RouteOutput, SchemaRouteName } from '@leadreel/shared/routes/schemas';
import { api } from './index.ts';

/** A route's input as an argument: required when the route takes one, absent when it takes none. */
type Args<N extends SchemaRouteName> = RouteInput<N> extends undefined ? [] : [input: RouteInput<N>];

/**
 * Calls a route of the catalogue by its name: its method and path come from the catalogue, its input and
 * answer types from the route's schemas (as types only, so zod stays out of the console's bundle).
 */
export function call<N extends SchemaRouteName>(name: N, ...args: Args<N>): Promise<RouteOutput<N>> {
  const { method, path } = ROUTES[name];
  const [input] = args as [object | undefined];
  return method === 'GET'
    ? api.get<RouteOutput<N>>(path, input as Parameters<typeof api.get>[1])
    : api.post<RouteOutput<N>>(path, input);
}

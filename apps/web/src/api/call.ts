import { type EnvelopeRouteName, ROUTES } from '@leadreel/shared/routes/catalogue';
import type { RouteInput, RouteOutput } from '@leadreel/shared/routes/schemas';
import { api } from './index.ts';

/** A route's input as an argument: required when the route takes one, absent when it takes none. */
type Args<N extends EnvelopeRouteName> =
  RouteInput<N> extends undefined
    ? [input?: undefined, headers?: Record<string, string>]
    : [input: RouteInput<N>, headers?: Record<string, string>];

/**
 * Calls a route of the catalogue by its name: its method and path come from the catalogue, its input and
 * answer types from the route's schemas (as types only, so zod stays out of the console's bundle). A few
 * routes read a header of their own (the upload handshake's storage token).
 */
export function call<N extends EnvelopeRouteName>(name: N, ...args: Args<N>): Promise<RouteOutput<N>> {
  const { method, path } = ROUTES[name];
  const [input, headers] = args as [object | undefined, Record<string, string> | undefined];
  return method === 'GET'
    ? api.get<RouteOutput<N>>(path, input as Parameters<typeof api.get>[1])
    : api.post<RouteOutput<N>>(path, input, headers);
}

import { V1_ROUTES, type V1Input, type V1Output, type V1Route, type V1RouteName } from '@leadreel/shared/routes/v1';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, tooManyRequests, unauthenticated } from '../../errors.ts';
import { bearerToken } from '../../plugins/auth.ts';
import type { Limits } from '../../plugins/limits.ts';
import type { ApiKeyService } from '../api-keys/api-keys.service.ts';
import { type Idempotency, idempotencyKey, requestHash } from './idempotency.ts';

/** Who calls the public API: the account of the API key, and the key. */
export type V1Caller = { accountId: string; keyId: string };

/** A route's work: from the validated path, query and body to its answer. */
export type V1Handler<N extends V1RouteName> = (
  caller: V1Caller,
  input: V1Input<N>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<V1Output<N>>;
/** One handler per route of the catalogue: a route added there without one does not compile. */
export type V1Handlers = { [N in V1RouteName]: V1Handler<N> };

/** `{videoId}` as Fastify writes it (`:videoId`). */
export const fastifyPath = (path: string) => `/v1${path.replace(/\{(\w+)\}/g, ':$1')}`;

const WINDOW_MS = 60_000;

/**
 * Registers every route of the public API's catalogue: API key authentication (401 without a valid key,
 * 403 with the plan-limit message when the plan lost API access), the per-key rate limit with its
 * `RateLimit` headers on every answer, validation from the catalogue's schemas, and idempotency keys on
 * creates. Hidden from the console's OpenAPI document: the public API has its own (openapi-v1.ts).
 */
export function registerV1Routes(
  app: FastifyInstance,
  deps: { handlers: V1Handlers; apiKeys: ApiKeyService; limits: Limits; idempotency: Idempotency; perMinute: number },
) {
  const { handlers, apiKeys, idempotency } = deps;
  const callers = new WeakMap<FastifyRequest, V1Caller>();
  const count = deps.limits.counter({
    max: deps.perMinute,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `api-key:${callers.get(request)?.keyId}`,
  });

  async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    const refused = unauthenticated('api_key_invalid', { 'www-authenticate': 'Bearer' });
    const secret = bearerToken(request);
    if (!secret) throw refused;
    const caller = await apiKeys.authenticate(secret);
    if (!caller) throw refused;
    if ('refused' in caller) throw forbidden(caller.refused);
    callers.set(request, caller);
    const window = await count(request);
    // The IETF draft's fields (draft-ietf-httpapi-ratelimit-headers), as GitHub and Stripe clients read them.
    reply.headers({
      'ratelimit-limit': String(window.limit),
      'ratelimit-remaining': String(window.remaining),
      'ratelimit-reset': String(window.resetSeconds),
      'ratelimit-policy': `${window.limit};w=${WINDOW_MS / 1000}`,
    });
    if (!window.allowed) throw tooManyRequests('rate_limited', window.resetSeconds);
  }

  for (const [name, route] of Object.entries(V1_ROUTES) as [V1RouteName, V1Route][]) {
    const handler = handlers[name] as V1Handler<V1RouteName>;
    const okStatus = route.created ? 201 : 200;
    app.route({
      method: route.method,
      url: fastifyPath(route.path),
      onRequest: [authenticate],
      schema: {
        hide: true,
        ...(route.params ? { params: route.params } : {}),
        ...(route.query ? { querystring: route.query } : {}),
        ...(route.body ? { body: route.body } : {}),
        ...(route.response ? { response: { [okStatus]: route.response } } : {}),
      },
      handler: async (request, reply) => {
        const caller = callers.get(request) as V1Caller;
        const input = { params: request.params, query: request.query, body: request.body } as V1Input<V1RouteName>;
        const run = async () => {
          const body = await handler(caller, input, request, reply);
          return { status: route.response ? okStatus : 204, body };
        };
        if (route.file) return run().then(() => reply);
        const key = route.idempotent ? idempotencyKey(request.headers['idempotency-key']) : undefined;
        const answer = key
          ? await idempotency.run(caller.accountId, key, requestHash(name, request.body), run)
          : { ...(await run()), replayed: false };
        if (answer.replayed) reply.header('idempotent-replayed', 'true');
        reply.status(answer.status);
        return answer.status === 204 ? reply.send() : reply.send(answer.body);
      },
    });
  }
}

import {
  type EnvelopeRouteName,
  okEnvelope,
  ROUTE_SCHEMAS,
  ROUTES,
  type RouteEntry,
  type RouteName,
  type RouteOutput,
  type RouteParsed,
  type RouteSchema,
} from '@leadreel/shared';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { AuthHooks } from '../plugins/auth.ts';

/** A route's work: from the validated body or query to its envelope's data. */
export type CatalogueHandler<N extends EnvelopeRouteName> = (
  request: FastifyRequest,
  input: RouteParsed<N>,
  reply: FastifyReply,
) => Promise<RouteOutput<N>>;

/** What a module adds to a route beyond the catalogue: limits, and a larger body for uploads of images. */
export type RouteOptions = {
  /** Run before the sign-in check (per-IP limits, so a flood is refused before a token is looked up). */
  onRequest?: onRequestAsyncHookHandler[];
  preHandler?: preHandlerAsyncHookHandler[];
  bodyLimit?: number;
};

/**
 * Registers routes of the catalogue (packages/shared/src/routes) on a module's scope: the method, path,
 * sign-in rule and OpenAPI tag come from the catalogue, validation and the documented answer from its
 * schemas, so a module writes only what each route does.
 */
export function catalogueRoutes(app: FastifyInstance, hooks: AuthHooks) {
  const register = (
    name: RouteName,
    options: RouteOptions,
    handler: (request: FastifyRequest, reply: FastifyReply) => unknown,
  ) => {
    const entry: RouteEntry = ROUTES[name];
    const { method, path, auth, tag } = entry;
    const schemas: RouteSchema = ROUTE_SCHEMAS[name];
    const session = entry.whileDeleting ? hooks.whileDeleting : hooks.required;
    const signIn = auth === 'session' ? [session] : auth === 'optional' ? [hooks.optional] : [];
    const onRequest = [...(options.onRequest ?? []), ...signIn];
    app.route({
      method,
      url: path,
      ...(onRequest.length > 0 ? { onRequest } : {}),
      ...(options.preHandler ? { preHandler: options.preHandler } : {}),
      ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
      schema: {
        tags: [tag],
        ...(schemas.body ? { body: schemas.body } : {}),
        ...(schemas.query ? { querystring: schemas.query } : {}),
        ...(schemas.response ? { response: { 200: okEnvelope(schemas.response) } } : {}),
      },
      handler,
    });
  };
  const inputOf = (name: RouteName, request: FastifyRequest) => {
    const schemas: RouteSchema = ROUTE_SCHEMAS[name];
    return schemas.body ? request.body : schemas.query ? request.query : undefined;
  };

  /** A route answering the `{ statusCode, data }` envelope. */
  function route<N extends EnvelopeRouteName>(name: N, handler: CatalogueHandler<N>, options: RouteOptions = {}) {
    register(name, options, async (request, reply) => ({
      statusCode: 200 as const,
      data: await handler(request, inputOf(name, request) as RouteParsed<N>, reply),
    }));
  }

  /** A route answering something else (a file): the handler sends it with the reply. */
  route.raw = <N extends Exclude<RouteName, EnvelopeRouteName>>(
    name: N,
    handler: (request: FastifyRequest, input: RouteParsed<N>, reply: FastifyReply) => Promise<FastifyReply>,
    options: RouteOptions = {},
  ) => register(name, options, (request, reply) => handler(request, inputOf(name, request) as RouteParsed<N>, reply));

  return route;
}

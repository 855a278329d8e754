import {
  okEnvelope,
  ROUTE_SCHEMAS,
  ROUTES,
  type RouteOutput,
  type RouteParsed,
  type RouteSchema,
  type SchemaRouteName,
} from '@leadreel/shared';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AuthHooks } from '../plugins/auth.ts';

/** A route's work: from the validated body or query to its envelope's data. */
export type CatalogueHandler<N extends SchemaRouteName> = (
  request: FastifyRequest,
  input: RouteParsed<N>,
) => Promise<RouteOutput<N>>;

/**
 * Registers routes of the catalogue (packages/shared/src/routes) on a module's scope: the method, path,
 * sign-in rule and OpenAPI tag come from the catalogue, validation and the documented answer from its
 * schemas, so a module writes only what each route does.
 */
export function catalogueRoutes(app: FastifyInstance, hooks: AuthHooks) {
  return function route<N extends SchemaRouteName>(
    name: N,
    handler: CatalogueHandler<N>,
    options: { preHandler?: preHandlerAsyncHookHandler[] } = {},
  ) {
    const { method, path, auth, tag } = ROUTES[name];
    const schemas: RouteSchema = ROUTE_SCHEMAS[name];
    app.route({
      method,
      url: path,
      ...(auth === 'session' ? { onRequest: hooks.required } : {}),
      ...(options.preHandler ? { preHandler: options.preHandler } : {}),
      schema: {
        tags: [tag],
        ...(schemas.body ? { body: schemas.body } : {}),
        ...(schemas.query ? { querystring: schemas.query } : {}),
        response: { 200: okEnvelope(schemas.response) },
      },
      handler: async (request) => {
        const input = schemas.body ? request.body : schemas.query ? request.query : undefined;
        return { statusCode: 200 as const, data: await handler(request, input as RouteParsed<N>) };
      },
    });
  };
}

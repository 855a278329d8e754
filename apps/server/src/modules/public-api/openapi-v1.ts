import { MESSAGES } from '@leadreel/shared';
import { V1_PAGE_MAX, V1_ROUTES, type V1Route } from '@leadreel/shared/routes/v1';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * zod bounds every integer by the safe range (±9007199254740991), which says nothing and shows in the
 * reference's examples as `"uploadPercent": -9007199254740991`: those bounds are left out.
 */
function withoutSafeBounds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSafeBounds);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const bound = key === 'minimum' || key === 'maximum';
    if (bound && Math.abs(inner as number) === Number.MAX_SAFE_INTEGER) continue;
    out[key] = withoutSafeBounds(inner);
  }
  return out;
}

/** What a request sends, as JSON Schema: defaults optional, transforms described by their input. */
const inputSchema = (schema: z.ZodType) =>
  withoutSafeBounds(
    z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' }),
  ) as JsonSchema;
const outputSchema = (schema: z.ZodType) =>
  withoutSafeBounds(
    z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'openapi-3.0' }),
  ) as JsonSchema;

const errorRef = { $ref: '#/components/schemas/Error' };
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorRef } },
});
const ERRORS = {
  '400': errorResponse('The request is not valid: `error` says why and `field` where.'),
  '401': errorResponse('No API key, or one that is malformed, unknown, rotated or revoked (`api_key_invalid`).'),
  '403': errorResponse("The plan does not allow it (API access, a feature of the plan's period, storage)."),
  '404': errorResponse('Not found: it does not exist, or it is another account’s.'),
  '429': errorResponse('Over the rate limit of the API key: wait the `Retry-After` seconds.'),
};

/** Path and query parameters of a route, from its schemas. */
function parameters(route: V1Route) {
  const list: JsonSchema[] = [];
  const add = (schema: z.ZodType | undefined, where: 'path' | 'query') => {
    if (!schema) return;
    const json = inputSchema(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      const { description, ...rest } = property;
      list.push({
        name,
        in: where,
        required: where === 'path' || (json.required ?? []).includes(name),
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  };
  add(route.params, 'path');
  add(route.query, 'query');
  if (route.idempotent) {
    list.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Any unique string (a UUID): a retry with the same key and body within 24 hours gets the first answer again, with `Idempotent-Replayed: true`, instead of creating twice. The same key with another body is refused (422).',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    });
  }
  return list;
}

function operation(name: string, route: V1Route) {
  const ok = route.created ? '201' : '200';
  const success = route.file
    ? {
        '200': {
          description: 'The file, as a download.',
          content: {
            'text/csv': { schema: { type: 'string' } },
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
              schema: { type: 'string', format: 'binary' },
            },
          },
        },
      }
    : route.response
      ? {
          [ok]: {
            description: route.created ? 'Created.' : 'OK.',
            content: { 'application/json': { schema: outputSchema(route.response) } },
          },
        }
      : { '204': { description: 'Done.' } };
  const failures: Record<string, unknown> = { ...ERRORS };
  if (route.idempotent) {
    failures['409'] = errorResponse('A request with this Idempotency-Key is still running.');
    failures['422'] = errorResponse('This Idempotency-Key was used with a different request.');
  }
  return {
    operationId: name,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    parameters: parameters(route),
    ...(route.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: inputSchema(route.body) } } } }
      : {}),
    responses: { ...success, ...failures },
  };
}

/**
 * The public API's OpenAPI document, written from its catalogue (packages/shared/src/routes/v1.ts), the
 * same catalogue the server registers its routes from: what it says is what the server does.
 */
export function v1Document() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, route] of Object.entries(V1_ROUTES) as [string, V1Route][]) {
    paths[route.path] ??= {};
    (paths[route.path] as Record<string, unknown>)[route.method.toLowerCase()] = operation(name, route);
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'LeadReel API',
      version: '1.0.0',
      description: [
        'Drive LeadReel from code: videos and their uploads, folders, leads, analytics and webhook endpoints.',
        '',
        'Authenticate with an API key from the console (Account › API access) sent as `Authorization: Bearer lr_...`.',
        '',
        'Each key may make a number of requests a minute (600 unless the operator changed it); every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`, and a request over the limit gets 429 with `Retry-After`.',
        '',
        `Lists answer \`{ data, nextCursor }\`, newest first: pass \`nextCursor\` as \`cursor\` for the next page (\`limit\` 1 to ${V1_PAGE_MAX}).`,
        '',
        'A typed TypeScript client is in the `@leadreel/api-client` package of the LeadReel repository.',
      ].join('\n'),
    },
    servers: [{ url: '/api/v1' }],
    security: [{ apiKey: [] }],
    tags: [
      { name: 'videos', description: 'Videos, their inquiry form' },
      { name: 'uploads', description: 'Resumable uploads in parts' },
      { name: 'folders', description: 'Folders of videos' },
      { name: 'leads', description: 'Inquiries viewers sent' },
      { name: 'analytics', description: 'Viewing figures' },
      { name: 'webhooks', description: 'Endpoints that receive events' },
    ],
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: lr_ and 43 characters.' },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['statusCode', 'error', 'message'],
          properties: {
            statusCode: { type: 'integer' },
            error: { type: 'string', description: 'A stable code', enum: Object.keys(MESSAGES) },
            message: { type: 'string', description: 'What went wrong, in English' },
            field: { type: 'string', description: 'The field at fault, when there is one' },
            values: {
              type: 'object',
              additionalProperties: { type: 'string' },
              description: "What fills the `{{name}}` placeholders of the code's text, when it has any",
            },
          },
        },
      },
    },
  };
}

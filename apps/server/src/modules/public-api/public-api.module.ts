import { PARSE_WITHOUT_EVAL_SCRIPT } from '@leadreel/shared/no-eval';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { defineModule } from '../module.ts';
import { createIdempotency, type Idempotency } from './idempotency.ts';
import { v1Document } from './openapi-v1.ts';
import { v1Handlers } from './v1-handlers.ts';
import { registerV1Routes } from './v1-routes.ts';

declare module '../module.ts' {
  interface Services {
    /** The public API's idempotency keys. */
    idempotency: Idempotency;
  }
}

/**
 * The reference page's own policy: Scalar starts from an inline script and styles itself inline. It loads
 * nothing from elsewhere (its script is served from the package, fonts off), and may call only this API.
 */
const REFERENCE_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ');

/**
 * The document at /api/v1/openapi.json, and the reference page that renders it: at /api/v1/docs with
 * Scalar's own words in English, at /api/v1/docs/zh in Chinese (the console links the one of its language).
 */
async function reference(scope: FastifyInstance) {
  const document = v1Document();
  scope.get('/v1/openapi.json', { schema: { hide: true } }, async () => document);
  // The pages' own context, so this hook sees only their answers.
  await scope.register(referencePages, { document });
}

async function referencePages(scope: FastifyInstance, { document }: { document: ReturnType<typeof v1Document> }) {
  // Before Scalar's own script, so the zod inside it never probes `new Function` under the policy below.
  scope.addHook('onSend', async (_request, reply, payload) =>
    typeof payload === 'string' && String(reply.getHeader('content-type')).startsWith('text/html')
      ? payload.replace('<head>', `<head>${PARSE_WITHOUT_EVAL_SCRIPT}`)
      : payload,
  );
  for (const [routePrefix, locale] of [
    ['/v1/docs', 'en'],
    ['/v1/docs/zh', 'zh-CN'],
  ] as const) {
    await scope.register(scalar, {
      routePrefix,
      logLevel: 'warn',
      configuration: {
        content: document,
        pageTitle: 'LeadReel API reference',
        withDefaultFonts: false,
        hideClientButton: true,
        telemetry: false,
        agent: { disabled: true },
        mcp: { disabled: true },
        showDeveloperTools: 'never',
        localization: { locale },
      },
      hooks: {
        onRequest: (_request: FastifyRequest, reply: FastifyReply, done: () => void) => {
          reply.header('content-security-policy', REFERENCE_CSP);
          done();
        },
      },
    });
  }
}

/** The public REST API: API key access to videos, uploads, folders, leads, analytics, webhooks. */
export const publicApiModule = defineModule({
  name: 'public-api',
  create: ({ db, clock }) => ({ idempotency: createIdempotency(db, clock) }),
  api: async (scope, { services, limits, config }) => {
    registerV1Routes(scope, {
      handlers: v1Handlers(services),
      apiKeys: services.apiKeys,
      limits,
      idempotency: services.idempotency,
      perMinute: config.API_RATE_LIMIT_PER_MINUTE,
    });
    await reference(scope);
  },
  sweep: async ({ services }) => {
    await services.idempotency.sweep();
  },
});

import { randomUUID } from 'node:crypto';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { trustProxyOption } from './lib/trusted-proxy.ts';
import { MODULES } from './modules/index.ts';
import type { RouteContext } from './modules/module.ts';
import { createAuthHooks } from './plugins/auth.ts';
import { registerConsole } from './plugins/console.ts';
import { installErrorHandler } from './plugins/errors.ts';
import { registerHealthRoutes } from './plugins/health.ts';
import { registerLimits } from './plugins/limits.ts';
import { publicConfigRoutes } from './plugins/public-config.ts';
import { type AppDeps, createServices } from './services.ts';
import { registerSite } from './site/register.ts';

export { type AppDeps, createServices, type Services } from './services.ts';

const SECRET_QUERY = /([?&](?:token|code|password)=)[^&#]*/gi;

/** Request URLs as logged: values of secret-bearing query parameters replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

export async function buildApp(deps: AppDeps, options: { isReady?: () => boolean } = {}) {
  const { config, db, log } = deps;
  const services = createServices(deps);
  // Browsers PUT parts straight to the bucket and must read each part's ETag (docs/operations.md).
  if ('ensureBucketCors' in services.storage) {
    await (services.storage as { ensureBucketCors: () => Promise<void> })
      .ensureBucketCors()
      .catch((error: unknown) => log.warn({ err: error }, 'could not set the bucket CORS rule; set it by hand'));
  }
  const app = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    genReqId: () => randomUUID(),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // Fastify's defaults are 0 (no limit), which leaves slow-header and slow-body attacks open; the values
    // and how to set them behind a proxy are in docs/operations.md ("Connections and timeouts").
    connectionTimeout: 30_000,
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
      // Node checks the two limits above only this often (30 s by default), which adds to each of them.
      connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(config.HTTP_HEADERS_TIMEOUT_MS / 5))),
    },
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // One line per request, written below, with secrets in query strings (?token= login links) redacted.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    // Below info (LOG_LEVEL=warn) nothing is built: the URL's redaction and the proxied address cost a few
    // µs on every request, the ingestion's thousands a second among them.
    if (!log.isLevelEnabled('info')) return;
    request.log.info(
      {
        method: request.method,
        url: redactUrl(request.url),
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        ip: request.ip,
      },
      'request',
    );
  });
  installErrorHandler(app);

  const google = config.GOOGLE_CLIENT_ID ? ['https://accounts.google.com'] : [];
  // With S3 the browser PUTs upload parts straight to the bucket.
  const storageOrigins =
    config.STORAGE === 's3'
      ? [config.S3_ENDPOINT ? new URL(config.S3_ENDPOINT).origin : 'https://*.amazonaws.com']
      : [];
  // Helmet's defaults assume https. Over plain http (a first run at http://<server-ip>:8080) the CSP's
  // upgrade-insecure-requests makes the browser fetch the console's own scripts over https, which fails, and
  // Strict-Transport-Security means nothing there: both only when the public address is https.
  const https = config.publicUrl.startsWith('https:');
  await app.register(helmet, {
    strictTransportSecurity: https,
    contentSecurityPolicy: {
      directives: {
        upgradeInsecureRequests: https ? [] : null,
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...google],
        // antd writes its CSS-in-JS into <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'", ...google],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // hls.js plays through Media Source Extensions (blob: URLs) and transmuxes in a blob: worker.
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...google, ...storageOrigins],
        frameSrc: ["'self'", ...google],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  const limits = await registerLimits(app, db, config);

  await app.register(swagger, {
    openapi: {
      info: { title: 'LeadReel API', version: '1.0.0', description: 'Every answer is { statusCode, data }.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });

  const hooks = createAuthHooks(services.sessions);
  const context: RouteContext = { services, config, clock: deps.clock, hooks, limits, pageCacheMs: deps.pageCacheMs };
  // First: every request, the API's among them, is for a site (the installation's own or a custom domain).
  await registerSite(app, context);
  await app.register(
    async (api) => {
      for (const module of MODULES) await module.api?.(api, context);
      await api.register(publicConfigRoutes, {
        hooks,
        config: {
          brand: config.BRAND_NAME,
          googleClientId: config.GOOGLE_CLIENT_ID ?? null,
          communityUrl: config.COMMUNITY_URL ?? null,
          supportEmail: config.SUPPORT_EMAIL ?? null,
        },
      });
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );

  registerHealthRoutes(app, db, () => options.isReady?.() ?? true);
  for (const module of MODULES) await module.site?.(app, context);

  await registerConsole(app, config.WEB_DIST);
  return { app, services };
}

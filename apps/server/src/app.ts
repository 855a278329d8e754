import { randomUUID } from 'node:crypto';
import path from 'node:path';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyRequest, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { tooManyRequests, unavailable } from './errors.ts';
import type { Clock } from './lib/clock.ts';
import { serverSecret } from './lib/server-secret.ts';
import { createAccountRepo } from './modules/account/account.repo.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { createAccountService } from './modules/account/account.service.ts';
import { noticeRoutes } from './modules/account/notice.routes.ts';
import { createNoticeService } from './modules/account/notice.service.ts';
import { createTrafficTally } from './modules/account/traffic-tally.ts';
import { createAuthRepo } from './modules/auth/auth.repo.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createDeviceCookies } from './modules/auth/device-cookie.ts';
import { createGoogleVerifier } from './modules/auth/google.ts';
import { createLoginThrottle } from './modules/auth/login-throttle.ts';
import { createSessionService } from './modules/auth/session.service.ts';
import { createVerificationService } from './modules/auth/verification.service.ts';
import { mediaRoutes } from './modules/delivery/media.routes.ts';
import { createEntitlements } from './modules/entitlements/entitlements.ts';
import { type JobQueue, WEBHOOK_RETRY } from './modules/jobs/jobs.ts';
import { createLeadNotifier } from './modules/leads/lead-notifier.ts';
import { formRoutes, leadListRoutes, submitRoutes } from './modules/leads/leads.routes.ts';
import { createLeadService } from './modules/leads/leads.service.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import { pagesRoutes } from './modules/pages/pages.routes.ts';
import { createStorage } from './modules/storage/index.ts';
import { isLocalDriver } from './modules/storage/local.driver.ts';
import { storageRoutes } from './modules/storage/storage.routes.ts';
import type { StorageDriver } from './modules/storage/storage.ts';
import { createCredentialSigner } from './modules/uploads/credential.ts';
import { uploadRoutes } from './modules/uploads/uploads.routes.ts';
import { createUploadsService } from './modules/uploads/uploads.service.ts';
import { createSettingsRepo } from './modules/video-settings/settings.repo.ts';
import { settingsRoutes } from './modules/video-settings/settings.routes.ts';
import { createSettingsService } from './modules/video-settings/settings.service.ts';
import { createSubtitleService } from './modules/video-settings/subtitles.service.ts';
import { ffmpegPipeline } from './modules/videos/ffmpeg-pipeline.ts';
import { createFolderRepo } from './modules/videos/folders.repo.ts';
import { createVideoProcessor, type Pipeline } from './modules/videos/video-processor.ts';
import { createVideoRepo } from './modules/videos/videos.repo.ts';
import { videoRoutes } from './modules/videos/videos.routes.ts';
import { createVideoService } from './modules/videos/videos.service.ts';
import { privateAllowed, publicOnly } from './modules/webhooks/address-policy.ts';
import { createWebhookRepo } from './modules/webhooks/webhooks.repo.ts';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.ts';
import { createWebhookService } from './modules/webhooks/webhooks.service.ts';
import { createAuthHooks } from './plugins/auth.ts';
import { registerConsole } from './plugins/console.ts';
import { installErrorHandler } from './plugins/errors.ts';
import { registerHealthRoutes } from './plugins/health.ts';
import { publicConfigRoutes } from './plugins/public-config.ts';
import { createPgRateLimitStore } from './plugins/rate-limit-store.ts';

const SECRET_QUERY = /([?&](?:token|code|password)=)[^&#]*/gi;

/** Request URLs as logged: values of secret-bearing query parameters replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

export type AppDeps = {
  config: Config;
  db: Db;
  mailer: Mailer;
  clock: Clock;
  log: Logger;
  /** Where jobs are sent; without one (tests of other modules), a finished upload answers 503. */
  queue?: JobQueue;
  /** Defaults to the driver the configuration names. */
  storage?: StorageDriver;
  /** Defaults to the ffmpeg pipeline. */
  pipeline?: Pipeline;
  /** How long a rendered public page is reused (default 2 s); tests of settings use 0 to see each save. */
  pageCacheMs?: number;
};

const noQueue: JobQueue = {
  async enqueueProcessing() {
    throw unavailable('internal_error');
  },
  async enqueueLeadMail() {
    throw unavailable('internal_error');
  },
  async enqueueWebhook() {
    throw unavailable('internal_error');
  },
};

/** The services of every module, wired once; routes and workers both use them. */
export function createServices({ config, db, mailer, clock, log, ...deps }: AppDeps) {
  const storage = deps.storage ?? createStorage(config);
  const queue = deps.queue ?? noQueue;
  const accountRepo = createAccountRepo(db);
  const traffic = createTrafficTally({ save: (bytes) => accountRepo.addUsedTraffic(bytes), log });
  const authRepo = createAuthRepo(db);
  const sessions = createSessionService({
    repo: authRepo,
    clock,
    idleDays: config.SESSION_IDLE_DAYS,
    maxDays: config.SESSION_MAX_DAYS,
  });
  const codes = createVerificationService({ db, repo: authRepo, clock });
  const google = config.GOOGLE_CLIENT_ID
    ? createGoogleVerifier({ clientId: config.GOOGLE_CLIENT_ID, jwksUrl: config.GOOGLE_JWKS_URL })
    : null;
  const videoRepo = createVideoRepo(db);
  const folderRepo = createFolderRepo(db);
  const accounts = createAccountService({
    accounts: accountRepo,
    countVideos: (accountId) => videoRepo.countForAccount(accountId),
  });
  const entitlements = createEntitlements({ find: (accountId) => accountRepo.findById(accountId) });
  const videos = createVideoService({
    db,
    videos: videoRepo,
    folders: folderRepo,
    accounts,
    entitlements,
    storage,
    log,
  });
  const uploads = createUploadsService({
    db,
    videos: videoRepo,
    folders: folderRepo,
    accounts,
    entitlements,
    videoService: videos,
    storage,
    signer: createCredentialSigner(() => serverSecret(db, 'upload-credential')),
    clock,
    log,
    enqueueProcessing: (videoId) => queue.enqueueProcessing(videoId),
    bucket: config.STORAGE === 's3' ? (config.S3_BUCKET ?? '') : 'local',
    region: config.STORAGE === 's3' ? config.S3_REGION : 'local',
  });
  const processor = createVideoProcessor({
    videos: videoRepo,
    storage,
    pipeline: deps.pipeline ?? ffmpegPipeline,
    clock,
    log,
    // Beside the data, not in /tmp (a RAM disk on Debian 13, too small for a ladder), and on the local
    // storage's filesystem, so published segments are linked rather than copied.
    workDir: path.join(config.dataDir, 'work'),
  });
  const canServe = async (accountId: string) => (await entitlements.ofAccount(accountId))?.mayServe ?? false;
  const auth = createAuthService({
    db,
    accounts: accountRepo,
    sessions,
    codes,
    devices: createDeviceCookies({
      loadSecret: () => serverSecret(db, 'device-cookie'),
      secure: config.publicUrl.startsWith('https:'),
    }),
    throttle: createLoginThrottle({ repo: authRepo, clock }),
    clock,
    mailer,
    google,
    brand: config.BRAND_NAME,
    publicUrl: config.publicUrl,
    log,
  });
  const settingsRepo = createSettingsRepo(db);
  const settings = createSettingsService({
    settings: settingsRepo,
    videos: videoRepo,
    entitlements,
    storage,
    publicUrl: config.publicUrl,
  });
  const subtitles = createSubtitleService({ db, videos: videoRepo, entitlements });
  const webhooks = createWebhookService({
    repo: createWebhookRepo(db),
    entitlements,
    clock,
    log,
    policy: config.WEBHOOK_ALLOW_PRIVATE_TARGETS ? privateAllowed : publicOnly,
    // With a queue a worker sends each delivery and retries it; without one (tests of other modules), at once.
    enqueue: deps.queue ? (deliveryId) => queue.enqueueWebhook(deliveryId) : null,
    maxAttempts: WEBHOOK_RETRY.retryLimit + 1,
  });
  const notices = createNoticeService({
    db,
    accounts,
    codes,
    mailer,
    brand: config.BRAND_NAME,
    publicUrl: config.publicUrl,
    log,
  });
  const leadNotifier = createLeadNotifier({
    db,
    mailer,
    entitlements,
    brand: config.BRAND_NAME,
    publicUrl: config.publicUrl,
    log,
  });
  const leads = createLeadService({
    db,
    videos: videoRepo,
    accounts,
    entitlements,
    // With a queue the mail goes out from a worker (retried when SMTP fails); without one (tests of other
    // modules), at once.
    notify: async (leadId) => {
      if (deps.queue) await queue.enqueueLeadMail(leadId);
      else await leadNotifier.send(leadId).catch((error: unknown) => log.warn({ err: error }, 'lead mail failed'));
      await webhooks.leadCreated(leadId);
    },
  });
  return {
    sessions,
    accounts,
    entitlements,
    auth,
    videos,
    uploads,
    processor,
    storage,
    videoRepo,
    canServe,
    traffic,
    settings,
    settingsRepo,
    subtitles,
    leads,
    leadNotifier,
    notices,
    webhooks,
  };
}
export type Services = ReturnType<typeof createServices>;

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
    trustProxy: config.TRUST_PROXY,
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

  await app.register(rateLimit, { global: false, store: createPgRateLimitStore(db) });
  // Two limits can apply to one request (per IP and per account), which the plugin's own hooks do not
  // allow, so each becomes a hook of ours around createRateLimit.
  const limiter = (options: { max: number; timeWindow: number; keyGenerator: (request: FastifyRequest) => string }) => {
    const check = app.createRateLimit(options);
    return async (request: FastifyRequest) => {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) throw tooManyRequests('rate_limited', result.ttlInSeconds);
    };
  };
  const perIp = limiter({
    max: config.AUTH_RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `auth-ip:${request.ip}`,
  });
  // Guessing one account's password or code from many addresses: 10 tries per address per 10 minutes.
  const perEmail = limiter({
    max: 10,
    timeWindow: 10 * 60_000,
    keyGenerator: (request) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      const key = typeof email === 'string' ? email.trim().toLowerCase() : request.ip;
      return `auth-email:${request.routeOptions.url}:${key}`;
    },
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'LeadReel API', version: '1.0.0', description: 'Every answer is { statusCode, data }.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });

  const hooks = createAuthHooks(services.sessions);
  await app.register(
    async (api) => {
      await api.register(authRoutes, {
        auth: services.auth,
        accounts: services.accounts,
        hooks,
        perIp,
        perEmail,
        secureCookies: config.publicUrl.startsWith('https:'),
      });
      await api.register(accountRoutes, { accounts: services.accounts, hooks });
      await api.register(noticeRoutes, { notices: services.notices, hooks, perEmail });
      await api.register(videoRoutes, { videos: services.videos, hooks });
      await api.register(settingsRoutes, { settings: services.settings, subtitles: services.subtitles, hooks });
      await api.register(formRoutes, { leads: services.leads, hooks });
      await api.register(leadListRoutes, { leads: services.leads, hooks });
      await api.register(submitRoutes, {
        leads: services.leads,
        hooks,
        // A viewer sends one form, maybe twice; an office behind one address a few more. A form on a busy
        // page takes many, but not hundreds a minute.
        limits: [
          limiter({ max: 10, timeWindow: 60_000, keyGenerator: (request) => `lead-ip:${request.ip}` }),
          limiter({
            max: 300,
            timeWindow: 60_000,
            keyGenerator: (request) =>
              `lead-video:${String((request.body as { videoId?: unknown })?.videoId).slice(0, 40)}`,
          }),
        ],
      });
      await api.register(uploadRoutes, { uploads: services.uploads, hooks });
      await api.register(webhookRoutes, {
        webhooks: services.webhooks,
        hooks,
        testLimit: limiter({
          max: 10,
          timeWindow: 60_000,
          keyGenerator: (request) => `webhook-test:${request.auth?.accountId ?? request.ip}`,
        }),
      });
      const { storage } = services;
      if (isLocalDriver(storage)) await api.register(storageRoutes, { storage, clock: deps.clock });
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

  await app.register(mediaRoutes, {
    videos: services.videoRepo,
    storage: services.storage,
    canServe: services.canServe,
    countTraffic: services.traffic.add,
  });
  // What was served and not yet saved is saved before the database closes.
  app.addHook('onClose', () => services.traffic.stop());

  await app.register(pagesRoutes, {
    settings: services.settingsRepo,
    entitlements: services.entitlements,
    recordClick: async (click) => {
      await services.settings.recordClick(click);
      await services.webhooks.contactClicked({
        videoId: click.videoId,
        kind: click.kind,
        second: click.second,
        pageUrl: click.page,
        referrer: click.referrer,
        viewerId: click.viewerId ?? null,
      });
    },
    subtitleTrack: (videoId, subtitleId) => services.subtitles.publicTrack(videoId, subtitleId),
    // A viewer clicks a few buttons a minute; a page that sends more is not a viewer.
    clickLimit: limiter({ max: 60, timeWindow: 60_000, keyGenerator: (request) => `click-ip:${request.ip}` }),
    publicUrl: config.publicUrl,
    brand: config.BRAND_NAME,
    pageCacheMs: deps.pageCacheMs,
  });

  await registerConsole(app, config.WEB_DIST);
  return { app, services };
}

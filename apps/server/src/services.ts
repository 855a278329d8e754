import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { unavailable } from './errors.ts';
import type { Clock } from './lib/clock.ts';
import { serverSecret } from './lib/server-secret.ts';
import { createAccountRepo } from './modules/account/account.repo.ts';
import { createAccountService } from './modules/account/account.service.ts';
import { createNoticeService } from './modules/account/notice.service.ts';
import { createTrafficTally } from './modules/account/traffic-tally.ts';
import { createAuthRepo } from './modules/auth/auth.repo.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createDeviceCookies } from './modules/auth/device-cookie.ts';
import { createGoogleVerifier } from './modules/auth/google.ts';
import { createLoginThrottle } from './modules/auth/login-throttle.ts';
import { createSessionService } from './modules/auth/session.service.ts';
import { createVerificationService } from './modules/auth/verification.service.ts';
import { createEntitlements } from './modules/entitlements/entitlements.ts';
import { createEventBus } from './modules/events/events.ts';
import { MODULES, moduleWorkers } from './modules/index.ts';
import type { JobQueue, JobWorker } from './modules/jobs/jobs.ts';
import { createLeadNotifier } from './modules/leads/lead-notifier.ts';
import { createLeadRepo } from './modules/leads/leads.repo.ts';
import { createLeadService } from './modules/leads/leads.service.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import { createStorage } from './modules/storage/index.ts';
import type { StorageDriver } from './modules/storage/storage.ts';
import { createCredentialSigner } from './modules/uploads/credential.ts';
import { createUploadsService } from './modules/uploads/uploads.service.ts';
import { createSettingsRepo } from './modules/video-settings/settings.repo.ts';
import { createSettingsService } from './modules/video-settings/settings.service.ts';
import { createSubtitleService } from './modules/video-settings/subtitles.service.ts';
import { ffmpegPipeline } from './modules/videos/ffmpeg-pipeline.ts';
import { createFolderRepo } from './modules/videos/folders.repo.ts';
import { createVideoProcessor, type Pipeline } from './modules/videos/video-processor.ts';
import { VIDEO_PROCESS } from './modules/videos/videos.jobs.ts';
import { createVideoRepo } from './modules/videos/videos.repo.ts';
import { createVideoService } from './modules/videos/videos.service.ts';
import { privateAllowed, publicOnly } from './modules/webhooks/address-policy.ts';
import { WEBHOOK_DELIVERY } from './modules/webhooks/webhooks.jobs.ts';
import { createWebhookRepo } from './modules/webhooks/webhooks.repo.ts';
import { createWebhookService } from './modules/webhooks/webhooks.service.ts';

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
  async send() {
    throw unavailable('internal_error');
  },
};

/** The services of every module, wired once; routes and workers both use them. */
export function createServices({ config, db, mailer, clock, log, ...deps }: AppDeps) {
  const storage = deps.storage ?? createStorage(config);
  const queue = deps.queue ?? noQueue;
  // Reactions to events run from jobs written in the change's own transaction (modules/events), or, without
  // a queue (tests of other modules), right after its commit.
  let workers: JobWorker[] = [];
  const events = createEventBus({
    db,
    queue: deps.queue ?? null,
    reactions: MODULES.map((module) => module.reactions ?? {}),
    runNow: async (kind, data) => {
      const handler = workers.find((candidate) => candidate.kind === kind);
      await handler?.handle([{ data, signal: new AbortController().signal }]);
    },
    log,
  });
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
    enqueueProcessing: (videoId) => queue.send(VIDEO_PROCESS, { videoId }),
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
    events,
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
    enqueue: deps.queue ? (deliveryId) => queue.send(WEBHOOK_DELIVERY, { deliveryId }) : null,
    maxAttempts: (WEBHOOK_DELIVERY.policy?.retryLimit ?? 0) + 1,
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
  const leadRepo = createLeadRepo(db);
  const leadNotifier = createLeadNotifier({
    leads: leadRepo,
    accounts,
    mailer,
    entitlements,
    brand: config.BRAND_NAME,
    publicUrl: config.publicUrl,
    log,
  });
  const leads = createLeadService({
    repo: leadRepo,
    forms: settings,
    videos: videoRepo,
    accounts,
    entitlements,
    events,
  });
  const services = {
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
  // The queue-less mode's reactions run as a worker would run them.
  workers = moduleWorkers({ services, config, clock }, log);
  return services;
}
export type Services = ReturnType<typeof createServices>;

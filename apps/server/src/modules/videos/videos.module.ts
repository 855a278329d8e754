import path from 'node:path';
import { transactor } from '../../db/database.ts';
import { unavailable } from '../../errors.ts';
import { serverSecret } from '../../lib/server-secret.ts';
import { worker } from '../jobs/jobs.ts';
import { defineModule } from '../module.ts';
import { createCredentialSigner } from './credential.ts';
import { ffmpegPipeline } from './ffmpeg-pipeline.ts';
import { createFolderRepo } from './folders.repo.ts';
import { uploadRoutes } from './uploads.routes.ts';
import { createUploadsService, type UploadsService } from './uploads.service.ts';
import { createVideoAnnouncer } from './video-events.ts';
import { createVideoProcessor, type VideoProcessor } from './video-processor.ts';
import { VIDEO_LAPSE, VIDEO_PROCESS, VIDEO_RESTORE } from './videos.jobs.ts';
import { createVideoRepo } from './videos.repo.ts';
import { videoRoutes } from './videos.routes.ts';
import { createVideoService, type VideoService } from './videos.service.ts';

declare module '../module.ts' {
  interface Services {
    videos: VideoService;
    uploads: UploadsService;
    processor: VideoProcessor;
    /** What a lapsed plan's periods do to the account's videos, and renewing undoes. */
    videoLapse: {
      apply: (job: {
        accountId: string;
        period: 'clear-period' | 'real-clear-period';
        planEnd: string;
      }) => Promise<number>;
      restore: (accountId: string) => Promise<number>;
    };
  }
}

/**
 * Folders, the video list, the upload flow (pre-add, the storage handshake, success, failure,
 * heartbeats) and encoding uploaded videos into HLS. Uploading is a video's first state, so the module that
 * owns the video's states owns its upload.
 */
export const videosModule = defineModule({
  name: 'videos',
  create: ({ db, services, config, storage, queue, events, clock, log, pipeline }) => {
    const repo = createVideoRepo(db);
    const folders = createFolderRepo(db);
    const transaction = transactor(db);
    const { accounts, entitlements } = services;
    const videos = createVideoService({
      transaction,
      videos: repo,
      folders,
      accounts,
      entitlements,
      storage,
      log,
      translating: (videoIds) => services.speech.translatingPercent(videoIds),
    });
    const uploads = createUploadsService({
      transaction,
      videos: repo,
      folders,
      accounts,
      videoService: videos,
      storage,
      signer: createCredentialSigner(() => serverSecret(db, 'upload-credential')),
      clock,
      log,
      enqueueProcessing: async (videoId) => {
        // Without a queue (tests of other modules) a finished upload answers 503.
        if (!queue) throw unavailable('internal_error');
        await queue.send(VIDEO_PROCESS, { videoId });
      },
      bucket: config.STORAGE === 's3' ? (config.S3_BUCKET ?? '') : 'local',
      region: config.STORAGE === 's3' ? config.S3_REGION : 'local',
    });
    const processor = createVideoProcessor({
      transaction,
      videos: repo,
      accounts,
      storage,
      pipeline: pipeline ?? ffmpegPipeline,
      clock,
      log,
      // Beside the data, not in /tmp (a RAM disk on Debian 13, too small for a ladder), and on the local
      // storage's filesystem, so published segments are linked rather than copied.
      workDir: path.join(config.dataDir, 'work'),
      // video.playable and video.ready, for webhooks (docs/product.md "Public API and webhooks").
      published: createVideoAnnouncer({ events, videos: repo, clock, log }),
    });
    const enqueue = async (videoId: string) => {
      if (!queue) throw unavailable('internal_error');
      await queue.send(VIDEO_PROCESS, { videoId });
    };
    /**
     * What a plan's lifecycle does to the account's videos, each step only while the
     * account is still where the step was decided (a renewal meanwhile wins).
     */
    const videoLapse = {
      async apply(job: { accountId: string; period: 'clear-period' | 'real-clear-period'; planEnd: string }) {
        const rights = await entitlements.ofAccount(job.accountId);
        if (!rights || rights.periodEnd?.toISOString() !== job.planEnd) return 0;
        if (job.period === 'real-clear-period' && rights.period === 'real-clear-period') {
          return videos.deleteForLapse(job.accountId);
        }
        if (rights.period === 'clear-period' || rights.period === 'real-clear-period') {
          return videos.clearForLapse(job.accountId);
        }
        return 0;
      },
      async restore(accountId: string) {
        const rights = await entitlements.ofAccount(accountId);
        if (rights?.period !== 'normal-period') return 0;
        return videos.restoreCleared(accountId, enqueue);
      },
    };
    return { videos, uploads, processor, videoLapse };
  },
  api: async (scope, { services, hooks }) => {
    await scope.register(videoRoutes, { videos: services.videos, hooks });
    await scope.register(uploadRoutes, { uploads: services.uploads, hooks });
  },
  jobs: [VIDEO_PROCESS, VIDEO_LAPSE, VIDEO_RESTORE],
  reactions: { 'plan.lapsed': VIDEO_LAPSE, 'plan.opened': VIDEO_RESTORE },
  workers: ({ services }) => [
    worker(VIDEO_LAPSE, async (jobs) => {
      for (const job of jobs) await services.videoLapse.apply(job.data);
    }),
    worker(VIDEO_RESTORE, async (jobs) => {
      for (const job of jobs) await services.videoLapse.restore(job.data.accountId);
    }),
    worker(
      VIDEO_PROCESS,
      async ([job]) => {
        if (job) await services.processor.process(job.data.videoId, job.signal);
      },
      // What media jobs of dead workers left on this machine, before this worker takes media jobs.
      () => services.processor.sweep(),
    ),
  ],
  sweep: async ({ services, config }) => {
    await services.uploads.sweep(config.uploadTtlMs);
    await services.processor.announceMissed();
  },
});

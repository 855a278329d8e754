import { worker } from '../jobs/jobs.ts';
import { defineModule } from '../module.ts';
import { VIDEO_PROCESS } from './videos.jobs.ts';
import { videoRoutes } from './videos.routes.ts';

/** Folders, the video list, and encoding uploaded videos into HLS. */
export const videosModule = defineModule({
  name: 'videos',
  api: async (scope, { services, hooks }) => {
    await scope.register(videoRoutes, { videos: services.videos, hooks });
  },
  jobs: [VIDEO_PROCESS],
  workers: ({ services }) => [
    worker(
      VIDEO_PROCESS,
      async ([job]) => {
        if (job) await services.processor.process(job.data.videoId, job.signal);
      },
      // What media jobs of dead workers left on this machine, before this worker takes media jobs.
      () => services.processor.sweep(),
    ),
  ],
});

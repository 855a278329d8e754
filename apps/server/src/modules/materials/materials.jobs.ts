import { defineJob } from '../jobs/jobs.ts';

/**
 * Processing a material whose bytes are in (material-processor.ts). A run whose worker died is retried by
 * another; three runs, then the sweep fails the material (materials.service.ts). One queued job per material.
 */
export const MATERIAL_PROCESS = defineJob<{ materialId: string }>({
  name: 'material-process',
  policy: { heartbeatSeconds: 30, retryLimit: 2, retryDelay: 5, expireInSeconds: 1800, notify: true },
  // ffmpeg and rsvg-convert use the machine's cores, as the videos' media jobs do: one at a time per worker.
  work: { localConcurrency: 1, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 5 },
  key: (job) => job.materialId,
});

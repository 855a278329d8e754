import path from 'node:path';
import { transactor } from '../../db/database.ts';
import { worker } from '../jobs/jobs.ts';
import { defineModule } from '../module.ts';
import type { Engines } from './engines/engine.ts';
import { createEngines } from './engines/index.ts';
import { SPEECH_TASK } from './speech.jobs.ts';
import { createSpeechRepo } from './speech.repo.ts';
import { speechRoutes } from './speech.routes.ts';
import { createSpeechService, type SpeechService } from './speech.service.ts';
import { createDubber } from './speech-dub.ts';
import { createSpeechRunner, type SpeechRunner } from './speech-runner.ts';

declare module '../module.ts' {
  interface Services {
    speech: SpeechService;
    speechRunner: SpeechRunner;
    /** The configured engines, for other AI work (blog-to-video's voice-over and summaries). */
    speechEngines: Engines;
  }
}

/** Speech tasks: subtitles from speech, translation and dubbing, with the configured engines (docs/product.md "Speech tasks"). */
export const speechModule = defineModule({
  name: 'speech',
  create: ({ db, services, config, storage, queue, log }) => {
    const repo = createSpeechRepo(db);
    const transaction = transactor(db);
    const engines = createEngines(config);
    const dubber = createDubber({ storage, speaker: engines.speaker, videos: services.videos });
    const speech = createSpeechService({
      repo,
      transaction,
      engines,
      videos: services.videos,
      subtitles: services.subtitles,
      credits: services.credits,
      entitlements: services.entitlements,
      catalogue: config.catalogue,
      storage,
      dubber,
      queue,
      log,
    });
    const speechRunner = createSpeechRunner({
      repo,
      transaction,
      engines,
      speech,
      subtitles: services.subtitles,
      videos: services.videos,
      storage,
      dubber,
      // Beside the media jobs' folders, which every worker sweeps of dead workers' leftovers when it starts.
      workRoot: path.join(config.dataDir, 'work'),
      log,
    });
    return { speech, speechRunner, speechEngines: engines };
  },
  api: async (scope, { services, hooks }) => {
    await scope.register(speechRoutes, { speech: services.speech, hooks });
  },
  jobs: [SPEECH_TASK],
  workers: ({ services }) => [
    worker(SPEECH_TASK, async (jobs) => {
      for (const job of jobs) await services.speechRunner.run(job.data.taskId, job.signal);
    }),
  ],
});

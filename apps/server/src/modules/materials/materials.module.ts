import path from 'node:path';
import { transactor } from '../../db/database.ts';
import { unavailable } from '../../errors.ts';
import { serverSecret } from '../../lib/server-secret.ts';
import { worker } from '../jobs/jobs.ts';
import { defineModule } from '../module.ts';
import { createCredentialSigner } from '../videos/credential.ts';
import { materialMediaRoutes } from './material-media.routes.ts';
import { createMaterialProcessor, type MaterialProcessor } from './material-processor.ts';
import { MATERIAL_PROCESS } from './materials.jobs.ts';
import { createMaterialRepo } from './materials.repo.ts';
import { materialRoutes } from './materials.routes.ts';
import { createMaterialsService, type MaterialsService } from './materials.service.ts';
import { createOnlineService, type OnlineService } from './online.service.ts';
import { createPexels } from './stock/pexels.ts';

declare module '../module.ts' {
  interface Services {
    materials: MaterialsService;
    materialProcessor: MaterialProcessor;
    onlineMaterials: OnlineService;
  }
}

/**
 * The materials library: pictures, sounds and clips for blog-to-video, uploaded the way videos are or taken
 * from the configured stock provider, checked by their bytes, and served to the console under
 * /media/material (docs/product.md "Blog-to-video").
 */
export const materialsModule = defineModule({
  name: 'materials',
  create: ({ db, services, config, storage, queue, clock, log }) => {
    const repo = createMaterialRepo(db);
    const transaction = transactor(db);
    // Beside the media jobs' folders, which every worker sweeps of dead workers' leftovers when it starts.
    const workDir = path.join(config.dataDir, 'work');
    const send = async (trx: typeof db, materialId: string) => {
      // Without a queue (tests of other modules) a finished upload answers 503.
      if (!queue) throw unavailable('internal_error');
      await queue.send(MATERIAL_PROCESS, { materialId }, { within: trx });
    };
    const materialProcessor = createMaterialProcessor({
      transaction,
      repo,
      accounts: services.accounts,
      storage,
      log,
      workDir,
    });
    const materials = createMaterialsService({
      transaction,
      repo,
      accounts: services.accounts,
      storage,
      // The same credential as the videos' upload flow hands out (one secret, one grant for both).
      signer: createCredentialSigner(() => serverSecret(db, 'upload-credential')),
      processor: materialProcessor,
      clock,
      log,
      enqueue: send,
      workDir,
    });
    const provider =
      config.STOCK_MEDIA_PROVIDER === 'pexels' && config.PEXELS_API_KEY
        ? createPexels({ apiKey: config.PEXELS_API_KEY, baseUrl: config.PEXELS_API_URL })
        : null;
    const onlineMaterials = createOnlineService({ provider, materials, storage, enqueue: send, workDir, log });
    return { materials, materialProcessor, onlineMaterials };
  },
  api: async (scope, { services, hooks }) => {
    await scope.register(materialRoutes, {
      materials: services.materials,
      online: services.onlineMaterials,
      hooks,
    });
  },
  site: async (app, { services }) => {
    await app.register(materialMediaRoutes, {
      findById: (materialId) => services.materials.findRow(materialId),
      // Entitlements are null for an account scheduled for deletion, or gone.
      isLocked: async (accountId) => (await services.entitlements.ofAccount(accountId)) === null,
      storage: services.storage,
    });
  },
  jobs: [MATERIAL_PROCESS],
  workers: ({ services }) => [
    worker(MATERIAL_PROCESS, async ([job]) => {
      if (job) await services.materialProcessor.process(job.data.materialId, job.signal);
    }),
  ],
  sweep: async ({ services, config }) => {
    await services.materials.sweep(config.uploadTtlMs);
  },
});

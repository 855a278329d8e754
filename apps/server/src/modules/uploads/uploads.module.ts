import { defineModule } from '../module.ts';
import { uploadRoutes } from './uploads.routes.ts';

/** The upload flow (spec §7): pre-add, the storage handshake, success, failure, heartbeats. */
export const uploadsModule = defineModule({
  name: 'uploads',
  api: async (scope, { services, hooks }) => {
    await scope.register(uploadRoutes, { uploads: services.uploads, hooks });
  },
  sweep: async ({ services, config }) => {
    await services.uploads.sweep(config.uploadTtlMs);
  },
});

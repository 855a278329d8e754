import { defineModule } from '../module.ts';
import { createExportRepo } from './exports.repo.ts';
import { exportRoutes } from './exports.routes.ts';
import { createExportService, type ExportService } from './exports.service.ts';

declare module '../module.ts' {
  interface Services {
    /** Links to download an account's originals and leads (mailed before a lapsed plan clears them). */
    exports: ExportService;
  }
}

/** The account's export: its video originals and leads, behind a mailed link. */
export const exportsModule = defineModule({
  name: 'exports',
  create: ({ db, clock, config }) => ({
    exports: createExportService({ repo: createExportRepo(db), clock, publicUrl: config.publicUrl }),
  }),
  site: async (app, { services }) => {
    await app.register(exportRoutes, { exports: services.exports, videos: services.videos, leads: services.leads });
  },
  sweep: async ({ services }) => {
    await services.exports.sweep();
  },
});

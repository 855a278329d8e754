import { accountModule } from './account/account.module.ts';
import { accountDeletionModule } from './account-deletion/account-deletion.module.ts';
import { adminModule } from './admin/admin.module.ts';
import { affiliatesModule } from './affiliates/affiliates.module.ts';
import { albumsModule } from './albums/albums.module.ts';
import { analyticsModule } from './analytics/analytics.module.ts';
import { apiKeysModule } from './api-keys/api-keys.module.ts';
import { authModule } from './auth/auth.module.ts';
import { billingModule } from './billing/billing.module.ts';
import { blogModule } from './blog/blog.module.ts';
import { brandsModule } from './brands/brands.module.ts';
import { deliveryModule } from './delivery/delivery.module.ts';
import { domainsModule } from './domains/domains.module.ts';
import { exportsModule } from './exports/exports.module.ts';
import { MAINTENANCE_SWEEP, worker } from './jobs/jobs.ts';
import { leadsModule } from './leads/leads.module.ts';
import { lifecycleModule } from './lifecycle/lifecycle.module.ts';
import { materialsModule } from './materials/materials.module.ts';
import type { AppModule, ModuleContext } from './module.ts';
import { pagesModule } from './pages/pages.module.ts';
import { publicApiModule } from './public-api/public-api.module.ts';
import { sitePagesModule } from './sites/site-pages.module.ts';
import { sitesModule } from './sites/sites.module.ts';
import { speechModule } from './speech/speech.module.ts';
import { storageModule } from './storage/storage.module.ts';
import { videoSettingsModule } from './video-settings/video-settings.module.ts';
import { videosModule } from './videos/videos.module.ts';
import { webhooksModule } from './webhooks/webhooks.module.ts';

/**
 * Every module of the application, once. Adding a module is one line here. Services are made, and routes
 * registered, in this order; a module may use the services of one listed after it (module.ts).
 */
export const MODULES: readonly AppModule[] = [
  storageModule,
  accountModule,
  authModule,
  billingModule,
  lifecycleModule,
  videosModule,
  videoSettingsModule,
  leadsModule,
  webhooksModule,
  apiKeysModule,
  publicApiModule,
  accountDeletionModule,
  affiliatesModule,
  deliveryModule,
  brandsModule,
  domainsModule,
  sitesModule,
  albumsModule,
  speechModule,
  blogModule,
  materialsModule,
  pagesModule,
  exportsModule,
  analyticsModule,
  sitePagesModule,
  adminModule,
];

/** The kinds of job the modules send: every process creates their queues when it opens the queue. */
export const JOB_KINDS = MODULES.flatMap((module) => module.jobs ?? []);

/** What a worker process does: each module's workers, and the maintenance sweep over every module's. */
export function moduleWorkers(context: ModuleContext, log: { info: (message: string) => void }) {
  return [
    worker(MAINTENANCE_SWEEP, async () => {
      for (const module of MODULES) await module.sweep?.(context);
      log.info('swept expired sessions, codes and uploads');
    }),
    ...MODULES.flatMap((module) => module.workers?.(context) ?? []),
  ];
}

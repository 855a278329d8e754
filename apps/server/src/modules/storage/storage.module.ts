import { defineModule } from '../module.ts';
import { isLocalDriver } from './local.driver.ts';
import { storageRoutes } from './storage.routes.ts';
import type { StorageDriver } from './storage.ts';

declare module '../module.ts' {
  interface Services {
    /** The driver the configuration names (local or S3), made by the process (services.ts). */
    storage: StorageDriver;
  }
}

/** Where bytes live. With local storage, the server also answers the signed part URLs S3 would. */
export const storageModule = defineModule({
  name: 'storage',
  create: ({ storage }) => ({ storage }),
  api: async (scope, { services, clock }) => {
    const { storage } = services;
    if (isLocalDriver(storage)) await scope.register(storageRoutes, { storage, clock });
  },
});

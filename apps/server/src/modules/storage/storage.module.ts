import { defineModule } from '../module.ts';
import { isLocalDriver } from './local.driver.ts';
import { storageRoutes } from './storage.routes.ts';

/** Where bytes live. With local storage, the server also answers the signed part URLs S3 would. */
export const storageModule = defineModule({
  name: 'storage',
  api: async (scope, { services, clock }) => {
    const { storage } = services;
    if (isLocalDriver(storage)) await scope.register(storageRoutes, { storage, clock });
  },
});

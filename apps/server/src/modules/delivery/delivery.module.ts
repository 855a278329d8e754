import { defineModule } from '../module.ts';
import { mediaRoutes } from './media.routes.ts';

/** HLS playlists, segments and brand images under /media, counted against the account's traffic. */
export const deliveryModule = defineModule({
  name: 'delivery',
  site: async (app, { services }) => {
    await app.register(mediaRoutes, {
      videos: services.videos,
      storage: services.storage,
      canServe: services.canServe,
      // Entitlements are null for an account scheduled for deletion, or gone.
      isLocked: async (accountId) => (await services.entitlements.ofAccount(accountId)) === null,
      countTraffic: services.traffic.add,
    });
    // What was served and not yet saved is saved before the database closes.
    app.addHook('onClose', () => services.traffic.stop());
  },
});

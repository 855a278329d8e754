import { apiPath } from '@leadreel/shared';
import { ANALYTICS_BATCH_MAX_BYTES, analyticsBatchBody, isPlainBatch } from '@leadreel/shared/contracts/analytics';
import type { FastifyPluginAsync } from 'fastify';
import { acceptBeacons, parseBeacon } from '../../lib/beacon.ts';
import type { AnalyticsService } from './analytics.service.ts';

/**
 * The ingestion endpoint: the player's batches, as beacons or fetches with keepalive.
 * Answers 204 as soon as the batch is checked and queued; writing happens in the background.
 */
export const analyticsRoutes: FastifyPluginAsync<{ analytics: AnalyticsService }> = async (app, { analytics }) => {
  acceptBeacons(app, ANALYTICS_BATCH_MAX_BYTES);
  app.post(
    apiPath('public.events'),
    {
      bodyLimit: ANALYTICS_BATCH_MAX_BYTES,
      schema: { hide: true },
      // Helmet's headers (CSP, frame options, COOP...) tell a browser how to treat a document; a beacon's
      // answer is an empty 204 no page ever renders. Building them cost about a tenth of this route's CPU
      // (bench:ingest profile), on the route that takes the most requests.
      helmet: false,
    },
    (request, reply) => {
      // A batch as the player sends it is taken as it is; any other gets the schema's answer or message.
      const batch = isPlainBatch(request.body) ? request.body : parseBeacon(analyticsBatchBody, request.body);
      const taken = analytics.ingest(batch, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        // Do Not Track, and its successor Global Privacy Control: counted, but not as a known viewer.
        doNotTrack: request.headers.dnt === '1' || request.headers['sec-gpc'] === '1',
      });
      // Mostly taken at once (the video's owner remembered): answered without a promise.
      if (typeof taken !== 'number') return taken.then(() => reply.code(204).send());
      reply.code(204).send();
    },
  );
};

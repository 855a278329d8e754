import { ANALYTICS_BATCH_MAX_BYTES } from '@leadreel/shared/contracts/analytics';
import { acceptBeacons } from '../apps/server/src/lib/beacon.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { runServer } from '../apps/server/src/server.ts';

/**
 * The LeadReel server with two more routes, for bench:ingest. Both take the same requests as the ingestion
 * route, in the same process with the same route settings (no helmet headers, the same body limit), and
 * answer an empty 204:
 * - `POST /bench/noop` reads the body and throws it away: the no-op route.
 * - `POST /bench/parse` reads it as JSON, as the ingestion route's body parser does, and does nothing more:
 *   the least any ingestion of these batches must do.
 */
await runServer(systemClock, (app) => {
  const answer = { helmet: false, schema: { hide: true }, bodyLimit: ANALYTICS_BATCH_MAX_BYTES } as const;
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'text/plain',
      { parseAs: 'buffer', bodyLimit: ANALYTICS_BATCH_MAX_BYTES },
      (_r, _b, done) => done(null, undefined),
    );
    scope.post('/bench/noop', answer, async (_request, reply) => reply.code(204).send());
  });
  app.register(async (scope) => {
    acceptBeacons(scope, ANALYTICS_BATCH_MAX_BYTES);
    scope.post('/bench/parse', answer, async (_request, reply) => reply.code(204).send());
  });
});

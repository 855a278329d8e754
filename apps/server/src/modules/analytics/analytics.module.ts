import path from 'node:path';
import { poolOf } from '../../db/database.ts';
import type { MigrationSet } from '../../db/migrate.ts';
import type { EventMap } from '../events/events.ts';
import { defineJob, worker } from '../jobs/jobs.ts';
import { defineModule } from '../module.ts';
import { analyticsRoutes } from './analytics.routes.ts';
import type { AnalyticsDatabase, AnalyticsDb } from './analytics.schema.ts';
import { type AnalyticsService, createAnalyticsService } from './analytics.service.ts';
import { createEventWriter } from './event-writer.ts';
import { createEventBatch, createEventRepo, type EventBatch, type EventRow } from './events.repo.ts';
import { createFiguresRepo } from './figures.repo.ts';
import { figureRoutes } from './figures.routes.ts';
import { createFigures, type Figures } from './figures.service.ts';
import { createCountryLookup } from './geoip.ts';
import { createRollupRepo } from './rollups.repo.ts';

declare module '../module.ts' {
  interface Services {
    /** Viewing events: ingestion, storage by day, rollups. */
    analytics: AnalyticsService;
    /** The analytics screens' figures. */
    figures: Figures;
  }
}

/** The analytics tables' migrations, recorded apart from the application's (their database may be another). */
export const ANALYTICS_MIGRATIONS: MigrationSet = {
  dir: path.join(import.meta.dirname, 'migrations'),
  table: 'analytics_migration',
};

/** Makes the coming days' partitions and drops those past the retention: hourly, by one worker. */
export const ANALYTICS_PARTITIONS = defineJob({ name: 'analytics-partitions', schedule: '7 * * * *' });

/**
 * Rolls the raw events into sessions, hours and viewers: a few seconds after events are written (asked by
 * the process that wrote them), and every minute, by one worker (it also announces ended sessions).
 */
export const ANALYTICS_ROLLUP = defineJob({ name: 'analytics-rollup', schedule: '* * * * *' });

/**
 * A stored lead, and a stored click, counted in the video's figures (the player's own claims are not:
 * ingest.ts). Safe to run twice: the analytics event's id is the lead's or the click's.
 */
export const ANALYTICS_LEAD = defineJob<EventMap['lead.created']>({
  name: 'analytics-lead',
  policy: { retryLimit: 10, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  work: { batchSize: 1, localConcurrency: 2, pollingIntervalSeconds: 2 },
  key: (job) => job.leadId,
});
export const ANALYTICS_CLICK = defineJob<EventMap['contact.clicked']>({
  name: 'analytics-click',
  policy: { retryLimit: 10, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  work: { batchSize: 1, localConcurrency: 2, pollingIntervalSeconds: 2 },
  key: (job) => job.clickId,
});

/** PostgreSQL's check_violation: a row for a day that has no partition yet. */
const NO_PARTITION = '23514';

/** Analytics: every play measured; decision 0024. */
export const analyticsModule = defineModule({
  name: 'analytics',
  create: (context) => {
    const { clock, config, log, services, queue } = context;
    const analyticsDb = context.analyticsDb.withTables<AnalyticsDatabase>() as unknown as AnalyticsDb;
    const events = createEventRepo(analyticsDb, poolOf(context.analyticsDb), {
      onRefused: (error) => log.error({ err: error }, 'an analytics event the database will not store: set aside'),
    });
    let analytics: AnalyticsService | undefined;
    const writer = createEventWriter<EventRow, EventBatch>({
      log,
      newBatch: createEventBatch,
      write: async (batch) => {
        try {
          await events.insert(batch);
        } catch (error) {
          // A server up since before midnight, with the hourly job not yet run: make the days, and again.
          if ((error as { code?: string }).code !== NO_PARTITION || !analytics) throw error;
          await analytics.ensurePartitions();
          await events.insert(batch);
        }
        analytics?.written(batch.size);
      },
    });
    analytics = createAnalyticsService({
      events,
      rollups: createRollupRepo(analyticsDb),
      writer,
      // Without a queue (tests of other modules) the minute's run is the only one.
      askRollup: queue
        ? (afterSeconds) =>
            queue.send(ANALYTICS_ROLLUP, {}, { afterSeconds }).catch((error: unknown) => {
              // The events are written: the minute's run rolls them up instead.
              log.warn({ err: error }, 'could not ask for an analytics rollup');
            })
        : null,
      countryOf: createCountryLookup(config.GEOIP_DB, { log }),
      announceEnded: (accountId, session) => services.webhooks.sessionEnded(accountId, session),
      durations: async (videoIds) => {
        const durations = new Map<string, number>();
        for (const id of videoIds) durations.set(id, (await services.videos.findById(id))?.duration_sec ?? 0);
        return durations;
      },
      clock,
      retentionDays: config.ANALYTICS_RETENTION_DAYS,
      accountOfVideo: async (videoId) => {
        const video = await services.videos.findById(videoId);
        if (!video || !['processing', 'ready'].includes(video.status)) return undefined;
        const account = await services.accounts.find(video.account_id);
        return account && { accountId: account.id, privacyMode: account.privacy_mode };
      },
    });
    const figures = createFigures({
      repo: createFiguresRepo(analyticsDb),
      ownVideo: async (accountId, videoId) => {
        const video = await services.videos.ownVideo(accountId, videoId, 'videoSettings');
        return { duration: video.duration_sec ?? 0 };
      },
      videosOf: (accountId, videoIds) => services.videos.status(accountId, videoIds),
      assertOverview: (accountId) => services.entitlements.assertFeature(accountId, 'dashboardOverview'),
    });
    return { analytics, figures };
  },
  api: async (scope, { services, hooks }) => {
    await scope.register(figureRoutes, { figures: services.figures, hooks });
  },
  site: async (app, { services }) => {
    await app.register(analyticsRoutes, { analytics: services.analytics });
    // What waits is written before the process exits.
    app.addHook('onClose', () => services.analytics.stop());
  },
  jobs: [ANALYTICS_PARTITIONS, ANALYTICS_ROLLUP, ANALYTICS_LEAD, ANALYTICS_CLICK],
  reactions: { 'lead.created': ANALYTICS_LEAD, 'contact.clicked': ANALYTICS_CLICK },
  workers: ({ services }) => [
    worker(ANALYTICS_LEAD, async ([job]) => {
      if (!job) return;
      const { leadId, at, ...lead } = job.data;
      await services.analytics.recordStored({ id: leadId, kind: 'form_submitted', at, ...lead });
    }),
    worker(ANALYTICS_CLICK, async ([job]) => {
      if (!job) return;
      const { clickId, at, kind, second: _second, ...click } = job.data;
      await services.analytics.recordStored({ id: clickId, kind: 'click', click: kind, at: at * 1000, ...click });
    }),
    worker(ANALYTICS_PARTITIONS, async () => {
      await services.analytics.maintain();
    }),
    worker(ANALYTICS_ROLLUP, async () => {
      await services.analytics.rollUp();
    }),
  ],
});

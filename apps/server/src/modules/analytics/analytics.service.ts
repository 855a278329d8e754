import type { AnalyticsBatch } from '@leadreel/shared/contracts/analytics';
import type { Logger } from 'pino';
import { notFound, tooManyRequests, unavailable } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventWriter } from './event-writer.ts';
import type { EventRepo, EventRow } from './events.repo.ts';
import { isBot, rowsOf, type Viewer } from './ingest.ts';
import { createViewerLimit } from './viewer-limit.ts';

const DAY_MS = 86_400_000;
/** Batches a minute: a player sends one every few seconds while playing, and a few around each click. */
export const BATCHES_PER_VIEWER = 120;
/** Per address: many viewers may share one (an office, a school). */
export const BATCHES_PER_IP = 1200;
/** How long a video's account is remembered by the ingestion route. */
const VIDEO_CACHE_MS = 30_000;

/**
 * Analytics (issue 16): takes the player's batches of viewing events, keeps them (events.repo.ts, by a
 * batched writer), and drops old days by partition.
 */
export function createAnalyticsService(deps: {
  events: EventRepo;
  writer: EventWriter<EventRow>;
  /** The account of a video viewers may see, or undefined. */
  accountOfVideo: (videoId: string) => Promise<string | undefined>;
  clock: Clock;
  retentionDays: number;
  log: Logger;
}) {
  const { events, writer, clock } = deps;
  const perViewer = createViewerLimit({ max: BATCHES_PER_VIEWER });
  const perIp = createViewerLimit({ max: BATCHES_PER_IP });
  const videos = new Map<string, { accountId: string | undefined; until: number }>();

  async function accountOf(videoId: string) {
    const now = Date.now();
    const cached = videos.get(videoId);
    if (cached && cached.until > now) return cached.accountId;
    const accountId = await deps.accountOfVideo(videoId);
    if (videos.size > 10_000) videos.clear();
    videos.set(videoId, { accountId, until: now + VIDEO_CACHE_MS });
    return accountId;
  }

  /** The partitions from yesterday to the day after tomorrow: every day an accepted event may fall on. */
  const ensurePartitions = () => {
    const now = clock.now().getTime();
    return events.ensurePartitions(new Date(now - DAY_MS), new Date(now + 2 * DAY_MS));
  };

  return {
    /**
     * Takes a batch from a viewer's browser: nothing for a bot; 429 past a viewer's or an address's limit;
     * 404 for a video viewers cannot see; 503 while too much waits to be written. Answers how many events
     * it accepted (those in the time window).
     */
    async ingest(batch: AnalyticsBatch, viewer: Viewer & { ip: string }): Promise<number> {
      if (isBot(viewer.userAgent)) return 0;
      if (!perIp.take(viewer.ip) || !perViewer.take(batch.viewerId ?? batch.sessionId)) {
        throw tooManyRequests('rate_limited', 60);
      }
      const accountId = await accountOf(batch.videoId);
      if (!accountId) throw notFound();
      const { rows } = rowsOf(batch, { accountId, viewer, keepViewerId: true, now: clock.now() });
      if (rows.length > 0 && !writer.add(rows)) throw unavailable('service_unavailable');
      return rows.length;
    },

    ensurePartitions,
    /** Daily work: tomorrow's partitions made, days older than the retention dropped. */
    async maintain() {
      await ensurePartitions();
      return events.dropPartitionsBefore(new Date(clock.now().getTime() - deps.retentionDays * DAY_MS));
    },
    /** Writes what waits now (tests; the writer flushes by itself every second). */
    flush: () => writer.flush(),
    stop: () => writer.stop(),
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

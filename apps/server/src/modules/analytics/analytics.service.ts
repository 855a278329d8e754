import type { AnalyticsBatch } from '@leadreel/shared/contracts/analytics';
import type { WebhookSessionData } from '@leadreel/shared/contracts/webhooks';
import { notFound, tooManyRequests, unavailable } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventMap } from '../events/events.ts';
import type { EventWriter } from './event-writer.ts';
import type { EventBatch, EventRepo, EventRow } from './events.repo.ts';
import { isBot, rowsOf, type Viewer } from './ingest.ts';
import { rollUp, type SessionState, sessionKey } from './rollup.ts';
import type { RollupRepo } from './rollups.repo.ts';
import { createViewerLimit } from './viewer-limit.ts';

const DAY_MS = 86_400_000;
/**
 * Batches a minute from one address for one video: a player sends one every few seconds while playing, and
 * several viewers may share an address (an office). Keyed on what a client cannot choose: a viewer or
 * session id it sends is its own word, and a new one per batch would dodge any limit keyed on it.
 */
export const BATCHES_PER_ADDRESS_AND_VIDEO = 300;
/** Per address, all videos: many viewers may share one (an office, a school). */
export const BATCHES_PER_IP = 1200;
/** How long a video's account is remembered by the ingestion route. */
const VIDEO_CACHE_MS = 30_000;
/** The rollup reads events received at least this long ago: the writer's inserts have committed by then. */
const SETTLE_MS = 3000;
/** Written events are rolled up this long after (once they have settled), not at the next minute's run. */
const ROLLUP_AFTER_SECONDS = SETTLE_MS / 1000 + 1;
/**
 * A write of at least this many events is a busy process's (the writer writes what came in its second, up to
 * FLUSH_ROWS in event-writer.ts): they wait for the minute's run, which then writes each viewing's state once
 * for several of its batches rather than once a batch (a rollup every few seconds took a third of
 * bench:ingest's throughput).
 */
const BUSY_FLUSH_EVENTS = 500;
/** The most events one step of the rollup reads, so a backlog is read in bounded steps of bounded memory. */
const STEP_EVENTS = 20_000;
/** A viewing with no event for this long has ended (the usual web-analytics session timeout). */
export const SESSION_IDLE_MS = 30 * 60_000;
const ANNOUNCE_BATCH = 500;

/** Whose figures a video's events are, and whether that account keeps no viewer id. */
export type VideoOwner = { accountId: string; privacyMode: boolean };

/**
 * Analytics: takes the player's batches of viewing events, keeps them (events.repo.ts, by a
 * batched writer), and drops old days by partition.
 */
export function createAnalyticsService(deps: {
  events: EventRepo;
  rollups: RollupRepo;
  writer: EventWriter<EventRow, EventBatch>;
  /** Each video's duration in seconds (0 when unknown), for the retention per percent. */
  durations: (videoIds: string[]) => Promise<Map<string, number>>;
  /** The country of an address (GEOIP_DB), or null. */
  countryOf: (ip: string) => string | null;
  /** Asks a worker for a rollup in `afterSeconds`; never fails. */
  askRollup: ((afterSeconds: number) => Promise<void>) | null;
  /** Announces an ended viewing (webhook viewing_session.ended); never fails. */
  announceEnded: (accountId: string, session: Omit<WebhookSessionData, 'videoName'>) => Promise<void>;
  /** The account of a video viewers may see, and whether it keeps no viewer id (privacy mode); or undefined. */
  accountOfVideo: (videoId: string) => Promise<VideoOwner | undefined>;
  clock: Clock;
  retentionDays: number;
}) {
  const { events, writer, clock } = deps;
  const perVideo = createViewerLimit({ max: BATCHES_PER_ADDRESS_AND_VIDEO });
  const perIp = createViewerLimit({ max: BATCHES_PER_IP });
  const videos = new Map<string, { owner: VideoOwner | undefined; until: number }>();
  /** Set as the process stops: a rollup or an announcement under way ends at its next step, not mid-query. */
  let stopping = false;
  /** Until when the rollup last asked for is still to come: one waits at a time per process, however busy. */
  let rollupAskedUntil = 0;
  let asking: Promise<void> = Promise.resolve();

  /** The video's owner, looked up and remembered a while: a turned-on privacy mode applies within VIDEO_CACHE_MS. */
  async function lookUpOwner(videoId: string) {
    const owner = await deps.accountOfVideo(videoId);
    if (videos.size > 10_000) videos.clear();
    videos.set(videoId, { owner, until: Date.now() + VIDEO_CACHE_MS });
    return owner;
  }

  /**
   * A batch's events taken for the video's owner: written, or 404 for a video viewers cannot see; 503 while
   * too much waits to be written.
   */
  function acceptFor(batch: AnalyticsBatch, viewer: Omit<Viewer, 'country'> & { ip: string }, owner?: VideoOwner) {
    if (!owner) throw notFound();
    const { rows } = rowsOf(batch, {
      accountId: owner.accountId,
      viewer,
      country: deps.countryOf(viewer.ip),
      // Privacy mode: whatever a player (an old page in a cache) sends, no viewer id is kept.
      keepViewerId: !owner.privacyMode,
      now: clock.now(),
    });
    if (rows.length > 0 && !writer.add(rows)) throw unavailable('service_unavailable');
    return rows.length;
  }

  /** The partitions from yesterday to the day after tomorrow: every day an accepted event may fall on. */
  const ensurePartitions = () => {
    const now = clock.now().getTime();
    return events.ensurePartitions(new Date(now - DAY_MS), new Date(now + 2 * DAY_MS));
  };

  /**
   * One step of the rollup: at most STEP_EVENTS events received since the last step, in receipt order, so a
   * backlog is read in bounded steps. Answers whether more may be waiting.
   */
  function rollUpStep(): Promise<boolean> {
    return deps.rollups.locked(async (trx) => {
      const settled = await deps.rollups.settled(trx, SETTLE_MS);
      const cursor = await deps.rollups.cursor(trx);
      const read = await deps.rollups.eventsAfter(trx, cursor, settled, STEP_EVENTS);
      const last = read.at(-1);
      if (!last) return false;
      // Each session's events in the order they happened.
      const raw = [...read].sort((a, b) => a.at.getTime() - b.at.getTime());
      const keys = new Map(raw.map((e) => [sessionKey(e.video_id, e.session_id), e]));
      const known = await deps.rollups.sessions(
        trx,
        [...keys.values()].map((e) => ({ video_id: e.video_id, session_id: e.session_id })),
      );
      const sessions = new Map<string, SessionState>(known.map((s) => [sessionKey(s.video_id, s.session_id), s]));
      const durations = await deps.durations([...new Set(raw.map((e) => e.video_id))]);
      const { hours, viewers } = rollUp(raw, sessions, durations);
      await deps.rollups.saveSessions(
        trx,
        [...sessions.values()].filter((s) => keys.has(sessionKey(s.video_id, s.session_id))),
      );
      await deps.rollups.addHours(trx, hours);
      await deps.rollups.addViewers(trx, viewers);
      await deps.rollups.setCursor(trx, { receivedAt: last.received_key, eventId: last.event_id });
      return read.length === STEP_EVENTS;
    });
  }

  /**
   * Announces each played session idle for SESSION_IDLE_MS, then marks it. The webhooks module keeps one
   * delivery per event id and endpoint, so a crash between the two announces again without a duplicate.
   */
  async function announceEnded() {
    const before = new Date(clock.now().getTime() - SESSION_IDLE_MS);
    for (;;) {
      const ended = await deps.rollups.endedSessions(before, ANNOUNCE_BATCH);
      const announced: typeof ended = [];
      for (const session of ended) {
        if (stopping) break;
        await deps.announceEnded(session.account_id, {
          sessionId: session.session_id,
          videoId: session.video_id,
          viewerId: session.viewer_id,
          startedAt: Math.floor(session.started_at.getTime() / 1000),
          lastEventAt: Math.floor(session.last_at.getTime() / 1000),
          watchSeconds: Math.round(session.watch_seconds * 10) / 10,
          watchedPercent: [...session.covered].filter((c) => c === '1').length,
          intervals: session.intervals,
          completed: session.ended,
          lead: session.lead,
          clicks: session.clicks,
          pageUrl: session.page,
          referrer: session.referrer,
          device: session.device,
          browser: session.browser,
          os: session.os,
          country: session.country,
        });
        announced.push(session);
      }
      await deps.rollups.markNotified(announced);
      if (stopping || ended.length < ANNOUNCE_BATCH) return;
    }
  }

  return {
    /**
     * Rolls the events received since the last run into sessions, hours and viewers (every minute, by one
     * worker; each step in one transaction with how far it read, so a crash repeats nothing and skips
     * nothing). Answers how many steps it took.
     */
    async rollUp() {
      let steps = 1;
      while (!stopping && (await rollUpStep())) steps += 1;
      await announceEnded();
      return steps;
    },

    /**
     * Takes a batch from a viewer's browser: nothing for a bot; 429 past an address's limits;
     * 404 for a video viewers cannot see; 503 while too much waits to be written. Answers how many events
     * it accepted (those in the time window): at once when the video's owner is remembered, as it is for
     * all but a video's first batch in VIDEO_CACHE_MS, so the route that takes the most requests spends no
     * promise and no turn of the event loop on them.
     */
    ingest(batch: AnalyticsBatch, viewer: Omit<Viewer, 'country'> & { ip: string }): number | Promise<number> {
      if (isBot(viewer.userAgent)) return 0;
      if (!perIp.take(viewer.ip) || !perVideo.take(`${viewer.ip} ${batch.videoId}`)) {
        throw tooManyRequests('rate_limited', 60);
      }
      const cached = videos.get(batch.videoId);
      if (cached && cached.until > Date.now()) return acceptFor(batch, viewer, cached.owner);
      return lookUpOwner(batch.videoId).then((owner) => acceptFor(batch, viewer, owner));
    },

    /**
     * `count` events were written (one batch): a rollup is asked for once they have settled, so a play
     * shows on the analytics screen within seconds rather than at the next minute's run; not when busy.
     */
    written(count: number) {
      const now = Date.now();
      if (!deps.askRollup || count >= BUSY_FLUSH_EVENTS || now < rollupAskedUntil) return;
      rollupAskedUntil = now + ROLLUP_AFTER_SECONDS * 1000;
      asking = deps.askRollup(ROLLUP_AFTER_SECONDS);
    },

    /**
     * A lead or a click the server stored, as an event of the viewing the player named (or of none, for one
     * sent without a player): what the figures count as the video's leads and clicks. Nothing for a video
     * viewers can no longer see; thrown (to retry) while too much waits to be written.
     */
    async recordStored(
      stored: Omit<EventMap['lead.created'], 'leadId'> & {
        id: string;
        kind: 'form_submitted' | 'click';
        click?: string;
      },
    ) {
      const owner = await lookUpOwner(stored.videoId);
      if (!owner) return;
      const row: EventRow = {
        event_id: stored.id,
        at: stored.at,
        kind: stored.kind,
        position: 0,
        data: stored.click ? JSON.stringify({ click: stored.click }) : null,
        source: {
          account_id: owner.accountId,
          video_id: stored.videoId,
          // A lead sent without a player (the API) belongs to no viewing: its own id stands for one, which the
          // rollup counts without opening a viewing.
          session_id: stored.sessionId ?? stored.id,
          viewer_id: owner.privacyMode ? null : stored.viewerId,
          page: stored.pageUrl,
          referrer: stored.referrer,
          device: 'other',
          browser: 'Other',
          os: 'Other',
          country: null,
        },
      };
      if (!writer.add([row])) throw unavailable('service_unavailable');
    },

    ensurePartitions,
    /** Daily work: tomorrow's partitions made, days older than the retention dropped. */
    async maintain() {
      await ensurePartitions();
      return events.dropPartitionsBefore(new Date(clock.now().getTime() - deps.retentionDays * DAY_MS));
    },
    /** Writes what waits now, and asks for its rollup (tests; the writer flushes by itself every second). */
    async flush() {
      await writer.flush();
      await asking;
    },
    /** Ends the rollup's loops at their next step and writes what the writer holds. */
    stop: () => {
      stopping = true;
      return writer.stop();
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

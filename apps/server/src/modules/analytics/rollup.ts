/**
 * The rollup's arithmetic, apart from the database: a window of raw events, and the state
 * of the sessions they belong to, become the sessions' new state, the hours' increments and the viewers
 * seen. Counts are of sessions (a resumed play is not a second play), each counted in the hour it first
 * did the thing; retention is per percent of the video, once per session, with rewatches counted apart.
 *
 * Events come from browsers, and anyone can write them: every figure is bounded by what a viewing can do
 * (docs/product.md, "Viewing figures"). Nothing is watched or completed without a play; a session's ranges are kept
 * merged and clipped to the video; its watch time is at most the video's length per play or seek and what the time
 * that passed allows; leads and clicks are counted from what the server stored, never from the player.
 */

import { MAX_VIDEO_SECONDS } from '@leadreel/shared';
import { bucketTimes, layeredRanges, type Range, type Segment, watchedSegments } from '@leadreel/shared/watching';
import type { Selectable } from 'kysely';
import type { AnalyticsEventTable, AnalyticsSessionTable, AnalyticsVideoHourTable } from './analytics.schema.ts';

export const BUCKETS = 100;

/** An event as the rollup reads it: the stored columns, with what the kind adds (`data`) as the player sends it. */
export type RawEvent = Omit<Selectable<AnalyticsEventTable>, 'event_id' | 'received_at' | 'position' | 'data'> & {
  data: { intervals?: [number, number][]; click?: string } | null;
  /** When the server took it (the browser's `at` is the browser's word); `at` when not given. */
  received_at?: Date;
};

/** A viewing as the rollup keeps it (analytics_session, less whether its end was announced). */
export type SessionState = Omit<Selectable<AnalyticsSessionTable>, 'notified'>;

/** A video's hour as the rollup adds to it (analytics_video_hour). */
export type HourCounts = Selectable<AnalyticsVideoHourTable>;

const HOUR_MS = 3_600_000;
/** The fastest the player plays (its speed menu): video seconds watched per second that passes. */
export const MAX_PLAYBACK_RATE = 2;
/**
 * Watching a session may report beyond the time that passed since the server first heard of it: what a
 * player holds before its first batch leaves (a heartbeat's worth and more), and a queue sent late.
 */
export const WATCH_SLACK_SECONDS = 60;
/** The most ranges a session keeps (its levels of rewatching past it are left out). */
export const SESSION_RANGES_MAX = 1000;
/** Times a part of the video counts as watched in one session, at most. */
export const SESSION_TIMES_MAX = 10;

/** Ends of ranges are kept to a grid of this step: a video's length in at most 1000 steps, and 0.1 s at finest. */
const gridStep = (length: number) => Math.max(0.1, length / 1000);

/** A range clipped to the video (its length, or the longest video while unknown) and moved to the grid. */
function clipped([from, to]: Range, duration: number): [number, number] {
  const length = duration > 0 ? duration : MAX_VIDEO_SECONDS;
  const step = gridStep(length);
  const snap = (second: number) =>
    Math.round(Math.round(Math.min(length, Math.max(0, second)) / step) * step * 1000) / 1000;
  return [snap(from), snap(to)];
}

/** A session's parts watched, capped at SESSION_TIMES_MAX times each. */
const segmentsOf = (ranges: readonly Range[]): Segment[] =>
  watchedSegments(ranges).map((segment) => ({ ...segment, times: Math.min(segment.times, SESSION_TIMES_MAX) }));

export const sessionKey = (videoId: string, sessionId: string) => `${videoId}:${sessionId}`;

/** A viewing as its first event opens it. */
const newSession = (event: RawEvent): SessionState => ({
  session_id: event.session_id,
  video_id: event.video_id,
  account_id: event.account_id,
  viewer_id: event.viewer_id,
  started_at: event.at,
  last_at: event.at,
  first_received_at: event.received_at ?? event.at,
  played: false,
  passes: 0,
  ended: false,
  lead: false,
  clicks: 0,
  watch_seconds: 0,
  intervals: [],
  covered: '0'.repeat(BUCKETS),
  page: event.page,
  referrer: event.referrer,
  device: event.device,
  browser: event.browser,
  os: event.os,
  country: event.country,
});

export const emptyHour = (video_id: string, hour: Date, account_id: string): HourCounts => ({
  video_id,
  hour,
  account_id,
  loads: 0,
  plays: 0,
  completions: 0,
  leads: 0,
  clicks: 0,
  cta_clicks: 0,
  watch_seconds: 0,
  reached: Array(BUCKETS).fill(0),
  watched: Array(BUCKETS).fill(0),
  coverage: 0,
});

/**
 * Applies `events` (oldest first) to `sessions` (those already known, by sessionKey; changed in place and
 * added to) and answers the hours' increments and the (video, day, viewer) triples of viewers who played.
 */
export function rollUp(events: RawEvent[], sessions: Map<string, SessionState>, durations: Map<string, number>) {
  const hours = new Map<string, HourCounts>();
  const viewers = new Map<string, { video_id: string; day: string; viewer: string; account_id: string }>();
  const hourOf = (event: RawEvent) => {
    const start = new Date(Math.floor(event.at.getTime() / HOUR_MS) * HOUR_MS);
    const key = `${event.video_id}:${start.toISOString()}`;
    let hour = hours.get(key);
    if (!hour) {
      hour = emptyHour(event.video_id, start, event.account_id);
      hours.set(key, hour);
    }
    return hour;
  };

  /** Per session, the ranges its heartbeats added in this window, and the hour of the last. */
  const added = new Map<string, { session: SessionState; ranges: [number, number][]; hour: HourCounts }>();

  for (const event of events) {
    const key = sessionKey(event.video_id, event.session_id);
    const hour = hourOf(event);
    // A lead or a click (stored by the server, see ingest.ts) counts in its hour; it joins the viewing whose
    // player sent it, and never opens one (an inquiry sent through the API has no viewing).
    if (event.kind === 'form_submitted' || event.kind === 'click') {
      const known = sessions.get(key);
      if (event.kind === 'form_submitted') {
        hour.leads += 1;
        if (known) known.lead = true;
      } else {
        hour.clicks += 1;
        if (event.data?.click === 'action') hour.cta_clicks += 1;
        if (known) known.clicks += 1;
      }
      continue;
    }
    let session = sessions.get(key);
    if (!session) {
      session = newSession(event);
      sessions.set(key, session);
      hour.loads += 1;
    }
    if (event.at < session.started_at) session.started_at = event.at;
    if (event.at > session.last_at) session.last_at = event.at;
    switch (event.kind) {
      case 'play':
        session.passes += 1;
        if (!session.played) {
          session.played = true;
          hour.plays += 1;
          const viewer = event.viewer_id ?? `session:${event.session_id}`;
          const day = event.at.toISOString().slice(0, 10);
          viewers.set(`${event.video_id}:${day}:${viewer}`, {
            video_id: event.video_id,
            day,
            viewer,
            account_id: event.account_id,
          });
        }
        break;
      case 'seek':
        // Going back while playing watches a part again within one play: another pass over the video.
        session.passes += 1;
        break;
      case 'end':
        if (session.played && !session.ended) {
          session.ended = true;
          hour.completions += 1;
        }
        break;
      case 'heartbeat': {
        if (!session.played) break;
        const duration = durations.get(event.video_id) ?? 0;
        const ranges = (event.data?.intervals ?? []).map((range) => clipped(range, duration));
        const reported = ranges.reduce((sum, [from, to]) => sum + Math.max(0, to - from), 0);
        const passed = ((event.received_at ?? event.at).getTime() - session.first_received_at.getTime()) / 1000;
        const most = Math.min(
          duration > 0 ? duration * session.passes : Number.POSITIVE_INFINITY,
          Math.max(0, passed) * MAX_PLAYBACK_RATE + WATCH_SLACK_SECONDS,
        );
        const seconds = Math.max(0, Math.min(reported, most - session.watch_seconds));
        session.watch_seconds += seconds;
        hour.watch_seconds += seconds;
        const pending = added.get(key) ?? { session, ranges: [], hour };
        pending.ranges.push(...ranges);
        pending.hour = hour;
        added.set(key, pending);
        break;
      }
    }
  }

  // Each session's new ranges, merged into what it had once per window (not per heartbeat: a flood of
  // heartbeats costs one merge), counted in the hour of its last heartbeat.
  for (const { session, ranges, hour } of added.values()) {
    const duration = durations.get(session.video_id) ?? 0;
    const before = segmentsOf(session.intervals);
    const after = segmentsOf([...session.intervals, ...ranges]);
    session.intervals = layeredRanges(after, SESSION_RANGES_MAX);
    const timesBefore = bucketTimes(before, duration, BUCKETS);
    const timesAfter = bucketTimes(segmentsOf(session.intervals), duration, BUCKETS);
    const covered = session.covered.split('');
    for (let bucket = 0; bucket < BUCKETS; bucket += 1) {
      const was = timesBefore[bucket] ?? 0;
      const now = timesAfter[bucket] ?? 0;
      if (now > was) hour.watched[bucket] = (hour.watched[bucket] ?? 0) + now - was;
      if (now > 0 && covered[bucket] !== '1') {
        covered[bucket] = '1';
        hour.reached[bucket] = (hour.reached[bucket] ?? 0) + 1;
        hour.coverage += 1;
      }
    }
    session.covered = covered.join('');
  }
  return { hours: [...hours.values()], viewers: [...viewers.values()] };
}

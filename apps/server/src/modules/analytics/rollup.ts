/**
 * The rollup's arithmetic, apart from the database: a window of raw events, and the state
 * of the sessions they belong to, become the sessions' new state, the hours' increments and the viewers
 * seen. Counts are of sessions (a resumed play is not a second play), each counted in the hour it first
 * did the thing; retention is per percent of the video, once per session, with rewatches counted apart.
 */

import type { Selectable } from 'kysely';
import type { AnalyticsEventTable, AnalyticsSessionTable, AnalyticsVideoHourTable } from './analytics.schema.ts';

export const BUCKETS = 100;

/** An event as the rollup reads it: the stored columns, with what the kind adds (`data`) as the player sends it. */
export type RawEvent = Omit<Selectable<AnalyticsEventTable>, 'event_id' | 'received_at' | 'position' | 'data'> & {
  data: { intervals?: [number, number][]; click?: string } | null;
};

/** A viewing as the rollup keeps it (analytics_session, less whether its end was announced). */
export type SessionState = Omit<Selectable<AnalyticsSessionTable>, 'notified'>;

/** A video's hour as the rollup adds to it (analytics_video_hour). */
export type HourCounts = Selectable<AnalyticsVideoHourTable>;

const HOUR_MS = 3_600_000;
export const sessionKey = (videoId: string, sessionId: string) => `${videoId}:${sessionId}`;

/** The percents of a video of `duration` seconds that the range [from, to] plays some of. */
export function bucketsOf([from, to]: [number, number], duration: number): number[] {
  if (!(duration > 0) || to <= from) return [];
  const first = Math.max(0, Math.floor((from / duration) * BUCKETS));
  const last = Math.min(BUCKETS - 1, Math.ceil((to / duration) * BUCKETS) - 1);
  const buckets: number[] = [];
  for (let bucket = first; bucket <= last; bucket += 1) buckets.push(bucket);
  return buckets;
}

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

  for (const event of events) {
    const key = sessionKey(event.video_id, event.session_id);
    let session = sessions.get(key);
    const hour = hourOf(event);
    if (!session) {
      session = {
        session_id: event.session_id,
        video_id: event.video_id,
        account_id: event.account_id,
        viewer_id: event.viewer_id,
        started_at: event.at,
        last_at: event.at,
        played: false,
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
      };
      sessions.set(key, session);
      hour.loads += 1;
    }
    if (event.at < session.started_at) session.started_at = event.at;
    if (event.at > session.last_at) session.last_at = event.at;
    switch (event.kind) {
      case 'play':
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
      case 'end':
        if (!session.ended) {
          session.ended = true;
          hour.completions += 1;
        }
        break;
      case 'form_submitted':
        if (!session.lead) {
          session.lead = true;
          hour.leads += 1;
        }
        break;
      case 'click':
        session.clicks += 1;
        hour.clicks += 1;
        if (event.data?.click === 'action') hour.cta_clicks += 1;
        break;
      case 'heartbeat': {
        const duration = durations.get(event.video_id) ?? 0;
        const covered = session.covered.split('');
        for (const interval of event.data?.intervals ?? []) {
          const seconds = Math.max(0, interval[1] - interval[0]);
          session.watch_seconds += seconds;
          hour.watch_seconds += seconds;
          session.intervals.push(interval);
          for (const bucket of bucketsOf(interval, duration)) {
            hour.watched[bucket] = (hour.watched[bucket] ?? 0) + 1;
            if (covered[bucket] !== '1') {
              covered[bucket] = '1';
              hour.reached[bucket] = (hour.reached[bucket] ?? 0) + 1;
              hour.coverage += 1;
            }
          }
        }
        session.covered = covered.join('');
        break;
      }
    }
  }
  return { hours: [...hours.values()], viewers: [...viewers.values()] };
}

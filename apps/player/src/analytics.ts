/**
 * What the player tells the server about a viewing (docs/decisions/0024-analytics.md): the
 * facade shown, play, pause, seek, end, the seconds actually watched (heartbeats), the rendition played, the
 * inquiry form and the contact clicks. Events wait in a queue and leave in batches, at most every few seconds
 * and at once with each heartbeat, at the end, and when the page is hidden or left, as beacons. Counting is
 * never worth a broken player: nothing here throws into the page, and a batch that cannot be sent is lost.
 */

import type { AnalyticsBatch, PlayEvent, PlayEventKind } from '@leadreel/shared/contracts/analytics';
import { viewerApiPath } from '@leadreel/shared/routes/viewer';
import type { HlsLike } from './controls.ts';

// The contract's limits (contracts/analytics.ts and contracts/player.ts), restated because those files carry
// zod, which the facade's bundle must not; analytics.test.ts holds each one to the contract.
/** ANALYTICS_BATCH_MAX_EVENTS. */
export const BATCH_EVENTS = 200;
/** Under ANALYTICS_BATCH_MAX_BYTES (64 KiB, refused whole above it), with room for a long page address. */
export const BATCH_BYTES = 60_000;
/** HEARTBEAT_INTERVALS_MAX. */
export const INTERVALS_PER_BEAT = 50;
/** MAX_VIDEO_SECONDS. */
export const MAX_SECONDS = 36_000;

/** A batch leaves at most this often while events wait (the server takes 120 a minute per viewer). */
export const FLUSH_MS = 5_000;
/** While playing, the seconds watched are reported this often (wall time). */
export const HEARTBEAT_MS = 10_000;
/**
 * A timeupdate further than this past the last one is a jump, not playing: browsers fire it every 15 to
 * 250 ms while playing (https://html.spec.whatwg.org/multipage/media.html#event-media-timeupdate), slower
 * in a background tab, so at normal speed the time moves well under a second between two of them.
 */
export const JUMP_SECONDS = 1.5;

export type Interval = [number, number];
type Extra = Pick<PlayEvent, 'intervals' | 'from' | 'rendition' | 'click'>;
type Head = Omit<AnalyticsBatch, 'events'>;

/** A second of the video as the contract takes it: rounded to 0.1 s, within 0 and the longest video. */
export const seconds = (time: number) =>
  Number.isFinite(time) ? Math.min(MAX_SECONDS, Math.max(0, Math.round(time * 10) / 10)) : 0;

type Random = Pick<Crypto, 'getRandomValues'>;

/**
 * An event id: a UUID version 7 (RFC 9562 §5.7), the time in milliseconds then 74 random bits. Ids made
 * close in time sort close, so the database's unique index on them grows at its edge, as the events
 * arrive, instead of touching a random page for each event. Made from getRandomValues, which exists on
 * http:// origins too (LeadReel is often opened over http://<LAN address>; crypto.randomUUID is not there).
 */
export function uuid(random: Random = crypto, now: number = Date.now()): string {
  const bytes = random.getRandomValues(new Uint8Array(16));
  let time = Math.max(0, Math.floor(now));
  for (let i = 5; i >= 0; i -= 1) {
    bytes[i] = time % 256;
    time = Math.floor(time / 256);
  }
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** One page view of one player: 128 random bits in base64url (22 characters), kept in memory only. */
export function sessionToken(random: Random = crypto): string {
  const bytes = random.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** Do Not Track, or its successor Global Privacy Control: the viewer is counted, but not as a known viewer. */
export function asksNotToBeTracked(nav: Navigator = navigator): boolean {
  return (
    nav.doNotTrack === '1' || (nav as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true
  );
}

/**
 * The seconds played since the last heartbeat, as [from, to] ranges in the order played. A time a little past
 * the open range's end extends it; anything else (a jump, a step back, the first time after a seek) opens
 * another, so a part watched twice shows as two ranges over the same seconds. Playing again a little past
 * where a pause stopped goes on from that second: the browser's clock settles after a pause (Chromium's
 * currentTime, read at the pause, can be a frame or more behind where playing resumes), and a range opened
 * at the resumed time left that sliver unwatched, so a complete viewing with a pause came out at 99%.
 */
export function createPlayed() {
  let ranges: Interval[] = [];
  let open: Interval | null = null;
  /** Where playing last stopped, while nothing has moved the time since. */
  let stopped: number | null = null;
  return {
    /** The video showed `time` while playing; `jump` is the furthest step that still counts as playing on. */
    at(time: number, jump = JUMP_SECONDS) {
      const from = open ? open[1] : stopped;
      const goesOn = from !== null && time >= from && time - from < jump;
      if (open && goesOn) open[1] = time;
      else {
        open = goesOn ? [from, time] : [time, time];
        ranges.push(open);
      }
      stopped = null;
    },
    /** Playing stopped (pause, end): playing again from about the same second goes on from here. */
    stop() {
      stopped = open ? open[1] : stopped;
      open = null;
    },
    /** The time was moved (a seek): the next time opens a range of its own. */
    moved() {
      stopped = null;
      open = null;
    },
    /** The ranges since the last take, rounded to 0.1 s, empty ones left out; the open one goes on from its end. */
    take(): Interval[] {
      const taken = ranges
        .map(([from, to]): Interval => [seconds(from), seconds(to)])
        .filter(([from, to]) => to > from);
      if (open) open = [open[1], open[1]];
      ranges = open ? [open] : [];
      return taken;
    },
  };
}

const encoder = new TextEncoder();
const byteLength = (text: string) => encoder.encode(text).length;

/**
 * The request bodies that carry `events`, in order: each one viewing's head and as many events as fit under
 * the contract's count and `maxBytes` (a batch past either is refused whole).
 */
export function batches(head: Head, events: PlayEvent[], maxBytes = BATCH_BYTES, maxEvents = BATCH_EVENTS): string[] {
  const bodies: string[] = [];
  const empty = byteLength(JSON.stringify({ ...head, events: [] }));
  let part: PlayEvent[] = [];
  let size = empty;
  for (const event of events) {
    // Each event after the first also costs its comma.
    const cost = byteLength(JSON.stringify(event)) + 1;
    if (part.length > 0 && (part.length >= maxEvents || size + cost > maxBytes)) {
      bodies.push(JSON.stringify({ ...head, events: part }));
      part = [];
      size = empty;
    }
    part.push(event);
    size += cost;
  }
  if (part.length > 0) bodies.push(JSON.stringify({ ...head, events: part }));
  return bodies;
}

/**
 * Sends a body without holding the page: a beacon, which outlives the page and, as a string, goes as
 * text/plain with no CORS preflight; where there is none or the browser refuses it (its queue is full), a
 * fetch with keepalive, which outlives the page too.
 */
export function send(url: string, body: string) {
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return;
  } catch {
    // A beacon refused by a throw rather than false: the fetch below.
  }
  try {
    void fetch(url, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'text/plain' } }).catch(
      () => undefined,
    );
  } catch {
    // No way to send (a very old browser): the batch is lost, the viewing goes on.
  }
}

/** Runs a part of the collector so that nothing it does can break the player or the page around it. */
function quietly<A extends unknown[]>(task: (...args: A) => void) {
  return (...args: A) => {
    try {
      task(...args);
    } catch {
      // Counting is never worth a broken player: the event is lost.
    }
  };
}

export type Collector = ReturnType<typeof createCollector>;

/**
 * One player's collector on this page view: its queue, sent in batches. The facade makes it to count the page
 * view; the rest of the player follows the playback into it (watchPlayback).
 */
export function createCollector(options: {
  videoId: string;
  viewerId?: string | undefined;
  page: string;
  referrer: string;
  sessionId?: string;
  send?: (url: string, body: string) => void;
}) {
  const head: Head = {
    videoId: options.videoId,
    sessionId: options.sessionId ?? sessionToken(),
    ...(options.viewerId ? { viewerId: options.viewerId } : {}),
    page: options.page,
    referrer: options.referrer,
  };
  const post = options.send ?? send;
  let queue: PlayEvent[] = [];
  let flushing: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    clearTimeout(flushing);
    flushing = undefined;
    if (queue.length === 0) return;
    const events = queue;
    queue = [];
    for (const body of batches(head, events)) post(viewerApiPath('public.events'), body);
  };

  const track = (kind: PlayEventKind, position: number, extra: Extra = {}) => {
    queue.push({ id: uuid(), kind, at: Date.now(), position: seconds(position), ...extra });
    flushing ??= setTimeout(quietly(flush), FLUSH_MS);
  };

  /** What must be queued before a report leaves (the playback's last seconds). */
  let beforeReport: () => void = () => undefined;
  /** Everything that waits, sent at once. */
  const report = () => {
    beforeReport();
    flush();
  };

  const hide = quietly(report);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') hide();
  });
  window.addEventListener('pagehide', hide);
  // A frozen page (a tab in the background, Page Lifecycle API) runs no timers until it wakes, if it ever
  // does: https://developer.chrome.com/docs/web-platform/page-lifecycle-api#event-freeze
  document.addEventListener('freeze', hide);

  return {
    /** This page view's viewing: a lead or a click sent apart names it, to count in it. */
    sessionId: head.sessionId,
    track: quietly(track),
    flush: quietly(flush),
    report: quietly(report),
    /** Sets what each report queues first. */
    onReport(task: () => void) {
      beforeReport = task;
    },
  };
}

/** Follows the playback of a player's video (and hls.js, for the rendition it plays) into its collector. */
export const watchPlayback = quietly((collector: Collector, video: HTMLVideoElement, hls: HlsLike | null) => {
  const { track, flush, report } = collector;
  const played = createPlayed();
  /** The last second known to have shown: a seek's second left, a heartbeat's position. */
  let last = video.currentTime;
  let beating: ReturnType<typeof setInterval> | undefined;
  const listen = (event: string, listener: () => void) => video.addEventListener(event, quietly(listener));
  const jump = () => JUMP_SECONDS * Math.max(1, video.playbackRate);

  /** A heartbeat with the ranges played since the last one, if any (split to the contract's count). */
  const beat = () => {
    const intervals = played.take();
    for (let start = 0; start < intervals.length; start += INTERVALS_PER_BEAT) {
      track('heartbeat', last, { intervals: intervals.slice(start, start + INTERVALS_PER_BEAT) });
    }
  };
  // A report takes in the seconds played since the video's last timeupdate, as a heartbeat.
  collector.onReport(() => {
    if (!video.paused && !video.seeking) played.at(video.currentTime, jump());
    beat();
  });
  /** Playing stopped: the range closes at where it stopped, and what was played is reported. */
  const halt = () => {
    played.at(video.currentTime, jump());
    played.stop();
    last = video.currentTime;
    clearInterval(beating);
    beating = undefined;
    beat();
  };

  listen('play', () => {
    played.at(video.currentTime, jump());
    last = video.currentTime;
    track('play', last);
    // Each heartbeat leaves at once with whatever waits, not on the next batch's timer, so that the beacon
    // sent as the page goes carries at most the seconds since the last one. An embed cannot count on that
    // beacon: when the customer's page navigates, Chromium runs the frame's pagehide only after the new
    // page commits, and shuts the frame's process down a second later (https://crrev.com/567395); a frame
    // whose main thread is busy then (hls.js, a loaded machine) sends nothing at all.
    beating ??= setInterval(report, HEARTBEAT_MS);
  });
  listen('timeupdate', () => {
    if (video.seeking) return;
    last = video.currentTime;
    if (!video.paused) played.at(last, jump());
  });
  listen('pause', () => {
    halt();
    // At the end the browser pauses before it ends (HTML's "reaches the end" steps): the end says it.
    if (!video.ended) track('pause', last);
  });
  listen('ended', () => {
    halt();
    track('end', last);
    // A viewer who watched to the end is the likeliest to leave now: the end does not wait for the timer.
    flush();
  });
  listen('seeking', () => {
    played.moved();
    beat();
    track('seek', video.currentTime, { from: seconds(last) });
    last = video.currentTime;
  });

  let height = 0;
  const rendition = (next: number) => {
    if (!(next >= 1 && next <= 4320) || next === height) return;
    height = next;
    track('rendition', last, { rendition: Math.round(next) });
  };
  // hls.js says when a fragment of another level starts playing; the browser's own HLS, by a new size.
  if (hls)
    hls.on(
      'hlsLevelSwitched',
      quietly((_event, data) => rendition(hls.levels[data?.level ?? -1]?.height ?? 0)),
    );
  else listen('resize', () => rendition(video.videoHeight));
});

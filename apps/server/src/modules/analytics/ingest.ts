import type { AnalyticsBatch, PlayEvent } from '@leadreel/shared/contracts/analytics';
import { isbot } from 'isbot';
import { UAParser } from 'ua-parser-js';
import type { EventRow, EventSource } from './events.repo.ts';

/** Events are sent as they happen: one stamped further ahead than this is a wrong clock, and dropped. */
export const FUTURE_MS = 5 * 60_000;
/** A viewer's queue may hold events a while (a tab asleep); older than this they are dropped. */
export const PAST_MS = 24 * 3_600_000;

/** What the request says of the viewer: its user agent, and whether it asks not to be tracked. */
export type Viewer = { userAgent: string; doNotTrack: boolean; country: string | null };

export type Device = { device: string; browser: string; os: string };

const DEVICE_TYPES = new Set(['mobile', 'tablet', 'smarttv', 'console', 'wearable']);

/** What a user agent says, parsed once: a site's viewers send a few hundred different ones, not millions. */
const seen = new Map<string, { bot: boolean; device: Device }>();
const SEEN_MAX = 5000;

function parsed(userAgent: string) {
  let known = seen.get(userAgent);
  if (!known) {
    const { browser, os, device } = new UAParser(userAgent).getResult();
    known = {
      bot: userAgent.trim() === '' || isbot(userAgent),
      device: {
        device:
          device.type && DEVICE_TYPES.has(device.type) ? (device.type === 'smarttv' ? 'tv' : device.type) : 'desktop',
        browser: browser.name ?? 'Other',
        os: os.name ?? 'Other',
      },
    };
    if (seen.size >= SEEN_MAX) seen.clear();
    seen.set(userAgent, known);
  }
  return known;
}

/** The device family, browser and system of a user agent, by ua-parser-js; desktop when it names none. */
export const deviceOf = (userAgent: string): Device => parsed(userAgent).device;

/** Whether a request comes from a crawler, a monitor or a headless script rather than a person. */
export const isBot = (userAgent: string) => parsed(userAgent).bot;

/**
 * What the kind adds, kept as JSON; null when it adds nothing. Written as text, in the order and form
 * JSON.stringify gives the object of those fields, without making the object: this runs for every event taken.
 * Every value is a checked number or a click kind, which need no escaping.
 */
export function dataOf(event: PlayEvent): string | null {
  let json = '';
  if (event.intervals) json += `,"intervals":${JSON.stringify(event.intervals)}`;
  if (event.from !== undefined) json += `,"from":${JSON.stringify(event.from)}`;
  if (event.rendition !== undefined) json += `,"rendition":${event.rendition}`;
  if (event.click) json += `,"click":"${event.click}"`;
  return json === '' ? null : `{${json.slice(1)}}`;
}

/**
 * The rows a batch stores: each event in the time window, for the video's account (never one the batch
 * names), without the viewer id when the viewer asks not to be tracked. Answers them and how many it dropped.
 */
export function rowsOf(
  batch: AnalyticsBatch,
  context: {
    accountId: string;
    viewer: Omit<Viewer, 'country'>;
    country: string | null;
    keepViewerId: boolean;
    now: Date;
  },
): { rows: EventRow[]; dropped: number } {
  const { accountId, viewer, now } = context;
  const { device, browser, os } = deviceOf(viewer.userAgent);
  const source: EventSource = {
    account_id: accountId,
    video_id: batch.videoId,
    session_id: batch.sessionId,
    viewer_id: context.keepViewerId && !viewer.doNotTrack ? (batch.viewerId ?? null) : null,
    page: batch.page,
    referrer: batch.referrer,
    device,
    browser,
    os,
    country: context.country,
  };
  const earliest = now.getTime() - PAST_MS;
  const latest = now.getTime() + FUTURE_MS;
  const rows: EventRow[] = [];
  for (const event of batch.events) {
    if (event.at < earliest || event.at > latest) continue;
    // A lead or a click is counted from what the server stored (analytics.service.ts recordStored), never
    // from the player's word, which anyone can send; older players still send these, and are not believed.
    if (event.kind === 'form_submitted' || event.kind === 'click') continue;
    rows.push({
      event_id: event.id,
      at: event.at,
      kind: event.kind,
      position: event.position,
      data: dataOf(event),
      source,
    });
  }
  return { rows, dropped: batch.events.length - rows.length };
}

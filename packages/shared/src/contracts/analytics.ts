import { z } from 'zod';
import { isStorableText, textField } from '../text.ts';
import { pageFields } from './common.ts';
import { dayField } from './forms.ts';
import { CLICK_KINDS, MAX_VIDEO_SECONDS, VIEWER_ID, viewerIdField } from './player.ts';
import { videoIdField } from './videos.ts';

// ---- What the player sends about a viewing ----

/**
 * What happens in a viewing: the facade shown (load), play, a heartbeat of the intervals watched while
 * playing, pause, seek, end, a change of rendition, the form shown and sent, and a click on a button.
 */
export const PLAY_EVENT_KINDS = [
  'load',
  'play',
  'heartbeat',
  'pause',
  'seek',
  'end',
  'rendition',
  'form_shown',
  'form_submitted',
  'click',
] as const;
export type PlayEventKind = (typeof PLAY_EVENT_KINDS)[number];

/** A batch is refused whole above this size (413), before it is read. */
export const ANALYTICS_BATCH_MAX_BYTES = 64 * 1024;
export const ANALYTICS_BATCH_MAX_EVENTS = 200;
/** Intervals one heartbeat may carry: the player beats every few seconds, so a handful at most. */
export const HEARTBEAT_INTERVALS_MAX = 50;

const second = z.number({ error: 'illegal_input' }).min(0, 'illegal_input').max(MAX_VIDEO_SECONDS, 'illegal_input');

export const playEvent = z.strictObject({
  /** Random per event: a batch sent again (a retried beacon) is counted once. */
  id: z.uuid({ error: 'illegal_input' }),
  kind: z.enum(PLAY_EVENT_KINDS, { error: 'illegal_input' }),
  /** When it happened, in the viewer's clock (ms since 1970). */
  at: z.number({ error: 'illegal_input' }).int('illegal_input').positive('illegal_input'),
  /** The second of the video it happened at. */
  position: second,
  /** heartbeat: each [from, to] second range played since the last beat, in the order played. */
  intervals: z
    .array(
      z.tuple([second, second]).refine(([from, to]) => from <= to, 'illegal_input'),
      { error: 'illegal_input' },
    )
    .max(HEARTBEAT_INTERVALS_MAX, 'illegal_input')
    .optional(),
  /** seek: the second it left. */
  from: second.optional(),
  /** rendition: the height played (720 for 720p). */
  rendition: z.number({ error: 'illegal_input' }).int('illegal_input').min(1).max(4320).optional(),
  /** click: which button. */
  click: z.enum(CLICK_KINDS, { error: 'illegal_input' }).optional(),
});
export type PlayEvent = z.infer<typeof playEvent>;

export const analyticsBatchBody = z.strictObject({
  videoId: videoIdField,
  /** One page view of the player: random, kept in memory by the page. */
  sessionId: textField().regex(VIEWER_ID, 'illegal_input'),
  /** The player's anonymous viewer id, absent when the page keeps none (Do Not Track, privacy mode). */
  viewerId: viewerIdField,
  /** The page the player is on (the customer's page for an embed), and where the viewer came from. */
  page: textField().max(2000, 'illegal_input'),
  referrer: textField().max(2000, 'illegal_input'),
  // Each event through zod's compiled parser (z.compile): the same schema, checked by generated code first and,
  // when that says no, by the ordinary parser, whose issues are the answer (analytics.test.ts holds the two to
  // the same answers). Up to 200 events a batch on the route that takes the most requests: a batch of ten
  // took about 35 µs of the ordinary parser, 7% of the route's CPU (bench:ingest), and takes about 12 µs so.
  // The whole batch does not compile (viewerIdField's catch is a callback), so its six fields keep the
  // ordinary parser.
  events: z
    .array(z.compile(playEvent), { error: 'illegal_input' })
    .min(1, 'illegal_input')
    .max(ANALYTICS_BATCH_MAX_EVENTS, 'illegal_input'),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchBody>;

const UUID = z.regexes.uuid();
const KINDS: ReadonlySet<unknown> = new Set(PLAY_EVENT_KINDS);
const CLICKS: ReadonlySet<unknown> = new Set(CLICK_KINDS);
const BATCH_KEYS: ReadonlySet<string> = new Set(['videoId', 'sessionId', 'viewerId', 'page', 'referrer', 'events']);
const EVENT_KEYS: ReadonlySet<string> = new Set([
  'id',
  'kind',
  'at',
  'position',
  'intervals',
  'from',
  'rendition',
  'click',
]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const onlyKeys = (value: Record<string, unknown>, keys: ReadonlySet<string>) => {
  for (const key in value) if (!keys.has(key)) return false;
  return true;
};
const isSecond = (value: unknown) => typeof value === 'number' && value >= 0 && value <= MAX_VIDEO_SECONDS;
const isPageText = (value: unknown) => typeof value === 'string' && value.length <= 2000 && isStorableText(value);

function isPlainEvent(value: unknown): boolean {
  if (!isRecord(value) || !onlyKeys(value, EVENT_KEYS)) return false;
  const { id, kind, at, position, intervals, from, rendition, click } = value;
  if (typeof id !== 'string' || !UUID.test(id) || !KINDS.has(kind) || !isSecond(position)) return false;
  if (typeof at !== 'number' || !Number.isSafeInteger(at) || at <= 0) return false;
  if ('intervals' in value) {
    if (!Array.isArray(intervals) || intervals.length > HEARTBEAT_INTERVALS_MAX) return false;
    for (const range of intervals) {
      if (!Array.isArray(range) || range.length !== 2 || !isSecond(range[0]) || !isSecond(range[1])) return false;
      if (range[0] > range[1]) return false;
    }
  }
  if ('from' in value && !isSecond(from)) return false;
  if (
    'rendition' in value &&
    !(Number.isSafeInteger(rendition) && (rendition as number) >= 1 && (rendition as number) <= 4320)
  ) {
    return false;
  }
  return !('click' in value) || CLICKS.has(click);
}

/**
 * Whether a parsed body is a batch `analyticsBatchBody` takes as it is, checked by hand without making a copy
 * (the ingestion route's fast path: it takes the most requests, and zod's checking and copying of a batch of
 * ten was about a tenth of its CPU, bench:ingest). True only when zod would answer the same value; anything
 * else (a problem to name, a viewer id to drop) is false, for the schema to answer. analytics.test.ts holds
 * the two together.
 */
export function isPlainBatch(value: unknown): value is AnalyticsBatch {
  if (!isRecord(value) || !onlyKeys(value, BATCH_KEYS)) return false;
  const { videoId, sessionId, viewerId, page, referrer, events } = value;
  if (typeof videoId !== 'string' || !UUID.test(videoId)) return false;
  if (typeof sessionId !== 'string' || !VIEWER_ID.test(sessionId)) return false;
  if ('viewerId' in value && !(typeof viewerId === 'string' && VIEWER_ID.test(viewerId))) return false;
  if (!isPageText(page) || !isPageText(referrer)) return false;
  if (!Array.isArray(events) || events.length < 1 || events.length > ANALYTICS_BATCH_MAX_EVENTS) return false;
  return events.every(isPlainEvent);
}

// ---- What the analytics screen reads ----

/** The longest range a screen may ask for, in days. */
export const ANALYTICS_RANGE_MAX_DAYS = 400;

const DAY_MS = 86_400_000;
const range = {
  /** Days (UTC) from and to, both included. */
  from: dayField,
  to: dayField,
};
const inRange = (query: { from: string; to: string }) => {
  const days = (Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / DAY_MS;
  return days >= 0 && days < ANALYTICS_RANGE_MAX_DAYS;
};

/** A range alone (the public API takes the video from its path). */
export const analyticsRangeQuery = z.strictObject(range).refine(inRange, { error: 'illegal_input', path: ['to'] });

export const videoAnalyticsQuery = z.strictObject({ videoId: videoIdField, ...range }).refine(inRange, {
  error: 'illegal_input',
  path: ['to'],
});
export type VideoAnalyticsQuery = z.output<typeof videoAnalyticsQuery>;

const count = z.number().int();
export const analyticsTotals = z.object({
  /** Sessions whose player was shown, and those that played. */
  loads: count,
  plays: count,
  uniqueViewers: count,
  watchSeconds: z.number(),
  /** Sessions that reached the end. */
  completions: count,
  /** Leads stored from the video's inquiry form (never what a player claims). */
  leads: count,
  /** Clicks on the player's buttons the server stored; those on the call to action apart. */
  clicks: count,
  ctaClicks: count,
  /** Of the video, on average per play (0 to 100). */
  averagePercent: z.number(),
});
export type AnalyticsTotals = z.infer<typeof analyticsTotals>;

export const videoAnalyticsData = z.object({
  totals: analyticsTotals,
  /** The video's length in seconds (0 while unknown). */
  duration: z.number(),
  /**
   * Per percent of the video (100 entries): plays that watched it, and times it was watched, rewatches
   * included. Viewers still watching at each point is reached[i] / plays.
   */
  engagement: z.object({ reached: z.array(count), watched: z.array(count) }),
  /** Each day of the range, oldest first. */
  days: z.array(z.object({ day: z.string(), loads: count, plays: count, watchSeconds: z.number(), leads: count })),
});
export type VideoAnalytics = z.infer<typeof videoAnalyticsData>;

export const analyticsSessionsQuery = z
  .strictObject({ videoId: videoIdField, ...range, ...pageFields(50) })
  .refine(inRange, { error: 'illegal_input', path: ['to'] });
export const analyticsSession = z.object({
  sessionId: z.string(),
  /** Unix seconds. */
  startedAt: count,
  /** The anonymous viewer id, or null for one not tracked. */
  viewerId: z.string().nullable(),
  device: z.string(),
  browser: z.string(),
  os: z.string(),
  country: z.string().nullable(),
  page: z.string(),
  referrer: z.string(),
  watchSeconds: z.number(),
  /** Of the video watched at least once (0 to 100). */
  percent: z.number(),
  /**
   * The [from, to] second ranges watched, merged and within the video: the parts watched once, left to right,
   * then those watched again (a rewatched part appears twice). Bounded by the video, whatever was sent.
   */
  intervals: z.array(z.tuple([z.number(), z.number()])),
  lead: z.boolean(),
  clicks: count,
});
export type AnalyticsSession = z.infer<typeof analyticsSession>;
export const analyticsSessionsData = z.object({ list: z.array(analyticsSession), total: count });

export const analyticsBreakdownData = z.object({
  referrers: z.array(z.object({ name: z.string(), sessions: count })),
  pages: z.array(z.object({ name: z.string(), sessions: count })),
  devices: z.array(z.object({ name: z.string(), sessions: count })),
  browsers: z.array(z.object({ name: z.string(), sessions: count })),
  countries: z.array(z.object({ name: z.string(), sessions: count })),
});
export type AnalyticsBreakdown = z.infer<typeof analyticsBreakdownData>;

// ---- The dashboard overview ----

export const overviewQuery = z.strictObject(range).refine(inRange, { error: 'illegal_input', path: ['to'] });
export type OverviewQuery = z.output<typeof overviewQuery>;

export const overviewData = z.object({
  totals: analyticsTotals,
  /** The same figures over the range of the same length just before. */
  previous: analyticsTotals,
  days: z.array(z.object({ day: z.string(), loads: count, plays: count, watchSeconds: z.number(), leads: count })),
  /** The range's most played videos (at most 5). */
  topVideos: z.array(
    z.object({
      videoId: z.string(),
      name: z.string(),
      thumbnail: z.string().nullable(),
      plays: count,
      watchSeconds: z.number(),
      leads: count,
    }),
  ),
});
export type Overview = z.infer<typeof overviewData>;

import { z } from 'zod';
import { textField } from '../text.ts';
import { CLICK_KINDS, MAX_VIDEO_SECONDS, VIEWER_ID, viewerIdField } from './player.ts';
import { videoIdField } from './videos.ts';

// ---- What the player sends about a viewing (issue 16 item 1) ----

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
  events: z
    .array(playEvent, { error: 'illegal_input' })
    .min(1, 'illegal_input')
    .max(ANALYTICS_BATCH_MAX_EVENTS, 'illegal_input'),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchBody>;

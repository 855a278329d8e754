import { z } from 'zod';
import { textField } from '../text.ts';
import { pageFields } from './common.ts';
import type { CLICK_KINDS } from './player.ts';
import type { Video } from './videos.ts';

// ---- Account-level webhooks ----

/** What an endpoint can subscribe to (docs/product.md "Public API and webhooks"). */
export const WEBHOOK_EVENTS = [
  'lead.created',
  'contact.clicked',
  'viewing_session.ended',
  'video.playable',
  'video.ready',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Every type a delivery can carry: the events, and the console's "send test event". */
export const WEBHOOK_EVENT_TYPES = [...WEBHOOK_EVENTS, 'test'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Why a delivery got no HTTP answer we count (the status code says the rest). */
export const WEBHOOK_DELIVERY_ERRORS = [
  'blocked_address',
  'dns_failed',
  'connection_failed',
  'timeout',
  'redirect_not_followed',
  'too_many_redirects',
  'endpoint_disabled',
  'plan_not_allowed',
] as const;
export type WebhookDeliveryError = (typeof WEBHOOK_DELIVERY_ERRORS)[number];

export const WEBHOOKS_MAX = 10;
export const WEBHOOK_URL_MAX = 2048;
/** Headers of every delivery. The signature is Stripe's scheme: t=<unix seconds>,v1=<hex HMAC-SHA256>. */
export const WEBHOOK_HEADERS = {
  signature: 'LeadReel-Signature',
  event: 'LeadReel-Event',
  delivery: 'LeadReel-Delivery',
} as const;
export const WEBHOOK_USER_AGENT = 'LeadReel-Webhooks/1';

function parsedUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/**
 * The receiver's address: http or https, no user name or password (they would end up in logs and the
 * console). Whether it points at a private network is the server's check, at save and at each delivery.
 */
export const webhookUrlField = textField('webhook_url_invalid')
  .trim()
  .min(1, 'webhook_url_invalid')
  .max(WEBHOOK_URL_MAX, 'webhook_url_too_long')
  .refine((text) => {
    const url = parsedUrl(text);
    return url !== null && (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  }, 'webhook_url_invalid')
  .refine((text) => {
    const url = parsedUrl(text);
    return url === null || (url.username === '' && url.password === '');
  }, 'webhook_url_credentials');

export const webhookEventsField = z
  .array(z.enum(WEBHOOK_EVENTS, { error: 'webhook_event_invalid' }), { error: 'webhook_events_required' })
  .min(1, 'webhook_events_required')
  .max(WEBHOOK_EVENTS.length, 'webhook_event_invalid')
  .refine((events) => new Set(events).size === events.length, 'webhook_event_invalid');

export const webhookIdField = z.uuid({ error: 'webhook_not_found' });

export const createWebhookBody = z.strictObject({
  url: webhookUrlField,
  events: webhookEventsField,
  enabled: z.boolean({ error: 'illegal_input' }).default(true),
});
export const updateWebhookBody = z.strictObject({
  id: webhookIdField,
  url: webhookUrlField,
  events: webhookEventsField,
  enabled: z.boolean({ error: 'illegal_input' }),
});
export const webhookIdBody = z.strictObject({ id: webhookIdField });
/** Resend: one logged delivery sent again now, with its event id (a receiver that dedupes sees a repeat). */
export const redeliverWebhookBody = z.strictObject({
  deliveryId: z.uuid({ error: 'webhook_delivery_not_found' }),
});
export const webhookDeliveriesQuery = z.strictObject({
  id: webhookIdField,
  ...pageFields(),
});

// Answers: plain shapes, checked and not transformed.

export const webhookEndpointData = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** The secret is shown once (on create and roll); afterwards only its last characters. */
  secretHint: z.string(),
  /** Seconds since the epoch. */
  createdAt: z.number(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointData>;
export const webhookListData = z.object({
  list: z.array(webhookEndpointData),
  /** False on the Free plan: webhooks are a paid plan's (they would carry the details Free masks). */
  allowed: z.boolean(),
});
export const webhookSecretData = webhookEndpointData.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookSecretData>;

export const webhookDeliveryData = z.object({
  id: z.string(),
  event: z.enum(WEBHOOK_EVENT_TYPES),
  eventId: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  statusCode: z.number().int().nullable(),
  error: z.enum(WEBHOOK_DELIVERY_ERRORS).nullable(),
  /** Seconds since the epoch. */
  createdAt: z.number(),
  deliveredAt: z.number().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliveryData>;
export const webhookDeliveryListData = z.object({
  list: z.array(webhookDeliveryData),
  total: z.number().int(),
});

// ---- What a receiver gets: the JSON body of a delivery ----

export type WebhookLeadData = {
  id: string;
  videoId: string | null;
  videoName: string;
  /** Seconds since the epoch. */
  createdAt: number;
  second: number;
  pageUrl: string;
  referrer: string;
  language: string;
  /** The form's fields as the viewer saw them, with labels. */
  fields: { id: string; kind: string; label: string }[];
  answers: Record<string, string>;
  /** The anonymous viewer (per account) who sent it; the same id on their contact.clicked events. */
  viewerId: string | null;
};
export type WebhookClickData = {
  videoId: string;
  videoName: string;
  kind: (typeof CLICK_KINDS)[number];
  second: number;
  pageUrl: string;
  referrer: string;
  /** Seconds since the epoch. */
  at: number;
  /** The anonymous viewer (per account); their lead.created carries the same id. */
  viewerId: string | null;
};
/**
 * A viewing that ended: no event from it for half an hour. What the viewer watched, so a
 * CRM sees engagement beside the lead (the same viewer id).
 */
export type WebhookSessionData = {
  sessionId: string;
  videoId: string;
  videoName: string;
  viewerId: string | null;
  /** Seconds since the epoch. */
  startedAt: number;
  lastEventAt: number;
  watchSeconds: number;
  /** Of the video watched at least once (0 to 100). */
  watchedPercent: number;
  /**
   * The [from, to] second ranges watched, merged and within the video: the parts watched once, left to right,
   * then those watched again (a rewatched part appears twice). Bounded by the video, whatever was sent.
   */
  intervals: [number, number][];
  completed: boolean;
  lead: boolean;
  clicks: number;
  pageUrl: string;
  referrer: string;
  device: string;
  browser: string;
  os: string;
  country: string | null;
};
/**
 * `video.playable` (its first rendition plays, `playable` turned true) and `video.ready` (the whole ladder is
 * out), each once per upload: the video as the public API answers it, when the event is sent.
 */
export type WebhookVideoData = Pick<
  Video,
  'videoId' | 'folderId' | 'name' | 'status' | 'playable' | 'duration' | 'width' | 'height' | 'hlsUrl'
> & {
  /** The video's watch page, as the public API's SEO page gives it. */
  watchUrl: string;
  /** When the video became playable, or ready: seconds since the epoch. */
  at: number;
};
export type WebhookPayload = {
  id: string;
  type: WebhookEventType;
  /** Seconds since the epoch. */
  created: number;
  data:
    | WebhookLeadData
    | WebhookClickData
    | WebhookSessionData
    | WebhookVideoData
    | { message: string; endpointId: string };
};

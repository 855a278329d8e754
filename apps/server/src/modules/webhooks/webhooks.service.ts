import { createHash, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import {
  WEBHOOK_DELIVERY_ERRORS,
  WEBHOOK_HEADERS,
  WEBHOOK_USER_AGENT,
  WEBHOOKS_MAX,
  type WebhookClickData,
  type WebhookDelivery,
  type WebhookDeliveryError,
  type WebhookEndpoint,
  type WebhookEvent,
  type WebhookLeadData,
  type WebhookPayload,
  type WebhookSessionData,
  type WebhookVideoData,
  type WebhookWithSecret,
} from '@leadreel/shared';
import type { Logger } from 'pino';
import { badRequest, notFound } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AddressPolicy } from '../../lib/outbound/address-policy.ts';
import { OutboundRequestError, type Resolve, safePost } from '../../lib/outbound/safe-fetch.ts';
import type { EntitlementsService } from '../entitlements/entitlements.ts';
import type { EventMap } from '../events/events.ts';
import type { LeadService } from '../leads/leads.service.ts';
import type { SettingsService } from '../video-settings/settings.service.ts';
import type { VideoMilestone } from '../videos/video-events.ts';
import { toVideoData, type VideoService } from '../videos/videos.service.ts';
import { newWebhookSecret, signatureHeader } from './signature.ts';
import type { DeliveryRow, EndpointRow, WebhookRepo } from './webhooks.repo.ts';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const webhookNotFound = () => notFound('webhook_not_found', 'id');
const knownError = (error: string | null): WebhookDeliveryError | null =>
  (WEBHOOK_DELIVERY_ERRORS as readonly string[]).includes(error ?? '') ? (error as WebhookDeliveryError) : null;

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    secretHint: `whsec_…${row.secret.slice(-4)}`,
    createdAt: seconds(row.created_at),
  };
}

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event: row.event,
    eventId: row.event_id,
    status: row.status,
    attempts: row.attempts,
    statusCode: row.last_status_code,
    error: knownError(row.last_error),
    createdAt: seconds(row.created_at),
    deliveredAt: row.delivered_at ? seconds(row.delivered_at) : null,
  };
}

/**
 * Account-level webhooks: endpoints the owner registers, and the events fanned out to
 * them as signed POSTs. Each event becomes one delivery row per subscribed endpoint; a worker sends it and
 * pg-boss retries it with backoff for about three days. Every request goes through the SSRF guard.
 */
export function createWebhookService(deps: {
  repo: WebhookRepo;
  /** The events' subjects, from the modules that own them. */
  leads: Pick<LeadService, 'findStored'>;
  videos: Pick<VideoService, 'findById'>;
  /** The watch page's address, as the public API gives it. */
  settings: Pick<SettingsService, 'getSeo'>;
  /** The installation's address (PUBLIC_URL): media addresses are absolute, as the public API's. */
  publicUrl: string;
  entitlements: EntitlementsService;
  clock: Clock;
  log: Logger;
  /** Which addresses deliveries may reach (WEBHOOK_ALLOW_PRIVATE_TARGETS picks it). */
  policy: AddressPolicy;
  resolve?: Resolve;
  /** Sends a delivery to a worker; without one (tests of other modules) it is sent at once. */
  enqueue: ((deliveryId: string) => Promise<void>) | null;
  /** Attempts before a delivery is failed: the queue's retries plus the first. */
  maxAttempts: number;
  timeoutMs?: number;
}) {
  const { repo, entitlements, clock, log, policy } = deps;

  /** Managing webhooks: open until the Frozen period, like the account's other notifications. */
  async function assertAllowed(accountId: string) {
    await entitlements.assertAccess(accountId, 'emailNotifications', ['canUseWebhooks', 'webhooks_not_allowed']);
  }

  /** The save-time check: an address that names a refused network outright. Names are checked at delivery. */
  function assertReachable(text: string) {
    const host = new URL(text).hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
    const literal = isIP(host) ? host : /(^|\.)localhost$/i.test(host) ? '127.0.0.1' : null;
    if (literal && policy(literal)) throw badRequest('webhook_url_blocked', 'url');
  }

  /** Webhooks go to paid accounts (their data would bypass Free's masking) that are not yet Frozen. */
  async function mayReceive(accountId: string) {
    return (await entitlements.ofAccount(accountId))?.webhooks ?? false;
  }

  async function own(accountId: string, id: string) {
    const row = await repo.find(accountId, id);
    if (!row) throw webhookNotFound();
    return row;
  }

  /**
   * One attempt at one delivery; a delivery that is not final and failed throws, so the queue retries it.
   * `once`: sent while the owner waits (a test event, a resend), never retried.
   */
  async function deliver(deliveryId: string, once = false): Promise<DeliveryRow | undefined> {
    const claimed = await repo.claim(deliveryId);
    if (!claimed) return undefined;
    const test = claimed.event === 'test';
    let statusCode: number | null = null;
    let error: WebhookDeliveryError | null = null;
    if (!claimed.enabled && !test && !once) error = 'endpoint_disabled';
    else if (!(await mayReceive(claimed.account_id))) error = 'plan_not_allowed';
    else {
      const body = JSON.stringify(claimed.payload);
      try {
        ({ status: statusCode } = await safePost(claimed.url, {
          body,
          headers: {
            'content-type': 'application/json',
            'user-agent': WEBHOOK_USER_AGENT,
            [WEBHOOK_HEADERS.signature]: signatureHeader(claimed.secret, body, seconds(clock.now())),
            [WEBHOOK_HEADERS.event]: claimed.event,
            [WEBHOOK_HEADERS.delivery]: claimed.id,
          },
          policy,
          resolve: deps.resolve,
          timeoutMs: deps.timeoutMs,
        }));
      } catch (caught) {
        if (!(caught instanceof OutboundRequestError)) throw caught;
        // A POST's refusals are all delivery errors the log names (it reads no body, follows no GET).
        error = knownError(caught.code) ?? 'connection_failed';
        log.info({ deliveryId, err: caught.message }, 'webhook not delivered');
      }
      if (statusCode !== null && statusCode >= 200 && statusCode < 300) {
        return repo.record(deliveryId, { status: 'delivered', statusCode, error: null, deliveredAt: clock.now() });
      }
      if (statusCode !== null && statusCode >= 300 && statusCode < 400) error = 'redirect_not_followed';
    }
    // A refused endpoint, plan or address will not change by retrying (an address the SSRF guard refuses
    // is the owner's to fix, and the log says why); a test is sent once, while the owner watches.
    const final =
      once || test || error === 'endpoint_disabled' || error === 'plan_not_allowed' || error === 'blocked_address';
    const last = final || claimed.attempts >= deps.maxAttempts;
    const row = await repo.record(deliveryId, {
      status: last ? 'failed' : 'pending',
      statusCode,
      error,
      deliveredAt: null,
    });
    if (!last) throw new Error(`webhook delivery ${deliveryId} failed: ${statusCode ?? error}`);
    return row;
  }

  /**
   * Creates the event's deliveries to every subscribed endpoint and sends them off. Never fails its caller.
   * An event with an id of its own (`eventId`, the same each time the same fact is announced) is not
   * delivered twice to one endpoint when the job announcing it runs again.
   */
  async function emit(accountId: string, event: WebhookEvent, data: WebhookPayload['data'], eventId?: string) {
    if (!(await mayReceive(accountId))) return;
    const endpoints = await repo.subscribed(accountId, event);
    if (endpoints.length === 0) return;
    const id = eventId ?? `evt_${randomUUID()}`;
    const already = eventId
      ? await repo.endpointsWithEvent(
          id,
          endpoints.map((endpoint) => endpoint.id),
        )
      : new Set<string>();
    const payload: WebhookPayload = { id, type: event, created: seconds(clock.now()), data };
    const rows = await repo.createDeliveries(
      endpoints.map((endpoint) => endpoint.id).filter((endpointId) => !already.has(endpointId)),
      accountId,
      event,
      payload,
    );
    for (const { id } of rows) {
      if (deps.enqueue) await deps.enqueue(id);
      else await deliver(id).catch((error: unknown) => log.warn({ err: error, deliveryId: id }, 'webhook failed'));
    }
  }

  /** The id of the event announcing one fact: the same however often it is announced, shaped like the others. */
  const eventIdOf = (event: WebhookEvent, subjectId: string) => {
    const hex = createHash('sha256').update(`${event}:${subjectId}`).digest('hex');
    return `evt_${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
  };

  const safely = (what: string, run: () => Promise<void>) =>
    run().catch((error: unknown) => log.error({ err: error }, `could not send the ${what} webhooks`));

  return {
    deliver,

    async list(accountId: string) {
      await entitlements.assertFeature(accountId, 'emailNotifications');
      const allowed = (await entitlements.of(accountId)).privileges.canUseWebhooks;
      return { list: (await repo.list(accountId)).map(toEndpoint), allowed };
    },

    async create(
      accountId: string,
      input: { url: string; events: WebhookEvent[]; enabled: boolean },
    ): Promise<WebhookWithSecret> {
      await assertAllowed(accountId);
      assertReachable(input.url);
      if ((await repo.count(accountId)) >= WEBHOOKS_MAX) throw badRequest('webhooks_too_many');
      const row = await repo.create({ account_id: accountId, ...input, secret: newWebhookSecret() });
      return { ...toEndpoint(row), secret: row.secret };
    },

    async update(accountId: string, input: { id: string; url: string; events: WebhookEvent[]; enabled: boolean }) {
      await assertAllowed(accountId);
      assertReachable(input.url);
      const { id, ...change } = input;
      const row = await repo.update(accountId, id, change);
      if (!row) throw webhookNotFound();
      return toEndpoint(row);
    },

    async remove(accountId: string, id: string) {
      await assertAllowed(accountId);
      if (!(await repo.remove(accountId, id))) throw webhookNotFound();
    },

    /** A new secret, shown once; deliveries from now on are signed with it. */
    async rollSecret(accountId: string, id: string): Promise<WebhookWithSecret> {
      await assertAllowed(accountId);
      const row = await repo.update(accountId, id, { secret: newWebhookSecret() });
      if (!row) throw webhookNotFound();
      return { ...toEndpoint(row), secret: row.secret };
    },

    async deliveries(accountId: string, query: { id: string; page: number; pageSize: number }) {
      await assertAllowed(accountId);
      await own(accountId, query.id);
      const { list, total } = await repo.deliveries(accountId, query.id, query.page, query.pageSize);
      return { list: list.map(toDelivery), total };
    },

    /** The console's "send test event": one signed `test` delivery, sent while the owner waits, and logged. */
    async sendTest(accountId: string, id: string): Promise<WebhookDelivery> {
      await assertAllowed(accountId);
      const endpoint = await own(accountId, id);
      const payload: WebhookPayload = {
        id: `evt_${randomUUID()}`,
        type: 'test',
        created: seconds(clock.now()),
        data: { message: 'A test event from LeadReel.', endpointId: endpoint.id },
      };
      const [delivery] = await repo.createDeliveries([endpoint.id], accountId, 'test', payload);
      const row = delivery && (await deliver(delivery.id));
      if (!row) throw webhookNotFound();
      return toDelivery(row);
    },

    /**
     * The log's "Resend": the delivery's event sent again now to its endpoint (even a disabled one: the
     * owner asked), logged as a new delivery with the same event id so a receiver that dedupes sees a repeat.
     */
    async redeliver(accountId: string, deliveryId: string): Promise<WebhookDelivery> {
      await assertAllowed(accountId);
      const logged = await repo.findDelivery(accountId, deliveryId);
      if (!logged) throw notFound('webhook_delivery_not_found');
      const [delivery] = await repo.createDeliveries([logged.endpoint_id], accountId, logged.event, logged.payload);
      const row = delivery && (await deliver(delivery.id, true));
      if (!row) throw notFound('webhook_delivery_not_found');
      return toDelivery(row);
    },

    /** lead.created, with the lead as stored (fields with labels and answers). */
    leadCreated: (leadId: string) =>
      safely('lead.created', async () => {
        const lead = await deps.leads.findStored(leadId);
        if (!lead) return;
        const data: WebhookLeadData = {
          id: lead.id,
          videoId: lead.video_id,
          videoName: lead.video_name,
          createdAt: seconds(lead.created_at),
          second: lead.second,
          pageUrl: lead.page_url,
          referrer: lead.referrer,
          language: lead.language,
          fields: lead.fields,
          answers: lead.answers,
          viewerId: lead.viewer_id,
        };
        await emit(lead.account_id, 'lead.created', data, eventIdOf('lead.created', lead.id));
      }),

    /** contact.clicked: a viewer's click on one of the player's contact or action buttons. */
    // The viewing a click names is the analytics' business: the webhook's payload stays as documented.
    contactClicked: ({ clickId, sessionId: _viewing, ...click }: EventMap['contact.clicked']) =>
      safely('contact.clicked', async () => {
        const video = await deps.videos.findById(click.videoId);
        if (!video) return;
        const data: WebhookClickData = { ...click, videoName: video.name };
        await emit(video.account_id, 'contact.clicked', data, eventIdOf('contact.clicked', clickId));
      }),

    /** viewing_session.ended: once per session and endpoint, however often it is announced. */
    sessionEnded: (accountId: string, session: Omit<WebhookSessionData, 'videoName'>) =>
      safely('viewing_session.ended', async () => {
        const video = await deps.videos.findById(session.videoId);
        if (!video || video.account_id !== accountId) return;
        const data: WebhookSessionData = { ...session, videoName: video.name };
        const subject = `${session.videoId}:${session.sessionId}`;
        await emit(accountId, 'viewing_session.ended', data, eventIdOf('viewing_session.ended', subject));
      }),

    /**
     * video.playable and video.ready: the video as the public API answers it now (nothing for one deleted
     * meanwhile), once per endpoint however often the job runs.
     */
    videoReached: (event: VideoMilestone, { videoId, at }: EventMap[VideoMilestone]) =>
      safely(event, async () => {
        const row = await deps.videos.findById(videoId);
        if (!row) return;
        const { folderId, name, status, playable, duration, width, height, hlsUrl } = toVideoData(row);
        const { watchUrl } = await deps.settings.getSeo(row.account_id, videoId);
        const data: WebhookVideoData = {
          videoId,
          folderId,
          name,
          status,
          playable,
          duration,
          width,
          height,
          hlsUrl: hlsUrl && `${deps.publicUrl}${hlsUrl}`,
          watchUrl,
          at,
        };
        await emit(row.account_id, event, data, eventIdOf(event, videoId));
      }),

    /**
     * Keeps the log to 30 days, and fails deliveries a lost job left pending past the retry window (the
     * queue's three days plus a margin).
     */
    async sweep() {
      const now = clock.now().getTime();
      await repo.prune(new Date(now - 30 * 86_400_000));
      await repo.failStale(new Date(now - 4 * 86_400_000));
    },
  };
}
export type WebhookService = ReturnType<typeof createWebhookService>;

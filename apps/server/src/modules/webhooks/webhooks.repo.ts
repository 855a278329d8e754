import type { WebhookEvent, WebhookEventType, WebhookPayload } from '@leadreel/shared';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { WebhookDeliveryTable, WebhookEndpointTable } from '../../db/schema.ts';

export type EndpointRow = Selectable<WebhookEndpointTable>;
export type DeliveryRow = Selectable<WebhookDeliveryTable>;

/** Kysely queries on `webhook_endpoint` and `webhook_delivery`; every read of an account's rows names the account. */
export function createWebhookRepo(db: Db) {
  return {
    list(accountId: string) {
      return db
        .selectFrom('webhook_endpoint')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    async count(accountId: string) {
      const row = await db
        .selectFrom('webhook_endpoint')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    find(accountId: string, id: string) {
      return db
        .selectFrom('webhook_endpoint')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    create(row: { account_id: string; url: string; events: WebhookEvent[]; secret: string; enabled: boolean }) {
      return db.insertInto('webhook_endpoint').values(row).returningAll().executeTakeFirstOrThrow();
    },

    update(
      accountId: string,
      id: string,
      change: Partial<{ url: string; events: WebhookEvent[]; enabled: boolean; secret: string }>,
    ) {
      return db
        .updateTable('webhook_endpoint')
        .set({ ...change, updated_at: new Date() })
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    async remove(accountId: string, id: string) {
      const result = await db
        .deleteFrom('webhook_endpoint')
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** The account's enabled endpoints subscribed to `event`. */
    subscribed(accountId: string, event: WebhookEvent) {
      return db
        .selectFrom('webhook_endpoint')
        .select('id')
        .where('account_id', '=', accountId)
        .where('enabled', '=', true)
        .where(sql<boolean>`${event} = any(events)`)
        .execute();
    },

    /** One delivery row per endpoint, all carrying the same event. */
    /** One of the account's logged deliveries. */
    findDelivery(accountId: string, deliveryId: string) {
      return db
        .selectFrom('webhook_delivery')
        .select(['id', 'endpoint_id', 'event', 'payload'])
        .where('account_id', '=', accountId)
        .where('id', '=', deliveryId)
        .executeTakeFirst();
    },

    /** Of these endpoints, the ones that already have a delivery of this event (a fan-out run again). */
    async endpointsWithEvent(eventId: string, endpointIds: string[]): Promise<Set<string>> {
      if (endpointIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('webhook_delivery')
        .select('endpoint_id')
        .where('event_id', '=', eventId)
        .where('endpoint_id', 'in', endpointIds)
        .execute();
      return new Set(rows.map((row) => row.endpoint_id));
    },

    createDeliveries(
      endpointIds: string[],
      accountId: string,
      event: WebhookEventType,
      payload: WebhookPayload,
    ): Promise<{ id: string }[]> {
      if (endpointIds.length === 0) return Promise.resolve([]);
      return db
        .insertInto('webhook_delivery')
        .values(
          endpointIds.map((endpointId) => ({
            endpoint_id: endpointId,
            account_id: accountId,
            event,
            event_id: payload.id,
            payload: JSON.stringify(payload) as never,
          })),
        )
        .returning('id')
        .execute();
    },

    /**
     * Takes a pending delivery for one attempt: counts the attempt and answers it with its endpoint (and
     * the endpoint's account). Nothing when it was delivered, failed or deleted meanwhile.
     */
    claim(deliveryId: string) {
      return db
        .updateTable('webhook_delivery')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .from('webhook_endpoint')
        .whereRef('webhook_endpoint.id', '=', 'webhook_delivery.endpoint_id')
        .where('webhook_delivery.id', '=', deliveryId)
        .where('webhook_delivery.status', '=', 'pending')
        .returning([
          'webhook_delivery.id',
          'webhook_delivery.event',
          'webhook_delivery.payload',
          'webhook_delivery.attempts',
          'webhook_endpoint.url',
          'webhook_endpoint.secret',
          'webhook_endpoint.enabled',
          'webhook_endpoint.account_id',
        ])
        .executeTakeFirst();
    },

    async record(
      deliveryId: string,
      outcome: {
        status: DeliveryRow['status'];
        statusCode: number | null;
        error: string | null;
        deliveredAt: Date | null;
      },
    ) {
      return db
        .updateTable('webhook_delivery')
        .set({
          status: outcome.status,
          last_status_code: outcome.statusCode,
          last_error: outcome.error,
          delivered_at: outcome.deliveredAt,
        })
        .where('id', '=', deliveryId)
        .returningAll()
        .executeTakeFirst();
    },

    async deliveries(accountId: string, endpointId: string, page: number, pageSize: number) {
      const scope = db
        .selectFrom('webhook_delivery')
        .where('account_id', '=', accountId)
        .where('endpoint_id', '=', endpointId);
      const [list, total] = await Promise.all([
        scope
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        scope.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { list, total: Number(total.n) };
    },

    /** Forgets deliveries older than `before` (the log shows recent ones; the sweep keeps the table small). */
    async prune(before: Date) {
      await db.deleteFrom('webhook_delivery').where('created_at', '<', before).execute();
    },

    /** Fails deliveries still pending from before `before`: their job was lost, the retry window is over. */
    async failStale(before: Date) {
      await db
        .updateTable('webhook_delivery')
        .set({ status: 'failed' })
        .where('status', '=', 'pending')
        .where('created_at', '<', before)
        .execute();
    },
  };
}
export type WebhookRepo = ReturnType<typeof createWebhookRepo>;

import type { PaymentProviderName } from '@leadreel/shared';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { InvoiceTable, PaymentOrderTable } from '../../db/schema.ts';

export type OrderRow = Selectable<PaymentOrderTable> & { invoice_number: string | null };

/** Every query on orders and invoices (`payment_order`, `invoice`). */
export function createOrderRepo(db: Db) {
  const withInvoice = (from: Db) =>
    from
      .selectFrom('payment_order')
      .leftJoin('invoice', 'invoice.order_id', 'payment_order.id')
      .selectAll('payment_order')
      .select('invoice.number as invoice_number');

  return {
    insert(values: Insertable<PaymentOrderTable>) {
      return db.insertInto('payment_order').values(values).returning('id').executeTakeFirstOrThrow();
    },

    /**
     * A subscription's renewal as an order, once per provider reference (a Stripe invoice, a sandbox cycle):
     * asked again, it answers the order made the first time.
     */
    async insertRenewal(values: Insertable<PaymentOrderTable> & { provider_ref: string }) {
      const made = await db
        .insertInto('payment_order')
        .values(values)
        .onConflict((oc) => oc.columns(['provider', 'provider_ref']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (made) return made.id;
      const earlier = await db
        .selectFrom('payment_order')
        .select('id')
        .where('provider', '=', values.provider)
        .where('provider_ref', '=', values.provider_ref)
        .executeTakeFirstOrThrow();
      return earlier.id;
    },

    /** Records where the provider's checkout is; only while the order waits for it. */
    async started(id: string, values: { provider_ref: string; checkout_url: string | null; qr_code: string | null }) {
      await db.updateTable('payment_order').set(values).where('id', '=', id).execute();
    },

    find(id: string, trx: Db = db): Promise<OrderRow | undefined> {
      return withInvoice(trx).where('payment_order.id', '=', id).executeTakeFirst();
    },

    byInvoiceNumber(number: string): Promise<OrderRow | undefined> {
      return withInvoice(db).where('invoice.number', '=', number).executeTakeFirst();
    },

    byProviderRef(provider: PaymentOrderTable['provider'], ref: string): Promise<OrderRow | undefined> {
      return withInvoice(db)
        .where('payment_order.provider', '=', provider)
        .where('payment_order.provider_ref', '=', ref)
        .executeTakeFirst();
    },

    /**
     * Records a provider's notification as applied, in the transaction that applies it: false when it was
     * applied before (a repeat), which then changes nothing.
     */
    async recordEvent(trx: Db, provider: PaymentOrderTable['provider'], eventId: string, orderId: string) {
      const row = await trx
        .insertInto('payment_event')
        .values({ provider, event_id: eventId, order_id: orderId })
        .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
        .returning('event_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The order, held for the caller's transaction: it is settled once, whoever reports first. */
    lock(trx: Db, id: string) {
      return trx.selectFrom('payment_order').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    /** The account's paid plan orders, in the order they were paid (the plan timeline's input). */
    paidPlanOrders(trx: Db, accountId: string) {
      return trx
        .selectFrom('payment_order')
        .select(['id', 'plan_type', 'billing_plan', 'currency', 'settled_at'])
        .where('account_id', '=', accountId)
        .where('kind', '=', 'plan')
        .where('status', '=', 'paid')
        .orderBy('settled_at')
        .orderBy('id')
        .execute();
    },

    async update(trx: Db, id: string, values: Updateable<PaymentOrderTable>) {
      await trx.updateTable('payment_order').set(values).where('id', '=', id).execute();
    },

    /** Ends a pending order (the payer closed the dialog); false when it was no longer pending. */
    async endPending(id: string, accountId: string, status: 'canceled' | 'expired', at: Date) {
      const result = await db
        .updateTable('payment_order')
        .set({ status, settled_at: at })
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** The provider could not start the checkout: the order ends as failed. */
    async fail(id: string, failure: string, at: Date) {
      await db
        .updateTable('payment_order')
        .set({ status: 'failed', failure, settled_at: at })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    /**
     * Ends as canceled every order still open with a provider that is no longer configured: nobody can pay
     * it now, and a sandbox order left from a trial must not wait to be "paid" on a test page. Answers how many.
     */
    async closeOrdersNotOf(providers: readonly PaymentProviderName[], now: Date) {
      const result = await db
        .updateTable('payment_order')
        .set({ status: 'canceled', failure: 'provider_removed', settled_at: now })
        .where('status', '=', 'pending')
        .$if(providers.length > 0, (query) => query.where('provider', 'not in', providers))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Every order nobody paid in time becomes expired; answers how many. */
    async expireStale(now: Date) {
      const result = await db
        .updateTable('payment_order')
        .set({ status: 'expired', settled_at: now })
        .where('status', '=', 'pending')
        .where('expires_at', '<', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Issues the order's invoice with the next number of `year` (`LR-2026-000042`). */
    async issueInvoice(trx: Db, values: Omit<Insertable<InvoiceTable>, 'number'> & { prefix: string }) {
      const { prefix, ...invoice } = values;
      const { rows } = await sql<{ n: string }>`select nextval('invoice_number_seq') as n`.execute(trx);
      const number = `${prefix}-${String(rows[0]?.n).padStart(6, '0')}`;
      // The buyer is frozen as it stands now: details edited later do not rewrite an invoice already issued.
      const buyer = sql<string>`(
        select jsonb_build_object(
          'email', account.email,
          'companyName', coalesce(billing_detail.company_name, ''),
          'address', coalesce(billing_detail.address, ''),
          'country', coalesce(billing_detail.country, ''),
          'taxId', coalesce(billing_detail.tax_id, '')
        )
        from account left join billing_detail on billing_detail.account_id = account.id
        where account.id = ${invoice.account_id}
      )`;
      await trx
        .insertInto('invoice')
        .values({ ...invoice, number, buyer })
        .execute();
      return number;
    },

    /** Claims the order's receipt for mailing: false when it was mailed (or claimed) already. */
    async claimReceipt(orderId: string, at: Date) {
      const result = await db
        .updateTable('invoice')
        .set({ mailed_at: at })
        .where('order_id', '=', orderId)
        .where('mailed_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Gives the claim back (the mail failed), so the retry sends it. */
    async releaseReceipt(orderId: string) {
      await db.updateTable('invoice').set({ mailed_at: null }).where('order_id', '=', orderId).execute();
    },

    /** One page of the account's orders (those a payer got to the provider with), newest first. */
    async page(accountId: string, limit: number, offset: number) {
      const [rows, total] = await Promise.all([
        withInvoice(db)
          .where('payment_order.account_id', '=', accountId)
          .orderBy('payment_order.created_at', 'desc')
          .orderBy('payment_order.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('payment_order')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('account_id', '=', accountId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },
  };
}
export type OrderRepo = ReturnType<typeof createOrderRepo>;

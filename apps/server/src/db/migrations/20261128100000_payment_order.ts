import { type Kysely, sql } from 'kysely';

/**
 * Orders and invoices. An order is what the account asked to buy, priced when it was
 * made (minor units with its currency), with the provider that takes the money and where it is; it is
 * settled once, in one transaction with what it gives (a plan period, credits) and its invoice. Invoices
 * are numbered from one sequence, without gaps a user could wonder about.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_order')
    .addColumn('id', 'uuid', (col) => col.defaultTo(sql`gen_random_uuid()`).notNull())
    .addColumn('account_id', 'uuid', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('product_id', 'text', (col) => col.notNull())
    .addColumn('plan_type', 'text')
    .addColumn('billing_plan', 'text')
    .addColumn('credits', 'integer')
    // What is bought, in the account's language when it was ordered (the receipt's line).
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    // The provider's id for it (a Checkout session, a prepay id); unique per provider.
    .addColumn('provider_ref', 'text')
    .addColumn('checkout_url', 'text')
    .addColumn('qr_code', 'text')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('failure', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('settled_at', 'timestamptz')
    // What a paid plan order gave: the period it paid for.
    .addColumn('period_start', 'timestamptz')
    .addColumn('period_end', 'timestamptz')
    // An operator's refund: the provider's reference for it, when, and why.
    .addColumn('refund_ref', 'text')
    .addColumn('refunded_at', 'timestamptz')
    .addColumn('refund_reason', 'text')
    .addPrimaryKeyConstraint('payment_order_pkey', ['id'])
    .addForeignKeyConstraint('payment_order_account_id_fkey', ['account_id'], 'account', ['id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .addUniqueConstraint('payment_order_provider_ref_key', ['provider', 'provider_ref'])
    .addCheckConstraint('payment_order_kind_check', sql`kind in ('plan', 'credits')`)
    .addCheckConstraint('payment_order_method_check', sql`method in ('card', 'wechat', 'alipay')`)
    .addCheckConstraint(
      'payment_order_status_check',
      sql`status in ('pending', 'paid', 'failed', 'canceled', 'expired', 'refunded')`,
    )
    .addCheckConstraint('payment_order_amount_check', sql`amount > 0`)
    .addCheckConstraint(
      'payment_order_product_check',
      sql`case when kind = 'plan' then plan_type is not null and billing_plan in ('month', 'yr')
          else credits > 0 end`,
    )
    .execute();
  await db.schema
    .createIndex('payment_order_account_id_created_at_idx')
    .on('payment_order')
    .columns(['account_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('payment_order_pending_idx')
    .on('payment_order')
    .column('expires_at')
    .where(sql.ref('status'), '=', 'pending')
    .execute();

  // Each provider notification applied, by the provider's event id: a repeat finds its row and changes
  // nothing. Written in the transaction that applies it, so a crash before the commit leaves no row and
  // the provider's retry applies it.
  await db.schema
    .createTable('payment_event')
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('order_id', 'uuid')
    .addColumn('applied_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('payment_event_pkey', ['provider', 'event_id'])
    .addForeignKeyConstraint('payment_event_order_id_fkey', ['order_id'], 'payment_order', ['id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .execute();

  await sql`create sequence invoice_number_seq`.execute(db);
  await db.schema
    .createTable('invoice')
    .addColumn('id', 'uuid', (col) => col.defaultTo(sql`gen_random_uuid()`).notNull())
    .addColumn('number', 'text', (col) => col.notNull())
    .addColumn('order_id', 'uuid', (col) => col.notNull())
    .addColumn('account_id', 'uuid', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('issued_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // When its receipt was mailed: claimed before the mail, so a retried job mails it once.
    .addColumn('mailed_at', 'timestamptz')
    .addPrimaryKeyConstraint('invoice_pkey', ['id'])
    .addUniqueConstraint('invoice_number_key', ['number'])
    .addUniqueConstraint('invoice_order_id_key', ['order_id'])
    .addForeignKeyConstraint('invoice_order_id_fkey', ['order_id'], 'payment_order', ['id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .addForeignKeyConstraint('invoice_account_id_fkey', ['account_id'], 'account', ['id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invoice').execute();
  await sql`drop sequence invoice_number_seq`.execute(db);
  await db.schema.dropTable('payment_event').execute();
  await db.schema.dropTable('payment_order').execute();
}

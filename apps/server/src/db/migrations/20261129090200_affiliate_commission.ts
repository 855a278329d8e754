import { type Kysely, sql } from 'kysely';

/**
 * Affiliates. A referrer earns a commission on each paid invoice of an account they
 * referred, and loses it again when that invoice is refunded: one `commission` row per order and kind
 * (the unique key is what makes a replayed payment or refund write nothing twice). Rows keep the referred
 * account's masked email and the order's id without a foreign key, so a referred account that is deleted
 * leaves the referrer's earnings (and no personal data) behind. A payout records what the operator paid
 * a referrer in one currency; the rows it covers name it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('affiliate_payout')
    .addColumn('id', 'uuid', (col) => col.defaultTo(sql`gen_random_uuid()`).notNull())
    .addColumn('referrer_id', 'uuid', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('operator', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('affiliate_payout_pkey', ['id'])
    .addForeignKeyConstraint('affiliate_payout_referrer_id_fkey', ['referrer_id'], 'account', ['id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .addCheckConstraint('affiliate_payout_amount_check', sql`amount > 0`)
    .execute();
  await db.schema
    .createIndex('affiliate_payout_referrer_id_idx')
    .on('affiliate_payout')
    .column('referrer_id')
    .execute();

  await db.schema
    .createTable('commission')
    .addColumn('id', 'uuid', (col) => col.defaultTo(sql`gen_random_uuid()`).notNull())
    .addColumn('referrer_id', 'uuid', (col) => col.notNull())
    .addColumn('referred_id', 'uuid')
    .addColumn('referred_email', 'text', (col) => col.notNull())
    .addColumn('order_id', 'uuid', (col) => col.notNull())
    .addColumn('invoice_number', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('plan', 'text')
    .addColumn('invoice_amount', 'bigint', (col) => col.notNull())
    .addColumn('percent', 'integer', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('payout_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('commission_pkey', ['id'])
    .addUniqueConstraint('commission_order_id_kind_key', ['order_id', 'kind'])
    .addForeignKeyConstraint('commission_referrer_id_fkey', ['referrer_id'], 'account', ['id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .addForeignKeyConstraint('commission_referred_id_fkey', ['referred_id'], 'account', ['id'], (fk) =>
      fk.onDelete('set null'),
    )
    .addForeignKeyConstraint('commission_payout_id_fkey', ['payout_id'], 'affiliate_payout', ['id'])
    .addCheckConstraint('commission_kind_check', sql`kind in ('commission', 'reversal')`)
    .addCheckConstraint('commission_status_check', sql`status in ('pending', 'paid_out')`)
    .addCheckConstraint(
      'commission_amount_check',
      sql`(kind = 'commission' and amount > 0) or (kind = 'reversal' and amount < 0)`,
    )
    .execute();
  await db.schema
    .createIndex('commission_referrer_id_created_at_idx')
    .on('commission')
    .columns(['referrer_id', 'created_at'])
    .execute();
  await db.schema.createIndex('commission_referred_id_idx').on('commission').column('referred_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('commission').execute();
  await db.schema.dropTable('affiliate_payout').execute();
}

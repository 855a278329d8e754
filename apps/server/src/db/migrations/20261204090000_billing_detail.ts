import { type Kysely, sql } from 'kysely';

/**
 * The buyer's details a B2B invoice carries (company, address, country, tax ID), one row per account that
 * gave any; and on each invoice the buyer as it stood when the invoice was issued, so editing the details
 * later does not rewrite an invoice already sent. Invoices issued before this have none frozen and show
 * the current details.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('billing_detail')
    .addColumn('account_id', 'uuid', (col) => col.notNull())
    .addColumn('company_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('address', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('country', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('tax_id', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('billing_detail_pkey', ['account_id'])
    .addForeignKeyConstraint('billing_detail_account_id_fkey', ['account_id'], 'account', ['id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .execute();
  await db.schema.alterTable('invoice').addColumn('buyer', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invoice').dropColumn('buyer').execute();
  await db.schema.dropTable('billing_detail').execute();
}

import { type Kysely, sql } from 'kysely';

/**
 * Credits as an append-only ledger: every purchase, grant with a plan, spend, refund and
 * expiry is a row, and the balance is their sum, so a balance can always be explained line by line. An
 * entry's key makes it happen once per account (a retried spend, a webhook delivered twice).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('credit_entry')
    .addColumn('id', 'uuid', (col) => col.defaultTo(sql`gen_random_uuid()`).notNull())
    .addColumn('account_id', 'uuid', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    // Credits added (above 0) or taken (below 0).
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    // What it is for: an order, a plan period, an AI task.
    .addColumn('reference', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('credit_entry_pkey', ['id'])
    .addForeignKeyConstraint('credit_entry_account_id_fkey', ['account_id'], 'account', ['id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .addUniqueConstraint('credit_entry_account_id_key_key', ['account_id', 'key'])
    .addCheckConstraint('credit_entry_kind_check', sql`kind in ('purchase', 'grant', 'spend', 'refund', 'expiry')`)
    .addCheckConstraint(
      'credit_entry_amount_check',
      sql`amount <> 0 and (case when kind in ('spend', 'expiry') then amount < 0 else amount > 0 end)`,
    )
    .execute();
  await db.schema
    .createIndex('credit_entry_account_id_created_at_idx')
    .on('credit_entry')
    .columns(['account_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('credit_entry').execute();
}

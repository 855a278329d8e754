import { type Kysely, sql } from 'kysely';

/**
 * Each notice of a plan's end: the reminders before it and the mail of each period after
 * it, once per account, plan end and notice. Written in the transaction that moves the account, so a
 * notice is sent once however often the lifecycle job runs; a renewal's new end starts a new series.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('plan_notice')
    .addColumn('account_id', 'uuid', (col) => col.notNull())
    .addColumn('period_end', 'timestamptz', (col) => col.notNull())
    // 'reminder-15', 'buffer', 'frozen', 'clear', 'real-clear'.
    .addColumn('notice', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('mailed_at', 'timestamptz')
    .addPrimaryKeyConstraint('plan_notice_pkey', ['account_id', 'period_end', 'notice'])
    .addForeignKeyConstraint('plan_notice_account_id_fkey', ['account_id'], 'account', ['id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('plan_notice').execute();
}

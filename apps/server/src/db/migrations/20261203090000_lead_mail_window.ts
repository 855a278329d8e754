import { type Kysely, sql } from 'kysely';

/**
 * When each account's current lead-mail window opened: the first lead in a window is mailed at once, the
 * others wait and go together in one mail when it closes, so a burst of leads never buries the owner.
 * `burst_queued`: that mail is already queued, so a flood of waiting leads queues it once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lead_mail_window')
    .addColumn('account_id', 'uuid', (col) => col.notNull())
    .addColumn('opened_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('burst_queued', 'boolean', (col) => col.notNull().defaultTo(false))
    .addPrimaryKeyConstraint('lead_mail_window_pkey', ['account_id'])
    .addForeignKeyConstraint('lead_mail_window_account_id_fkey', ['account_id'], 'account', ['id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lead_mail_window').execute();
}

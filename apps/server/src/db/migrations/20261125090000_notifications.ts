import { type Kysely, sql } from 'kysely';

/**
 * Global settings "email-notification": which events mail the account — each new lead (on by
 * default, as before this migration) and a daily digest of the day's leads — and when the last digest went
 * out, so a digest is sent once a day however many workers run the job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('account')
    .addColumn('notify_new_lead', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('notify_digest', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('digest_sent_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('account_notify_digest_idx')
    .on('account')
    .column('notify_digest')
    .where(sql.ref('notify_digest'), '=', true)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('account_notify_digest_idx').execute();
  await db.schema
    .alterTable('account')
    .dropColumn('digest_sent_at')
    .dropColumn('notify_digest')
    .dropColumn('notify_new_lead')
    .execute();
}

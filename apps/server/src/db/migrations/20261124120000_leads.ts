import { type Kysely, sql } from 'kysely';

/**
 * Leads: each video's inquiry form (a jsonb column on video_setting), the submissions viewers leave through
 * it, and the account's notice email (where new leads are mailed; the sign-in email when unset).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('video_setting').addColumn('form', 'jsonb').execute();
  await db.schema
    .createTable('lead')
    .addColumn('id', 'uuid', (col) => col.defaultTo(sql`gen_random_uuid()`).notNull())
    .addColumn('account_id', 'uuid', (col) => col.notNull())
    .addColumn('video_id', 'uuid')
    .addColumn('video_name', 'text', (col) => col.notNull())
    // The form's fields as they were when the viewer answered: labels for the table, the mail and exports.
    .addColumn('fields', 'jsonb', (col) => col.notNull())
    .addColumn('answers', 'jsonb', (col) => col.notNull())
    .addColumn('second', 'double precision', (col) => col.notNull())
    .addColumn('page_url', 'text', (col) => col.notNull())
    .addColumn('referrer', 'text', (col) => col.notNull())
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('read_at', 'timestamptz')
    .addColumn('mailed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('lead_pkey', ['id'])
    .addForeignKeyConstraint('lead_account_id_fkey', ['account_id'], 'account', ['id'], (fk) => fk.onDelete('cascade'))
    // A lead outlives its video: the viewer's answers stay the account's.
    .addForeignKeyConstraint('lead_video_id_fkey', ['video_id'], 'video', ['id'], (fk) => fk.onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('lead_account_id_created_at_idx')
    .on('lead')
    .columns(['account_id', 'created_at'])
    .execute();
  await db.schema.createIndex('lead_video_id_idx').on('lead').column('video_id').execute();
  await db.schema.alterTable('account').addColumn('notice_email', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('account').dropColumn('notice_email').execute();
  await db.schema.dropTable('lead').execute();
  await db.schema.alterTable('video_setting').dropColumn('form').execute();
}

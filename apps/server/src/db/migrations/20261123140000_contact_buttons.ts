import { type Kysely, sql } from 'kysely';

/**
 * The WhatsApp, telephone and email buttons of a video (a jsonb column each on video_setting), and every
 * click on the player's buttons, kept for the lead timeline and analytics.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('video_setting')
    .addColumn('whatsapp', 'jsonb')
    .addColumn('telephone', 'jsonb')
    .addColumn('email', 'jsonb')
    .execute();
  await db.schema
    .createTable('contact_click')
    .addColumn('id', 'uuid', (col) => col.defaultTo(sql`gen_random_uuid()`).notNull())
    .addColumn('video_id', 'uuid', (col) => col.notNull())
    .addColumn('account_id', 'uuid', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('second', 'double precision', (col) => col.notNull())
    .addColumn('page_url', 'text', (col) => col.notNull())
    .addColumn('referrer', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('contact_click_pkey', ['id'])
    .addForeignKeyConstraint('contact_click_video_id_fkey', ['video_id'], 'video', ['id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .addCheckConstraint('contact_click_kind_check', sql`kind in ('whatsapp', 'telephone', 'email', 'widget', 'action')`)
    .execute();
  await db.schema
    .createIndex('contact_click_account_id_created_at_idx')
    .on('contact_click')
    .columns(['account_id', 'created_at'])
    .execute();
  await db.schema.createIndex('contact_click_video_id_idx').on('contact_click').column('video_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contact_click').execute();
  await db.schema
    .alterTable('video_setting')
    .dropColumn('whatsapp')
    .dropColumn('telephone')
    .dropColumn('email')
    .execute();
}

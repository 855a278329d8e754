import { type Kysely, sql } from 'kysely';

/**
 * The rest of a video's settings: branding, the call to action ("super action"), the contact widget and the
 * share networks (a jsonb column each on video_setting) and the watch page's own cover; its subtitle tracks, one row per language with the
 * cues the owner edits; and the account's plan, which decides what branding may do.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('video_setting')
    .addColumn('branding', 'jsonb')
    .addColumn('super_action', 'jsonb')
    .addColumn('widget', 'jsonb')
    .addColumn('share', 'jsonb')
    .addColumn('cover', 'text')
    .execute();
  await db.schema
    .createTable('subtitle')
    .addColumn('id', 'uuid', (col) => col.defaultTo(sql`gen_random_uuid()`).notNull())
    .addColumn('video_id', 'uuid', (col) => col.notNull())
    .addColumn('lang', 'text', (col) => col.notNull())
    .addColumn('label', 'text', (col) => col.notNull())
    .addColumn('cues', 'jsonb', (col) => col.notNull())
    .addColumn('is_default', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('subtitle_pkey', ['id'])
    .addForeignKeyConstraint('subtitle_video_id_fkey', ['video_id'], 'video', ['id'], (fk) => fk.onDelete('cascade'))
    .addUniqueConstraint('subtitle_video_id_lang_key', ['video_id', 'lang'])
    .execute();
  // At most one default track per video.
  await sql`create unique index subtitle_default_idx on subtitle (video_id) where is_default`.execute(db);
  await db.schema
    .alterTable('account')
    .addColumn('plan_type', 'text', (col) => col.notNull().defaultTo('Free'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('account').dropColumn('plan_type').execute();
  await db.schema.dropTable('subtitle').execute();
  await db.schema
    .alterTable('video_setting')
    .dropColumn('branding')
    .dropColumn('super_action')
    .dropColumn('widget')
    .dropColumn('share')
    .dropColumn('cover')
    .execute();
}

import { type Kysely, sql } from 'kysely';

/**
 * Per-video settings (the console contract /video-setting/{videoId}): a row per configured video, a jsonb column per
 * settings screen (validated by the shared zod schema on every write), and the watch page's slug as its
 * own column so `/v/{slug}` is one unique-index lookup.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('video_setting')
    .addColumn('video_id', 'uuid', (col) => col.notNull())
    .addColumn('seo', 'jsonb')
    .addColumn('slug', 'text')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('video_setting_pkey', ['video_id'])
    .addForeignKeyConstraint('video_setting_video_id_fkey', ['video_id'], 'video', ['id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .addUniqueConstraint('video_setting_slug_key', ['slug'])
    .addCheckConstraint('video_setting_slug_check', sql`slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('video_setting').execute();
}

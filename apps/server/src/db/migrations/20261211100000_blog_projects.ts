import { type Kysely, sql } from 'kysely';

/**
 * Blog-to-video projects (docs/product.md "Blog-to-video"): a script of scenes made from a blog post or
 * pasted text, the article's own images kept with it, and the exports that render it into a video.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blog_project')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (col) => col.notNull().references('account.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('source_url', 'text')
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('lang', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('draft').check(sql`status in ('draft', 'exporting', 'exported', 'failed')`),
    )
    // Bumped by every save; a save naming an older one is refused rather than merged.
    .addColumn('revision', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('settings', 'jsonb', (col) => col.notNull())
    // The article's images as stored at creation: [{ index, key, contentType }].
    .addColumn('article_images', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // The list: the account's projects, newest-updated first.
  await db.schema
    .createIndex('blog_project_account_updated_idx')
    .on('blog_project')
    .columns(['account_id', 'updated_at desc'])
    .execute();

  await db.schema
    .createTable('blog_scene')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'uuid', (col) => col.notNull().references('blog_project.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    // { source: 'material', materialId } or { source: 'article', index }; null: text on a plain background.
    .addColumn('media', 'jsonb')
    // The user's own recording for the scene (a tts-scene material), in place of the generated voice.
    .addColumn('voice_material_id', 'uuid')
    // The generated voice: where it is stored, what it was made from (text, language, speed), how long it is.
    .addColumn('voice_key', 'text')
    .addColumn('voice_hash', 'text')
    .addColumn('voice_duration', 'double precision')
    .execute();
  // A script is saved whole, renumbering its scenes: the order is checked when the save commits.
  await sql`alter table blog_scene add constraint blog_scene_project_position_key
    unique (project_id, position) deferrable initially deferred`.execute(db);

  await db.schema
    .createTable('blog_export')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'uuid', (col) => col.notNull().references('blog_project.id').onDelete('cascade'))
    .addColumn('account_id', 'uuid', (col) => col.notNull().references('account.id').onDelete('cascade'))
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('queued').check(sql`status in ('queued', 'running', 'done', 'failed', 'canceled')`),
    )
    .addColumn('progress', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('credits', 'integer', (col) => col.notNull())
    .addColumn('refunded', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('video_id', 'uuid')
    .addColumn('duration', 'double precision')
    .addColumn('error_code', 'text')
    .addColumn('error_detail', 'text')
    // How many workers took it: one that died is replaced, up to a limit.
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addUniqueConstraint('blog_export_project_version_key', ['project_id', 'version'])
    .execute();
  // One export at a time per project: two would render the same video.
  await sql`create unique index blog_export_open_idx on blog_export (project_id)
    where status in ('queued', 'running')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blog_export').execute();
  await db.schema.dropTable('blog_scene').execute();
  await db.schema.dropTable('blog_project').execute();
}

import { type Kysely, sql } from 'kysely';

/**
 * The materials library: pictures, sounds and clips an account uploads (or takes from the online stock
 * provider) for its blog-to-video projects. A material's bytes count against the account's storage from
 * pre-add until it is deleted or refused (docs/product.md "Blog-to-video").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('material')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (col) => col.notNull().references('account.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) =>
      col.notNull().check(sql`kind in ('image', 'material-audio', 'material-video', 'tts-subtitle', 'tts-scene')`),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('uploading').check(sql`status in ('uploading', 'processing', 'ready', 'failed')`),
    )
    .addColumn('fail_reason', 'text')
    .addColumn('source_key', 'text', (col) => col.notNull())
    // The open multipart upload, until the job joins its parts.
    .addColumn('upload_id', 'text')
    .addColumn('part_size', 'integer', (col) => col.notNull())
    // Where the derived files are (an image's PNG render, the cover), once processed.
    .addColumn('media_prefix', 'text')
    .addColumn('duration', 'double precision')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('has_cover', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // The library: an account's materials, newest first.
  await db.schema
    .createIndex('material_account_idx')
    .on('material')
    .columns(['account_id', 'created_at desc'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('material').execute();
}

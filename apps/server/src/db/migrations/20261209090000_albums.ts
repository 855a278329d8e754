import { type Kysely, sql } from 'kysely';

/**
 * Albums (the console contract's "Video slide", "Video flow" keyed by classifyId): a title and an ordered
 * list of the account's own videos, one of them the cover. The videos are ids, not foreign keys: a deleted
 * video drops out of the album's answer, and the album stays.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('album')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (col) => col.notNull().references('account.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('video_ids', sql`uuid[]`, (col) => col.notNull().defaultTo(sql`'{}'::uuid[]`))
    .addColumn('cover_video_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // The list: the account's albums, newest-updated first.
  await db.schema
    .createIndex('album_account_updated_idx')
    .on('album')
    .columns(['account_id', 'updated_at desc'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('album').execute();
}

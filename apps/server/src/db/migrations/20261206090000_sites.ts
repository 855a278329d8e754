import { type Kysely, sql } from 'kysely';

/**
 * Sites (the console contract's "Site/channel", brandChannelId) and their category pages. A site is shown
 * under one of the account's brands; when the brand is deleted the site stays at its default address, plain, until it is
 * given another. Profile, contact info, home tab, sitemap and navigation are each saved whole by their
 * own screen, so each is one jsonb column. A category's videos are an ordered list of the account's own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('site')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (col) => col.notNull().references('account.id').onDelete('cascade'))
    .addColumn('brand_id', 'uuid', (col) => col.references('brand.id').onDelete('set null'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('banner', 'text')
    .addColumn('picture', 'text')
    .addColumn('contact', 'jsonb', (col) => col.notNull())
    .addColumn('home', 'jsonb', (col) => col.notNull())
    .addColumn('sitemap', 'jsonb', (col) => col.notNull())
    .addColumn('navigation', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('site_account_idx').on('site').column('account_id').execute();
  await db.schema.createIndex('site_brand_idx').on('site').column('brand_id').execute();

  await db.schema
    .createTable('site_category')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (col) => col.notNull().references('account.id').onDelete('cascade'))
    .addColumn('site_id', 'uuid', (col) => col.notNull().references('site.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('visible', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('video_ids', sql`uuid[]`, (col) => col.notNull().defaultTo(sql`'{}'::uuid[]`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('site_category_site_idx').on('site_category').columns(['site_id', 'position']).execute();
  await db.schema.createIndex('site_category_account_idx').on('site_category').column('account_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('site_category').execute();
  await db.schema.dropTable('site').execute();
}

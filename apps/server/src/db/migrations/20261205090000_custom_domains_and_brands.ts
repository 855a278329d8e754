import { type Kysely, sql } from 'kysely';

/**
 * Custom domains and brands (docs/product.md "Custom domains", "Brands"). A domain belongs to one account
 * at a time, whatever its state, so two accounts can never both prove it; `active` is whether its pages
 * are served now, which stays true for a domain being replaced until its successor is verified. A brand
 * is the look of the pages on one of the account's domains, at most one brand per domain.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('custom_domain')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (col) => col.notNull().references('account.id').onDelete('cascade'))
    .addColumn('domain', 'text', (col) => col.notNull().unique())
    .addColumn('token', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('verifying').check(sql`status in ('verifying', 'verified', 'fail')`),
    )
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('replaces_id', 'uuid', (col) => col.references('custom_domain.id').onDelete('set null'))
    .addColumn('folder_id', 'uuid', (col) => col.references('folder.id').onDelete('set null'))
    .addColumn('favicon', 'text')
    .addColumn('fail_reason', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('verify_until', 'timestamptz')
    .addColumn('next_check_at', 'timestamptz')
    .addColumn('checked_at', 'timestamptz')
    .addColumn('verified_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('custom_domain_account_idx').on('custom_domain').column('account_id').execute();
  await db.schema
    .createIndex('custom_domain_due_idx')
    .on('custom_domain')
    .column('next_check_at')
    .where(sql.ref('next_check_at'), 'is not', null)
    .execute();

  await db.schema
    .createTable('brand')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (col) => col.notNull().references('account.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('logo', 'text')
    .addColumn('favicon', 'text')
    .addColumn('page_background_color', 'text', (col) => col.notNull())
    .addColumn('button_color', 'text', (col) => col.notNull())
    .addColumn('button_font_color', 'text', (col) => col.notNull())
    .addColumn('domain_id', 'uuid', (col) => col.unique().references('custom_domain.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('brand_account_idx').on('brand').column('account_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('brand').execute();
  await db.schema.dropTable('custom_domain').execute();
}

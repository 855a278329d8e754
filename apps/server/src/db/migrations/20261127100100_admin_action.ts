import { type Kysely, sql } from 'kysely';

/**
 * Every operator action (`leadreel admin`), with who ran it: opening a plan, granting
 * credits. Kept when the account goes (the account id stays as written), so the record outlives it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_action')
    .addColumn('id', 'uuid', (col) => col.defaultTo(sql`gen_random_uuid()`).notNull())
    .addColumn('operator', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('account_id', 'uuid')
    .addColumn('account_email', 'text')
    .addColumn('detail', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('admin_action_pkey', ['id'])
    .execute();
  await db.schema.createIndex('admin_action_created_at_idx').on('admin_action').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('admin_action').execute();
}

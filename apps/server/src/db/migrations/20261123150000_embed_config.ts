import { type Kysely, sql } from 'kysely';

/** The websites where an account's embeds may play; no row, or no websites, means anywhere. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('embed_config')
    .addColumn('account_id', 'uuid', (col) => col.notNull())
    .addColumn('domains', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('embed_config_pkey', ['account_id'])
    .addForeignKeyConstraint('embed_config_account_id_fkey', ['account_id'], 'account', ['id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .addCheckConstraint('embed_config_domains_check', sql`cardinality(domains) <= 50`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('embed_config').execute();
}

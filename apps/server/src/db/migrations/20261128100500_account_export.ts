import { type Kysely, sql } from 'kysely';

/**
 * Export links: before a lapsed plan's videos are cleared, the holder is mailed a link to
 * download their originals and their leads, valid until RealClear. The link's token is stored hashed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_export')
    .addColumn('token_hash', 'text', (col) => col.notNull())
    .addColumn('account_id', 'uuid', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('account_export_pkey', ['token_hash'])
    .addForeignKeyConstraint('account_export_account_id_fkey', ['account_id'], 'account', ['id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_export').execute();
}

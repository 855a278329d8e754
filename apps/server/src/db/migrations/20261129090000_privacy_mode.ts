import type { Kysely } from 'kysely';

/**
 * Privacy mode (global settings "privacy"): when on, the account's players keep nothing in the
 * viewer's browser and the analytics keep no viewer id, so viewers are counted per viewing only. Off by
 * default, as before this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('account')
    .addColumn('privacy_mode', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('account').dropColumn('privacy_mode').execute();
}

import { type Kysely, sql } from 'kysely';

/**
 * API keys: the second credential ARCHITECTURE.md names, for the public API. Only the
 * secret's SHA-256 is kept (`secret_hash`, looked up on each API request), with the few characters the
 * console shows to tell keys apart. A revoked key keeps its row (revoked_at) until the sweep forgets it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_key')
    .addColumn('id', 'uuid', (col) => col.defaultTo(sql`gen_random_uuid()`).notNull())
    .addColumn('account_id', 'uuid', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('prefix', 'text', (col) => col.notNull())
    .addColumn('secret_hash', 'bytea', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addPrimaryKeyConstraint('api_key_pkey', ['id'])
    .addUniqueConstraint('api_key_secret_hash_key', ['secret_hash'])
    .addForeignKeyConstraint('api_key_account_id_fkey', ['account_id'], 'account', ['id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .execute();
  await db.schema.createIndex('api_key_account_id_idx').on('api_key').column('account_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_key').execute();
}

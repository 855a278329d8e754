import { type Kysely, sql } from 'kysely';

/**
 * Idempotency keys of the public API: the first answer to a create sent with an
 * `Idempotency-Key`, kept a day so a client's retry gets it again instead of making a second resource.
 * `request_hash` tells a retry from another request reusing the key; `status` is null while the first
 * request is still running.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_idempotency')
    .addColumn('account_id', 'uuid', (col) => col.notNull())
    .addColumn('idempotency_key', 'text', (col) => col.notNull())
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('status', 'integer')
    .addColumn('response', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('api_idempotency_pkey', ['account_id', 'idempotency_key'])
    .addForeignKeyConstraint('api_idempotency_account_id_fkey', ['account_id'], 'account', ['id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .execute();
  await db.schema.createIndex('api_idempotency_created_at_idx').on('api_idempotency').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_idempotency').execute();
}

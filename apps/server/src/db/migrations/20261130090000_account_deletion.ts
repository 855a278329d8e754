import { type Kysely, sql } from 'kysely';

/**
 * Account deletion: one row per account that asked to be deleted. It locks the account
 * while it exists, and outlives the account's own row on purpose (no foreign key): the deletion job deletes
 * the account first, sweeps its storage once more, then deletes this row with the completion mail, so a job
 * killed at any step finds where it was. `email` and `language` address that mail once the account is gone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_deletion')
    .addColumn('account_id', 'uuid', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('requested_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('delete_after', 'timestamptz', (col) => col.notNull())
    // Set in the transaction that deletes the account's rows: past it, the request can no longer be cancelled.
    .addColumn('erased_at', 'timestamptz')
    .addPrimaryKeyConstraint('account_deletion_pkey', ['account_id'])
    .execute();
  await db.schema
    .createIndex('account_deletion_delete_after_idx')
    .on('account_deletion')
    .column('delete_after')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_deletion').execute();
}

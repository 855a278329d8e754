import type { Kysely } from 'kysely';

/**
 * Failed sign-ins counted per bucket (docs/decisions/0010-sign-in-throttling.md): one
 * bucket per device cookie, one per account for clients without a valid one, and the reset-mail
 * allowances. In PostgreSQL so every API process sees the same counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('auth_throttle')
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('window_start', 'timestamptz', (col) => col.notNull())
    .addColumn('hits', 'integer', (col) => col.notNull())
    .addColumn('locked_until', 'timestamptz')
    .addPrimaryKeyConstraint('auth_throttle_pkey', ['key'])
    .execute();
  await db.schema.createIndex('auth_throttle_window_start_idx').on('auth_throttle').column('window_start').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('auth_throttle').execute();
}

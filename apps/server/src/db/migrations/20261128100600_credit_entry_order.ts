import { type Kysely, sql } from 'kysely';

/**
 * Ledger entries written in one transaction (a plan change: the old plan's credits lapse, the new plan's are
 * granted) keep the order they were written in: `clock_timestamp()` moves on within a transaction, where
 * `now()` does not, so the ledger lists them newest first and "spent since the grant" is exact.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table credit_entry alter column created_at set default clock_timestamp()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table credit_entry alter column created_at set default now()`.execute(db);
}

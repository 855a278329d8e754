import type { Kysely } from 'kysely';

/**
 * A reset code belongs to the browser that asked for it (a hash of its reset cookie), so wrong guesses
 * and new requests from elsewhere cannot burn or replace the owner's code (docs/decisions/0010-sign-in-throttling.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('verification_code').addColumn('requester', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('verification_code').dropColumn('requester').execute();
}

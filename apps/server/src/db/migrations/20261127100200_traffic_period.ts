import { type Kysely, sql } from 'kysely';

/**
 * When the account's traffic count began: playback is counted per period and starts
 * again at zero with the next, so a Free account that served its 10 GB is not blocked for good.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('account')
    .addColumn('traffic_period_start', 'timestamptz', (col) =>
      col.notNull().defaultTo(sql`(date_trunc('month', now() at time zone 'UTC') at time zone 'UTC')`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('account').dropColumn('traffic_period_start').execute();
}

import { type Kysely, sql } from 'kysely';

/**
 * What bounds a viewing's watch time (rollup.ts): its passes over the video (plays and seeks), and when the
 * server first heard of it. Sessions from before count one pass if they played, and started when they say.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table analytics_session add column passes integer not null default 0`.execute(db);
  await sql`update analytics_session set passes = 1 where played`.execute(db);
  await sql`alter table analytics_session add column first_received_at timestamptz`.execute(db);
  await sql`update analytics_session set first_received_at = started_at`.execute(db);
  await sql`alter table analytics_session alter column first_received_at set not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table analytics_session drop column first_received_at`.execute(db);
  await sql`alter table analytics_session drop column passes`.execute(db);
}

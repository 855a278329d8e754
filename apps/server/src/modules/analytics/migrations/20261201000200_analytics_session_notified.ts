import { type Kysely, sql } from 'kysely';

/** A played session's end is announced once (webhook viewing_session.ended). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table analytics_session add column notified boolean not null default false`.execute(db);
  await sql`create index analytics_session_to_announce on analytics_session (last_at)
    where played and not notified`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index analytics_session_to_announce`.execute(db);
  await sql`alter table analytics_session drop column notified`.execute(db);
}

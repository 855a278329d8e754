import { type Kysely, sql } from 'kysely';

/**
 * Raw viewing events, partitioned by day so that old days are dropped whole (decision
 * 0024). The key holds the partition column: a batch sent again carries the same event ids and times, so
 * it is stored once. No foreign keys: this table may live in a database of its own (ANALYTICS_DATABASE_URL).
 * Partitions are made ahead by the module (partitions.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table analytics_event (
      event_id uuid not null,
      at timestamptz not null,
      received_at timestamptz not null default now(),
      account_id uuid not null,
      video_id uuid not null,
      session_id text not null,
      viewer_id text,
      kind text not null,
      position real not null,
      data jsonb,
      page text not null,
      referrer text not null,
      device text not null,
      browser text not null,
      os text not null,
      country text,
      primary key (event_id, at)
    ) partition by range (at)`.execute(db);
  await sql`create index analytics_event_video_at on analytics_event (video_id, at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table analytics_event`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * Raw events cost PostgreSQL as little as they can (bench:ingest): its share of each insert, not
 * the server's, bounded sustained ingestion. No screen reads the raw events (decision 0024), so:
 * - the index by video and time, which served nothing, goes;
 * - the rollup's index is on the receipt time alone, appended in order; events received together (one
 *   INSERT) share it, and PostgreSQL orders those few by event id with an incremental sort;
 * - what a kind adds (`data`) is kept as the JSON text the server wrote from a checked event: parsing it
 *   into jsonb on every insert was a third of the database's cost, and only the rollup reads it.
 * The events are days old at most when this runs (the table is only days older than this migration), so the rewrite is short.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists analytics_event_video_at`.execute(db);
  await sql`drop index analytics_event_received`.execute(db);
  await sql`create index analytics_event_received on analytics_event (received_at)`.execute(db);
  await sql`alter table analytics_event alter column data type text using data::text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table analytics_event alter column data type jsonb using data::jsonb`.execute(db);
  await sql`drop index analytics_event_received`.execute(db);
  await sql`create index analytics_event_received on analytics_event (received_at, event_id)`.execute(db);
  await sql`create index analytics_event_video_at on analytics_event (video_id, at)`.execute(db);
}

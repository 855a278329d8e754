import { type Kysely, sql } from 'kysely';

/**
 * Raw events keep only the indexes something reads (issue 16, bench:ingest): the key, which stores a batch
 * sent again once, and (received_at, event_id), which the rollup reads after its cursor. No screen reads the
 * raw events (decision 0024), so the index by video and time cost every accepted event a third index entry
 * and served nothing; PostgreSQL's share of an insert was the limit of sustained ingestion.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists analytics_event_video_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index analytics_event_video_at on analytics_event (video_id, at)`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * When an upload first played and first had its whole ladder (docs/product.md "Public API and webhooks"):
 * set once, in the transaction that publishes `video.playable` or `video.ready`, so a retried encode (a new
 * generation sets `playable` again) or a video restored after Clear announces neither a second time.
 * Videos that played before these columns existed count as announced.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('video')
    .addColumn('first_playable_at', 'timestamptz')
    .addColumn('first_ready_at', 'timestamptz')
    .execute();
  await sql`update video set first_ready_at = ready_at, first_playable_at = ready_at where ready_at is not null`.execute(
    db,
  );
  await sql`update video set first_playable_at = updated_at where playable and first_playable_at is null`.execute(db);
  // The maintenance sweep looks for milestones a dead worker left unannounced: normally none.
  await sql`create index video_unannounced on video (id)
    where (playable and first_playable_at is null) or (status = 'ready' and first_ready_at is null)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('video').dropColumn('first_playable_at').dropColumn('first_ready_at').execute();
}

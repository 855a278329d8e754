import { type Kysely, sql } from 'kysely';

/**
 * A video can be `cleared`: its plan lapsed into Clear, so its renditions were deleted
 * and only its original is kept until RealClear; renewing encodes it again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table video drop constraint video_status_check`.execute(db);
  await sql`alter table video add constraint video_status_check
    check (status in ('uploading', 'uploaded', 'processing', 'ready', 'failed', 'upload_failed', 'cleared'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // A cleared video goes back to waiting for its encode, which is what renewing would do.
  await sql`update video set status = 'uploaded' where status = 'cleared'`.execute(db);
  await sql`alter table video drop constraint video_status_check`.execute(db);
  await sql`alter table video add constraint video_status_check
    check (status in ('uploading', 'uploaded', 'processing', 'ready', 'failed', 'upload_failed'))`.execute(db);
}

import { layeredRanges, watchedSegments } from '@leadreel/shared/watching';
import { type Kysely, sql } from 'kysely';

/** The bounds of rollup.ts as they were when this ran (a migration does not change with the code after it). */
const RANGES_MAX = 1000;
const TIMES_MAX = 10;

/**
 * What bounds a viewing's watch time (rollup.ts): its passes over the video (plays and seeks), and when the
 * server first heard of it. Sessions from before count one pass if they played, and started when they say.
 * A session flooded with ranges before the bounds existed is merged now, one at a time (one could hold
 * millions), so the sessions screen never reads it whole.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table analytics_session add column passes integer not null default 0`.execute(db);
  await sql`update analytics_session set passes = 1 where played`.execute(db);
  await sql`alter table analytics_session add column first_received_at timestamptz`.execute(db);
  await sql`update analytics_session set first_received_at = started_at`.execute(db);
  await sql`alter table analytics_session alter column first_received_at set not null`.execute(db);
  for (;;) {
    const { rows } = await sql<{ video_id: string; session_id: string; intervals: [number, number][] }>`
      select video_id, session_id, intervals from analytics_session
      where jsonb_array_length(intervals) > ${RANGES_MAX} limit 1`.execute(db);
    const flooded = rows[0];
    if (!flooded) return;
    const segments = watchedSegments(flooded.intervals).map((segment) => ({
      ...segment,
      times: Math.min(segment.times, TIMES_MAX),
    }));
    await sql`update analytics_session set intervals = ${JSON.stringify(layeredRanges(segments, RANGES_MAX))}::jsonb
      where video_id = ${flooded.video_id} and session_id = ${flooded.session_id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table analytics_session drop column first_received_at`.execute(db);
  await sql`alter table analytics_session drop column passes`.execute(db);
}

import { type Kysely, sql } from 'kysely';
import { ViewerSketch, viewerHash } from '../viewer-sketch.ts';

/** Rows of analytics_viewer_day read per query of the backfill, and sketches written per statement. */
const READ_ROWS = 50_000;
const WRITE_ROWS = 200;

/**
 * Each day's viewers of a video and of an account, as a sketch (viewer-sketch.ts), kept by the rollup beside
 * analytics_viewer_day: the screens count unique viewers over a range by merging the range's days, at a cost
 * bounded by the days rather than by the viewers (counting the distinct rows of an account's month at 5 million
 * events made the dashboard overview's p95 640 ms, bench:analytics-query). Made from analytics_viewer_day for
 * the days rolled up before this migration, so their figures stay. And the breakdowns read from an index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table analytics_video_day (
      video_id uuid not null,
      day date not null,
      account_id uuid not null,
      viewers bytea not null,
      primary key (video_id, day)
    )`.execute(db);
  await sql`
    create table analytics_account_day (
      account_id uuid not null,
      day date not null,
      viewers bytea not null,
      primary key (account_id, day)
    )`.execute(db);
  await backfill(db, 'video_id');
  await backfill(db, 'account_id');
  // The breakdowns read five columns of every session of a video's range: the table holds about one of its
  // sessions a page (at 4 million events, a video's 10,000 sessions read 9,700 pages, 290 ms), the index about
  // fifty. Index-only where the visibility map allows, which is the sessions of past days.
  await sql`drop index analytics_session_video_started`.execute(db);
  await sql`create index analytics_session_video_started on analytics_session (video_id, started_at desc)
    include (referrer, page, device, browser, country)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index analytics_session_video_started`.execute(db);
  await sql`create index analytics_session_video_started on analytics_session (video_id, started_at desc)`.execute(db);
  await sql`drop table analytics_account_day`.execute(db);
  await sql`drop table analytics_video_day`.execute(db);
}

type Day = { id: string; account_id: string; day: string; sketch: ViewerSketch };

/** Walks analytics_viewer_day in the order of an index of (`by`, day, viewer), one sketch per (`by`, day). */
async function backfill(db: Kysely<unknown>, by: 'video_id' | 'account_id') {
  let after: { id: string; day: string; viewer: string } | undefined;
  let current: Day | undefined;
  let done: Day[] = [];
  for (;;) {
    const { rows } = await sql<{ id: string; account_id: string; day: string; viewer: string }>`
      select ${sql.ref(by)} as id, account_id, day::text as day, viewer from analytics_viewer_day
      where ${after ? sql`(${sql.ref(by)}, day, viewer) > (${after.id}::uuid, ${after.day}::date, ${after.viewer})` : sql`true`}
      order by ${sql.ref(by)}, day, viewer
      limit ${READ_ROWS}`.execute(db);
    for (const row of rows) {
      if (current?.id !== row.id || current.day !== row.day) {
        if (current) done.push(current);
        current = { id: row.id, account_id: row.account_id, day: row.day, sketch: new ViewerSketch() };
      }
      current.sketch.addHash(viewerHash(row.viewer));
    }
    after = rows.at(-1);
    if (!after && current) done.push(current);
    if (done.length >= WRITE_ROWS || !after) {
      for (let i = 0; i < done.length; i += WRITE_ROWS) await write(db, by, done.slice(i, i + WRITE_ROWS));
      done = [];
    }
    if (!after) return;
  }
}

function write(db: Kysely<unknown>, by: 'video_id' | 'account_id', days: Day[]) {
  const ids = days.map((day) => day.id);
  const dates = days.map((day) => day.day);
  const sketches = days.map((day) => day.sketch.toBytes());
  return by === 'video_id'
    ? sql`insert into analytics_video_day (video_id, day, account_id, viewers)
        select * from unnest(${ids}::uuid[], ${dates}::date[], ${days.map((day) => day.account_id)}::uuid[],
          ${sketches}::bytea[])`.execute(db)
    : sql`insert into analytics_account_day (account_id, day, viewers)
        select * from unnest(${ids}::uuid[], ${dates}::date[], ${sketches}::bytea[])`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * What the charts read (decision 0024), kept by the rollup job from the raw events so that
 * no screen scans them:
 * - `analytics_session`: one viewing (a player on a page), with what it watched, for the sessions list and
 *   its per-viewer bar, and the breakdowns (referrer, page, device, browser, country);
 * - `analytics_video_hour`: per video per hour, the counts and the retention per percent of the video;
 * - `analytics_viewer_day`: who watched a video each day, for unique viewers over any range;
 * - `analytics_rollup`: how far the job has read: the last event read, in receipt order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The job reads events in the order they were received (the event id orders those received together).
  await sql`create index analytics_event_received on analytics_event (received_at, event_id)`.execute(db);
  await sql`
    create table analytics_session (
      session_id text not null,
      video_id uuid not null,
      account_id uuid not null,
      viewer_id text,
      started_at timestamptz not null,
      last_at timestamptz not null,
      played boolean not null default false,
      ended boolean not null default false,
      lead boolean not null default false,
      clicks integer not null default 0,
      watch_seconds real not null default 0,
      -- Every [from, to] range played, in order: rewatched parts appear twice.
      intervals jsonb not null default '[]',
      -- One character per percent of the video, '1' once the session has watched it.
      covered text not null default '',
      page text not null,
      referrer text not null,
      device text not null,
      browser text not null,
      os text not null,
      country text,
      primary key (video_id, session_id)
    )`.execute(db);
  await sql`create index analytics_session_video_started on analytics_session (video_id, started_at desc)`.execute(db);
  await sql`create index analytics_session_account_started on analytics_session (account_id, started_at desc)`.execute(
    db,
  );
  await sql`
    create table analytics_video_hour (
      video_id uuid not null,
      hour timestamptz not null,
      account_id uuid not null,
      loads integer not null default 0,
      plays integer not null default 0,
      completions integer not null default 0,
      leads integer not null default 0,
      clicks integer not null default 0,
      cta_clicks integer not null default 0,
      watch_seconds double precision not null default 0,
      -- Per percent of the video: sessions that reached it, and times it was watched (rewatches included).
      reached integer[] not null default '{}',
      watched integer[] not null default '{}',
      -- The sum of reached: percents watched over all plays, for the average percent without unnesting.
      coverage integer not null default 0,
      primary key (video_id, hour)
    )`.execute(db);
  await sql`create index analytics_video_hour_account on analytics_video_hour (account_id, hour)`.execute(db);
  await sql`
    create table analytics_viewer_day (
      video_id uuid not null,
      day date not null,
      viewer text not null,
      account_id uuid not null,
      primary key (video_id, day, viewer)
    )`.execute(db);
  // The overview counts an account's distinct viewers from the index alone.
  await sql`create index analytics_viewer_day_account on analytics_viewer_day (account_id, day, viewer)`.execute(db);
  await sql`
    create table analytics_rollup (
      name text primary key,
      received_at timestamptz not null,
      event_id uuid not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index analytics_event_received`.execute(db);
  for (const table of ['analytics_rollup', 'analytics_viewer_day', 'analytics_video_hour', 'analytics_session']) {
    await sql`drop table ${sql.id(table)}`.execute(db);
  }
}

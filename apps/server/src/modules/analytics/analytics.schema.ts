import type { ColumnType, Kysely } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A viewing event as stored (migrations/…_analytics_event.ts). */
export type AnalyticsEventTable = {
  event_id: string;
  at: Timestamp;
  received_at: ColumnType<Date, never, never>;
  account_id: string;
  video_id: string;
  session_id: string;
  viewer_id: string | null;
  kind: string;
  position: number;
  /**
   * What the kind adds, as the JSON text the server wrote from a checked event: a heartbeat's intervals, a
   * seek's start, a rendition, a click's button (text, not jsonb: only the rollup reads it).
   */
  data: string | null;
  page: string;
  referrer: string;
  /** desktop, mobile, tablet, tv, console or other. */
  device: string;
  browser: string;
  os: string;
  country: string | null;
};

/** One viewing (migrations/…_analytics_rollups.ts). */
export type AnalyticsSessionTable = {
  session_id: string;
  video_id: string;
  account_id: string;
  viewer_id: string | null;
  started_at: Timestamp;
  last_at: Timestamp;
  played: boolean;
  /**
   * Plays (resumes included) and seeks: each can start a pass over the video, and watch time is at most
   * the video's length per pass.
   */
  passes: ColumnType<number, number | undefined, number>;
  /** When the server took the session's first event: watch time is at most what the time since allows. */
  first_received_at: Timestamp;
  ended: boolean;
  lead: boolean;
  clicks: number;
  watch_seconds: number;
  /**
   * The ranges watched, merged and clipped to the video (rollup.ts): the parts watched once left to right,
   * then those watched again; bounded by the video, whatever its viewers send.
   */
  intervals: ColumnType<[number, number][], string, string>;
  covered: string;
  /** Its end announced (webhook viewing_session.ended). */
  notified: ColumnType<boolean, boolean | undefined, boolean>;
  page: string;
  referrer: string;
  device: string;
  browser: string;
  os: string;
  country: string | null;
};

/** A video's hour. */
export type AnalyticsVideoHourTable = {
  video_id: string;
  hour: Timestamp;
  account_id: string;
  loads: number;
  plays: number;
  completions: number;
  leads: number;
  clicks: number;
  cta_clicks: number;
  watch_seconds: number;
  reached: number[];
  watched: number[];
  coverage: number;
};

/** An account's viewers of a day (migrations/…_analytics_viewer_sketch.ts), as a sketch (viewer-sketch.ts). */
export type AnalyticsAccountDayTable = {
  account_id: string;
  day: ColumnType<string, string, string>;
  viewers: Buffer;
};

/** A video's viewers of a day, as a sketch. */
export type AnalyticsVideoDayTable = {
  video_id: string;
  day: ColumnType<string, string, string>;
  account_id: string;
  viewers: Buffer;
};

/** The analytics database: the application's own, or the one ANALYTICS_DATABASE_URL names. */
export type AnalyticsDatabase = {
  analytics_event: AnalyticsEventTable;
  analytics_session: AnalyticsSessionTable;
  analytics_video_hour: AnalyticsVideoHourTable;
  analytics_viewer_day: {
    video_id: string;
    day: ColumnType<string, string, string>;
    viewer: string;
    account_id: string;
  };
  analytics_rollup: { name: string; received_at: Timestamp; event_id: string };
  analytics_account_day: AnalyticsAccountDayTable;
  analytics_video_day: AnalyticsVideoDayTable;
};
export type AnalyticsDb = Kysely<AnalyticsDatabase>;

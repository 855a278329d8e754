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
  /** What the kind adds: a heartbeat's intervals, a seek's start, a rendition, a click's button. */
  data: ColumnType<unknown, string | null, string | null>;
  page: string;
  referrer: string;
  /** desktop, mobile, tablet, tv, console or other. */
  device: string;
  browser: string;
  os: string;
  country: string | null;
};

/** The analytics database: the application's own, or the one ANALYTICS_DATABASE_URL names. */
export type AnalyticsDatabase = {
  analytics_event: AnalyticsEventTable;
};
export type AnalyticsDb = Kysely<AnalyticsDatabase>;

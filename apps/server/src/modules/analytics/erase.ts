import type { AnalyticsDb } from './analytics.schema.ts';

/**
 * Deletes every analytics row of an account (account deletion). The analytics tables may
 * live in another database (ANALYTICS_DATABASE_URL) with no foreign key to the account, so nothing
 * cascades: each table holding an `account_id` is emptied of it here. Idempotent; the deletion job calls it
 * again after a crash. `analytics_rollup` holds cursors, not account data.
 */
export async function eraseAccountAnalytics(db: AnalyticsDb, accountId: string): Promise<void> {
  await db.deleteFrom('analytics_event').where('account_id', '=', accountId).execute();
  await db.deleteFrom('analytics_session').where('account_id', '=', accountId).execute();
  await db.deleteFrom('analytics_video_hour').where('account_id', '=', accountId).execute();
  await db.deleteFrom('analytics_viewer_day').where('account_id', '=', accountId).execute();
  await db.deleteFrom('analytics_video_day').where('account_id', '=', accountId).execute();
  await db.deleteFrom('analytics_account_day').where('account_id', '=', accountId).execute();
}

/** The analytics tables that hold an account's rows, for tests that check none remains. */
export const ACCOUNT_ANALYTICS_TABLES = [
  'analytics_event',
  'analytics_session',
  'analytics_video_hour',
  'analytics_viewer_day',
  'analytics_video_day',
  'analytics_account_day',
] as const;

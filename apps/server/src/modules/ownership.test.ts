import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/schema.ts';
import type { AnalyticsDatabase } from './analytics/analytics.schema.ts';

/**
 * (docs/decisions/0020-one-owner-per-table.md): every table has one owner, the only code
 * that writes it or reads it on its own; others ask the owner's service. A repo may join another module's
 * table to filter or shape its own rows, never write it.
 */
const OWNERS: Record<keyof Database | keyof AnalyticsDatabase, string> = {
  account: 'modules/account/',
  folder: 'modules/videos/',
  video: 'modules/videos/',
  video_setting: 'modules/video-settings/',
  embed_config: 'modules/video-settings/',
  subtitle: 'modules/video-settings/',
  lead: 'modules/leads/',
  contact_click: 'modules/leads/',
  lead_mail_window: 'modules/leads/',
  webhook_endpoint: 'modules/webhooks/',
  webhook_delivery: 'modules/webhooks/',
  api_key: 'modules/api-keys/',
  custom_domain: 'modules/domains/',
  brand: 'modules/brands/',
  site: 'modules/sites/',
  site_category: 'modules/sites/',
  album: 'modules/albums/',
  blog_project: 'modules/blog/',
  blog_scene: 'modules/blog/',
  blog_export: 'modules/blog/',
  speech_task: 'modules/speech/',
  video_dub: 'modules/speech/',
  material: 'modules/materials/',
  api_idempotency: 'modules/public-api/',
  account_deletion: 'modules/account-deletion/',
  commission: 'modules/affiliates/',
  affiliate_payout: 'modules/affiliates/',
  session: 'modules/auth/',
  verification_code: 'modules/auth/',
  auth_throttle: 'modules/auth/',
  credit_entry: 'modules/billing/',
  payment_order: 'modules/billing/',
  invoice: 'modules/billing/',
  billing_detail: 'modules/billing/',
  payment_event: 'modules/billing/',
  plan_notice: 'modules/lifecycle/',
  subscription: 'modules/billing/',
  account_export: 'modules/exports/',
  admin_action: 'modules/admin/',
  rate_limit: 'plugins/rate-limit-store.ts',
  server_secret: 'lib/server-secret.ts',
  analytics_event: 'modules/analytics/',
  analytics_session: 'modules/analytics/',
  analytics_video_hour: 'modules/analytics/',
  analytics_viewer_day: 'modules/analytics/',
  analytics_rollup: 'modules/analytics/',
  analytics_video_day: 'modules/analytics/',
  analytics_account_day: 'modules/analytics/',
};

/** Each exception, with why it is one. */
const EXCEPTIONS: { file: string; query: string; why: string }[] = [
  {
    file: 'modules/video-settings/settings.repo.ts',
    query: "selectFrom('video')",
    why: 'a watch page or embed reads its video, settings and tracks in one round trip on every view',
  },
  {
    file: 'modules/video-settings/settings.repo.ts',
    query: "selectFrom('video_dub')",
    why: 'the same round trip names the dubbed languages the player offers',
  },
  {
    file: 'modules/auth/auth.repo.ts',
    query: "deleteFrom('rate_limit')",
    why: "the rate-limit store's expired windows are swept with the sign-in data they mostly guard",
  },
];

const src = path.resolve(import.meta.dirname, '..');

async function sources() {
  const entries = await readdir(src, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !/\.test\.ts$|test-server\.ts$/.test(entry.name))
    .map((entry) => path.relative(src, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith('db/'));
}

/** Queries that name a table on their own (not a join): each is owned by the table's owner. */
async function misplacedQueries() {
  const found: string[] = [];
  for (const file of await sources()) {
    const text = await readFile(path.join(src, file), 'utf8');
    for (const [query, table] of text.matchAll(/\b(?:selectFrom|insertInto|updateTable|deleteFrom)\('([a-z_]+)'\)/g)) {
      const owner = OWNERS[table as keyof typeof OWNERS];
      if (!owner) {
        found.push(`${file}: ${query} names a table the schema does not have`);
        continue;
      }
      if (file.startsWith(owner)) continue;
      if (EXCEPTIONS.some((exception) => exception.file === file && exception.query === query)) continue;
      found.push(`${file}: ${query} (owned by ${owner})`);
    }
  }
  return found;
}

describe('who owns each table', () => {
  it('only its owner queries a table by itself', async () => {
    expect(await misplacedQueries()).toEqual([]);
  });

  it('services, routes and mailers write no SQL and open no transaction of their own', async () => {
    const sql = /\b(?:selectFrom|insertInto|updateTable|deleteFrom)\(|\.transaction\(\)|\bsql`/;
    const offenders: string[] = [];
    for (const file of await sources()) {
      if (!/\.(service|routes)\.ts$|-notifier\.ts$|public-video\.ts$/.test(file)) continue;
      if (sql.test(await readFile(path.join(src, file), 'utf8'))) offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });

  it('every exception still exists, so none outlives its reason', async () => {
    for (const exception of EXCEPTIONS) {
      expect(await readFile(path.join(src, exception.file), 'utf8'), exception.why).toContain(exception.query);
    }
  });

  it('sees the queries it checks (the check is not vacuous)', async () => {
    const all: string[] = [];
    for (const file of await sources()) {
      const text = await readFile(path.join(src, file), 'utf8');
      if (text.includes("insertInto('lead')")) all.push(file);
    }
    expect(all).toEqual(['modules/leads/leads.repo.ts']);
  });
});

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { ANALYTICS_MIGRATIONS } from '../src/modules/analytics/analytics.module.ts';

/** The databases each test database is copied from: every table, or the analytics ones alone. */
export type DatabaseTemplates = { full: string; analytics: string };

/**
 * Migrates two template databases once per run, on the run's PostgreSQL: a test file's database is then a
 * copy of one (CREATE DATABASE ... TEMPLATE, a few milliseconds) instead of 32 migrations run again for
 * each of some sixty databases. Named for this run, so runs sharing a server (TEST_DATABASE_URL) do not
 * collide. Answers their names and how to drop them.
 */
export async function makeDatabaseTemplates(adminUrl: string) {
  const suffix = randomBytes(4).toString('hex');
  const templates: DatabaseTemplates = { full: `template_full_${suffix}`, analytics: `template_analytics_${suffix}` };
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const [kind, name] of Object.entries(templates)) {
      await admin.query(`create database ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const db = createDb(url.toString(), 1);
      try {
        if (kind === 'full') await migrateToLatest(db as never);
        await migrateToLatest(db as never, ANALYTICS_MIGRATIONS);
      } finally {
        // A template being copied may have no one connected to it.
        await db.destroy();
      }
    }
  } finally {
    await admin.end();
  }
  return {
    templates,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      for (const name of Object.values(templates)) await client.query(`drop database if exists ${name}`);
      await client.end();
    },
  };
}

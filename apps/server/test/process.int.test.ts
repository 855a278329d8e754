import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDown, migrateToLatest } from '../src/db/migrate.ts';
import { ANALYTICS_MIGRATIONS } from '../src/modules/analytics/analytics.module.ts';
import { createTestDatabase, lastCode, uniqueEmail } from './helpers.ts';
import { freePort, postJson, startServer, WORKER, waitReady } from './processes.ts';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'leadreel-proc-'));
  await chmod(dataDir, 0o755);
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('configuration', () => {
  it('prints every problem and exits 1', async () => {
    const server = startServer(dataDir, 1, { PORT: 'abc', SESSION_IDLE_DAYS: '-5', LOG_LEVEL: 'loud' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
    expect(server.output()).toContain('SESSION_IDLE_DAYS');
    expect(server.output()).toContain('LOG_LEVEL');
  });
});

describe('the server process with embedded PostgreSQL', () => {
  it('refuses a second server on the same data, survives kill -9 without losing an answered signup, and stops cleanly', async () => {
    const port = await freePort();
    const first = startServer(dataDir, port);
    await waitReady(first);

    const second = startServer(dataDir, await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('another LeadReel server');

    const emails = Array.from({ length: 24 }, () => uniqueEmail('crash'));
    const codes: string[] = [];
    for (const email of emails) {
      expect((await postJson(`${first.url}/api/auth/verify-code`, { email, scene: 'signup' })).status).toBe(200);
      codes.push(await lastCode(path.join(dataDir, 'mail'), email));
    }
    const answered: string[] = [];
    let killed = false;
    const signups = emails.map((email, i) =>
      postJson(`${first.url}/api/auth/signup`, { email, password: 'survives a crash', code: codes[i] }).then(
        (response) => {
          if (response.status === 200) answered.push(email);
          if (!killed && answered.length >= 3) {
            killed = true;
            first.child.kill('SIGKILL');
          }
        },
        () => undefined,
      ),
    );
    await Promise.all(signups);
    if (!killed) first.child.kill('SIGKILL');
    await first.exited;
    expect(answered.length).toBeGreaterThanOrEqual(3);

    const restarted = startServer(dataDir, port);
    await waitReady(restarted);
    for (const email of answered) {
      const login = await postJson(`${restarted.url}/api/auth/login`, { email, password: 'survives a crash' });
      expect(login.status, email).toBe(200);
    }

    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
    expect(restarted.output()).toContain('embedded PostgreSQL stopped');
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'leadreel.lock'))).toBe(false);
  }, 120_000);
});

describe('the worker entry point', () => {
  it('runs workers without HTTP on an external database and stops on SIGTERM', async () => {
    const database = await createTestDatabase();
    // A database of its own for analytics, empty: the process migrates it.
    const analytics = await createTestDatabase('analytics');
    for (let i = 0; i < 6; i += 1) await migrateDown(analytics.db as never, ANALYTICS_MIGRATIONS);
    try {
      const port = await freePort();
      const worker = startServer(
        dataDir,
        port,
        { DATABASE_URL: database.url, ANALYTICS_DATABASE_URL: analytics.url },
        WORKER,
      );
      for (let i = 0; i < 1200 && !worker.output().includes('worker is running'); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(worker.output()).toContain('LeadReel worker is running');
      expect(
        await fetch(`http://127.0.0.1:${port}/healthz`).then(
          () => 'open',
          () => 'closed',
        ),
      ).toBe('closed');
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from analytics_migration`.execute(
        analytics.db,
      );
      expect(rows[0]?.n).toBe(6);
      worker.child.kill('SIGTERM');
      expect(await worker.exited).toBe(0);
    } finally {
      await analytics.drop();
      await database.drop();
    }
  });
});

describe('migrations', () => {
  it('run on the PostgreSQL major this suite was started for', async () => {
    const database = await createTestDatabase();
    try {
      const { rows } = await sql<{ v: string }>`select current_setting('server_version_num') as v`.execute(database.db);
      const major = Math.floor(Number(rows[0]?.v) / 10000);
      expect(major).toBe(Number(process.env.TEST_EXPECT_PG_MAJOR ?? 18));
    } finally {
      await database.drop();
    }
  });

  it('go down and up again', async () => {
    const database = await createTestDatabase();
    try {
      const tables = async () =>
        (
          await sql<{
            table_name: string;
          }>`select table_name from information_schema.tables where table_schema = 'public'`.execute(database.db)
        ).rows
          .map((r) => r.table_name)
          // The analytics tables have migrations of their own (below).
          .filter((name) => !name.startsWith('kysely_') && !name.startsWith('analytics_'))
          .sort();
      const videos = ['account', 'folder', 'rate_limit', 'server_secret', 'session', 'verification_code', 'video'];
      const settings = [...videos, 'video_setting'];
      const clicks = ['account', 'contact_click', ...settings.slice(1)];
      const embeds = [...clicks.slice(0, 2), 'embed_config', ...clicks.slice(2)];
      const overlays = [...embeds.slice(0, -3), 'subtitle', ...embeds.slice(-3)];
      const leads = [...overlays.slice(0, 4), 'lead', ...overlays.slice(4)];
      const webhooks = [...leads, 'webhook_delivery', 'webhook_endpoint'];
      const throttled = [...webhooks, 'auth_throttle'].sort();
      const billed = [...throttled, 'admin_action', 'credit_entry'].sort();
      const paying = [...billed, 'invoice', 'payment_event', 'payment_order'].sort();
      const noticed = [...paying, 'plan_notice'].sort();
      const subscribed = [...noticed, 'subscription'].sort();
      const exported = [...subscribed, 'account_export'].sort();
      const keyed = [...exported, 'api_key'].sort();
      const referred = [...keyed, 'affiliate_payout', 'commission'].sort();
      const deleting = [...referred, 'account_deletion'].sort();
      const idempotent = [...deleting, 'api_idempotency'].sort();
      const mailWindows = [...idempotent, 'lead_mail_window'].sort();
      const billingDetails = [...mailWindows, 'billing_detail'].sort();
      const brands = [...billingDetails, 'brand', 'custom_domain'].sort();
      const sites = [...brands, 'site', 'site_category'].sort();
      const albums = [...sites, 'album'].sort();
      const speech = [...albums, 'speech_task', 'video_dub'].sort();
      const materials = [...speech, 'material'].sort();
      const latest = [...materials, 'blog_export', 'blog_project', 'blog_scene'].sort();
      const columns = async (table: string) =>
        (
          await sql<{ column_name: string }>`select column_name from information_schema.columns
            where table_schema = 'public' and table_name = ${table}`.execute(database.db)
        ).rows.map((r) => r.column_name);
      expect(await tables()).toEqual(latest);
      expect(await columns('lead')).toContain('viewer_id');
      expect(await columns('lead')).toContain('site_id');
      expect(await columns('verification_code')).toContain('requester');
      expect(await columns('account')).toContain('traffic_period_start');
      const creditDefault = async () =>
        (
          await sql<{ d: string }>`select column_default as d from information_schema.columns
            where table_name = 'credit_entry' and column_name = 'created_at'`.execute(database.db)
        ).rows[0]?.d;
      expect(await creditDefault()).toBe('clock_timestamp()');
      expect(await columns('account')).toContain('privacy_mode');
      expect(await columns('account')).toContain('first_paid_at');
      expect(await columns('invoice')).toContain('buyer');
      expect(await columns('video')).toContain('first_playable_at');
      // Each migration's down undoes exactly its up, newest first.
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(latest);
      expect(await columns('video')).not.toContain('first_playable_at');
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(materials);
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(speech);
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(albums);
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(sites);
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(sites);
      expect(await columns('lead')).not.toContain('site_id');
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(brands);
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(billingDetails);
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(mailWindows);
      expect(await columns('invoice')).not.toContain('buyer');
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(idempotent);
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(idempotent);
      expect(await columns('account')).not.toContain('first_paid_at');
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(deleting);
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(referred);
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(keyed);
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(exported);
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(exported);
      expect(await columns('account')).not.toContain('privacy_mode');
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(exported);
      expect(await creditDefault()).toBe('now()');
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(subscribed);
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(subscribed);
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(noticed);
      expect(await columns('account')).not.toContain('plan_by_admin');
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(noticed);
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(paying);
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(billed);
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(billed);
      expect(await columns('account')).not.toContain('traffic_period_start');
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(billed.filter((name) => name !== 'admin_action'));
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(throttled);
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(throttled);
      expect(await columns('verification_code')).not.toContain('requester');
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(webhooks);
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(webhooks);
      expect(await columns('lead')).not.toContain('viewer_id');
      expect(await columns('contact_click')).not.toContain('viewer_id');
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(leads);
      expect(await columns('account')).toContain('notify_digest');
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(leads);
      expect(await columns('account')).not.toContain('notify_digest');
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(overlays);
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(embeds);
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(clicks);
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(settings);
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(videos);
      await migrateDown(database.db as never);
      expect(await tables()).toEqual(['account', 'folder', 'rate_limit', 'session', 'verification_code']);
      await migrateDown(database.db as never);
      expect(await tables()).toEqual([]);
      await migrateToLatest(database.db as never);
      expect(await tables()).toEqual(latest);
    } finally {
      await database.drop();
    }
  });

  it("of analytics go down and up again, recorded apart from the application's", async () => {
    const database = await createTestDatabase();
    try {
      const partitioned = async () =>
        (
          await sql<{
            relname: string;
          }>`select relname from pg_class where relkind = 'p' and relname like 'analytics_%'`.execute(database.db)
        ).rows.map((r) => r.relname);
      const rollups = async () =>
        (
          await sql<{ table_name: string }>`select table_name from information_schema.tables
            where table_schema = 'public' and table_name like 'analytics_%' and table_name <> 'analytics_migration'
            and table_name not like 'analytics_migration%' order by 1`.execute(database.db)
        ).rows.map((r) => r.table_name);
      expect(await partitioned()).toEqual(['analytics_event']);
      const eventIndexes = async () =>
        (
          await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'analytics_event'
            order by 1`.execute(database.db)
        ).rows.map((r) => r.indexname);
      const dataType = async () =>
        (
          await sql<{ t: string }>`select data_type as t from information_schema.columns
            where table_name = 'analytics_event' and column_name = 'data'`.execute(database.db)
        ).rows[0]?.t;
      expect(await eventIndexes()).toEqual(['analytics_event_pkey', 'analytics_event_received']);
      expect(await dataType()).toBe('text');
      const boundColumns = async () =>
        (
          await sql<{ column_name: string }>`select column_name from information_schema.columns
            where table_name = 'analytics_session' order by 1`.execute(database.db)
        ).rows.map((r) => r.column_name);
      expect(await boundColumns()).toEqual(expect.arrayContaining(['first_received_at', 'passes']));
      await migrateDown(database.db as never, ANALYTICS_MIGRATIONS);
      expect(await boundColumns()).not.toContain('passes');
      expect(await dataType()).toBe('text');
      await migrateDown(database.db as never, ANALYTICS_MIGRATIONS);
      expect(await dataType()).toBe('jsonb');
      expect(await eventIndexes()).toEqual([
        'analytics_event_pkey',
        'analytics_event_received',
        'analytics_event_video_at',
      ]);
      expect(await rollups()).toEqual([
        'analytics_account_day',
        'analytics_event',
        'analytics_rollup',
        'analytics_session',
        'analytics_video_day',
        'analytics_video_hour',
        'analytics_viewer_day',
      ]);
      await migrateDown(database.db as never, ANALYTICS_MIGRATIONS);
      expect(await rollups()).toEqual([
        'analytics_event',
        'analytics_rollup',
        'analytics_session',
        'analytics_video_hour',
        'analytics_viewer_day',
      ]);
      await migrateDown(database.db as never, ANALYTICS_MIGRATIONS);
      const sessionColumns = await sql<{ column_name: string }>`select column_name from information_schema.columns
        where table_name = 'analytics_session'`.execute(database.db);
      expect(sessionColumns.rows.map((r) => r.column_name)).not.toContain('notified');
      await migrateDown(database.db as never, ANALYTICS_MIGRATIONS);
      expect(await rollups()).toEqual(['analytics_event']);
      await migrateDown(database.db as never, ANALYTICS_MIGRATIONS);
      expect(await partitioned()).toEqual([]);
      // The application's tables are not the analytics migrations' to touch.
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(database.db);
      expect(rows[0]?.n).toBeGreaterThan(20);
      await migrateToLatest(database.db as never, ANALYTICS_MIGRATIONS);
      expect(await partitioned()).toEqual(['analytics_event']);
    } finally {
      await database.drop();
    }
  });
});

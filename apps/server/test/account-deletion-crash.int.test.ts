import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION } from '../src/modules/account-deletion/account-deletion.jobs.ts';
import { accountPrefixes } from '../src/modules/account-deletion/account-deletion.service.ts';
import { openJobs } from '../src/modules/jobs/jobs.ts';
import { populated, rowsLeft, storedKeys } from './account-deletion.ts';
import { createTestApp, createTestDatabase, mailsTo, post, type TestApp, type TestDatabase } from './helpers.ts';
import { freePort, type Running, startServer, WORKER } from './processes.ts';

// "a job killed at any point finishes once on its next run": a real worker process is
// killed with SIGKILL while the deletion job deletes an account's rows (held mid-transaction by a row lock
// the test takes), and the next run leaves nothing of the account, mailing its holder once.
let database: TestDatabase;
let dataDir: string;
let t: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'leadreel-deletion-crash-'));
  // The worker shares the database and the storage folder. With no grace period the request is due at once,
  // on the worker's clock as on the test's.
  t = await createTestApp({ DATA_DIR: dataDir, ACCOUNT_DELETION_GRACE_DAYS: '0' }, { database });
});
afterAll(async () => {
  await t?.close();
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * Waits, with a generous limit, until the worker's delete of the account waits on the test's row lock. Asked
 * outside the lock's transaction: within one, PostgreSQL answers pg_stat_activity from its first snapshot.
 */
async function untilTheDeleteWaits(worker: Running) {
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity where datname = current_database()
        and wait_event_type = 'Lock' and query like 'delete from "account" %'`.execute(t.db);
    if (Number(rows[0]?.n) > 0) return;
    if (worker.child.exitCode !== null) throw new Error(`the worker exited: ${worker.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the worker never reached the held lock: ${worker.output()}`);
}

describe('the account deletion job and a worker killed while it runs', { timeout: 300_000 }, () => {
  it('leaves the rest to the next run, which deletes every row, object and analytics row once', async () => {
    const owner = await populated(t);
    const deletion = await post(
      t.app,
      '/api/account/delete',
      { reason: 'switching', note: '', agreed: true, phrase: owner.email },
      owner.token,
    );
    expect(deletion.status).toBe(200);
    const jobs = await openJobs({
      connectionString: database.url,
      log: pino({ level: 'silent' }),
      kinds: [ACCOUNT_DELETION],
    });
    try {
      await jobs.send(ACCOUNT_DELETION, {});
    } finally {
      await jobs.stop();
    }

    const [, media] = accountPrefixes(owner.accountId);
    const late = `${media}${owner.videoId}/2/poster.jpg`;
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    try {
      // Hold the account's row: the job's transaction that deletes it (and, by cascade, its data) waits.
      await blocker.query('begin');
      await blocker.query('select id from account where id = $1 for update', [owner.accountId]);
      const worker = startServer(dataDir, await freePort(), { DATABASE_URL: database.url, WORKERS: '1' }, WORKER);
      try {
        await untilTheDeleteWaits(worker);
        // Work in flight for the account (a media job, a viewer's ping) writes after the job swept: the
        // next run must find that too.
        await t.services.storage.put(late, Buffer.from('jpeg'), 'image/jpeg');
        await sql`insert into analytics_account_day (account_id, day, viewers) values (${owner.accountId}, current_date, '\\x00')`.execute(
          t.analyticsDb,
        );
      } finally {
        worker.child.kill('SIGKILL');
        await worker.exited;
      }
      await blocker.query('rollback');
    } finally {
      await blocker.end();
    }

    // Killed mid-way: the objects and analytics before the kill went, the rows and the request stayed.
    expect(await storedKeys(t, owner.accountId)).toEqual([late]);
    expect(await rowsLeft(t, owner.accountId)).toMatchObject({
      account: 1,
      account_deletion: 1,
      lead: 1,
      api_key: 1,
      analytics_account_day: 1,
    });
    const request = () =>
      t.db.selectFrom('account_deletion').selectAll().where('account_id', '=', owner.accountId).executeTakeFirst();
    expect((await request())?.erased_at).toBeNull();

    expect(await t.services.accountDeletion.run()).toBe(1);
    expect(await rowsLeft(t, owner.accountId)).toEqual({});
    expect(await storedKeys(t, owner.accountId)).toEqual([]);
    expect(await request()).toBeUndefined();
    // Mailed once: by this run, and not queued by the killed one (whose queue is pg-boss's table).
    const done = async () =>
      (await mailsTo(t.outbox, owner.email)).filter((mail) => /has been deleted/.test(mail.subject ?? ''));
    expect(await done()).toHaveLength(1);
    const queued = await sql<{ n: number }>`
      select count(*)::int as n from pgboss.job where name = 'account-deletion-done-mail'`.execute(t.db);
    expect(queued.rows[0]?.n).toBe(0);
    expect(await t.services.accountDeletion.run()).toBe(0);
    expect(await done()).toHaveLength(1);
  });
});

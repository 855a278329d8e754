import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../src/db/schema.ts';
import { accountPrefixes } from '../src/modules/account-deletion/account-deletion.service.ts';
import { ACCOUNT_ANALYTICS_TABLES } from '../src/modules/analytics/erase.ts';
import type { createS3Driver } from '../src/modules/storage/s3.driver.ts';
import { accountOnPlan, leadFrom, videoWithForm } from './factories.ts';
import { post, type TestApp } from './helpers.ts';

/**
 * What the account deletion tests share: an account holding data of every kind, and what
 * is left of it afterwards, read from the database and listed from storage.
 */

/** An account with a video, a lead, an API key, objects under both prefixes and analytics rows. */
export async function populated(t: TestApp) {
  const owner = await accountOnPlan(t, 'Pro');
  const videoId = await videoWithForm(t, owner);
  expect((await post(t.app, '/api/public/lead', leadFrom(videoId))).status).toBe(200);
  const key = await post(t.app, '/api/api-key/create', { name: 'CRM' }, owner.token);
  expect(key.status).toBe(200);
  const [sources, media] = accountPrefixes(owner.accountId);
  await t.services.storage.put(`${sources}${videoId}/source`, Buffer.from('original'), 'video/mp4');
  await t.services.storage.put(`${media}${videoId}/1/master.m3u8`, Buffer.from('#EXTM3U'), 'application/x-mpegurl');
  // An upload left open (a browser closed mid-file): its parts are stored, but not as an object.
  await t.services.storage.createMultipartUpload(`${sources}${crypto.randomUUID()}/source`, 'video/mp4');
  await sql`insert into analytics_account_day (account_id, day, viewers) values (${owner.accountId}, current_date, '\\x00')`.execute(
    t.analyticsDb,
  );
  // The lead and the click reach the analytics tables through the writer's buffer: written before any count.
  await t.services.analytics.flush();
  return { ...owner, videoId, apiKey: key.body.data.secret as string };
}

/** Every row of the account left in a table with an `account_id` (and the account itself), by table. */
export async function rowsLeft(t: TestApp, accountId: string) {
  // A partitioned table's rows are counted once, through it: its day partitions (analytics_event_20261129)
  // come and go with the date.
  const tables = await sql<{ table_name: string }>`
    select c.table_name from information_schema.columns c
    join pg_class r on r.relname = c.table_name and r.relnamespace = 'public'::regnamespace
    where c.column_name = 'account_id' and c.table_schema = 'public' and not r.relispartition`.execute(t.db);
  const left: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    // The operators' audit log keeps the account id by design (migration 20261127100100).
    if (table_name === 'admin_action') continue;
    const found = await sql<{
      n: string;
    }>`select count(*) as n from ${sql.table(table_name)} where account_id = ${accountId}`.execute(t.db);
    if (Number(found.rows[0]?.n)) left[table_name] = Number(found.rows[0]?.n);
  }
  for (const table of ACCOUNT_ANALYTICS_TABLES) {
    const found = await sql<{
      n: string;
    }>`select count(*) as n from ${sql.table(table)} where account_id = ${accountId}`.execute(t.analyticsDb);
    if (Number(found.rows[0]?.n)) left[table] = Number(found.rows[0]?.n);
  }
  const account = await t.db
    .selectFrom('account' as keyof Database)
    .select('id')
    .where('id', '=', accountId)
    .execute();
  if (account.length) left.account = account.length;
  return left;
}

/**
 * The key of every object stored under the account's prefixes, listed from the storage itself (the local
 * driver's folder, or the bucket), so an object at a key nobody recorded is found too; and every upload
 * still open there.
 */
export async function storedKeys(t: TestApp, accountId: string): Promise<string[]> {
  const keys: string[] = [];
  for (const prefix of accountPrefixes(accountId)) {
    if (t.config.STORAGE === 's3') {
      const { client } = t.services.storage as ReturnType<typeof createS3Driver>;
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: t.config.S3_BUCKET, Prefix: prefix, ContinuationToken: token }),
        );
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    } else {
      // The local driver keeps the object at `key` in the file DATA_DIR/storage/objects/<key> (local.driver.ts).
      const folder = path.join(t.config.dataDir, 'storage', 'objects', prefix);
      const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      });
      for (const entry of entries) {
        if (entry.isFile()) keys.push(`${prefix}${path.relative(folder, path.join(entry.parentPath, entry.name))}`);
      }
    }
  }
  // Uploads still open under the prefixes, as `upload:<key>`: their parts are stored too.
  const open = await t.services.storage.listOpenUploads(new Date(Date.now() + 86_400_000));
  for (const upload of open) {
    if (accountPrefixes(accountId).some((prefix) => upload.key.startsWith(prefix))) keys.push(`upload:${upload.key}`);
  }
  return keys.sort();
}

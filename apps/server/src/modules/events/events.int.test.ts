import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOnPlan, leadFrom, videoWithForm } from '../../../test/factories.ts';
import { createTestApp, createTestDatabase, post, type TestApp, type TestDatabase } from '../../../test/helpers.ts';
import { JOB_KINDS } from '../index.ts';
import { type Jobs, openJobs } from '../jobs/jobs.ts';
import { LEAD_MAIL } from '../leads/leads.jobs.ts';
import { createEventBus } from './events.ts';

let database: TestDatabase;
let jobs: Jobs;
let t: TestApp;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  database = await createTestDatabase();
  // The real queue with no worker taking its jobs: what the lead's transaction wrote stays there to be read.
  jobs = await openJobs({ connectionString: database.url, log, kinds: JOB_KINDS });
  t = await createTestApp({}, { database, queue: jobs });
});
afterAll(async () => {
  await t?.close();
  await jobs?.stop();
  await database?.drop();
});

/** The queued jobs carrying this lead, by queue. */
async function jobsFor(leadId: string) {
  const rows = await sql<{
    name: string;
  }>`select name from pgboss.job where data->>'leadId' = ${leadId} order by name`.execute(t.db);
  return rows.rows.map((row) => row.name);
}

describe('events (a transactional outbox)', () => {
  it("writes a lead's count, mail and webhook fan-out in the lead's own transaction, and nothing for a refused one", async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const videoId = await videoWithForm(t, owner);
    const sent = await post(t.app, '/api/public/lead', leadFrom(videoId));
    expect(sent.status).toBe(200);
    const lead = await t.db.selectFrom('lead').select('id').where('video_id', '=', videoId).executeTakeFirstOrThrow();
    // Every reaction is queued the moment the lead exists: no crash between them can lose the mail or the count.
    expect(await jobsFor(lead.id)).toEqual(['analytics-lead', 'lead-mail', 'webhook-lead-created']);

    const refused = await post(t.app, '/api/public/lead', leadFrom(videoId, { email: 'not an address' }));
    expect(refused.status).toBe(400);
    expect(await t.db.selectFrom('lead').select('id').where('video_id', '=', videoId).execute()).toHaveLength(1);
  });

  it('writes no job when the change rolls back, and runs reactions after the commit without a queue', async () => {
    const reactions = [{ 'lead.created': LEAD_MAIL }] as const;
    const queued = createEventBus({ db: t.db, queue: jobs, reactions, runNow: async () => undefined, log });
    const leadId = '00000000-0000-4000-8000-00000000e001';
    const lead = {
      leadId,
      videoId: '00000000-0000-4000-8000-00000000e002',
      sessionId: null,
      viewerId: null,
      pageUrl: '',
      referrer: '',
      at: Date.now(),
    };
    await expect(
      queued.transaction(async (_trx, publish) => {
        publish('lead.created', lead);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await jobsFor(leadId)).toEqual([]);

    // Without a queue, a reaction sees what the change wrote: it runs only once the transaction committed.
    const seen: string[] = [];
    const inline = createEventBus({
      db: t.db,
      queue: null,
      reactions,
      runNow: async (kind, data) => {
        const row = await t.db
          .selectFrom('server_secret')
          .select('name')
          .where('name', '=', 'events-test')
          .executeTakeFirst();
        seen.push(`${kind.name} ${(data as { leadId: string }).leadId} ${row?.name ?? 'not committed'}`);
      },
      log,
    });
    await inline.transaction(async (trx, publish) => {
      await trx
        .insertInto('server_secret')
        .values({ name: 'events-test', secret: Buffer.from('x') })
        .execute();
      publish('lead.created', lead);
    });
    expect(seen).toEqual([`lead-mail ${leadId} events-test`]);
  });
});

import { PERIODS } from '@leadreel/shared';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { get, signUp, useTestApp, useTestDatabase } from '../../../test/helpers.ts';
import { createServices } from '../../app.ts';
import type { AppError } from '../../errors.ts';
import { JOB_KINDS } from '../../modules/index.ts';
import { MAINTENANCE_SWEEP, startJobs, worker as sweepWorker } from '../../modules/jobs/jobs.ts';

const database = useTestDatabase();
const t = useTestApp({}, { database });

describe('the worker loop', () => {
  it('runs the sweep job, which deletes expired sessions, and a WORKERS=0 process never takes jobs', async () => {
    const log = pino({ level: 'silent' });
    const { token } = await signUp(t);
    await t.db
      .updateTable('session')
      // Expired by the app's own clock (a manual one, set when the app was made), not the wall clock.
      .set({ expires_at: new Date(t.clock.now().getTime() - 1000) })
      .execute();
    expect((await get(t.app, '/api/account/detail', token)).status).toBe(403);

    let swept = 0;
    const services = createServices({
      config: t.config,
      db: t.db,
      mailer: t.mailer,
      clock: { now: () => new Date() },
      log,
    });
    const httpOnly = await startJobs({
      connectionString: database.url,
      log,
      workers: 0,
      kinds: JOB_KINDS,
      handlers: [sweepWorker(MAINTENANCE_SWEEP, async () => void swept++)],
    });
    const worker = await startJobs({
      connectionString: database.url,
      log,
      workers: 1,
      kinds: JOB_KINDS,
      handlers: [
        sweepWorker(MAINTENANCE_SWEEP, async () => {
          await services.sessions.sweep();
          swept += 100;
        }),
      ],
    });
    try {
      await httpOnly.send(MAINTENANCE_SWEEP, {});
      for (let i = 0; i < 600 && swept === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(swept).toBe(100);
      expect(await t.db.selectFrom('session').select('id').execute()).toHaveLength(0);
    } finally {
      await httpOnly.stop();
      await worker.stop();
    }
  });
});

describe('the plan period guard', () => {
  it('answers 403 plan_period for a gated feature past its threshold, and nothing before', async () => {
    const { token } = await signUp(t);
    const accountId = (await get(t.app, '/api/account/detail', token)).body.data.userId as string;
    const services = createServices({
      config: t.config,
      db: t.db,
      mailer: t.mailer,
      clock: { now: () => new Date() },
      log: pino({ level: 'silent' }),
    });
    const outcomes: Record<string, string> = {};
    for (const period of PERIODS) {
      await t.db.updateTable('account').set({ vip_period: period }).where('id', '=', accountId).execute();
      outcomes[period] = await services.entitlements.assertFeature(accountId, 'uploadVideo').then(
        () => 'allowed',
        (error: AppError) => `${error.statusCode} ${error.code}`,
      );
    }
    expect(outcomes).toEqual({
      'normal-period': 'allowed',
      'buffer-period': '403 plan_period',
      'frozen-period': '403 plan_period',
      'clear-period': '403 plan_period',
      'real-clear-period': '403 plan_period',
    });
    expect((await get(t.app, '/api/account/detail', token)).body.data.vipPeriod).toBe('real-clear-period');
  });
});

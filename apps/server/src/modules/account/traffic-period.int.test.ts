import { GIB } from '@leadreel/shared';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { accountOnPlan } from '../../../test/factories.ts';
import { get, useTestApp } from '../../../test/helpers.ts';
import { moduleWorkers } from '../index.ts';
import { TRAFFIC_PERIOD } from './account.jobs.ts';

// monthly traffic starts again at zero, so an account that reached its cap plays again
// the next month (it was blocked for good).
const t = useTestApp();

const monthStart = (date: Date, offset = 0) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1));

async function usage(accountId: string, token: string) {
  const detail = (await get(t.app, '/api/account/detail', token)).body.data;
  const rights = await t.services.entitlements.ofAccount(accountId);
  return { used: detail.storageAndTraffic.usedTraffic as number, mayServe: rights?.mayServe };
}

describe('the traffic period', () => {
  it('starts again at zero with the month for an account counted last month, and leaves this month’s alone', async () => {
    const now = t.clock.now();
    const capped = await accountOnPlan(t, 'Free');
    const current = await accountOnPlan(t, 'Free');
    await t.db
      .updateTable('account')
      .set({ used_traffic: String(10 * GIB), traffic_period_start: monthStart(now, -1) })
      .where('id', '=', capped.accountId)
      .execute();
    await t.db.updateTable('account').set({ used_traffic: '5000' }).where('id', '=', current.accountId).execute();
    expect(await usage(capped.accountId, capped.token)).toEqual({ used: 10 * GIB, mayServe: false });

    // The scheduled job as a worker runs it.
    const job = moduleWorkers(
      { services: t.services, config: t.config, clock: t.clock },
      pino({ level: 'silent' }),
    ).find((worker) => worker.kind === TRAFFIC_PERIOD);
    await job?.handle([]);
    expect(await usage(capped.accountId, capped.token)).toEqual({ used: 0, mayServe: true });
    expect(await usage(current.accountId, current.token)).toEqual({ used: 5000, mayServe: true });
    const row = await t.db
      .selectFrom('account')
      .select('traffic_period_start')
      .where('id', '=', capped.accountId)
      .executeTakeFirstOrThrow();
    expect(row.traffic_period_start).toEqual(monthStart(now));

    // Run again within the month: nothing to reset; served bytes counted meanwhile stay.
    await t.db.updateTable('account').set({ used_traffic: '700' }).where('id', '=', capped.accountId).execute();
    expect(await t.services.accounts.startTrafficPeriods(now)).toBe(0);
    expect((await usage(capped.accountId, capped.token)).used).toBe(700);

    // The next month resets both.
    t.clock.advance(monthStart(now, 1).getTime() - now.getTime() + 60_000);
    expect(await t.services.accounts.startTrafficPeriods(t.clock.now())).toBeGreaterThanOrEqual(2);
    expect((await usage(current.accountId, current.token)).used).toBe(0);
  });
});

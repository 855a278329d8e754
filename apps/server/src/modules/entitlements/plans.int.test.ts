import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { get, signUp, useTestApp, useTestDatabase } from '../../../test/helpers.ts';

const run = promisify(execFile);
const LEADREEL = path.resolve(import.meta.dirname, '../../../../../bin/leadreel');

const database = useTestDatabase();
const t = useTestApp({}, { database });

/** The operator's command, as documented, against this test's database. */
const admin = (...args: string[]) =>
  run(LEADREEL, ['admin', ...args, '--as', 'ops-test'], { env: { ...process.env, DATABASE_URL: database.url } });

describe('the plan an account is on (a paid account was shown as Free)', () => {
  it('answers vip-user-info from the plan: Free, then Pro once an operator grants it', async () => {
    const { email, token } = await signUp(t);
    const free = await get(t.app, '/api/pay/vip-user-info', token);
    expect(free.body.data).toEqual({
      product: { type: 'Free', showType: null },
      subscribeId: null,
      isVip: false,
      isTrial: false,
      VipExpireTime: 0,
      autoSubscribe: false,
      bySuperAdminOpen: false,
      surplusDays: 0,
      expireDate: null,
      willExpire: false,
      planText: 'LeadReel',
    });

    const granted = await admin('plan', email.toUpperCase(), 'Pro');
    expect(granted.stdout).toContain('is now on Pro');
    const pro = await get(t.app, '/api/pay/vip-user-info', token);
    // a plan opened by a super admin (here the operator's command) counts as not auto-subscribed.
    expect(pro.body.data).toEqual({
      product: { type: 'Pro', showType: 'Pro' },
      subscribeId: null,
      isVip: true,
      isTrial: false,
      VipExpireTime: 0,
      autoSubscribe: false,
      bySuperAdminOpen: true,
      surplusDays: 0,
      expireDate: null,
      willExpire: false,
      planText: 'LeadReel Pro',
    });
    const detail = await get(t.app, '/api/account/detail', token);
    expect(detail.body.data.privileges).toEqual(t.config.catalogue.plans.Pro.privileges);

    // Back to Free through the same service the command uses.
    await t.services.admin.openPlan('ops-test', email, 'Free', null);
    expect((await get(t.app, '/api/pay/vip-user-info', token)).body.data).toMatchObject({
      product: { type: 'Free' },
      isVip: false,
      bySuperAdminOpen: false,
    });
    await expect(t.services.admin.openPlan('ops-test', 'nobody@example.invalid', 'Pro', null)).rejects.toThrow(
      'no account with the email nobody@example.invalid',
    );
  });
});

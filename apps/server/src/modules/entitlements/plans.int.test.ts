import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { get, signUp, useTestApp, useTestDatabase } from '../../../test/helpers.ts';

const run = promisify(execFile);
const SET_PLAN = path.resolve(import.meta.dirname, '../../cli/set-plan.ts');

const database = useTestDatabase();
const t = useTestApp({}, { database });

/** The operator's command, as documented, against this test's database. */
const setPlan = (email: string, plan: string) =>
  run(process.execPath, [SET_PLAN, email, plan], { env: { ...process.env, DATABASE_URL: database.url } });

describe('the plan an account is on (issue 13: a paid account was shown as Free)', () => {
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

    const granted = await setPlan(email.toUpperCase(), 'Pro');
    expect(granted.stdout).toContain('is now on Pro');
    const pro = await get(t.app, '/api/pay/vip-user-info', token);
    // spec §6: a plan opened by a super admin (here the operator's command) counts as not auto-subscribed.
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

    // Back to Free through the same grant the command makes.
    expect(await t.services.accounts.grantPlan(email, 'Free')).toBe(true);
    expect((await get(t.app, '/api/pay/vip-user-info', token)).body.data).toMatchObject({
      product: { type: 'Free' },
      isVip: false,
      bySuperAdminOpen: false,
    });
    expect(await t.services.accounts.grantPlan('nobody@example.invalid', 'Pro')).toBe(false);
  });
});

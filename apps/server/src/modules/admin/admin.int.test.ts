import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { get, post, signUp, useTestApp, useTestDatabase } from '../../../test/helpers.ts';

// `leadreel admin`, run as an operator runs it, against this test's database.
const run = promisify(execFile);
const LEADREEL = path.resolve(import.meta.dirname, '../../../../../bin/leadreel');

const database = useTestDatabase();
const t = useTestApp({}, { database });

async function leadreel(...args: string[]) {
  try {
    const { stdout } = await run(LEADREEL, args, {
      env: { ...process.env, DATABASE_URL: database.url, SUDO_USER: 'alice' },
    });
    return { code: 0, stdout, stderr: '' };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

// Each command is a process of its own: a limit, not an expectation, for a loaded machine.
describe('leadreel admin', { timeout: 300_000 }, () => {
  it('opens a plan until a day, grants credits, shows the account, and logs who did each', async () => {
    const { email, token } = await signUp(t);
    const until = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    expect(await leadreel('admin', 'plan', email, 'Lite', '--until', until)).toMatchObject({
      code: 0,
      stdout: `${email} is now on Lite until ${until}\n`,
    });
    const vip = (await get(t.app, '/api/pay/vip-user-info', token)).body.data;
    expect(vip).toMatchObject({ product: { type: 'Lite' }, isVip: true, bySuperAdminOpen: true });
    expect(vip.expireDate).toBe(until.replaceAll('-', '/'));

    expect(await leadreel('admin', 'credits', email, '250', '--reason', 'launch offer', '--as', 'bob')).toMatchObject({
      code: 0,
      stdout: `${email} has 250 credits\n`,
    });
    const ledger = (await get(t.app, '/api/pay/credits', token)).body.data;
    expect(ledger).toMatchObject({
      balance: 250,
      list: [{ kind: 'grant', amount: 250, reference: 'granted by bob: launch offer' }],
    });

    const shown = await leadreel('admin', 'show', email.toUpperCase());
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`plan Lite, normal-period, ends ${until}T23:59:59`);
    expect(shown.stdout).toContain('credits 250');

    const logged = (await leadreel('admin', 'log', '--limit', '2')).stdout.trim().split('\n');
    expect(logged[0]).toMatch(new RegExp(`bob grant-credits ${email} .*"amount":250`));
    expect(logged[1]).toMatch(new RegExp(`alice open-plan ${email} .*"plan":"Lite"`));
  });

  it('refunds a paid order by its invoice number', async () => {
    const { email, token } = await signUp(t);
    const order = (await post(t.app, '/api/pay/stripe', { productId: 'Lite-month-USD', method: 'card' }, token)).body
      .data;
    await t.services.orders.settle(order.orderId, { status: 'paid', amount: order.amount, currency: order.currency });
    const { invoiceNumber } = (await get(t.app, `/api/pay/wechat-status?orderId=${order.orderId}`, token)).body.data;
    expect(await leadreel('admin', 'refund', invoiceNumber, '--reason', 'asked in time')).toMatchObject({
      code: 0,
      stdout: `${invoiceNumber} is refunded: ${order.amount} USD (minor units)\n`,
    });
    expect((await get(t.app, '/api/pay/vip-user-info', token)).body.data.product.type).toBe('Free');
    const again = await leadreel('admin', 'refund', invoiceNumber);
    expect(again).toMatchObject({ code: 1 });
    expect(again.stderr).toContain('Only a paid order can be refunded');
    const logged = (await leadreel('admin', 'log', '--limit', '1')).stdout;
    expect(logged).toContain(`alice refund ${email} `);
    expect(logged).toContain(`"invoice":"${invoiceNumber}"`);
    expect(logged).toContain('"reason":"asked in time"');
  });

  it('makes an account a referrer, pays out its commissions, and takes it out of the program', async () => {
    const referrer = await signUp(t);
    expect(await leadreel('admin', 'referrer', referrer.email, 'on')).toMatchObject({
      code: 0,
      stdout: `${referrer.email} is now a referrer\n`,
    });
    const detail = (await get(t.app, '/api/account/detail', referrer.token)).body.data;
    expect(detail.isReferer).toBe(true);
    const nothing = await leadreel('admin', 'payout', referrer.email);
    expect(nothing).toMatchObject({ code: 1 });
    expect(nothing.stderr).toContain(`${referrer.email} has no commission to pay out`);

    const referred = await signUp(t);
    await post(t.app, '/api/auth/bind-referrer', { ref: detail.userId }, referred.token);
    const order = (await post(t.app, '/api/pay/stripe', { productId: 'Pro-yr-USD', method: 'card' }, referred.token))
      .body.data;
    // As if paid by card through Stripe: a sandbox payment moves no money and earns no commission.
    await t.db.updateTable('payment_order').set({ provider: 'stripe' }).where('id', '=', order.orderId).execute();
    await t.services.orders.settle(order.orderId, { status: 'paid', amount: order.amount, currency: order.currency });
    const commission = Math.floor((order.amount * t.config.catalogue.affiliatePercent) / 100);
    expect(await leadreel('admin', 'payout', referrer.email, '--as', 'carol')).toMatchObject({
      code: 0,
      stdout: `${referrer.email} is paid out ${commission} USD (minor units)\n`,
    });
    const paid = (await get(t.app, '/api/pay/affiliate-data', referrer.token)).body.data;
    expect(paid.totals).toEqual([
      { currency: 'USD', earned: commission, reversed: 0, pending: 0, paidOut: commission },
    ]);

    expect(await leadreel('admin', 'referrer', referrer.email, 'off')).toMatchObject({
      code: 0,
      stdout: `${referrer.email} is no longer a referrer\n`,
    });
    expect((await get(t.app, '/api/pay/affiliate-data', referrer.token)).body.error).toBe('affiliate_not_referrer');
    const logged = (await leadreel('admin', 'log', '--limit', '3')).stdout.trim().split('\n');
    expect(logged[0]).toMatch(new RegExp(`alice referrer ${referrer.email} .*"on":false`));
    expect(logged[1]).toMatch(new RegExp(`carol payout ${referrer.email} .*"amount":${commission}`));
  });

  it('says what is wrong and changes nothing on bad input', async () => {
    const { email, token } = await signUp(t);
    const usages = [
      [],
      ['admin'],
      ['admin', 'delete', email],
      ['admin', 'plan', email, 'Gold'],
      ['admin', 'credits', email, '-5'],
      ['admin', 'credits', email, '1.5'],
      ['admin', 'log', '--limit', '0'],
      ['admin', 'show', email, '--colour'],
      ['admin', 'refund'],
      ['admin', 'referrer', email],
      ['admin', 'referrer', email, 'yes'],
      ['admin', 'payout'],
    ];
    for (const [index, answer] of (await Promise.all(usages.map((args) => leadreel(...args)))).entries()) {
      const args = usages[index]?.join(' ');
      expect(answer.code, args).toBe(2);
      expect(answer.stderr, args).toContain('usage:');
    }
    const refusals = [
      [['admin', 'plan', 'nobody@example.invalid', 'Pro'], 'no account with the email nobody@example.invalid'],
      [['admin', 'plan', email, 'Pro', '--until', '2020-01-01'], 'the end date must be in the future'],
      [['admin', 'plan', email, 'Pro', '--until', 'next week'], '--until: a date as YYYY-MM-DD'],
      [['admin', 'plan', email, 'Pro', '--until', '2030-02-31'], '--until: a date as YYYY-MM-DD'],
      [['admin', 'credits', email, '99999999'], 'credits: a whole number from 1 to 10000000'],
      [['admin', 'referrer', 'nobody@example.invalid', 'on'], 'no account with the email nobody@example.invalid'],
    ] as const;
    const answers = await Promise.all(refusals.map(([args]) => leadreel(...args)));
    for (const [index, answer] of answers.entries()) {
      const [args, message] = refusals[index] as (typeof refusals)[number];
      expect(answer.code, args.join(' ')).toBe(1);
      expect(answer.stderr, args.join(' ')).toContain(message);
    }
    expect((await get(t.app, '/api/pay/vip-user-info', token)).body.data.product.type).toBe('Free');
    expect((await get(t.app, '/api/pay/credits', token)).body.data.balance).toBe(0);
  });
});

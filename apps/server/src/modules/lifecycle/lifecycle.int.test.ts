import { describe, expect, it } from 'vitest';
import { chooseInSandbox } from '../../../test/factories.ts';
import { get, mailsTo, post, signUp, useTestApp } from '../../../test/helpers.ts';
import { periodStarts } from '../entitlements/period-dates.ts';

// a clock moved through every period of a lapsed plan. Each reminder, move, gate, banner
// date and mail happens once however often the job runs, and a renewal brings the account back.
// Months pass between requests here: sessions must outlive them.
const t = useTestApp({ BRAND_NAME: 'Acme', SESSION_IDLE_DAYS: '365', SESSION_MAX_DAYS: '3650' });
const DAY_MS = 86_400_000;

async function proEndingIn(days: number) {
  const account = await signUp(t);
  const planEnd = new Date(t.clock.now().getTime() + days * DAY_MS);
  const row = await t.db
    .updateTable('account')
    .set({ plan_type: 'Pro', period_end_at: planEnd })
    .where('email', '=', account.email)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...account, accountId: row.id, planEnd };
}

async function detail(token: string) {
  const answer = await get(t.app, '/api/account/detail', token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
const subjects = async (email: string) => (await mailsTo(t.outbox, email)).map((mail) => mail.subject);
/** Moves the clock to `at` and runs the job twice, as two overlapping workers might. */
async function runAt(at: Date) {
  t.clock.advance(at.getTime() - t.clock.now().getTime());
  await t.services.lifecycle.run();
  await t.services.lifecycle.run();
}
const addFolder = (token: string) =>
  post(t.app, '/api/vod/video/folder/add', { name: `f-${Math.random().toString(36).slice(2, 8)}` }, token);

describe('the plan lifecycle', () => {
  it('reminds, then moves through Buffer, Frozen, Clear and RealClear once each, and renewal restores', async () => {
    const { token, email, accountId, planEnd } = await proEndingIn(20);
    const starts = periodStarts(planEnd, t.config.catalogue.lifecycle);
    const ymd = (date: Date) => date.toISOString().slice(0, 10).replaceAll('-', '/');

    for (const days of [15, 7, 1]) {
      await runAt(new Date(planEnd.getTime() - days * DAY_MS + 60_000));
      expect((await subjects(email)).filter((s) => s?.includes(`ends in ${days} day`))).toHaveLength(1);
    }
    expect((await detail(token)).vipPeriod).toBe('normal-period');

    await runAt(new Date(starts['buffer-period'].getTime() + 60_000));
    let account = await detail(token);
    expect(account.vipPeriod).toBe('buffer-period');
    // The banner's date: when the period ends (Frozen begins).
    expect(account.periodEndTime).toBe(Math.floor(starts['frozen-period'].getTime() / 1000));
    expect(account.entitlements.features.uploadVideo).toBe(false);
    expect((await addFolder(token)).status).toBe(200);
    expect((await t.services.entitlements.ofAccount(accountId))?.mayServe).toBe(true);

    await runAt(new Date(starts['frozen-period'].getTime() + 60_000));
    account = await detail(token);
    expect(account.vipPeriod).toBe('frozen-period');
    expect(account.periodEndTime).toBe(Math.floor(starts['clear-period'].getTime() / 1000));
    expect((await addFolder(token)).body).toMatchObject({ statusCode: 403, error: 'plan_period' });
    expect((await t.services.entitlements.ofAccount(accountId))?.mayServe).toBe(false);
    const frozenMail = (await mailsTo(t.outbox, email)).find(
      (m) => m.subject === 'Your Acme videos have stopped playing',
    );
    expect(frozenMail?.text).toContain(ymd(starts['clear-period']));

    await runAt(new Date(starts['clear-period'].getTime() + 60_000));
    expect((await detail(token)).vipPeriod).toBe('clear-period');
    await runAt(new Date(starts['real-clear-period'].getTime() + 60_000));
    account = await detail(token);
    expect(account).toMatchObject({ vipPeriod: 'real-clear-period', periodEndTime: 0 });
    await runAt(new Date(starts['real-clear-period'].getTime() + 90 * DAY_MS));

    expect(await subjects(email)).toEqual([
      'Your Acme sign-up code',
      'Your Acme Pro plan ends in 15 days',
      'Your Acme Pro plan ends in 7 days',
      'Your Acme Pro plan ends in 1 day',
      'Your Acme plan has expired',
      'Your Acme videos have stopped playing',
      'Your Acme videos were cleared',
      'Your Acme videos were deleted',
    ]);

    // Renewing brings the account back to Normal at once, with a new end and every gate open.
    const order = (await post(t.app, '/api/pay/stripe', { productId: 'Pro-month-USD', method: 'card' }, token)).body
      .data;
    await chooseInSandbox(t, order.checkoutUrl);
    account = await detail(token);
    expect(account.vipPeriod).toBe('normal-period');
    expect(account.entitlements.features.uploadVideo).toBe(true);
    expect((await addFolder(token)).status).toBe(200);
    expect((await t.services.entitlements.ofAccount(accountId))?.mayServe).toBe(true);
  });

  it('crosses several periods at once after the job was down, mailing only the newest', async () => {
    const { token, email, planEnd } = await proEndingIn(1);
    const starts = periodStarts(planEnd, t.config.catalogue.lifecycle);
    await runAt(new Date(starts['frozen-period'].getTime() + DAY_MS));
    expect((await detail(token)).vipPeriod).toBe('frozen-period');
    const lapse = (await subjects(email)).filter((s) => s?.includes('expired') || s?.includes('stopped'));
    expect(lapse).toEqual(['Your Acme videos have stopped playing']);
  });

  it('mails a Chinese account in Chinese, and never touches Free or plans with no end', async () => {
    const zh = await proEndingIn(3);
    await post(t.app, '/api/account/language', { language: 'zh_CN' }, zh.token);
    const free = await signUp(t);
    const forever = await signUp(t);
    await t.db.updateTable('account').set({ plan_type: 'Business' }).where('email', '=', forever.email).execute();
    await runAt(new Date(zh.planEnd.getTime() + 60_000));
    expect((await subjects(zh.email)).at(-1)).toBe('您的 Acme 套餐已过期');
    expect((await detail(free.token)).vipPeriod).toBe('normal-period');
    expect((await detail(forever.token)).vipPeriod).toBe('normal-period');
  });

  it('lets a renewal made while a move is in flight win', async () => {
    const { accountId, planEnd } = await proEndingIn(-1);
    const renewed = new Date(planEnd.getTime() + 30 * DAY_MS);
    await t.db.updateTable('account').set({ period_end_at: renewed }).where('id', '=', accountId).execute();
    const moved = await t.db
      .transaction()
      .execute((trx) => t.services.accounts.movePeriod(trx, accountId, 'normal-period', 'buffer-period', planEnd));
    expect(moved).toBe(false);
  });
});

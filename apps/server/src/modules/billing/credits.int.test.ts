import { describe, expect, it } from 'vitest';
import { accountOnPlan } from '../../../test/factories.ts';
import { get, useTestApp } from '../../../test/helpers.ts';

// credits as an append-only ledger on the real PostgreSQL, under concurrent changes.
const t = useTestApp();

describe('the credit ledger', () => {
  it('derives the balance from its entries and shows them newest first', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const credits = t.services.credits;
    await credits.add(owner.accountId, 'purchase', { amount: 500, key: 'order:1', reference: 'order 1' });
    await credits.add(owner.accountId, 'grant', { amount: 100, key: 'period:2026-11' });
    const spent = await credits.spend(owner.accountId, { amount: 120, key: 'task:a', reference: 'translation' });
    expect(spent.balance).toBe(480);
    const answer = await get(t.app, '/api/pay/credits?pageSize=2', owner.token);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      balance: 480,
      total: 3,
      list: [
        { kind: 'spend', amount: -120, reference: 'translation' },
        { kind: 'grant', amount: 100, reference: null },
      ],
    });
    expect((await get(t.app, '/api/pay/credits?page=2&pageSize=2', owner.token)).body.data.list).toMatchObject([
      { kind: 'purchase', amount: 500 },
    ]);
  });

  it('applies a key once, even when the same change arrives five times at once', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.services.credits.add(owner.accountId, 'purchase', { amount: 300, key: 'order:9' }),
      ),
    );
    expect(results.filter((result) => !result.repeated)).toHaveLength(1);
    expect(new Set(results.map((result) => result.entry?.id)).size).toBe(1);
    expect(await t.services.credits.balance(owner.accountId)).toBe(300);
  });

  it('never goes below zero: of two spends that together exceed the balance, one is refused', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    await t.services.credits.add(owner.accountId, 'purchase', { amount: 100, key: 'order:2' });
    const outcomes = await Promise.allSettled([
      t.services.credits.spend(owner.accountId, { amount: 70, key: 'task:1' }),
      t.services.credits.spend(owner.accountId, { amount: 70, key: 'task:2' }),
    ]);
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({
      statusCode: 409,
      code: 'credits_insufficient',
    });
    expect(await t.services.credits.balance(owner.accountId)).toBe(30);
    expect((await get(t.app, '/api/pay/credits', owner.token)).body.data.total).toBe(2);
  });

  it('gives a spend back once, and lapses credits without going below zero', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const credits = t.services.credits;
    await credits.add(owner.accountId, 'grant', { amount: 50, key: 'period:1' });
    await credits.spend(owner.accountId, { amount: 40, key: 'task:x' });
    expect((await credits.refundSpend(owner.accountId, 'task:x')).balance).toBe(50);
    expect((await credits.refundSpend(owner.accountId, 'task:x')).repeated).toBe(true);
    expect((await credits.refundSpend(owner.accountId, 'task:never')).entry).toBeNull();
    expect(await credits.balance(owner.accountId)).toBe(50);
    await credits.spend(owner.accountId, { amount: 45, key: 'task:y' });
    const lapsed = await credits.expire(owner.accountId, { amount: 50, key: 'expiry:period:1' });
    expect(lapsed.entry?.amount).toBe(-5);
    expect(lapsed.balance).toBe(0);
    expect((await credits.expire(owner.accountId, { amount: 10, key: 'expiry:period:2' })).entry).toBeNull();
  });

  it('refuses amounts and keys only a bug could send, and a key reused for another kind of change', async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const credits = t.services.credits;
    for (const amount of [0, -5, 1.5, Number.NaN, 2_000_000_000]) {
      await expect(credits.add(owner.accountId, 'purchase', { amount, key: `bad:${amount}` })).rejects.toThrow(
        /amount/,
      );
    }
    for (const key of ['', 'x'.repeat(201), 'a\0b']) {
      await expect(credits.add(owner.accountId, 'purchase', { amount: 1, key })).rejects.toThrow(/key/);
    }
    await credits.add(owner.accountId, 'purchase', { amount: 10, key: 'shared' });
    await expect(credits.spend(owner.accountId, { amount: 1, key: 'shared' })).rejects.toThrow(/used for a purchase/);
    expect(await credits.balance(owner.accountId)).toBe(10);
  });

  it("keeps each account's ledger its own, and checks the page query", async () => {
    const owner = await accountOnPlan(t, 'Pro');
    const other = await accountOnPlan(t, 'Pro');
    await t.services.credits.add(owner.accountId, 'purchase', { amount: 10, key: 'order:own' });
    expect((await get(t.app, '/api/pay/credits', other.token)).body.data).toEqual({ balance: 0, total: 0, list: [] });
    for (const query of ['page=0', 'pageSize=101', 'page=x', 'accountId=1']) {
      expect((await get(t.app, `/api/pay/credits?${query}`, owner.token)).status, query).toBe(400);
    }
    expect((await get(t.app, '/api/pay/credits')).status).toBe(403);
  });
});

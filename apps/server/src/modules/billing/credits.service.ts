import type { CreditKind, CreditLedger } from '@leadreel/shared';
import type { Selectable } from 'kysely';
import type { Db, Transact } from '../../db/database.ts';
import type { CreditEntryTable } from '../../db/schema.ts';
import { conflict } from '../../errors.ts';
import type { CreditRepo } from './credits.repo.ts';

/** Credits moved by one entry at most: far above any package or AI task, well inside a bigint. */
const MAX_AMOUNT = 1_000_000_000;

type Entry = Selectable<CreditEntryTable>;
type Change = {
  amount: number;
  key: string;
  reference?: string | null;
  /** The caller's transaction, when the change belongs with others (a payment and what it gives). */
  trx?: Db;
};

/** Refuses what only a bug could send: the ledger takes whole positive amounts and a key. */
function checkChange({ amount, key }: Change) {
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_AMOUNT) {
    throw new Error(`credits: amount must be a whole number from 1 to ${MAX_AMOUNT}, not ${amount}`);
  }
  if (key.length === 0 || key.length > 200 || key.includes('\0'))
    throw new Error('credits: key must be 1 to 200 characters');
}

/**
 * Credits: an append-only ledger whose sum is the balance. Each change has a key and
 * happens once per key, so a retried spend, a payment notified twice or a job run again changes nothing
 * the second time (the first entry is answered). Changes to one account's credits are serialised, so
 * concurrent spends can never take the balance below zero. The AI features spend; payments, plan periods
 * and operators add.
 */
export function createCreditService(deps: { transaction: Transact; repo: CreditRepo }) {
  const { transaction, repo } = deps;

  /** Adds or takes `signed(balance)` credits under the account's lock, once per key. */
  async function record(
    accountId: string,
    kind: CreditKind,
    change: Change,
    signed: (balance: number, trx: Db) => number | Promise<number>,
  ): Promise<{ entry: Entry | null; balance: number; repeated: boolean }> {
    checkChange(change);
    const within: Transact = change.trx ? (work) => work(change.trx as Db) : transaction;
    return within(async (trx) => {
      await repo.lock(trx, accountId);
      const earlier = await repo.byKey(accountId, change.key, trx);
      const balance = await repo.balance(accountId, trx);
      if (earlier) {
        // The same key for another change is a bug in the caller, not a repeat to answer as done.
        if (earlier.kind !== kind) throw new Error(`credits: key ${change.key} was used for a ${earlier.kind}`);
        return { entry: earlier, balance, repeated: true };
      }
      const amount = await signed(balance, trx);
      if (amount === 0) return { entry: null, balance, repeated: false };
      const entry = await repo.insert(trx, {
        account_id: accountId,
        kind,
        amount,
        key: change.key,
        reference: change.reference ?? null,
      });
      return { entry, balance: balance + amount, repeated: false };
    });
  }

  return {
    balance: (accountId: string) => repo.balance(accountId),

    /** Bought, granted with a plan's period, or given by an operator. */
    add(accountId: string, kind: 'purchase' | 'grant' | 'refund', change: Change) {
      return record(accountId, kind, change, () => change.amount);
    },

    /** Takes credits for a task; 409 credits_insufficient (and nothing recorded) when the balance is short. */
    spend(accountId: string, change: Change) {
      return record(accountId, 'spend', change, (balance) => {
        if (balance < change.amount) throw conflict('credits_insufficient');
        return -change.amount;
      });
    },

    /** Gives a spend back (a task that failed), once; a key that spent nothing gives nothing back. */
    async refundSpend(accountId: string, spendKey: string) {
      const spent = await repo.byKey(accountId, spendKey);
      if (spent?.kind !== 'spend') return { entry: null, balance: await repo.balance(accountId), repeated: false };
      return record(
        accountId,
        'refund',
        { amount: -spent.amount, key: `refund:${spendKey}`, reference: spent.reference },
        () => -spent.amount,
      );
    },

    /** Takes back up to `amount` credits a refunded order gave (those already spent stay spent), never below zero. */
    reverse(accountId: string, change: Change) {
      return record(accountId, 'reversal', change, (balance) => -Math.min(change.amount, Math.max(0, balance)));
    },

    /** Lapses up to `amount` credits (a period's grant at its end), never below zero. */
    expire(accountId: string, change: Change) {
      return record(accountId, 'expiry', change, (balance) => -Math.min(change.amount, Math.max(0, balance)));
    },

    /**
     * Lapses what is left of the plan's last period grant, when a new period (or a new plan) starts: a
     * period's credits do not carry over, and are spent before bought ones, so what is left of them is the
     * grant less what was spent since, never more than the balance. Bought and operator-given credits stay.
     * Once per grant.
     */
    async expirePlanGrant(accountId: string, trx?: Db) {
      const grant = await repo.lastPlanGrant(accountId, trx);
      if (!grant) return { entry: null, balance: await repo.balance(accountId, trx), repeated: false };
      const change = { amount: grant.amount, key: `expiry:${grant.key}`, reference: grant.reference, trx };
      return record(accountId, 'expiry', change, async (balance, within) => {
        const spent = await repo.spentSince(accountId, grant.created_at, within);
        return -Math.min(Math.max(0, balance), Math.max(0, grant.amount - spent));
      });
    },

    /** spec: the credits page's ledger, newest first, with the balance. */
    async ledger(accountId: string, query: { page: number; pageSize: number }): Promise<CreditLedger> {
      const [balance, { rows, total }] = await Promise.all([
        repo.balance(accountId),
        repo.page(accountId, query.pageSize, (query.page - 1) * query.pageSize),
      ]);
      return {
        balance,
        total,
        list: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          amount: Number(row.amount),
          reference: row.reference,
          createdAt: Math.floor(row.created_at.getTime() / 1000),
        })),
      };
    },
  };
}
export type CreditService = ReturnType<typeof createCreditService>;

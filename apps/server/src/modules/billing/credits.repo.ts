import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CreditEntryTable } from '../../db/schema.ts';

/** Every query on the credit ledger (`credit_entry`): rows are added, never changed. */
export function createCreditRepo(db: Db) {
  return {
    /** Holds the account's ledger for the caller's transaction: its changes happen one after another. */
    async lock(trx: Db, accountId: string) {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`credits:${accountId}`}, 0))`.execute(trx);
    },

    async balance(accountId: string, trx: Db = db) {
      const row = await trx
        .selectFrom('credit_entry')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('balance'))
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow();
      return Number(row.balance);
    },

    byKey(accountId: string, key: string, trx: Db = db) {
      return trx
        .selectFrom('credit_entry')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('key', '=', key)
        .executeTakeFirst();
    },

    /** The newest grant that came with a plan's period (the first with its order, the others each month). */
    lastPlanGrant(accountId: string, trx: Db = db) {
      return trx
        .selectFrom('credit_entry')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('kind', '=', 'grant')
        .where((eb) => eb.or([eb('key', 'like', 'order:%'), eb('key', 'like', 'period:%')]))
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Credits spent (less spends given back) after `since`. */
    async spentSince(accountId: string, since: Date, trx: Db = db) {
      const row = await trx
        .selectFrom('credit_entry')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('net'))
        .where('account_id', '=', accountId)
        .where('kind', 'in', ['spend', 'refund'])
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return -Number(row.net);
    },

    insert(trx: Db, entry: Insertable<CreditEntryTable>) {
      return trx.insertInto('credit_entry').values(entry).returningAll().executeTakeFirstOrThrow();
    },

    /** One page of the account's entries, newest first, with their count. */
    async page(accountId: string, limit: number, offset: number) {
      const [rows, total] = await Promise.all([
        db
          .selectFrom('credit_entry')
          .selectAll()
          .where('account_id', '=', accountId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('credit_entry')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('account_id', '=', accountId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },
  };
}
export type CreditRepo = ReturnType<typeof createCreditRepo>;

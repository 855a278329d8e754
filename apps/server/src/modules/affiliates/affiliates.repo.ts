import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CommissionTable } from '../../db/schema.ts';

/** PostgreSQL sums bigints as numeric, which `pg` hands over as text. */
const sum = (value: string | number | null) => Number(value ?? 0);

/** Every query on `commission` and `affiliate_payout`. */
export function createAffiliateRepo(db: Db) {
  return {
    /**
     * Adds a commission or a reversal in the caller's transaction; false when the order already has one of
     * that kind (a replayed payment or refund), which then changes nothing.
     */
    async insert(trx: Db, row: Insertable<CommissionTable>) {
      const made = await trx
        .insertInto('commission')
        .values(row)
        .onConflict((oc) => oc.columns(['order_id', 'kind']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return made !== undefined;
    },

    /** The commission an order earned, if it earned one. */
    commissionOf(trx: Db, orderId: string) {
      return trx
        .selectFrom('commission')
        .selectAll()
        .where('order_id', '=', orderId)
        .where('kind', '=', 'commission')
        .executeTakeFirst();
    },

    /** One page of the referrer's rows made in [from, to), newest first, and how many there are. */
    async page(referrerId: string, range: { from?: Date; to?: Date }, limit: number, offset: number) {
      const inRange = db
        .selectFrom('commission')
        .where('referrer_id', '=', referrerId)
        .$if(range.from !== undefined, (q) => q.where('created_at', '>=', range.from as Date))
        .$if(range.to !== undefined, (q) => q.where('created_at', '<', range.to as Date));
      const [rows, count] = await Promise.all([
        inRange
          .select(['id', 'created_at', 'referred_email', 'plan', 'kind', 'amount', 'currency', 'status'])
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        inRange.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** The referrer's all-time sums per currency: earned, reversed, pending and paid out. */
    async totals(referrerId: string) {
      const rows = await db
        .selectFrom('commission')
        .select((eb) => [
          'currency',
          eb.fn.sum<string>('amount').filterWhere('kind', '=', 'commission').as('earned'),
          eb.fn.sum<string>('amount').filterWhere('kind', '=', 'reversal').as('reversed'),
          eb.fn.sum<string>('amount').filterWhere('status', '=', 'pending').as('pending'),
          eb.fn.sum<string>('amount').filterWhere('status', '=', 'paid_out').as('paid_out'),
        ])
        .where('referrer_id', '=', referrerId)
        .groupBy('currency')
        .orderBy('currency')
        .execute();
      return rows.map((row) => ({
        currency: row.currency,
        earned: sum(row.earned),
        reversed: sum(row.reversed),
        pending: sum(row.pending),
        paidOut: sum(row.paid_out),
      }));
    },

    /**
     * Pays the referrer what is pending, per currency, in the caller's transaction: a payout row for each
     * currency whose pending sum is above zero, and its rows marked paid out. A currency whose pending sum
     * is zero or below (reversals after a payout) stays pending, to be taken from later commissions. One
     * payout per referrer at a time; rows added meanwhile stay pending for the next.
     */
    async payout(trx: Db, referrerId: string, operator: string, now: Date) {
      await sql`select pg_advisory_xact_lock(hashtext(${`affiliate-payout:${referrerId}`}))`.execute(trx);
      const pending = await trx
        .selectFrom('commission')
        .select(['id', 'currency', 'amount'])
        .where('referrer_id', '=', referrerId)
        .where('status', '=', 'pending')
        .forUpdate()
        .execute();
      const byCurrency = new Map<string, { amount: number; ids: string[] }>();
      for (const row of pending) {
        const entry = byCurrency.get(row.currency) ?? { amount: 0, ids: [] };
        entry.amount += Number(row.amount);
        entry.ids.push(row.id);
        byCurrency.set(row.currency, entry);
      }
      const paid: { currency: string; amount: number }[] = [];
      for (const [currency, { amount, ids }] of [...byCurrency].sort(([a], [b]) => a.localeCompare(b))) {
        if (amount <= 0) continue;
        const payout = await trx
          .insertInto('affiliate_payout')
          .values({ referrer_id: referrerId, currency, amount, operator, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('commission')
          .set({ status: 'paid_out', payout_id: payout.id })
          .where('id', 'in', ids)
          .execute();
        paid.push({ currency, amount });
      }
      return paid;
    },
  };
}
export type AffiliateRepo = ReturnType<typeof createAffiliateRepo>;

import type { Db } from '../../db/database.ts';

/** Every query on `plan_notice`: which notice of a plan's end was given, and when it was mailed. */
export function createLifecycleRepo(db: Db) {
  return {
    /** Records the notice in the caller's transaction; false when it was given before (nothing to do). */
    async record(trx: Db, accountId: string, planEnd: Date, notice: string) {
      const row = await trx
        .insertInto('plan_notice')
        .values({ account_id: accountId, period_end: planEnd, notice })
        .onConflict((oc) => oc.columns(['account_id', 'period_end', 'notice']).doNothing())
        .returning('notice')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Claims the notice's mail: false when it was mailed (or claimed) already. */
    async claimMail(accountId: string, planEnd: Date, notice: string, at: Date) {
      const result = await db
        .updateTable('plan_notice')
        .set({ mailed_at: at })
        .where('account_id', '=', accountId)
        .where('period_end', '=', planEnd)
        .where('notice', '=', notice)
        .where('mailed_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async releaseMail(accountId: string, planEnd: Date, notice: string) {
      await db
        .updateTable('plan_notice')
        .set({ mailed_at: null })
        .where('account_id', '=', accountId)
        .where('period_end', '=', planEnd)
        .where('notice', '=', notice)
        .execute();
    },
  };
}
export type LifecycleRepo = ReturnType<typeof createLifecycleRepo>;

import type { Language } from '@leadreel/shared';
import type { Db } from '../../db/database.ts';

/** Every query on `account_deletion`: the accounts that asked to be deleted. */
export function createDeletionRepo(db: Db) {
  return {
    find(accountId: string) {
      return db.selectFrom('account_deletion').selectAll().where('account_id', '=', accountId).executeTakeFirst();
    },

    /** Records the request; false when one is already recorded (a second request changes nothing). */
    async insert(
      trx: Db,
      values: {
        account_id: string;
        email: string;
        language: Language;
        reason: string;
        note: string;
        requested_at: Date;
        delete_after: Date;
      },
    ) {
      const row = await trx
        .insertInto('account_deletion')
        .values(values)
        .onConflict((oc) => oc.column('account_id').doNothing())
        .returning('account_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Cancels a request whose data is not being deleted yet: true when one was cancelled. */
    async cancel(accountId: string) {
      const result = await db
        .deleteFrom('account_deletion')
        .where('account_id', '=', accountId)
        .where('erased_at', 'is', null)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Requests whose grace period has passed, and those a crashed job left half done. */
    due(now: Date) {
      return db
        .selectFrom('account_deletion')
        .selectAll()
        .where((eb) => eb.or([eb('delete_after', '<=', now), eb('erased_at', 'is not', null)]))
        .orderBy('delete_after')
        .execute();
    },

    async markErased(trx: Db, accountId: string, now: Date) {
      await trx.updateTable('account_deletion').set({ erased_at: now }).where('account_id', '=', accountId).execute();
    },

    /** The last step: the request itself goes; true when this call removed it. */
    async remove(trx: Db, accountId: string) {
      const result = await trx.deleteFrom('account_deletion').where('account_id', '=', accountId).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
export type DeletionRepo = ReturnType<typeof createDeletionRepo>;

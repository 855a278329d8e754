import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SubscriptionTable } from '../../db/schema.ts';

/** Every query on `subscription`. */
export function createSubscriptionRepo(db: Db) {
  return {
    insert(trx: Db, values: Insertable<SubscriptionTable>) {
      return trx.insertInto('subscription').values(values).returning('id').executeTakeFirstOrThrow();
    },

    active(accountId: string, trx: Db = db) {
      return trx
        .selectFrom('subscription')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('status', '=', 'active')
        .executeTakeFirst();
    },

    find(id: string) {
      return db.selectFrom('subscription').selectAll().where('id', '=', id).executeTakeFirst();
    },

    byProviderRef(provider: SubscriptionTable['provider'], ref: string) {
      return db
        .selectFrom('subscription')
        .selectAll()
        .where('provider', '=', provider)
        .where('provider_ref', '=', ref)
        .executeTakeFirst();
    },

    async setCancelAtPeriodEnd(id: string, cancel: boolean) {
      await db.updateTable('subscription').set({ cancel_at_period_end: cancel }).where('id', '=', id).execute();
    },

    async end(id: string, at: Date, trx: Db = db) {
      await trx
        .updateTable('subscription')
        .set({ status: 'ended', ended_at: at })
        .where('id', '=', id)
        .where('status', '=', 'active')
        .execute();
    },

    /** The sandbox's subscriptions that renew (the renewal job charges them itself). */
    renewingSandbox() {
      return db
        .selectFrom('subscription')
        .selectAll()
        .where('provider', '=', 'sandbox')
        .where('status', '=', 'active')
        .where('cancel_at_period_end', '=', false)
        .limit(1000)
        .execute();
    },
  };
}
export type SubscriptionRepo = ReturnType<typeof createSubscriptionRepo>;

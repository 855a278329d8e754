import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AdminActionTable } from '../../db/schema.ts';

/** The operators' log (`admin_action`): rows are added, never changed. */
export function createAdminRepo(db: Db) {
  return {
    async record(action: Insertable<AdminActionTable>, trx: Db = db) {
      await trx.insertInto('admin_action').values(action).execute();
    },

    recent(limit: number) {
      return db.selectFrom('admin_action').selectAll().orderBy('created_at', 'desc').limit(limit).execute();
    },
  };
}
export type AdminRepo = ReturnType<typeof createAdminRepo>;

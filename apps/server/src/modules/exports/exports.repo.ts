import type { Db } from '../../db/database.ts';

/** Every query on `account_export`: export links, by their token's hash. */
export function createExportRepo(db: Db) {
  return {
    async insert(values: { token_hash: string; account_id: string; expires_at: Date }) {
      await db.insertInto('account_export').values(values).execute();
    },

    /** A link still valid at `now`: its account and when it expires. */
    find(tokenHash: string, now: Date) {
      return db
        .selectFrom('account_export')
        .select(['account_id', 'expires_at'])
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    async deleteExpired(now: Date) {
      await db.deleteFrom('account_export').where('expires_at', '<=', now).execute();
    },
  };
}
export type ExportRepo = ReturnType<typeof createExportRepo>;

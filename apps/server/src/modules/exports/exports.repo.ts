import type { Db } from '../../db/database.ts';

/** Every query on `account_export`: export links, by their token's hash. */
export function createExportRepo(db: Db) {
  return {
    async insert(values: { token_hash: string; account_id: string; expires_at: Date }) {
      await db.insertInto('account_export').values(values).execute();
    },

    /** The account of a link still valid at `now`. */
    async accountOf(tokenHash: string, now: Date) {
      const row = await db
        .selectFrom('account_export')
        .select('account_id')
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row?.account_id;
    },

    async deleteExpired(now: Date) {
      await db.deleteFrom('account_export').where('expires_at', '<=', now).execute();
    },
  };
}
export type ExportRepo = ReturnType<typeof createExportRepo>;

import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AlbumTable } from '../../db/schema.ts';

export type AlbumRow = Selectable<AlbumTable>;
export type AlbumFields = { title: string; video_ids: string[]; cover_video_id: string | null };

/** Kysely queries on `album`; every read and write names the account. */
export function createAlbumRepo(db: Db) {
  return {
    /** Newest-updated first (docs/product.md "Albums"). */
    list: (accountId: string) =>
      db
        .selectFrom('album')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('updated_at', 'desc')
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute(),

    find: (accountId: string, id: string) =>
      db.selectFrom('album').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst(),

    /** Adds an album unless the account already has `max` ('cap'). */
    insert(accountId: string, fields: AlbumFields, max: number, now: Date) {
      return db.transaction().execute(async (trx) => {
        // Holds the account's lock for the rest of the transaction, so two adds at once are counted in turn.
        await sql`select pg_advisory_xact_lock(hashtext(${`album:${accountId}`}))`.execute(trx);
        const { n } = await trx
          .selectFrom('album')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('account_id', '=', accountId)
          .executeTakeFirstOrThrow();
        if (Number(n) >= max) return 'cap' as const;
        return trx
          .insertInto('album')
          .values({ ...fields, account_id: accountId, created_at: now, updated_at: now })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },

    /** Changes one of the account's albums; undefined when it is not the account's. */
    update: (accountId: string, id: string, fields: AlbumFields, now: Date) =>
      db
        .updateTable('album')
        .set({ ...fields, updated_at: now })
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),

    remove: (accountId: string, id: string) =>
      db
        .deleteFrom('album')
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst(),
  };
}
export type AlbumRepo = ReturnType<typeof createAlbumRepo>;

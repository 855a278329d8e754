import type { Db } from '../../db/database.ts';

export function createFolderRepo(db: Db) {
  return {
    /** The account's folders with their video counts, the default one first, then by creation. */
    list(accountId: string) {
      return db
        .selectFrom('folder')
        .innerJoin('account', 'account.id', 'folder.account_id')
        .leftJoin('video', 'video.folder_id', 'folder.id')
        .select(({ fn }) => [
          'folder.id',
          'folder.name',
          'folder.created_at',
          'account.default_folder_id',
          fn.count<number>('video.id').as('video_count'),
        ])
        .where('folder.account_id', '=', accountId)
        .groupBy(['folder.id', 'account.default_folder_id'])
        .orderBy((eb) => eb('folder.id', '=', eb.ref('account.default_folder_id')), 'desc')
        .orderBy('folder.created_at')
        .orderBy('folder.id')
        .execute();
    },

    find(accountId: string, folderId: string) {
      return db
        .selectFrom('folder')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('id', '=', folderId)
        .executeTakeFirst();
    },

    insert(accountId: string, name: string, trx: Db = db) {
      return trx
        .insertInto('folder')
        .values({ account_id: accountId, name })
        .returning(['id', 'name', 'created_at'])
        .executeTakeFirstOrThrow();
    },

    rename(accountId: string, folderId: string, name: string) {
      return db
        .updateTable('folder')
        .set({ name })
        .where('account_id', '=', accountId)
        .where('id', '=', folderId)
        .returning(['id', 'name', 'created_at'])
        .executeTakeFirst();
    },

    /** Moves the folder's videos into `intoFolderId`, then deletes it, in one transaction. */
    deleteInto(accountId: string, folderId: string, intoFolderId: string) {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('video')
          .set({ folder_id: intoFolderId, updated_at: new Date() })
          .where('account_id', '=', accountId)
          .where('folder_id', '=', folderId)
          .execute();
        const deleted = await trx
          .deleteFrom('folder')
          .where('account_id', '=', accountId)
          .where('id', '=', folderId)
          .executeTakeFirst();
        return deleted.numDeletedRows > 0n;
      });
    },
  };
}
export type FolderRepo = ReturnType<typeof createFolderRepo>;

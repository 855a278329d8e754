import type { MaterialKind, MaterialStatus } from '@leadreel/shared';
import { type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MaterialTable } from '../../db/schema.ts';

export type MaterialRow = Selectable<MaterialTable>;
export type NewMaterial = {
  id: string;
  accountId: string;
  kind: MaterialKind;
  name: string;
  size: number;
  status: 'uploading' | 'processing';
  sourceKey: string;
  partSize: number;
  createdAt: Date;
};

/** Kysely queries on `material`; every read a user asks for names the account. */
export function createMaterialRepo(db: Db) {
  return {
    insert: (trx: Db, values: NewMaterial) =>
      trx
        .insertInto('material')
        .values({
          id: values.id,
          account_id: values.accountId,
          kind: values.kind,
          name: values.name,
          size: values.size,
          status: values.status,
          source_key: values.sourceKey,
          part_size: values.partSize,
          created_at: values.createdAt,
          updated_at: values.createdAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),

    find: (accountId: string, id: string) =>
      db.selectFrom('material').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst(),

    /** For the job and the public media routes, which have a material id and no session. */
    findById: (id: string) => db.selectFrom('material').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Newest first; `kinds` empty: every kind. The keyword matches anywhere in the name, case-insensitively. */
    async list(accountId: string, filter: { kinds: MaterialKind[]; keyword?: string; page: number; pageSize: number }) {
      let query = db.selectFrom('material').where('account_id', '=', accountId);
      if (filter.kinds.length > 0) query = query.where('kind', 'in', filter.kinds);
      if (filter.keyword) {
        const pattern = `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where(sql<boolean>`name ilike ${pattern}`);
      }
      const [rows, total] = await Promise.all([
        query
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .limit(filter.pageSize)
          .offset((filter.page - 1) * filter.pageSize)
          .execute(),
        query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    /** Records the open multipart upload unless another request did first; the row as it is then. */
    setUploadId: (id: string, uploadId: string) =>
      db
        .updateTable('material')
        .set({ upload_id: uploadId, updated_at: new Date() })
        .where('id', '=', id)
        .where('upload_id', 'is', null)
        .where('status', '=', 'uploading')
        .returningAll()
        .executeTakeFirst(),

    /** Moves a material on only from one of `from`; undefined when it was elsewhere (or gone). */
    transition: (
      trx: Db,
      id: string,
      from: MaterialStatus[],
      values: Omit<Updateable<MaterialTable>, 'id' | 'account_id'>,
    ) =>
      trx
        .updateTable('material')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', id)
        .where('status', 'in', from)
        .returningAll()
        .executeTakeFirst(),

    update: (id: string, values: Omit<Updateable<MaterialTable>, 'id' | 'account_id'>) =>
      db
        .updateTable('material')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', id)
        .execute(),

    /** Deletes the account's materials among `ids`, in the caller's transaction; answers the rows deleted. */
    deleteMany: (trx: Db, accountId: string, ids: string[]) =>
      trx.deleteFrom('material').where('account_id', '=', accountId).where('id', 'in', ids).returningAll().execute(),

    /** Uploads untouched since `before`, and processing that no job finished since then (its retries spent). */
    stale: (uploadingBefore: Date, processingBefore: Date) =>
      db
        .selectFrom('material')
        .select(['id', 'status'])
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'uploading'), eb('updated_at', '<', uploadingBefore)]),
            eb.and([eb('status', '=', 'processing'), eb('updated_at', '<', processingBefore)]),
          ]),
        )
        .execute(),

    async isUploadKnown(uploadId: string) {
      const row = await db.selectFrom('material').select('id').where('upload_id', '=', uploadId).executeTakeFirst();
      return row !== undefined;
    },
  };
}
export type MaterialRepo = ReturnType<typeof createMaterialRepo>;

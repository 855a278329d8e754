import { SHOWN_STATUSES, type VideoStatus } from '@leadreel/shared';
import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { afterKeyset, cursorAt, type Keyset, keysetPage } from '../../db/keyset.ts';
import type { VideoTable } from '../../db/schema.ts';

export type VideoRow = Awaited<ReturnType<ReturnType<typeof createVideoRepo>['find']>> & {};

export type VideoListFilter = {
  accountId: string;
  folderId?: string;
  keyword?: string;
  sort: 'date' | 'name';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
};

/** LIKE metacharacters in a user's keyword match themselves. */
function likePattern(keyword: string) {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function createVideoRepo(db: Db) {
  return {
    find(accountId: string, videoId: string) {
      return db
        .selectFrom('video')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('id', '=', videoId)
        .executeTakeFirst();
    },

    /** For the pipeline and media serving, which act for no signed-in account. */
    findById(videoId: string) {
      return db.selectFrom('video').selectAll().where('id', '=', videoId).executeTakeFirst();
    },

    findMany(accountId: string, videoIds: string[]) {
      if (videoIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('video')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('id', 'in', videoIds)
        .execute();
    },

    async list(filter: VideoListFilter) {
      let query = db.selectFrom('video').where('account_id', '=', filter.accountId);
      if (filter.folderId) query = query.where('folder_id', '=', filter.folderId);
      if (filter.keyword) query = query.where('name', 'ilike', likePattern(filter.keyword));
      const { total } = await query.select(({ fn }) => fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const rows = await query
        .selectAll()
        .orderBy(filter.sort === 'name' ? sql`lower(name)` : sql`created_at`, filter.order)
        .orderBy('id', filter.order)
        .limit(filter.limit)
        .offset(filter.offset)
        .execute();
      return { rows, total: Number(total) };
    },

    /**
     * Which of these videos a public page may still show (playable, not deleted, not failed): one indexed
     * query, so a page kept in memory is checked on every view.
     */
    async stillShown(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('video')
        .select('id')
        .where('id', 'in', ids)
        .where('playable', '=', true)
        .where('status', 'in', SHOWN_STATUSES)
        // Nor an account scheduled for deletion's: a page cached before the request stops at once.
        .leftJoin('account_deletion', 'account_deletion.account_id', 'video.account_id')
        .where('account_deletion.account_id', 'is', null)
        .execute();
      return new Set(rows.map((row) => row.id));
    },

    countForAccount(accountId: string) {
      return db
        .selectFrom('video')
        .select(({ fn }) => fn.countAll<number>().as('total'))
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.total));
    },

    insert(
      trx: Db,
      values: {
        id: string;
        accountId: string;
        folderId: string;
        name: string;
        size: number;
        sourceKey: string;
        partSize: number;
      },
    ) {
      return trx
        .insertInto('video')
        .values({
          id: values.id,
          account_id: values.accountId,
          folder_id: values.folderId,
          name: values.name,
          size: values.size,
          source_key: values.sourceKey,
          part_size: values.partSize,
        })
        .execute();
    },

    /** Updates a video only while its status is one of `from`; answers the updated row or undefined. */
    transition(videoId: string, from: readonly VideoStatus[], values: Updateable<VideoTable>, trx: Db = db) {
      return trx
        .updateTable('video')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', videoId)
        .where('status', 'in', from)
        .returningAll()
        .executeTakeFirst();
    },

    update(videoId: string, values: Updateable<VideoTable>, trx: Db = db) {
      return trx
        .updateTable('video')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', videoId)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Starts a pipeline run: the video becomes processing under a new generation, whatever run came
     * before (one that died mid-encode has its generation superseded). Undefined when the video is gone
     * or no longer waiting for processing.
     */
    claimGeneration(videoId: string) {
      return db
        .updateTable('video')
        .set({
          status: 'processing',
          generation: sql`generation + 1`,
          process_percent: 0,
          playable: false,
          media: null,
          fail_reason: null,
          updated_at: new Date(),
        })
        .where('id', '=', videoId)
        .where('status', 'in', ['uploaded', 'processing'])
        .returningAll()
        .executeTakeFirst();
    },

    /** Updates a processing video only while `generation` is still its current run. */
    transitionGeneration(videoId: string, generation: number, values: Updateable<VideoTable>) {
      return db
        .updateTable('video')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', videoId)
        .where('status', '=', 'processing')
        .where('generation', '=', generation)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Records, in the caller's transaction, that the video plays (or is ready) for the first time: its row
     * the first time, undefined once recorded, or if it is gone or no longer so.
     */
    firstTime(trx: Db, videoId: string, fact: 'playable' | 'ready', at: Date) {
      const query = trx.updateTable('video').where('id', '=', videoId);
      return (
        fact === 'playable'
          ? query.set({ first_playable_at: at }).where('first_playable_at', 'is', null).where('playable', '=', true)
          : query.set({ first_ready_at: at }).where('first_ready_at', 'is', null).where('status', '=', 'ready')
      )
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Videos that play, or are ready, with the milestone not recorded: their worker died between the write
     * and the announcement. A partial index holds just them (normally none).
     */
    unannounced(limit: number) {
      return (
        db
          .selectFrom('video')
          .select(['id', 'status'])
          // Word for word the index's predicate, which the planner then proves without parameters in the way.
          .where(
            sql<boolean>`(playable and first_playable_at is null) or (status = 'ready' and first_ready_at is null)`,
          )
          .limit(limit)
          .execute()
      );
    },

    /** Points the generation's media at another master playlist of its own (a dubbed video's), if it is still the video's. */
    async useMaster(videoId: string, generation: number, master: string, trx: Db = db) {
      await trx
        .updateTable('video')
        .set({ media: sql`jsonb_set(media, '{master}', to_jsonb(${master}::text))` })
        .where('id', '=', videoId)
        .where('generation', '=', generation)
        .where('media', 'is not', null)
        .execute();
    },

    /** Saves the multipart upload id unless another request saved one first (then undefined). */
    setUploadId(videoId: string, uploadId: string) {
      return db
        .updateTable('video')
        .set({ upload_id: uploadId })
        .where('id', '=', videoId)
        .where('upload_id', 'is', null)
        .returningAll()
        .executeTakeFirst();
    },

    async isUploadKnown(uploadId: string) {
      const row = await db.selectFrom('video').select('id').where('upload_id', '=', uploadId).executeTakeFirst();
      return row !== undefined;
    },

    /** Progress only moves forward, and only while the video is in `status`. */
    setProgress(videoId: string, status: 'uploading' | 'processing', percent: number) {
      const column = status === 'uploading' ? 'upload_percent' : 'process_percent';
      return db
        .updateTable('video')
        .set({ [column]: sql`greatest(${sql.ref(column)}, ${Math.round(percent)})`, updated_at: new Date() })
        .where('id', '=', videoId)
        .where('status', '=', status)
        .execute();
    },

    heartbeat(accountId: string, videoId: string, percent: number, now: Date) {
      return db
        .updateTable('video')
        .set({ upload_percent: sql`greatest(upload_percent, ${Math.round(percent)})`, last_heartbeat_at: now })
        .where('account_id', '=', accountId)
        .where('id', '=', videoId)
        .where('status', '=', 'uploading')
        .execute();
    },

    /** One page of the account's videos, newest first, after a cursor (the public API's list). */
    async keysetPage(filter: { accountId: string; folderId?: string; after?: Keyset; limit: number }) {
      let query = db.selectFrom('video').where('account_id', '=', filter.accountId);
      if (filter.folderId) query = query.where('folder_id', '=', filter.folderId);
      if (filter.after) query = query.where(afterKeyset('video', filter.after));
      const rows = await query
        .selectAll()
        .select(cursorAt('video').as('cursor_at'))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(filter.limit + 1)
        .execute();
      return keysetPage(rows, filter.limit);
    },

    rename(accountId: string, videoId: string, name: string) {
      return db
        .updateTable('video')
        .set({ name, updated_at: new Date() })
        .where('account_id', '=', accountId)
        .where('id', '=', videoId)
        .execute();
    },

    moveToFolder(accountId: string, videoIds: string[], folderId: string) {
      return db
        .updateTable('video')
        .set({ folder_id: folderId, updated_at: new Date() })
        .where('account_id', '=', accountId)
        .where('id', 'in', videoIds)
        .execute();
    },

    /**
     * The account's plan lapsed into Clear: every encoded (or encoding) video becomes cleared, no longer
     * playable and with no media. Answers how many changed.
     */
    async clearAll(accountId: string) {
      const result = await db
        .updateTable('video')
        .set({ status: 'cleared', playable: false, media: null, process_percent: 0, updated_at: new Date() })
        .where('account_id', '=', accountId)
        .where('status', 'in', ['uploaded', 'processing', 'ready'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** The account's cleared videos. */
    cleared(accountId: string) {
      return db
        .selectFrom('video')
        .select(['id', 'account_id'])
        .where('account_id', '=', accountId)
        .where('status', '=', 'cleared')
        .execute();
    },

    /** The account's videos whose original is stored (an export's list). */
    originals(accountId: string) {
      return db
        .selectFrom('video')
        .select(['id', 'name', 'size', 'source_key', 'created_at'])
        .where('account_id', '=', accountId)
        .where('status', 'in', ['uploaded', 'processing', 'ready', 'cleared'])
        .where('upload_id', 'is', null)
        .orderBy('created_at')
        .execute();
    },

    /** Every video id of the account (RealClear deletes them all). */
    async idsOf(accountId: string) {
      const rows = await db.selectFrom('video').select('id').where('account_id', '=', accountId).execute();
      return rows.map((row) => row.id);
    },

    /** The account renewed: its cleared videos wait to be encoded again; answers their ids. */
    async restoreCleared(accountId: string) {
      const rows = await db
        .updateTable('video')
        .set({ status: 'uploaded', process_percent: 0, updated_at: new Date() })
        .where('account_id', '=', accountId)
        .where('status', '=', 'cleared')
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /** Deletes the rows in the caller's transaction; answers what was deleted. */
    deleteMany(trx: Db, accountId: string, videoIds: string[]) {
      return trx
        .deleteFrom('video')
        .where('account_id', '=', accountId)
        .where('id', 'in', videoIds)
        .returning(['id', 'size', 'source_key', 'upload_id', 'generation', 'account_id', 'status', 'fail_reason'])
        .execute();
    },

    /** Uploads that stopped: no heartbeat (or creation) since `before`. */
    staleUploads(before: Date) {
      return db
        .selectFrom('video')
        .select(['id', 'account_id'])
        .where('status', 'in', ['uploading', 'upload_failed'])
        .where(sql<boolean>`coalesce(last_heartbeat_at, updated_at) < ${before}`)
        .execute();
    },

    /**
     * Fails a video for good with `code` (a final VIDEO_FAIL_CODES key), in the caller's transaction: while
     * it is waiting for or in processing, and, given `generation`, only while that run is still the video's.
     * Answers the failed row, or undefined when nothing changed.
     */
    refuse(trx: Db, videoId: string, code: string, generation?: number) {
      let query = trx
        .updateTable('video')
        .set({ status: 'failed', fail_reason: code, updated_at: new Date() })
        .where('id', '=', videoId);
      query =
        generation === undefined
          ? query.where('status', 'in', ['uploaded', 'processing'])
          : query.where('status', '=', 'processing').where('generation', '=', generation);
      return query.returningAll().executeTakeFirst();
    },
  };
}
export type VideoRepo = ReturnType<typeof createVideoRepo>;

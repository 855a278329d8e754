import type { SpeechTaskStatus, SpeechTaskTab } from '@leadreel/shared';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SpeechTaskTable, VideoDubTable } from '../../db/schema.ts';

export type SpeechTaskRow = Selectable<SpeechTaskTable>;
export type VideoDubRow = Selectable<VideoDubTable>;
/** A task with its video's name and poster, as the task center lists it. */
export type ListedTaskRow = SpeechTaskRow & { video_name: string; video_media: unknown; video_generation: number };

const TAB_STATUSES: Record<SpeechTaskTab, SpeechTaskStatus[]> = {
  translating: ['queued', 'running'],
  translated: ['done'],
  error: ['failed', 'canceled'],
};
/** Statuses a worker may still change; a task in any other has ended. */
export const OPEN_STATUSES: SpeechTaskStatus[] = TAB_STATUSES.translating;

/** Every query on `speech_task` and `video_dub`; a task's video is read through a join (the videos module owns it). */
export function createSpeechRepo(db: Db) {
  const listed = (trx: Db) =>
    trx
      .selectFrom('speech_task')
      .innerJoin('video', 'video.id', 'speech_task.video_id')
      .selectAll('speech_task')
      .select(['video.name as video_name', 'video.media as video_media', 'video.generation as video_generation']);

  return {
    /** Throws PostgreSQL's 23505 when the video already has a task waiting or running. */
    insert(trx: Db, row: Insertable<SpeechTaskTable>) {
      return trx.insertInto('speech_task').values(row).returningAll().executeTakeFirstOrThrow();
    },

    /** The task when it is the account's, with its video's name and poster. */
    findOwned(accountId: string, taskId: string, trx: Db = db) {
      return listed(trx)
        .where('speech_task.id', '=', taskId)
        .where('speech_task.account_id', '=', accountId)
        .executeTakeFirst() as Promise<ListedTaskRow | undefined>;
    },

    find(taskId: string, trx: Db = db) {
      return trx.selectFrom('speech_task').selectAll().where('id', '=', taskId).executeTakeFirst();
    },

    /** Holds the task's row for the caller's transaction: a cancel and a worker's publish happen one after the other. */
    lock(trx: Db, taskId: string) {
      return trx.selectFrom('speech_task').selectAll().where('id', '=', taskId).forUpdate().executeTakeFirst();
    },

    update(trx: Db, taskId: string, change: Updateable<SpeechTaskTable>) {
      return trx
        .updateTable('speech_task')
        .set({ ...change, updated_at: new Date() })
        .where('id', '=', taskId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** The worker's progress, written only while the task is still open: false once it was canceled. */
    async progress(taskId: string, progress: number) {
      const result = await db
        .updateTable('speech_task')
        .set({ progress, updated_at: new Date() })
        .where('id', '=', taskId)
        .where('status', 'in', OPEN_STATUSES)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** A worker takes the task: running, one attempt more. Undefined when it has ended (canceled meanwhile). */
    take(taskId: string) {
      return db
        .updateTable('speech_task')
        .set((eb) => ({ status: 'running', attempts: eb('attempts', '+', 1), updated_at: new Date() }))
        .where('id', '=', taskId)
        .where('status', 'in', OPEN_STATUSES)
        .returningAll()
        .executeTakeFirst();
    },

    async page(accountId: string, query: { tab: SpeechTaskTab; videoId?: string; page: number; pageSize: number }) {
      let rows = listed(db)
        .where('speech_task.account_id', '=', accountId)
        .where('speech_task.status', 'in', TAB_STATUSES[query.tab]);
      if (query.videoId) rows = rows.where('speech_task.video_id', '=', query.videoId);
      const list = (await rows
        .orderBy('speech_task.created_at', 'desc')
        .orderBy('speech_task.id')
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize)
        .execute()) as ListedTaskRow[];
      let counted = db
        .selectFrom('speech_task')
        .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
        .where('account_id', '=', accountId)
        .groupBy('status');
      if (query.videoId) counted = counted.where('video_id', '=', query.videoId);
      const byStatus = new Map((await counted.execute()).map((row) => [row.status, Number(row.n)]));
      const count = (tab: SpeechTaskTab) =>
        TAB_STATUSES[tab].reduce((sum, status) => sum + (byStatus.get(status) ?? 0), 0);
      return {
        list,
        total: count(query.tab),
        counts: { translating: count('translating'), translated: count('translated'), error: count('error') },
      };
    },

    /** The progress of the task waiting or running for each of these videos. */
    async running(videoIds: string[]) {
      if (videoIds.length === 0) return new Map<string, number>();
      const rows = await db
        .selectFrom('speech_task')
        .select(['video_id', 'progress'])
        .where('video_id', 'in', videoIds)
        .where('status', 'in', OPEN_STATUSES)
        .execute();
      return new Map(rows.map((row) => [row.video_id, row.progress]));
    },

    /** Open tasks nobody has touched for `staleSeconds`: their job was lost (a queue wiped, retries spent). */
    stale(staleSeconds: number) {
      return db
        .selectFrom('speech_task')
        .selectAll()
        .where('status', 'in', OPEN_STATUSES)
        .where('updated_at', '<', sql<Date>`now() - make_interval(secs => ${staleSeconds})`)
        .execute();
    },

    /** The video's dubs of its current media (an older generation's went with it). */
    dubs(videoId: string, trx: Db = db) {
      return trx
        .selectFrom('video_dub')
        .innerJoin('video', 'video.id', 'video_dub.video_id')
        .selectAll('video_dub')
        .where('video_dub.video_id', '=', videoId)
        .whereRef('video_dub.generation', '=', 'video.generation')
        .orderBy('video_dub.created_at')
        .execute();
    },

    upsertDub(trx: Db, row: Insertable<VideoDubTable>) {
      return trx
        .insertInto('video_dub')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['video_id', 'lang']).doUpdateSet({
            label: row.label,
            generation: row.generation,
            prefix: row.prefix,
            bytes: row.bytes,
          }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    removeDub(trx: Db, videoId: string, lang: string) {
      return trx
        .deleteFrom('video_dub')
        .where('video_id', '=', videoId)
        .where('lang', '=', lang)
        .returningAll()
        .executeTakeFirst();
    },
  };
}
export type SpeechRepo = ReturnType<typeof createSpeechRepo>;

import type { ExportStatus } from '@leadreel/shared';
import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { BlogExportTable } from '../../db/schema.ts';

export type ExportRow = Selectable<BlogExportTable>;
export const OPEN_EXPORT_STATUSES: readonly ExportStatus[] = ['queued', 'running'];

/** The exports of blog-to-video projects: each project's versions, one open at a time. */
export function createExportRepo(db: Db) {
  return {
    find: (exportId: string, trx: Db = db) =>
      trx.selectFrom('blog_export').selectAll().where('id', '=', exportId).executeTakeFirst(),

    /** Locks the export row for a change made with what it says (a cancel, a publish, an end). */
    lock: (trx: Db, exportId: string) =>
      trx.selectFrom('blog_export').selectAll().where('id', '=', exportId).forUpdate().executeTakeFirst(),

    latest: (projectId: string, trx: Db = db) =>
      trx
        .selectFrom('blog_export')
        .selectAll()
        .where('project_id', '=', projectId)
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirst(),

    /** The newest export that made a video: a new version replaces that video's file. */
    lastDone: (projectId: string, trx: Db = db) =>
      trx
        .selectFrom('blog_export')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('status', '=', 'done')
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirst(),

    history: (projectId: string) =>
      db.selectFrom('blog_export').selectAll().where('project_id', '=', projectId).orderBy('version', 'desc').execute(),

    /** A page of the account's exports in `statuses`, newest first, with their project's title. */
    async page(accountId: string, statuses: readonly ExportStatus[], page: number, pageSize: number) {
      const [rows, counts] = await Promise.all([
        db
          .selectFrom('blog_export')
          .innerJoin('blog_project', 'blog_project.id', 'blog_export.project_id')
          .selectAll('blog_export')
          .select('blog_project.title as project_title')
          .where('blog_export.account_id', '=', accountId)
          .where('blog_export.status', 'in', statuses)
          .orderBy('blog_export.created_at', 'desc')
          .orderBy('blog_export.id')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        db
          .selectFrom('blog_export')
          .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
          .where('account_id', '=', accountId)
          .groupBy('status')
          .execute(),
      ]);
      return { rows, counts: new Map(counts.map((row) => [row.status, Number(row.n)])) };
    },

    /** The next version's number is taken under the project's lock, by the caller. */
    async insert(
      trx: Db,
      values: { projectId: string; accountId: string; credits: number; videoId: string; duration: number },
    ) {
      const last = await trx
        .selectFrom('blog_export')
        .select((eb) => eb.fn.max('version').as('version'))
        .where('project_id', '=', values.projectId)
        .executeTakeFirst();
      return trx
        .insertInto('blog_export')
        .values({
          project_id: values.projectId,
          account_id: values.accountId,
          version: Number(last?.version ?? 0) + 1,
          status: 'queued',
          credits: values.credits,
          video_id: values.videoId,
          duration: values.duration,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** A worker takes the export: running, one attempt more. Undefined when it ended meanwhile. */
    take: (exportId: string) =>
      db
        .updateTable('blog_export')
        .set((eb) => ({ status: 'running', attempts: eb('attempts', '+', 1), started_at: new Date() }))
        .where('id', '=', exportId)
        .where('status', 'in', OPEN_EXPORT_STATUSES)
        .returningAll()
        .executeTakeFirst(),

    /** Moves the percent while the export still runs; false once it was canceled. */
    async progress(exportId: string, percent: number) {
      const row = await db
        .updateTable('blog_export')
        .set({ progress: percent })
        .where('id', '=', exportId)
        .where('status', '=', 'running')
        .returning('id')
        .executeTakeFirst();
      return Boolean(row);
    },

    update: (trx: Db, exportId: string, values: Updateable<BlogExportTable>) =>
      trx.updateTable('blog_export').set(values).where('id', '=', exportId).returningAll().executeTakeFirstOrThrow(),
  };
}
export type ExportRepo = ReturnType<typeof createExportRepo>;

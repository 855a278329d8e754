import { randomUUID } from 'node:crypto';
import type { ExportStatus, ExportVersion, MessageKey, SpeechTaskTab } from '@leadreel/shared';
import type { Db, Transact } from '../../db/database.ts';
import { conflict } from '../../errors.ts';
import type { CreditService } from '../billing/credits.service.ts';
import type { Catalogue } from '../entitlements/catalogue.ts';
import type { EntitlementsService } from '../entitlements/entitlements.ts';
import type { JobQueue } from '../jobs/jobs.ts';
import type { VideoService } from '../videos/videos.service.ts';
import { BLOG_EXPORT } from './blog.jobs.ts';
import { type ExportRepo, type ExportRow, OPEN_EXPORT_STATUSES } from './blog-export.repo.ts';

/** From this percent on the export is publishing its video: too late to cancel (docs/product.md "Blog-to-video"). */
export const PUBLISHING_PERCENT = 95;

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);
export const exportSpendKey = (exportId: string) => `blog-export:${exportId}`;

/** What an export needs to know of its project: who owns it, what it is called, how long it will be. */
export type ExportProject = {
  id: string;
  accountId: string;
  title: string;
  status: string;
  /** Seconds the video will last, from its scenes' voices or reading times. */
  duration: number;
  /** Whether any scene has something to show (text or a picture). */
  hasContent: boolean;
};

/**
 * Exports of blog-to-video projects: what one costs, starting it (its credits taken with the export's row, in
 * one transaction under the ledger's lock), canceling it (every credit back, no video made), its progress and
 * the project's history of versions. The worker side is blog-export.runner.ts.
 */
export function createExportService(deps: {
  transaction: Transact;
  repo: ExportRepo;
  credits: Pick<CreditService, 'spend' | 'add' | 'balance'>;
  entitlements: Pick<EntitlementsService, 'of' | 'assertFeature'>;
  catalogue: Pick<Catalogue, 'blogToVideo'>;
  videos: Pick<VideoService, 'findById'>;
  /**
   * The project as an export sees it, behind the gate of what is done: `create` starts an export (a new
   * video), `read` follows or cancels one. Another account's project is not found.
   */
  project: (accountId: string, projectId: string, use: 'create' | 'read') => Promise<ExportProject>;
  /** Sets the project's status as its exports move (exporting, exported, failed, back to draft). */
  setProjectStatus: (
    trx: Db,
    projectId: string,
    status: 'draft' | 'exporting' | 'exported' | 'failed',
  ) => Promise<void>;
  queue: JobQueue | null;
}) {
  const { transaction, repo, credits, catalogue } = deps;

  async function toExport(row: ExportRow): Promise<ExportVersion> {
    const done = row.status === 'done';
    const video = done && row.video_id ? await deps.videos.findById(row.video_id) : undefined;
    return {
      exportId: row.id,
      version: row.version,
      status: row.status,
      progress: row.progress,
      credits: row.credits,
      refunded: row.refunded,
      // The video the export is making is not the owner's to open until it is made.
      videoId: video ? video.id : null,
      videoName: video ? video.name : null,
      duration: row.duration,
      error: row.error_code ? { code: row.error_code, detail: row.error_detail } : null,
      createdAt: seconds(row.created_at) as number,
      finishedAt: seconds(row.finished_at),
    };
  }

  async function assess(accountId: string, projectId: string) {
    const project = await deps.project(accountId, projectId, 'create');
    const minutes = Math.max(1, Math.ceil(project.duration / 60));
    const cost = minutes * catalogue.blogToVideo.exportPerMinute;
    const balance = await credits.balance(accountId);
    const limit = (await deps.entitlements.of(accountId)).caps.aiTaskMaxMinutes;
    const open = await repo.latest(projectId);
    const refusal: MessageKey | null =
      open && OPEN_EXPORT_STATUSES.includes(open.status)
        ? 'blog_export_running'
        : !project.hasContent
          ? 'blog_export_empty'
          : minutes > limit
            ? 'blog_export_too_long'
            : balance < cost
              ? 'credits_insufficient'
              : null;
    return { project, minutes, cost, balance, refusal };
  }

  /**
   * Ends an open export that will not make its video (failed or canceled): every credit back, as no video
   * was made, and the project back to what its last finished export left it.
   */
  async function end(
    trx: Db,
    row: ExportRow,
    outcome: { status: 'failed' | 'canceled'; code: MessageKey; detail: string | null },
  ) {
    if (row.credits > 0) {
      await credits.add(row.account_id, 'refund', {
        amount: row.credits,
        key: `refund:${exportSpendKey(row.id)}`,
        trx,
      });
    }
    const ended = await repo.update(trx, row.id, {
      status: outcome.status,
      error_code: outcome.code,
      error_detail: outcome.detail?.slice(0, 1000) ?? null,
      refunded: row.credits,
      finished_at: new Date(),
    });
    const done = await repo.lastDone(row.project_id, trx);
    await deps.setProjectStatus(
      trx,
      row.project_id,
      outcome.status === 'failed' ? 'failed' : done ? 'exported' : 'draft',
    );
    return ended;
  }

  return {
    end,
    toExport,

    async estimate(accountId: string, projectId: string) {
      const { minutes, cost, balance, refusal } = await assess(accountId, projectId);
      return { minutes, credits: cost, balance, refusal };
    },

    async start(accountId: string, projectId: string): Promise<ExportVersion> {
      const { project, cost, refusal } = await assess(accountId, projectId);
      if (refusal) throw conflict(refusal);
      // A new version replaces the file of the video the last one made, while that video exists.
      const last = await repo.lastDone(projectId);
      const kept = last?.video_id ? await deps.videos.findById(last.video_id) : undefined;
      const videoId = kept && kept.account_id === accountId ? kept.id : randomUUID();
      const row = await transaction(async (trx) => {
        let created: ExportRow;
        try {
          created = await repo.insert(trx, {
            projectId,
            accountId,
            credits: cost,
            videoId,
            duration: project.duration,
          });
        } catch (error) {
          if ((error as { code?: string }).code === '23505') throw conflict('blog_export_running');
          throw error;
        }
        // Under the account's ledger lock: of two exports that together cost more than the balance, one starts.
        await credits.spend(accountId, {
          amount: cost,
          key: exportSpendKey(created.id),
          reference: project.title.slice(0, 200) || null,
          trx,
        });
        await deps.setProjectStatus(trx, projectId, 'exporting');
        await deps.queue?.send(BLOG_EXPORT, { exportId: created.id }, { within: trx });
        return created;
      });
      return toExport(row);
    },

    /** Cancels the project's open export: its credits come back and no video is made. */
    async cancel(accountId: string, projectId: string): Promise<ExportVersion> {
      await deps.project(accountId, projectId, 'read');
      const open = await repo.latest(projectId);
      if (!open) throw conflict('blog_export_not_cancelable');
      const ended = await transaction(async (trx) => {
        const locked = await repo.lock(trx, open.id);
        if (!locked || !OPEN_EXPORT_STATUSES.includes(locked.status) || locked.progress >= PUBLISHING_PERCENT) {
          throw conflict('blog_export_not_cancelable');
        }
        return end(trx, locked, { status: 'canceled', code: 'blog_canceled', detail: null });
      });
      return toExport(ended);
    },

    async progress(accountId: string, projectId: string): Promise<ExportVersion | null> {
      await deps.project(accountId, projectId, 'read');
      const row = await repo.latest(projectId);
      return row ? toExport(row) : null;
    },

    /** The task center's tabs: waiting and running, done, failed or canceled (as its speech tasks). */
    async list(accountId: string, query: { tab: SpeechTaskTab; page: number; pageSize: number }) {
      await deps.entitlements.assertFeature(accountId, 'getData');
      const tabs: Record<SpeechTaskTab, ExportStatus[]> = {
        translating: ['queued', 'running'],
        translated: ['done'],
        error: ['failed', 'canceled'],
      };
      const { rows, counts } = await repo.page(accountId, tabs[query.tab], query.page, query.pageSize);
      const count = (tab: SpeechTaskTab) => tabs[tab].reduce((sum, status) => sum + (counts.get(status) ?? 0), 0);
      return {
        list: await Promise.all(
          rows.map(async (row) => ({
            ...(await toExport(row)),
            projectId: row.project_id,
            projectTitle: row.project_title,
          })),
        ),
        total: count(query.tab),
        counts: { translating: count('translating'), translated: count('translated'), error: count('error') },
      };
    },

    async history(accountId: string, projectId: string): Promise<ExportVersion[]> {
      await deps.project(accountId, projectId, 'read');
      return Promise.all((await repo.history(projectId)).map(toExport));
    },
  };
}
export type ExportService = ReturnType<typeof createExportService>;

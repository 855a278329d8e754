import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { MessageKey, ProjectSettings, SceneMediaInput } from '@leadreel/shared';
import type { Logger } from 'pino';
import type { Db, Transact } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { EngineError } from '../speech/engines/engine.ts';
import type { StorageDriver } from '../storage/storage.ts';
import { createJobFolder } from '../videos/job-folders.ts';
import { readingSeconds } from './article/scenes.ts';
import type { ExportRepo, ExportRow } from './blog-export.repo.ts';
import { type ExportService, PUBLISHING_PERCENT } from './blog-export.service.ts';
import { recordingShares, VOICE_PAUSE_SECONDS } from './blog-view.ts';
import type { SceneVoice, SceneVoices } from './blog-voice.ts';
import { bgmTrackFile } from './render/bgm-library.ts';
import { BlogRenderError, renderVideo } from './render/render.ts';
import { DEFAULT_TRANSITION_SECONDS, frameSize, type RenderScene } from './render/render-plan.ts';

/** Workers that took an export and died before it ended: the next one to take it gives up. */
const MAX_ATTEMPTS = 3;
/** How often a running export looks whether its owner canceled it. */
const CANCEL_POLL_MS = 1000;
/** Frames a second of an export: what the ladder's rungs play. */
const RENDER_FPS = 30;
/** A render longer than this is stuck: the longest video an AI task takes renders well within it. */
const RENDER_TIME_LIMIT_MS = 2 * 3600_000;

/** A local file of the account's library, as the renderer reads it; `release` deletes a copy made for it. */
export type LocalMaterial = { kind: string; path: string; duration: number | null; release: () => Promise<void> };

/** What an export reads of its project when the worker takes it. */
export type ExportSource = {
  accountId: string;
  title: string;
  description: string;
  sourceUrl: string | null;
  lang: string;
  folderId: string | null;
  settings: ProjectSettings;
  /** The article's images as stored: their storage keys by index. */
  articleImages: { index: number; key: string }[];
  scenes: {
    id: string;
    text: string;
    media: SceneMediaInput | null;
    voiceMaterialId: string | null;
    voiceHash: string | null;
  }[];
};

class Canceled extends Error {}

/**
 * Runs one export on a worker: the scenes' voices (made once per text, kept on the scenes for the editor),
 * the pictures, music and logo as local files, the render, and then the video: a new one, or a new version
 * of the one the project's last export made (docs/product.md "Blog-to-video"). Past PUBLISHING_PERCENT the
 * export can no longer be canceled, so a video is made whole or not at all; a worker killed at any point
 * leaves the export to the next worker, which renders again and publishes to the same video id.
 */
export function createExportRunner(deps: {
  repo: ExportRepo;
  transaction: Transact;
  exports: Pick<ExportService, 'end'>;
  setProjectStatus: (trx: Db, projectId: string, status: 'exported') => Promise<void>;
  load: (projectId: string) => Promise<ExportSource | null>;
  voices: SceneVoices;
  /** Keeps a scene's voice for the editor and the next export, while the scene still says `text`. */
  keepVoice: (sceneId: string, text: string, voice: SceneVoice) => Promise<void>;
  material: (accountId: string, materialId: string) => Promise<LocalMaterial | null>;
  logo: (accountId: string, folder: string) => Promise<string | null>;
  /** Puts the rendered file in the video list as `videoId` (a new video, or its new version); answers whether it was new. */
  publish: (row: ExportRow, source: ExportSource, file: string) => Promise<{ created: boolean; videoId: string }>;
  storage: StorageDriver;
  workRoot: string;
  bgmCacheDir: string;
  log: Logger;
}) {
  const { repo, transaction, storage, log } = deps;

  /**
   * One run of an export: its project, its work folder, its signal and percent, and the library files it
   * took (a copy of each is released when the run ends).
   */
  type Job = {
    row: ExportRow;
    source: ExportSource;
    folder: string;
    call: Call;
    material: (materialId: string) => Promise<LocalMaterial | null>;
  };

  /** The scene's voice file and length: the user's recording, else the generated one (made when missing). */
  async function sceneVoice(job: Job, scene: ExportSource['scenes'][number]) {
    const { source } = job;
    if (scene.voiceMaterialId) {
      const recorded = await job.material(scene.voiceMaterialId);
      if (recorded?.duration) return { path: recorded.path, duration: recorded.duration };
    }
    if (!scene.text.trim()) return null;
    const { lang, speed } = source.settings.voice;
    const voice = await deps.voices.make(
      { accountId: source.accountId, projectId: job.row.project_id, text: scene.text, lang, speed },
      job.call.signal,
    );
    if (voice.hash !== scene.voiceHash) await deps.keepVoice(scene.id, scene.text, voice);
    const file = path.join(job.folder, `voice-${scene.id}.m4a`);
    await storage.downloadToFile(voice.key, file);
    return { path: file, duration: voice.duration };
  }

  async function sceneMedia(job: Job, media: SceneMediaInput | null, n: number) {
    if (!media) return null;
    if (media.source === 'article') {
      const image = job.source.articleImages.find((item) => item.index === media.index);
      if (!image || !(await storage.head(image.key))) return null;
      const file = path.join(job.folder, `article-${n}`);
      await storage.downloadToFile(image.key, file);
      return { kind: 'image' as const, path: file };
    }
    const found = await job.material(media.materialId);
    // A picture deleted from the library since it was chosen leaves its scene a plain background.
    if (!found || (found.kind !== 'image' && found.kind !== 'material-video')) return null;
    return { kind: found.kind === 'image' ? ('image' as const) : ('video' as const), path: found.path };
  }

  async function music(job: Job) {
    const { bgm } = job.source.settings;
    if (bgm.materialId) {
      const found = await job.material(bgm.materialId);
      return found ? { path: found.path, volume: bgm.volume } : null;
    }
    if (bgm.trackId) {
      const file = await bgmTrackFile(deps.bgmCacheDir, bgm.trackId, job.call.signal);
      return file ? { path: file, volume: bgm.volume } : null;
    }
    return null;
  }

  async function render(job: Job) {
    const { source, call } = job;
    const { settings } = source;
    const withVoice = settings.voice.enabled;
    const recording =
      withVoice && settings.voice.recordingMaterialId ? await job.material(settings.voice.recordingMaterialId) : null;
    const scenes: RenderScene[] = [];
    for (const [n, scene] of source.scenes.entries()) {
      call.signal.throwIfAborted();
      const voice = withVoice && !recording ? await sceneVoice(job, scene) : null;
      scenes.push({
        duration: voice ? voice.duration + VOICE_PAUSE_SECONDS : readingSeconds(scene.text),
        text: scene.text,
        media: await sceneMedia(job, scene.media, n),
        voicePath: voice?.path ?? null,
      });
      await call.progress(2 + Math.round(((n + 1) / source.scenes.length) * 28));
    }
    if (recording?.duration) spreadOver(scenes, recording.duration);
    const out = path.join(job.folder, 'export.mp4');
    const rendered = await renderVideo(
      {
        ...frameSize(settings.aspect),
        fps: RENDER_FPS,
        scenes,
        subtitles: settings.subtitles,
        lang: source.lang,
        logoPath: settings.logo ? await deps.logo(source.accountId, job.folder) : null,
        bgm: await music(job),
        voiceTrackPath: recording?.path ?? null,
        transitionSeconds: DEFAULT_TRANSITION_SECONDS,
      },
      out,
      {
        signal: call.signal,
        workDir: job.folder,
        timeLimitMs: RENDER_TIME_LIMIT_MS,
        onProgress: (fraction) => void call.progress(30 + Math.round(fraction * 60)),
      },
    );
    return { file: out, duration: rendered.duration };
  }

  type Call = { signal: AbortSignal; progress: (percent: number) => Promise<void> };

  async function fail(row: ExportRow, code: MessageKey, detail: string | null) {
    await transaction(async (trx) => {
      const locked = await repo.lock(trx, row.id);
      if (locked?.status !== 'running') return;
      await deps.exports.end(trx, locked, { status: 'failed', code, detail });
    });
  }

  return {
    /**
     * Runs the export. Answers normally when it ended (done, failed with its reason, canceled); throws only
     * when the worker itself is stopping (`jobSignal`), so that another worker takes the export over.
     */
    async run(exportId: string, jobSignal: AbortSignal) {
      const row = await repo.take(exportId);
      if (!row) return; // Ended meanwhile (canceled while it waited).
      if (row.attempts > MAX_ATTEMPTS) {
        await fail(row, 'speech_worker_lost', null);
        return;
      }
      const canceled = new AbortController();
      const signal = AbortSignal.any([jobSignal, canceled.signal]);
      const watch = setInterval(() => {
        repo
          .find(exportId)
          .then((now) => {
            if (now?.status !== 'running') canceled.abort(new Canceled());
          })
          .catch(() => undefined);
      }, CANCEL_POLL_MS);
      const call: Call = {
        signal,
        progress: async (percent) => {
          const within = Math.max(0, Math.min(PUBLISHING_PERCENT - 1, percent));
          if (!(await repo.progress(exportId, within))) canceled.abort(new Canceled());
        },
      };
      const folder = await createJobFolder(deps.workRoot);
      const taken: LocalMaterial[] = [];
      try {
        const source = await deps.load(row.project_id);
        if (!source) throw new Canceled('the project was deleted');
        await call.progress(2);
        const material = async (materialId: string) => {
          const found = await deps.material(source.accountId, materialId);
          if (found) taken.push(found);
          return found;
        };
        const rendered = await render({ row, source, folder, call, material });
        // From here the export makes its video: a cancel is refused (PUBLISHING_PERCENT), so none comes between.
        const publishing = await transaction(async (trx) => {
          const locked = await repo.lock(trx, exportId);
          if (locked?.status !== 'running') return false;
          await repo.update(trx, exportId, { progress: PUBLISHING_PERCENT });
          return true;
        });
        if (!publishing) return;
        const { videoId } = await deps.publish(row, source, rendered.file);
        await transaction(async (trx) => {
          await repo.update(trx, exportId, {
            status: 'done',
            progress: 100,
            video_id: videoId,
            duration: rendered.duration,
            finished_at: new Date(),
          });
          await deps.setProjectStatus(trx, row.project_id, 'exported');
        });
      } catch (error) {
        if (jobSignal.aborted) throw error;
        if (canceled.signal.aborted || error instanceof Canceled) return;
        const known: { code: MessageKey; detail: string | null } | null =
          error instanceof EngineError || error instanceof BlogRenderError
            ? { code: error.code, detail: error.detail }
            : error instanceof AppError
              ? { code: error.code as MessageKey, detail: null }
              : null;
        if (!known) log.error({ err: error, exportId }, 'a blog-to-video export failed');
        await fail(row, known?.code ?? 'blog_render_failed', known ? known.detail : (error as Error).message);
      } finally {
        clearInterval(watch);
        await Promise.all(taken.map((found) => found.release().catch(() => undefined)));
        await fs.rm(folder, { recursive: true, force: true });
      }
    },
  };
}
export type ExportRunner = ReturnType<typeof createExportRunner>;

/** Scenes share one recording of the whole script (recordingShares). */
function spreadOver(scenes: RenderScene[], total: number) {
  const shares = recordingShares(
    scenes.map((scene) => scene.text),
    total,
  );
  for (const [n, scene] of scenes.entries()) scene.duration = shares[n] as number;
}

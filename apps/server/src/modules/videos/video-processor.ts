import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { canRetryVideo, type VideoFailCode } from '@leadreel/shared';
import type { Logger } from 'pino';
import type { Transact } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccountService } from '../account/account.service.ts';
import type { StorageDriver } from '../storage/storage.ts';
import { createJobFolder, recordChild, sweepJobFolders } from './job-folders.ts';
import { generationPrefix, sourcePrefix } from './keys.ts';
import type { PosterSet } from './poster-set.ts';
import { compareParts } from './uploads.service.ts';
import type { VideoRepo, VideoRow } from './videos.repo.ts';

/** What the media pipeline made, paths relative to its output folder. */
export type PipelineResult = {
  durationSec: number;
  width: number;
  height: number;
  master: string;
  renditions: { name: string; width: number; height: number; bandwidth: number; playlist: string }[];
  poster: string | null;
  thumbnail: string | null;
  storyboard: string | null;
  preview: string | null;
  posterSet?: PosterSet;
  files: string[];
};

/** The pipeline as the processor uses it: files in, files out, progress and a first playable master on the way. */
export type Pipeline = (options: {
  input: string;
  outDir: string;
  signal: AbortSignal;
  onProgress: (percent: number) => void;
  /**
   * Called when a first rung plays, and again as more of the ladder can (published while it encodes):
   * `files` (relative to outDir) are the segments it needs so far, stored first; `playlists` the rungs'
   * playlists and then the master, as text naming only those files, stored after them.
   */
  onPlayable: (playable: {
    master: string;
    files: string[];
    playlists: { file: string; text: string }[];
  }) => Promise<void>;
  /**
   * Called once the poster and thumbnail exist (paths relative to outDir), with what the probe found of the
   * picture, long before the ladder ends.
   */
  onStills?: (stills: {
    poster: string;
    thumbnail: string;
    durationSec: number;
    width: number;
    height: number;
  }) => Promise<void>;
  /** Called with the pid of each ffmpeg or ffprobe as it starts, and null when it ends. */
  onChild?: (pid: number | null) => void;
}) => Promise<PipelineResult>;

/**
 * The pipeline will not, or could not, make the file playable: the video fails with `code`, a message key
 * the console says in its own language; `reason` is the detail, for the log. A final code (the file itself:
 * not a video, too large, damaged) cannot be retried and gives the file's bytes back; `media_failed`, an
 * encode that went wrong, can be retried.
 */
export class MediaRefusal extends Error {
  readonly reason: string;
  readonly code: VideoFailCode;
  constructor(reason: string, code: VideoFailCode = 'media_failed') {
    super(reason);
    this.reason = reason;
    this.code = code;
  }
}

/** Every file under `dir`, as paths relative to `base` with forward slashes (storage keys). */
export async function walk(dir: string, base = dir): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await walk(full, base)));
    else files.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return files;
}

/**
 * The `video-process` job: joins the uploaded parts, records the SHA-256, runs the pipeline and publishes
 * what it makes. Safe to run again for the same video at any point (a worker killed mid-encode): each run
 * takes a new generation, and only the run whose generation is still the video's may publish, so a video
 * ends ready exactly once.
 */
export function createVideoProcessor(deps: {
  transaction: Transact;
  videos: VideoRepo;
  /** Gives a refused file's bytes back to its account, in the refusal's transaction. */
  accounts: Pick<AccountService, 'addUsedStorage'>;
  storage: StorageDriver;
  pipeline: Pipeline;
  clock: Clock;
  log: Logger;
  workDir?: string;
  /** Told when a run first makes the video playable, and when it is ready (the announcer keeps each once). */
  published?: (event: 'video.playable' | 'video.ready', video: Pick<VideoRow, 'id'>) => Promise<void>;
}) {
  const { videos, storage, clock, log } = deps;
  const workRoot = deps.workDir ?? os.tmpdir();

  /** Joins the parts into the source object (once) and checks its size. */
  async function ingest(video: VideoRow) {
    if (video.upload_id) {
      const parts = await storage.listParts(video.source_key, video.upload_id);
      const { missing, wrong } = compareParts(Number(video.size), video.part_size, parts);
      if (missing.length > 0 || wrong.length > 0)
        throw new MediaRefusal('the uploaded parts do not add up to the file', 'upload_size_mismatch');
      await storage.completeMultipartUpload(
        video.source_key,
        video.upload_id,
        parts.map(({ partNumber, etag }) => ({ partNumber, etag })),
      );
      await videos.update(video.id, { upload_id: null });
    }
    const head = await storage.head(video.source_key);
    if (!head) throw new MediaRefusal('the uploaded file is missing from storage', 'upload_size_mismatch');
    if (head.size !== Number(video.size)) {
      throw new MediaRefusal('the uploaded file does not have the declared size', 'upload_size_mismatch');
    }
  }

  /** SHA-256 of the whole source, recorded on the video; runs beside the encode, which does not need it. */
  async function recordHash(video: VideoRow) {
    if (video.sha256) return;
    const object = await storage.get(video.source_key);
    if (!object) return;
    const hash = createHash('sha256');
    for await (const chunk of object.body) hash.update(chunk as Buffer);
    await videos.update(video.id, { sha256: hash.digest('hex') });
  }

  async function publish(prefix: string, outDir: string, files: string[], published: Set<string>) {
    // Playlists last, so a player never sees a playlist naming a segment not yet stored.
    const ordered = files
      .filter((file) => !published.has(file))
      .sort((a, b) => Number(a.endsWith('.m3u8')) - Number(b.endsWith('.m3u8')));
    for (const file of ordered) {
      // A playlist may grow (a ladder published while it encodes) or be rewritten in place (the masters);
      // segments and stills never change once written, so the driver may link them instead of copying.
      const final = !file.endsWith('.m3u8');
      await storage.putFile(`${prefix}${file}`, path.join(outDir, file), 'application/octet-stream', { final });
      if (final) published.add(file);
    }
  }

  /**
   * Fails the video (of run `generation`, or before any run) with the refusal's code. A refusal of the file
   * itself gives its bytes back to the account, so the file is not kept either.
   */
  async function fail(videoId: string, generation: number | undefined, refusal: MediaRefusal) {
    const final = !canRetryVideo({ status: 'failed', failCode: refusal.code });
    const values = { status: 'failed' as const, fail_reason: refusal.code };
    const updated = final
      ? await deps.transaction(async (trx) => {
          const row = await videos.refuse(trx, videoId, refusal.code, generation);
          if (row) await deps.accounts.addUsedStorage(trx, row.account_id, -Number(row.size));
          return row;
        })
      : generation === undefined
        ? await videos.transition(videoId, ['uploaded', 'processing'], values)
        : await videos.transitionGeneration(videoId, generation, values);
    if (!updated) return;
    log.warn({ videoId, code: refusal.code, reason: refusal.reason }, 'video processing failed');
    if (final) {
      await storage.deletePrefix(sourcePrefix(updated.account_id, updated.id)).catch((error: unknown) => {
        log.error({ err: error, videoId }, 'could not delete the source of a refused video');
      });
    }
  }

  return {
    /** Removes what media jobs of dead workers left on this machine; a worker runs it before taking jobs. */
    async sweep() {
      const removed = await sweepJobFolders(workRoot);
      if (removed.length > 0) log.info({ removed }, 'removed the folders of media jobs whose worker died');
    },

    /**
     * Announces what a worker that died between a video's write and its announcement left unsaid; the
     * maintenance sweep runs it. The announcer keeps each milestone once, so a run announcing beside it
     * sends nothing twice.
     */
    async announceMissed() {
      const missed = deps.published ? await videos.unannounced(500) : [];
      for (const video of missed) {
        await deps.published?.(video.status === 'ready' ? 'video.ready' : 'video.playable', video);
      }
      if (missed.length > 0) log.info({ videos: missed.length }, 'announced milestones a dead worker left unsaid');
    },

    async process(videoId: string, signal: AbortSignal) {
      let video = await videos.findById(videoId);
      // Deleted meanwhile, or already finished by an earlier run of this job: nothing to do.
      if (!video || !['uploaded', 'processing'].includes(video.status)) return;
      try {
        await ingest(video);
      } catch (error) {
        if (!(error instanceof MediaRefusal)) throw error;
        await fail(videoId, undefined, error);
        return;
      }
      const claimed = await videos.claimGeneration(videoId);
      if (!claimed) return;
      video = claimed;
      const generation = video.generation;
      const prefix = generationPrefix(video.account_id, video.id, generation);
      // An earlier generation (a run that died, or a failed encode being retried) is no longer served.
      if (generation > 1) await storage.deletePrefix(generationPrefix(video.account_id, video.id, generation - 1));

      const workDir = await createJobFolder(workRoot);
      // Hashing reads the whole source; it waits for the ladder, so it never competes with the first viewers
      // of a video still encoding (bench:playable) for disk and CPU.
      let startHashing: () => void = () => undefined;
      const hashing = new Promise<void>((resolve) => {
        startHashing = resolve;
      }).then(() => recordHash(claimed));
      hashing.catch(() => undefined);
      try {
        const input = storage.localPath?.(video.source_key) ?? path.join(workDir, 'source');
        if (!storage.localPath) await storage.downloadToFile(video.source_key, input);
        const outDir = path.join(workDir, 'out');
        await fs.mkdir(outDir);
        let lastSaved = 0;
        const published = new Set<string>();
        // What is published before the ladder ends: the master of the rungs so far, then the stills.
        const early: NonNullable<VideoRow['media']> = {
          master: '',
          renditions: [],
          poster: null,
          thumbnail: null,
          storyboard: null,
          preview: null,
          bytes: 0,
        };
        const result = await deps.pipeline({
          input,
          outDir,
          signal,
          onProgress: (percent) => {
            const now = clock.now().getTime();
            if (now - lastSaved < 1000 && percent < 100) return;
            lastSaved = now;
            void videos.setProgress(videoId, 'processing', Math.min(99, percent)).catch(() => undefined);
          },
          onPlayable: async ({ master, files, playlists }) => {
            await publish(prefix, outDir, files, published);
            for (const { file, text } of playlists) {
              await storage.put(`${prefix}${file}`, Buffer.from(text), 'application/octet-stream');
            }
            // The run's first master is the one that turns `playable` on; later ones add rungs.
            const first = early.master === '';
            early.master = master;
            const playable = await videos.transitionGeneration(videoId, generation, {
              playable: true,
              media: { ...early },
            });
            if (playable && first) await deps.published?.('video.playable', playable);
          },
          onChild: (pid) => {
            void recordChild(workDir, pid).catch(() => undefined);
          },
          onStills: async ({ poster, thumbnail, durationSec, width, height }) => {
            await publish(prefix, outDir, [poster, thumbnail], published);
            Object.assign(early, { poster, thumbnail });
            // The console shows the length while it encodes, and pages keep the picture's shape.
            await videos.transitionGeneration(videoId, generation, {
              media: { ...early },
              duration_sec: durationSec,
              width,
              height,
            });
          },
        });
        startHashing();
        await hashing;
        const files = await walk(outDir);
        await publish(prefix, outDir, files, published);
        let bytes = 0;
        for (const file of files) bytes += (await fs.stat(path.join(outDir, file))).size;
        const ready = await videos.transitionGeneration(videoId, generation, {
          status: 'ready',
          playable: true,
          process_percent: 100,
          ready_at: clock.now(),
          duration_sec: result.durationSec,
          width: result.width,
          height: result.height,
          media: {
            master: result.master,
            renditions: result.renditions,
            poster: result.poster,
            thumbnail: result.thumbnail,
            storyboard: result.storyboard,
            preview: result.preview,
            posterSet: result.posterSet,
            bytes,
          },
        });
        // Deleted or superseded while encoding: what this run stored belongs to nobody.
        if (!ready) await storage.deletePrefix(prefix);
        else {
          log.info({ videoId, generation, durationSec: result.durationSec }, 'video ready');
          await deps.published?.('video.ready', ready);
        }
      } catch (error) {
        startHashing();
        await hashing.catch(() => undefined);
        if (error instanceof MediaRefusal) await fail(videoId, generation, error);
        else throw error;
      } finally {
        await fs.rm(workDir, { recursive: true, force: true });
      }
    },
  };
}
export type VideoProcessor = ReturnType<typeof createVideoProcessor>;

import fs, { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Transact } from '../../db/database.ts';
import type { AccountService } from '../account/account.service.ts';
import type { StorageDriver } from '../storage/storage.ts';
import { probeArgs, stillsArgs } from '../videos/ffmpeg-args.ts';
import { createJobFolder, recordChild } from '../videos/job-folders.ts';
import { displaySize, parseProbe } from '../videos/probe.ts';
import { FfmpegError, runMedia } from '../videos/run-ffmpeg.ts';
import { compareParts } from '../videos/uploads.service.ts';
import { materialMediaPrefix, materialSourcePrefix } from './keys.ts';
import {
  COVER_WIDTH,
  checkMaterialProbe,
  imageRenderArgs,
  looksLikeSvg,
  materialDemuxers,
  svgRenderArgs,
} from './material-args.ts';
import type { MaterialRepo, MaterialRow } from './materials.repo.ts';

/** The file is not what its kind needs (or its name says): final, the same bytes would fail again. */
class MaterialRefusal extends Error {}

/** What processing found and made: the files are in the job's out folder, named as they are served. */
type Analysis = { duration: number | null; width: number | null; height: number | null; files: string[] };

const FILE_TYPES: Record<string, string> = { 'render.png': 'image/png', 'cover.jpg': 'image/jpeg' };

/**
 * The `material-process` job: joins the uploaded parts, then trusts the bytes, not the name. A picture must
 * decode (an SVG is drawn by rsvg-convert) and gets a PNG render copy and a cover; a sound must be a sound
 * of its name's format, with a duration; a clip an MP4 with a picture, and gets a cover from its frame at
 * 0.1 s. A refused file fails the material with material_damaged, gives its bytes back and is deleted.
 * Safe to run again: only a material still processing is moved on.
 */
export function createMaterialProcessor(deps: {
  transaction: Transact;
  repo: MaterialRepo;
  accounts: Pick<AccountService, 'addUsedStorage'>;
  storage: StorageDriver;
  log: Logger;
  workDir?: string;
}) {
  const { repo, storage, log } = deps;
  const workRoot = deps.workDir ?? os.tmpdir();

  /** Joins the parts into the source object (once) and checks its size against the declared one. */
  async function ingest(row: MaterialRow) {
    if (row.upload_id && !(await storage.head(row.source_key))) {
      const parts = await storage.listParts(row.source_key, row.upload_id);
      const { missing, wrong } = compareParts(Number(row.size), row.part_size, parts);
      if (missing.length > 0 || wrong.length > 0) throw new MaterialRefusal('the uploaded parts do not add up');
      await storage.completeMultipartUpload(
        row.source_key,
        row.upload_id,
        parts.map(({ partNumber, etag }) => ({ partNumber, etag })),
      );
    }
    if (row.upload_id) await repo.update(row.id, { upload_id: null });
    const head = await storage.head(row.source_key);
    if (!head || head.size !== Number(row.size)) throw new MaterialRefusal('the file does not have its declared size');
  }

  /** Runs one tool on the file; what it cannot read is a refusal, a stop is passed on. */
  async function run(
    command: 'ffmpeg' | 'ffprobe' | 'rsvg-convert',
    args: string[],
    options: { signal: AbortSignal; workDir: string; timeoutMs: number },
  ) {
    try {
      return await runMedia(command, args, {
        timeoutMs: options.timeoutMs,
        signal: options.signal,
        priority: 'waited',
        onChild: (pid) => {
          void recordChild(options.workDir, pid).catch(() => undefined);
        },
      });
    } catch (error) {
      if (error instanceof FfmpegError && error.kind !== 'aborted') throw new MaterialRefusal(error.reason);
      throw error;
    }
  }

  async function analyse(row: MaterialRow, input: string, workDir: string, signal: AbortSignal): Promise<Analysis> {
    const out = path.join(workDir, 'out');
    await fs.mkdir(out);
    const options = { signal, workDir, timeoutMs: 30_000 };
    const probeOf = async (file: string, demuxers: readonly string[]) =>
      parseProbe(await run('ffprobe', probeArgs(file, demuxers), options));

    if (row.kind === 'image') {
      let picture = input;
      let demuxers = materialDemuxers('image', row.name);
      if (looksLikeSvg(await firstBytes(input))) {
        picture = path.join(workDir, 'drawing.png');
        await run('rsvg-convert', svgRenderArgs(input, picture), { ...options, timeoutMs: 60_000 });
        demuxers = ['png_pipe'];
      }
      const refusal = checkMaterialProbe('image', row.name, await probeOf(picture, demuxers));
      if (refusal) throw new MaterialRefusal(refusal);
      const render = path.join(out, 'render.png');
      const cover = path.join(out, 'cover.jpg');
      await run('ffmpeg', imageRenderArgs(picture, demuxers, render, cover), { ...options, timeoutMs: 60_000 });
      const rendered = (await probeOf(render, ['png_pipe'])).video;
      if (!rendered) throw new MaterialRefusal('the picture did not render');
      return { duration: null, width: rendered.width, height: rendered.height, files: ['render.png', 'cover.jpg'] };
    }

    const probe = await probeOf(input, materialDemuxers(row.kind, row.name));
    const refusal = checkMaterialProbe(row.kind, row.name, probe);
    if (refusal) throw new MaterialRefusal(refusal);
    if (row.kind !== 'material-video' || !probe.video) {
      return { duration: probe.durationSec, width: null, height: null, files: [] };
    }
    // The cover is taken at 0.1 s, as a video's thumbnail (docs/product.md "Blog-to-video"); a shorter
    // clip's from its middle.
    const at = Math.min(0.1, probe.durationSec / 2);
    await run('ffmpeg', stillsArgs(input, [{ output: path.join(out, 'cover.jpg'), width: COVER_WIDTH }], at), {
      ...options,
      timeoutMs: 60_000,
    });
    const { width, height } = displaySize(probe.video);
    return { duration: probe.durationSec, width, height, files: ['cover.jpg'] };
  }

  /**
   * Fails a material still `from` with `reason` (a message key): its bytes are given back in the same
   * transaction, its open upload aborted and its files deleted.
   */
  async function failMaterial(row: MaterialRow, from: ('uploading' | 'processing')[], reason: string) {
    const failed = await deps.transaction(async (trx) => {
      const updated = await repo.transition(trx, row.id, from, {
        status: 'failed',
        fail_reason: reason,
        upload_id: null,
      });
      if (updated) await deps.accounts.addUsedStorage(trx, updated.account_id, -Number(updated.size));
      return updated;
    });
    if (!failed) return null;
    if (row.upload_id) await storage.abortMultipartUpload(row.source_key, row.upload_id).catch(() => undefined);
    await removeFiles(failed.account_id, failed.id);
    return failed;
  }

  async function removeFiles(accountId: string, materialId: string) {
    for (const prefix of [materialSourcePrefix(accountId, materialId), materialMediaPrefix(accountId, materialId)]) {
      await storage.deletePrefix(prefix).catch((error: unknown) => {
        log.error({ err: error, materialId }, 'could not delete the files of a material');
      });
    }
  }

  return {
    failMaterial,
    removeFiles,

    async process(materialId: string, signal: AbortSignal) {
      const row = await repo.findById(materialId);
      // Deleted meanwhile, or finished by an earlier run of this job: nothing to do.
      if (row?.status !== 'processing') return;
      const workDir = await createJobFolder(workRoot);
      try {
        await ingest(row);
        const input = storage.localPath?.(row.source_key) ?? path.join(workDir, 'source');
        if (!storage.localPath) await storage.downloadToFile(row.source_key, input);
        const analysis = await analyse(row, input, workDir, signal);
        const prefix = materialMediaPrefix(row.account_id, row.id);
        for (const file of analysis.files) {
          await storage.putFile(`${prefix}${file}`, path.join(workDir, 'out', file), FILE_TYPES[file] as string, {
            final: true,
          });
        }
        const ready = await deps.transaction((trx) =>
          repo.transition(trx, row.id, ['processing'], {
            status: 'ready',
            media_prefix: prefix,
            duration: analysis.duration,
            width: analysis.width,
            height: analysis.height,
            has_cover: analysis.files.includes('cover.jpg'),
          }),
        );
        // Deleted while processing: what this run stored belongs to nobody.
        if (!ready) await removeFiles(row.account_id, row.id);
      } catch (error) {
        if (!(error instanceof MaterialRefusal)) throw error;
        log.warn({ materialId, reason: error.message }, 'material refused');
        await failMaterial(row, ['processing'], 'material_damaged');
      } finally {
        await fs.rm(workDir, { recursive: true, force: true });
      }
    },
  };
}
export type MaterialProcessor = ReturnType<typeof createMaterialProcessor>;

/** The first 4 KB of a file: enough to tell an SVG document by its root element. */
async function firstBytes(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

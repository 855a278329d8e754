import { promises as fs } from 'node:fs';
import path from 'node:path';
import {
  audioKbpsFor,
  ladderArgs,
  ladderRungs,
  parseProgress,
  previewArgs,
  probeArgs,
  remuxArgs,
  STORYBOARD_TILE_WIDTH,
  stillsArgs,
  storyboardArgs,
  storyboardVtt,
} from './ffmpeg-args.ts';
import {
  masterCodecs,
  masterPlaylist,
  measureRendition,
  playlistEntries,
  playlistFiles,
  type Variant,
} from './hls-playlists.ts';
import {
  canRemux,
  checkProbe,
  DEFAULT_LIMITS,
  displaySize,
  type MediaLimits,
  type Probe,
  parseProbe,
  sourceRates,
} from './probe.ts';
import { posterSetArgs } from './poster-set.ts';
import { FfmpegError, runMedia } from './run-ffmpeg.ts';
import { MediaRefusal, type Pipeline } from './video-processor.ts';

export { masterPlaylist, playlistSegments } from './hls-playlists.ts';

type LadderRung = { name: string; width: number; height: number; bandwidth: number };

/**
 * A rung as it stands in `outDir/hls/<name>/`: the files its playlist needs (initialization section and
 * segments, as `hls/<name>/...`) and what they measure. Null while its playlist names no segment.
 */
async function rungSoFar(outDir: string, rung: LadderRung) {
  const dir = `hls/${rung.name}`;
  const text = await fs.readFile(path.join(outDir, dir, 'index.m3u8'), 'utf8').catch(() => '');
  const entries = playlistEntries(text);
  if (entries.length === 0) return null;
  const size = async (file: string) => (await fs.stat(path.join(outDir, dir, file))).size;
  const files = playlistFiles(text);
  const init = files.filter((file) => !entries.some((entry) => entry.uri === file));
  let initBytes = 0;
  const segments = [];
  try {
    for (const file of init) initBytes += await size(file);
    for (const entry of entries) segments.push({ bytes: await size(entry.uri), durationSec: entry.durationSec });
  } catch {
    // A file the playlist names is not there (yet): the rung is not whole, so it is not published now.
    return null;
  }
  return {
    files: files.map((file) => `${dir}/${file}`),
    playlist: `${dir}/index.m3u8`,
    measured: measureRendition(segments, initBytes),
  };
}

/**
 * The master of a ladder: its rungs with the bitrates their segments measure (the encoder's targets are
 * only targets), best first as ffmpeg lists them.
 */
async function ladderVariants(
  outDir: string,
  rungs: LadderRung[],
  uriPrefix: string,
  codecs = new Map<string, string>(),
) {
  const variants: (Variant & { rung: LadderRung; files: string[]; playlist: string })[] = [];
  for (const rung of rungs) {
    const sofar = await rungSoFar(outDir, rung);
    if (!sofar) continue;
    variants.push({
      rung,
      files: sofar.files,
      playlist: sofar.playlist,
      uri: `${uriPrefix}${rung.name}/index.m3u8`,
      width: rung.width,
      height: rung.height,
      bandwidth: sofar.measured?.bandwidth ?? rung.bandwidth,
      averageBandwidth: sofar.measured?.averageBandwidth,
      codecs: codecs.get(`${rung.name}/index.m3u8`),
    });
  }
  return variants;
}

/**
 * What of a ladder still encoding can be published now: each rung whose playlist (rewritten by ffmpeg,
 * atomically, after every segment) names at least one segment, with the files it needs, and a master
 * playlist of just those rungs. Null while no rung has a segment.
 */
export async function ladderSoFar(outDir: string, rungs: LadderRung[]) {
  const ready = await ladderVariants(outDir, rungs, 'hls/');
  if (ready.length === 0) return null;
  const master = 'ladder.m3u8';
  await fs.writeFile(path.join(outDir, master), masterPlaylist(ready));
  return {
    master,
    files: [...ready.flatMap((variant) => variant.files), ...ready.map((variant) => variant.playlist), master],
  };
}

/**
 * Writes `hls/master.m3u8` for the finished ladder from what its segments measure, and answers each
 * rung's declared bandwidth.
 */
export async function finishLadder(outDir: string, rungs: LadderRung[]) {
  const master = path.join(outDir, 'hls/master.m3u8');
  const codecs = masterCodecs(await fs.readFile(master, 'utf8').catch(() => ''));
  const variants = await ladderVariants(outDir, rungs, '', codecs);
  await fs.writeFile(master, masterPlaylist(variants));
  return variants.map((variant) => ({
    name: variant.rung.name,
    width: variant.width,
    height: variant.height,
    bandwidth: variant.bandwidth,
    playlist: variant.playlist,
  }));
}

/** Time limits: generous for the work a file of this length needs, and never unbounded. */
/** Below the media job's own expiry (videos.jobs.ts): a run never outlives the job that started it. */
const MEDIA_JOB_WALL_MS = 5 * 3600_000;

const limitFor = (durationSec: number, perSecondMs: number, minimumMs: number) =>
  Math.max(minimumMs, Math.ceil(durationSec * perSecondMs));

/**
 * The ffmpeg pipeline: probe (trusting the bytes, not the name), the fast path for H.264/AAC, the ladder in
 * one process, poster, thumbnail, storyboard and preview. Files in, files out; the processor stores them.
 */
export function createFfmpegPipeline(
  limits: MediaLimits = DEFAULT_LIMITS,
  options: { ladderPollMs?: number } = {},
): Pipeline {
  const ladderPollMs = options.ladderPollMs ?? 1000;
  return async ({ input, outDir, signal, onProgress, onPlayable, onStills, onChild }) => {
    // A failed ffmpeg fails the video; stopping (shutdown) must retry elsewhere, not fail it.
    const asRefusal = (error: unknown) =>
      error instanceof FfmpegError && error.kind !== 'aborted' ? new MediaRefusal(error.reason) : error;
    // A background encode's budget is processor time: on a busy machine it yields and takes longer by the
    // clock, which says nothing of the file. The clock only catches a run that waits on nothing for long.
    const run = async (args: string[], budgetMs: number, onStdout?: (chunk: string) => void) => {
      try {
        return await runMedia('ffmpeg', args, {
          cpuLimitMs: budgetMs,
          timeoutMs: Math.min(MEDIA_JOB_WALL_MS, Math.max(10 * budgetMs, 30 * 60_000)),
          signal,
          onStdout,
          onChild,
        });
      } catch (error) {
        throw asRefusal(error);
      }
    };

    // The fast path's remux starts beside the probe: most uploads are H.264/AAC, and waiting for the probe
    // first put its whole run between "upload complete" and "playable". The probe decides
    // whether what it makes is kept; a file the probe refuses stops it at once.
    const sourceBytes = (await fs.stat(input)).size;
    const fastDir = path.join(outDir, 'fast');
    await fs.mkdir(fastDir, { recursive: true });
    const stopRemux = new AbortController();
    const remuxing = runMedia('ffmpeg', remuxArgs(input, fastDir), {
      // A copy, bound by the disk: a minute plus a second for every 20 MiB is far beyond what it needs.
      timeoutMs: 60_000 + Math.ceil(sourceBytes / (20 * 1024 * 1024)) * 1000,
      signal: AbortSignal.any([signal, stopRemux.signal]),
      onChild,
      priority: 'waited',
    }).then(
      () => null,
      (error: unknown) => error,
    );
    const dropRemux = async () => {
      stopRemux.abort();
      await remuxing;
      await fs.rm(fastDir, { recursive: true, force: true });
    };

    let probe: Probe;
    try {
      probe = parseProbe(
        await runMedia('ffprobe', probeArgs(input), {
          timeoutMs: 30_000,
          signal,
          onChild,
          priority: 'waited',
        }),
      );
    } catch (error) {
      await dropRemux();
      if (error instanceof FfmpegError && error.kind !== 'aborted') {
        // The user reads the key's words, naming the kinds the upload dialog takes (VIDEO_TYPES_TEXT).
        throw new MediaRefusal(`ffprobe could not read the file: ${error.reason}`, 'media_not_video');
      }
      throw error;
    }
    const refusal = checkProbe(probe, limits);
    const fastPath = canRemux(probe);
    if (refusal || !fastPath) await dropRemux();
    if (refusal) throw new MediaRefusal(refusal.reason, refusal.code);
    if (!probe.video) throw new MediaRefusal('The file has no video stream.', 'media_no_video');
    const { width, height } = displaySize(probe.video);
    const duration = probe.durationSec;
    const hasAudio = probe.audio !== null;

    if (fastPath) {
      const failed = await remuxing;
      if (failed) throw asRefusal(failed);
      const files = (await fs.readdir(fastDir)).map((file) => `fast/${file}`);
      const bandwidth = Math.round((sourceBytes * 8) / Math.max(1, duration));
      await fs.writeFile(
        path.join(outDir, 'fast.m3u8'),
        masterPlaylist([{ bandwidth, width, height, uri: 'fast/index.m3u8' }]),
      );
      await onPlayable({ master: 'fast.m3u8', files: [...files, 'fast.m3u8'] });
    }

    await run(
      stillsArgs(
        input,
        [
          { output: path.join(outDir, 'thumbnail.jpg'), width: 640 },
          { output: path.join(outDir, 'poster.jpg'), width: Math.min(1280, width - (width % 2)) },
        ],
        Math.min(0.1, duration / 2),
      ),
      60_000,
    );
    await onStills?.({ poster: 'poster.jpg', thumbnail: 'thumbnail.jpg' });
    onProgress(2);

    const rates = sourceRates(probe, sourceBytes);
    const rungs = ladderRungs(width, height, rates.videoKbps);
    const audioKbps = audioKbpsFor(rates.audioKbps);
    // What each rung aims at, declared until its segments can be measured.
    const targets = rungs.map((rung) => ({
      name: rung.name,
      width: rung.width,
      height: rung.height,
      bandwidth: (rung.videoKbps + (hasAudio ? audioKbps : 0)) * 1000,
    }));
    const hlsDir = path.join(outDir, 'hls');
    await fs.mkdir(hlsDir, { recursive: true });
    // Without a fast path, the ladder is what plays first: its rungs are published segment by segment while
    // they encode, and the master gains each rung once it has a segment.
    let watching = !fastPath;
    const watch = async () => {
      let published = 0;
      while (watching) {
        const sofar = await ladderSoFar(outDir, targets);
        if (sofar && watching && sofar.files.length > published) {
          await onPlayable(sofar);
          published = sofar.files.length;
        }
        if (watching) await new Promise((resolve) => setTimeout(resolve, ladderPollMs));
      }
    };
    // A failed early publish is not the encode's failure: the final publish stores everything again.
    const lastWatch = watching ? watch().catch(() => undefined) : Promise.resolve();
    let buffered = '';
    const ladder = run(
      ladderArgs(input, hlsDir, rungs, { fps: probe.video.fps, hasAudio, audioKbps }),
      // Two cores encode four rungs of 1080p at about real time (two processor-seconds a second); ten
      // processor-seconds a second of video is a stuck or hostile file.
      limitFor(duration, 10_000, 120_000),
      (chunk) => {
        buffered += chunk;
        const end = buffered.lastIndexOf('\n');
        if (end < 0) return;
        const percent = parseProgress(buffered.slice(0, end), duration);
        buffered = buffered.slice(end + 1);
        if (percent !== null) onProgress(2 + percent * 0.9);
      },
    );
    try {
      await ladder;
    } finally {
      watching = false;
      await lastWatch;
    }
    const renditions = await finishLadder(outDir, targets);

    // The poster's AVIF and WebP follow the ladder: pages show the JPEG until then.
    await fs.mkdir(path.join(outDir, 'posters'));
    const posters = posterSetArgs(input, outDir, width, Math.min(0.1, duration / 2));
    await run(posters.args, 60_000);

    const sprite = 'storyboard.jpg';
    await run(storyboardArgs(input, path.join(outDir, sprite), duration), limitFor(duration, 1_000, 60_000));
    const tileHeight = Math.max(2, Math.round((STORYBOARD_TILE_WIDTH * height) / width / 2) * 2);
    await fs.writeFile(path.join(outDir, 'storyboard.vtt'), storyboardVtt(duration, tileHeight, sprite));
    onProgress(96);
    await run(previewArgs(input, path.join(outDir, 'preview.gif'), duration), 120_000);
    onProgress(99);

    return {
      durationSec: duration,
      width,
      height,
      master: 'hls/master.m3u8',
      renditions,
      poster: 'poster.jpg',
      thumbnail: 'thumbnail.jpg',
      storyboard: 'storyboard.vtt',
      preview: 'preview.gif',
      posterSet: posters.set,
      files: [],
    };
  };
}

export const ffmpegPipeline = createFfmpegPipeline();

import { promises as fs } from 'node:fs';
import path from 'node:path';
import {
  audioKbpsFor,
  COPY_DIR,
  ladderArgs,
  ladderRungs,
  parseProgress,
  previewArgs,
  probeArgs,
  type Rung,
  remuxArgs,
  rungDir,
  STORYBOARD_TILE_WIDTH,
  stillsArgs,
  storyboardArgs,
  storyboardVtt,
  usualRateKbps,
} from './ffmpeg-args.ts';
import {
  aacCodec,
  avcCodec,
  masterCodecs,
  masterPlaylist,
  measureRendition,
  playlistEntries,
  playlistFiles,
  type Variant,
} from './hls-playlists.ts';
import { posterSetArgs } from './poster-set.ts';
import {
  canCopy,
  checkProbe,
  DEFAULT_LIMITS,
  displaySize,
  type MediaLimits,
  type Probe,
  parseProbe,
  sourceRates,
} from './probe.ts';
import { FfmpegError, runMedia } from './run-ffmpeg.ts';
import { MediaRefusal, type Pipeline } from './video-processor.ts';

export { masterPlaylist, playlistSegments } from './hls-playlists.ts';

/** A rung as the pipeline publishes it: where its files are (`hls/<dir>/`) and what it declares until measured. */
type LadderRung = { name: string; dir: string; width: number; height: number; bandwidth: number };

/**
 * A rung as it stands in `outDir/hls/<dir>/`: its playlist's text as read now, the files that text needs
 * (initialization section and segments, as `hls/<dir>/...`) and what they measure. Null while its playlist
 * names no segment, or names one not written yet.
 */
async function rungSoFar(outDir: string, rung: LadderRung, sizes = new Map<string, number>()) {
  const dir = `hls/${rung.dir}`;
  const text = await fs.readFile(path.join(outDir, dir, 'index.m3u8'), 'utf8').catch(() => '');
  const entries = playlistEntries(text);
  if (entries.length === 0) return null;
  // A file a playlist names is whole and never changes: each is measured once, however often it is asked.
  const size = async (file: string) => {
    const full = path.join(outDir, dir, file);
    const known = sizes.get(full) ?? (await fs.stat(full)).size;
    sizes.set(full, known);
    return known;
  };
  const files = playlistFiles(text);
  const segments = new Set(entries.map((entry) => entry.uri));
  const init = files.filter((file) => !segments.has(file));
  let initBytes = 0;
  const measured = [];
  try {
    for (const file of init) initBytes += await size(file);
    for (const entry of entries) measured.push({ bytes: await size(entry.uri), durationSec: entry.durationSec });
  } catch {
    // A file the playlist names is not there (yet): the rung is not whole, so it is not published now.
    return null;
  }
  return {
    text,
    files: files.map((file) => `${dir}/${file}`),
    playlist: `${dir}/index.m3u8`,
    measured: measureRendition(measured, initBytes),
    longestSec: Math.max(...entries.map((entry) => entry.durationSec)),
  };
}

/**
 * The master of a ladder: its rungs with the bitrates their segments measure (the encoder's targets are
 * only targets), best first.
 */
async function ladderVariants(
  outDir: string,
  rungs: LadderRung[],
  uriPrefix: string,
  codecs = new Map<string, string>(),
  sizes = new Map<string, number>(),
) {
  const variants: (Variant & { rung: LadderRung; files: string[]; playlist: string; text: string })[] = [];
  for (const rung of rungs) {
    const sofar = await rungSoFar(outDir, rung, sizes);
    if (!sofar) continue;
    variants.push({
      rung,
      text: sofar.text,
      files: sofar.files,
      playlist: sofar.playlist,
      uri: `${uriPrefix}${rung.dir}/index.m3u8`,
      width: rung.width,
      height: rung.height,
      bandwidth: sofar.measured?.bandwidth ?? rung.bandwidth,
      averageBandwidth: sofar.measured?.averageBandwidth,
      codecs: codecs.get(`${rung.dir}/index.m3u8`),
    });
  }
  return variants;
}

/**
 * What of a ladder still encoding can be published now: each rung whose playlist (rewritten by ffmpeg,
 * atomically, after every segment) names at least one segment, and a master of just those rungs. The
 * playlists come as the text read here, which names only files that existed then: ffmpeg may have
 * rewritten a playlist since. Null while no rung has a segment.
 */
export async function ladderSoFar(outDir: string, rungs: LadderRung[], sizes = new Map<string, number>()) {
  const ready = await ladderVariants(outDir, rungs, 'hls/', undefined, sizes);
  if (ready.length === 0) return null;
  const master = 'ladder.m3u8';
  return {
    master,
    files: ready.flatMap((variant) => variant.files),
    playlists: [
      ...ready.map((variant) => ({ file: variant.playlist, text: variant.text })),
      { file: master, text: masterPlaylist(ready) },
    ],
  };
}

/**
 * Writes `hls/master.m3u8` for the finished ladder from what its segments measure, and answers each
 * rung's declared bandwidth.
 */
export async function finishLadder(outDir: string, rungs: LadderRung[], codecs: Map<string, string>) {
  const variants = await ladderVariants(outDir, rungs, '', codecs);
  await fs.writeFile(path.join(outDir, 'hls/master.m3u8'), masterPlaylist(variants));
  return variants.map((variant) => ({
    name: variant.rung.name,
    width: variant.width,
    height: variant.height,
    bandwidth: variant.bandwidth,
    playlist: variant.playlist,
  }));
}

/**
 * A copy whose segments run longer than this (a source with keyframes far apart, as screen recorders make)
 * would make viewers wait that long to start or switch: its rung is encoded instead.
 */
export const MAX_COPY_SEGMENT_SEC = 10;

/** Time limits: generous for the work a file of this length needs, and never unbounded. */
/** Below the media job's own expiry (videos.jobs.ts): a run never outlives the job that started it. */
const MEDIA_JOB_WALL_MS = 5 * 3600_000;

const limitFor = (durationSec: number, perSecondMs: number, minimumMs: number) =>
  Math.max(minimumMs, Math.ceil(durationSec * perSecondMs));

/**
 * The ffmpeg pipeline: probe (trusting the bytes, not the name), the ladder published rung by rung and
 * segment by segment while it encodes, poster, thumbnail, storyboard and preview. A source that plays as it
 * is (canCopy) is its own top rung, copied; one that does not has its smallest rung encoded apart, fast, so
 * it plays at once and its viewers never catch up with the encoder. Files in, files out; the processor
 * stores them. See "Playable while it encodes" in docs/product.md.
 */
export function createFfmpegPipeline(
  limits: MediaLimits = DEFAULT_LIMITS,
  options: { ladderPollMs?: number } = {},
): Pipeline {
  const ladderPollMs = options.ladderPollMs ?? 250;
  return async ({ input, outDir, signal, onProgress, onPlayable, onStills, onChild }) => {
    // A failed ffmpeg fails the video; stopping (shutdown) must retry elsewhere, not fail it.
    const asRefusal = (error: unknown) =>
      error instanceof FfmpegError && error.kind !== 'aborted' ? new MediaRefusal(error.reason) : error;
    // The ladder's processes run side by side: one that fails stops the others.
    const stopAll = new AbortController();
    const stopped = AbortSignal.any([signal, stopAll.signal]);
    // A background encode's budget is processor time: on a busy machine it yields and takes longer by the
    // clock, which says nothing of the file. The clock only catches a run that waits on nothing for long.
    const run = async (
      args: string[],
      budgetMs: number,
      more: { onStdout?: (chunk: string) => void; priority?: 'waited' | 'background' } = {},
    ) => {
      try {
        return await runMedia('ffmpeg', args, {
          cpuLimitMs: budgetMs,
          timeoutMs: Math.min(MEDIA_JOB_WALL_MS, Math.max(10 * budgetMs, 30 * 60_000)),
          signal: stopped,
          onChild,
          ...more,
        });
      } catch (error) {
        throw asRefusal(error);
      }
    };

    // The copy starts beside the probe: most uploads are H.264/AAC, and waiting for the probe first put its
    // run between "upload complete" and "playable". The probe decides whether what it makes is kept; a file
    // the probe refuses stops it at once.
    const sourceBytes = (await fs.stat(input)).size;
    const hlsDir = path.join(outDir, 'hls');
    const copyDir = path.join(hlsDir, COPY_DIR);
    await fs.mkdir(copyDir, { recursive: true });
    const stopCopy = new AbortController();
    const copying = runMedia('ffmpeg', remuxArgs(input, copyDir), {
      // A copy, bound by the disk: a minute plus a second for every 20 MiB is far beyond what it needs.
      timeoutMs: 60_000 + Math.ceil(sourceBytes / (20 * 1024 * 1024)) * 1000,
      signal: AbortSignal.any([signal, stopCopy.signal]),
      onChild,
      priority: 'waited',
    }).then(
      () => null,
      (error: unknown) => error,
    );
    const dropCopy = async () => {
      stopCopy.abort();
      await copying;
      await fs.rm(copyDir, { recursive: true, force: true });
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
      await dropCopy();
      await fs.rm(hlsDir, { recursive: true, force: true });
      if (error instanceof FfmpegError && error.kind !== 'aborted') {
        // The user reads the key's words, naming the kinds the upload dialog takes (VIDEO_TYPES_TEXT).
        throw new MediaRefusal(`ffprobe could not read the file: ${error.reason}`, 'media_not_video');
      }
      throw error;
    }
    const refusal = checkProbe(probe, limits);
    if (refusal || !probe.video) {
      await dropCopy();
      await fs.rm(hlsDir, { recursive: true, force: true });
      if (refusal) throw new MediaRefusal(refusal.reason, refusal.code);
      throw new MediaRefusal('The file has no video stream.', 'media_no_video');
    }
    const { width, height } = displaySize(probe.video);
    const duration = probe.durationSec;
    const hasAudio = probe.audio !== null;
    const rates = sourceRates(probe, sourceBytes);
    const copied = canCopy(probe, rates.videoKbps, usualRateKbps(width, height));
    if (!copied) await dropCopy();

    const rungs = ladderRungs(width, height, rates.videoKbps, copied);
    const audioKbps = audioKbpsFor(rates.audioKbps);
    // What each rung aims at, declared until its segments can be measured.
    const declared = (rung: Rung): LadderRung => ({
      name: rung.name,
      dir: rungDir(rung),
      width: rung.width,
      height: rung.height,
      bandwidth: rung.copy
        ? Math.round((sourceBytes * 8) / Math.max(1, duration))
        : (rung.videoKbps + (hasAudio ? audioKbps : 0)) * 1000,
    });
    let targets = rungs.map(declared);
    const encoded = rungs.filter((rung) => !rung.copy);

    // Every ladder process's progress; the video's is the slowest one's.
    const progress = new Map<number, number>();
    // Never backwards: the top rung encoded after a copy is dropped starts at 0 beside rungs far along.
    let reported = 0;
    const report = () => {
      const percent = 2 + Math.min(...progress.values()) * 0.9;
      if (percent <= reported) return;
      reported = percent;
      onProgress(percent);
    };
    let groups = 0;
    const encode = (group: Rung[], priority: 'waited' | 'background') => {
      const index = groups++;
      progress.set(index, 0);
      let buffered = '';
      return run(
        ladderArgs(input, hlsDir, group, {
          fps: probe.video?.fps ?? 30,
          hasAudio,
          audioKbps,
          codecsFile: `codecs-${index}.m3u8`,
        }),
        // Two cores encode four rungs of 1080p at about real time (two processor-seconds a second); ten
        // processor-seconds a second of video is a stuck or hostile file.
        limitFor(duration, 10_000, 120_000),
        {
          priority,
          onStdout: (chunk) => {
            buffered += chunk;
            const end = buffered.lastIndexOf('\n');
            if (end < 0) return;
            const percent = parseProgress(buffered.slice(0, end), duration);
            buffered = buffered.slice(end + 1);
            if (percent === null) return;
            progress.set(index, percent);
            report();
          },
        },
      );
    };

    // The rungs are published while they encode: the master gains each rung once it has a segment. One
    // publish at a time, each naming more than the one before. A failed early publish is not the encode's
    // failure: publishing stops, and the finished video stores everything again.
    let watching = true;
    const sizes = new Map<string, number>();
    let published = 0;
    let publishFailed = false;
    let publishing = Promise.resolve();
    const publish = () => {
      publishing = publishing.then(async () => {
        if (publishFailed) return;
        const sofar = await ladderSoFar(outDir, targets, sizes);
        const size = sofar ? sofar.files.length + sofar.playlists.length : 0;
        if (!sofar || size <= published) return;
        published = size;
        await onPlayable(sofar).catch(() => {
          publishFailed = true;
        });
      });
      return publishing;
    };
    let wake: () => void = () => undefined;
    const watch = async () => {
      while (watching) {
        await publish();
        if (watching) {
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, ladderPollMs);
          });
        }
      }
    };
    const watched = watch().catch(() => undefined);
    const stopWatching = async () => {
      watching = false;
      wake();
      await watched;
    };

    const work: Promise<unknown>[] = [];
    // Each is awaited below; until then a failure is held here, not thrown at the process as unhandled.
    const start = (task: Promise<unknown>) => {
      task.catch(() => undefined);
      work.push(task);
    };
    try {
      if (copied) {
        // The copy's keyframes decide its segments: one far too long, and the top rung is encoded after all.
        start(
          copying.then(async (failed) => {
            const copy = targets.find((target) => target.dir === COPY_DIR);
            const sofar = copy ? await rungSoFar(outDir, copy) : null;
            if (!failed && sofar && sofar.longestSec <= MAX_COPY_SEGMENT_SEC) return;
            targets = targets.filter((target) => target.dir !== COPY_DIR);
            const top = ladderRungs(width, height, rates.videoKbps)[0];
            if (!top) return;
            targets = [declared(top), ...targets];
            await encode([top], 'background');
          }),
        );
        if (encoded.length > 0) start(encode(encoded, 'background'));
      } else if (encoded.length > 1) {
        // The smallest rung alone, at the priority of what someone waits for, runs ahead of the rest.
        start(encode(encoded.slice(-1), 'waited'));
        start(encode(encoded.slice(0, -1), 'background'));
      } else {
        start(encode(encoded, 'waited'));
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
      await onStills?.({ poster: 'poster.jpg', thumbnail: 'thumbnail.jpg', durationSec: duration, width, height });
      await Promise.all(work);
      // The whole ladder plays as soon as it is encoded, not after the posters and storyboard that follow,
      // however the last look at it fell.
      await publish();
    } catch (error) {
      // One process failed: the others stop with it, and nothing of theirs is left running.
      stopAll.abort();
      stopCopy.abort();
      await stopWatching();
      await Promise.allSettled(work);
      throw error;
    }
    await stopWatching();
    if (!targets.some((target) => target.dir === COPY_DIR)) await fs.rm(copyDir, { recursive: true, force: true });

    // ffmpeg's masters lend their CODECS strings; the copy's are read from its own initialization section.
    const codecs = new Map<string, string>();
    for (let index = 0; index < groups; index += 1) {
      const file = path.join(hlsDir, `codecs-${index}.m3u8`);
      for (const [uri, codec] of masterCodecs(await fs.readFile(file, 'utf8').catch(() => ''))) codecs.set(uri, codec);
      await fs.rm(file, { force: true });
    }
    if (targets.some((target) => target.dir === COPY_DIR)) {
      const video = avcCodec(await fs.readFile(path.join(copyDir, 'init.mp4')).catch(() => Buffer.alloc(0)));
      const audio = probe.audio ? aacCodec(probe.audio.profile) : null;
      if (video) codecs.set(`${COPY_DIR}/index.m3u8`, [video, ...(audio ? [audio] : [])].join(','));
    }
    const renditions = await finishLadder(outDir, targets, codecs);
    onProgress(92);

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

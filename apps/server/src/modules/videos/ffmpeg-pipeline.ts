import { promises as fs } from 'node:fs';
import path from 'node:path';
import {
  frameArgs,
  ladderArgs,
  ladderRungs,
  parseProgress,
  previewArgs,
  probeArgs,
  remuxArgs,
  STORYBOARD_TILE_WIDTH,
  storyboardArgs,
  storyboardVtt,
} from './ffmpeg-args.ts';
import { canRemux, checkProbe, DEFAULT_LIMITS, displaySize, type MediaLimits, parseProbe } from './probe.ts';
import { FfmpegError, runMedia } from './run-ffmpeg.ts';
import { MediaRefusal, type Pipeline } from './video-processor.ts';

/** A master playlist listing `renditions` (https://datatracker.ietf.org/doc/html/rfc8216#section-4.3.4.2). */
export function masterPlaylist(renditions: { bandwidth: number; width: number; height: number; uri: string }[]) {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of renditions) {
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},RESOLUTION=${r.width}x${r.height}`, r.uri);
  }
  return `${lines.join('\n')}\n`;
}

/** The segments a media playlist names, in order. */
export function playlistSegments(playlist: string): string[] {
  return playlist
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

type LadderRung = { name: string; width: number; height: number; bandwidth: number };

/**
 * What of a ladder still encoding can be published now: each rung whose playlist (rewritten by ffmpeg,
 * atomically, after every segment) names at least one segment, with those segments, and a master playlist
 * of just those rungs. Null while no rung has a segment.
 */
export async function ladderSoFar(outDir: string, rungs: LadderRung[]) {
  const ready: LadderRung[] = [];
  const segments: string[] = [];
  const playlists: string[] = [];
  for (const rung of rungs) {
    const playlist = `hls/${rung.name}/index.m3u8`;
    const text = await fs.readFile(path.join(outDir, playlist), 'utf8').catch(() => '');
    const named = playlistSegments(text);
    if (named.length === 0) continue;
    ready.push(rung);
    segments.push(...named.map((segment) => `hls/${rung.name}/${segment}`));
    playlists.push(playlist);
  }
  if (ready.length === 0) return null;
  const master = 'ladder.m3u8';
  await fs.writeFile(
    path.join(outDir, master),
    masterPlaylist(ready.map((rung) => ({ ...rung, uri: `hls/${rung.name}/index.m3u8` }))),
  );
  return { master, files: [...segments, ...playlists, master] };
}

/** Time limits: generous for the work a file of this length needs, and never unbounded. */
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
  return async ({ input, outDir, signal, onProgress, onPlayable, onStills }) => {
    const run = async (args: string[], timeoutMs: number, onStdout?: (chunk: string) => void) => {
      try {
        return await runMedia('ffmpeg', args, { timeoutMs, signal, onStdout });
      } catch (error) {
        // Stopping (shutdown) must retry elsewhere, not fail the video.
        if (error instanceof FfmpegError && error.kind !== 'aborted') throw new MediaRefusal(error.reason);
        throw error;
      }
    };

    let probeJson: string;
    try {
      probeJson = await runMedia('ffprobe', probeArgs(input), { timeoutMs: 30_000, signal });
    } catch (error) {
      if (error instanceof FfmpegError && error.kind !== 'aborted') {
        // The user reads the key's words, naming the kinds the upload dialog takes (VIDEO_TYPES_TEXT).
        throw new MediaRefusal(`ffprobe could not read the file: ${error.reason}`, 'media_not_video');
      }
      throw error;
    }
    const probe = parseProbe(probeJson);
    const refusal = checkProbe(probe, limits);
    if (refusal) throw new MediaRefusal(refusal.reason, refusal.code);
    if (!probe.video) throw new MediaRefusal('The file has no video stream.', 'media_no_video');
    const { width, height } = displaySize(probe.video);
    const duration = probe.durationSec;
    const hasAudio = probe.audio !== null;

    const fastPath = canRemux(probe);
    if (fastPath) {
      await fs.mkdir(path.join(outDir, 'fast'), { recursive: true });
      await run(remuxArgs(input, path.join(outDir, 'fast'), hasAudio), limitFor(duration, 200, 60_000));
      const files = (await fs.readdir(path.join(outDir, 'fast'))).map((file) => `fast/${file}`);
      const stat = await fs.stat(input);
      const bandwidth = Math.round((stat.size * 8) / Math.max(1, duration));
      await fs.writeFile(
        path.join(outDir, 'fast.m3u8'),
        masterPlaylist([{ bandwidth, width, height, uri: 'fast/index.m3u8' }]),
      );
      await onPlayable({ master: 'fast.m3u8', files: [...files, 'fast.m3u8'] });
    }

    await run(frameArgs(input, path.join(outDir, 'thumbnail.jpg'), 640, Math.min(0.1, duration / 2)), 60_000);
    await run(
      frameArgs(
        input,
        path.join(outDir, 'poster.jpg'),
        Math.min(1280, width - (width % 2)),
        Math.min(0.1, duration / 2),
      ),
      60_000,
    );
    await onStills?.({ poster: 'poster.jpg', thumbnail: 'thumbnail.jpg' });
    onProgress(2);

    const rungs = ladderRungs(width, height);
    const renditions = rungs.map((rung) => ({
      name: rung.name,
      width: rung.width,
      height: rung.height,
      bandwidth: (rung.videoKbps + (hasAudio ? 128 : 0)) * 1000,
      playlist: `hls/${rung.name}/index.m3u8`,
    }));
    const hlsDir = path.join(outDir, 'hls');
    await fs.mkdir(hlsDir, { recursive: true });
    // Without a fast path, the ladder is what plays first: its rungs are published segment by segment while
    // they encode, and the master gains each rung once it has a segment.
    let watching = !fastPath;
    const watch = async () => {
      let published = 0;
      while (watching) {
        const sofar = await ladderSoFar(outDir, renditions);
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
      ladderArgs(input, hlsDir, rungs, { fps: probe.video.fps, hasAudio }),
      // Two cores encode four rungs of 1080p at about real time; ten times that is a stuck or hostile file.
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
      files: [],
    };
  };
}

export const ffmpegPipeline = createFfmpegPipeline();

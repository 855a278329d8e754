import { promises as fs } from 'node:fs';
import path from 'node:path';
import { measureRendition, playlistEntries, playlistFiles } from '../videos/hls-playlists.ts';
import { runMedia } from '../videos/run-ffmpeg.ts';
import {
  DUB_RATE,
  duckEnvelope,
  extractSpeechArgs,
  type FitPlan,
  fitLineArgs,
  fitPlan,
  LINES_PER_RUN,
  layOut,
  mixArgs,
  packageArgs,
  parseStreams,
  pieceArgs,
  rungProbeArgs,
  type Streams,
  splitArgs,
  streamsProbeArgs,
  trackPieces,
  type VoiceSource,
} from './dub-media-args.ts';
import { wavSeconds } from './engines/wav.ts';

/**
 * The media side of dubbing, over local files: the speech a transcription hears, voice lines fitted to their
 * cues and mixed over the original, and the HLS audio renditions the player switches between. A video that
 * gets dubs plays video-only rungs with its original sound as one more audio rendition: hls.js cannot switch
 * audio away from segments that carry both (its passthrough remuxer makes one `audiovideo` track of them).
 * Every function takes an AbortSignal, which kills the ffmpeg it runs.
 */

/** The file has no audio stream: there is no speech to hear and no original to dub over. */
export class NoAudioError extends Error {
  constructor(what = 'the video') {
    super(`${what} has no sound`);
  }
}

/** A media playlist written here: where it is, and what its segments hold and weigh. */
export type Rendition = {
  playlist: string;
  segments: number;
  durationSec: number;
  /** Peak and mean bits per second (RFC 8216 BANDWIDTH and AVERAGE-BANDWIDTH). */
  bandwidth: number;
  averageBandwidth: number;
};

/** Below the media job's own expiry (videos.jobs.ts), as the ladder's runs. */
const WALL_LIMIT_MS = 5 * 3600_000;

/**
 * ffmpeg in the background, with a processor-time budget for the work (`budgetMs`, generous for a loaded
 * machine), and a wall limit ten times that (at least half an hour), as the ladder's encodes have: nice 15
 * makes wall time say little about a stuck run.
 */
function ffmpeg(args: string[], signal: AbortSignal, budgetMs: number) {
  return runMedia('ffmpeg', args, {
    cpuLimitMs: budgetMs,
    timeoutMs: Math.min(WALL_LIMIT_MS, Math.max(10 * budgetMs, 30 * 60_000)),
    signal,
  });
}

/** What ffprobe says of a file's first audio and video streams. */
async function streamsOf(args: string[], signal: AbortSignal): Promise<Streams> {
  return parseStreams(await runMedia('ffprobe', args, { timeoutMs: 60_000, signal }));
}

/** A budget of a minute plus `msPerSecond` of processor time for every second of media. */
const budget = (durationSec: number, msPerSecond: number) => 60_000 + Math.ceil(durationSec * msPerSecond);

/**
 * The source's first audio stream as the speech engines take it (16 kHz mono 16-bit WAV, on the video's
 * timeline). Throws NoAudioError when the source has no sound.
 */
export async function extractSpeech(source: string, outWav: string, signal: AbortSignal): Promise<void> {
  const streams = await streamsOf(streamsProbeArgs(source), signal);
  if (!streams.audio) throw new NoAudioError();
  await ffmpeg(extractSpeechArgs(source, outWav), signal, budget(streams.durationSec, 100));
}

/**
 * A synthesised line fitted to its cue's slot of `seconds`: sped up with `atempo` when longer (at most
 * MAX_TEMPO), cut with a short fade at the slot's end when still longer, never slowed down; written as 48 kHz
 * stereo 16-bit WAV, what mixDub takes. Answers the plan it followed: the tempo, how long the line now
 * lasts, whether it was cut.
 */
export async function fitLine(inWav: string, seconds: number, outWav: string, signal: AbortSignal): Promise<FitPlan> {
  if (!(seconds > 0) || !Number.isFinite(seconds)) throw new RangeError(`a line's slot must last, not ${seconds} s`);
  const streams = await streamsOf(streamsProbeArgs(inWav, ['wav']), signal);
  if (!streams.audio) throw new NoAudioError('the voice line');
  const plan = fitPlan(streams.durationSec, seconds);
  await ffmpeg(fitLineArgs(inWav, outWav, seconds, plan.tempo, streams.audio.channels), signal, 30_000);
  return plan;
}

/**
 * The dubbed sound of a video: each line (a WAV as fitLine writes it) at its start in seconds, over the
 * original's sound lowered while they speak, exactly `durationSec` long, as AAC in an .m4a. With no original
 * (or one without sound) the voice alone.
 *
 * The original is lowered by a gain curve computed here from where the lines are (duckEnvelope), not by a
 * compressor keyed on the voice (`sidechaincompress`): a compressor lowers by how far the key is over its
 * threshold, so the depth followed each engine's loudness (measured here: 9.6 dB under a line at -41 dBFS,
 * 12 dB under one at -31), and a key driven far over it released late (the original still 1 dB down up to
 * two seconds after a line). The curve lowers by the same amount under every voice, and costs one small input at any number of
 * lines, where a `volume` expression would grow with them.
 *
 * Up to LINES_PER_RUN lines are mixed in one ffmpeg run. Past that each track is first rendered in pieces of
 * that many lines (FLAC, beside `outFile`, removed after), then mixed in one more run: the time stays
 * proportional to the video's length, not to lines times length as with one `adelay` per line.
 */
export async function mixDub(options: {
  original: string | null;
  lines: { wav: string; start: number }[];
  durationSec: number;
  outFile: string;
  signal: AbortSignal;
}): Promise<void> {
  const { lines, durationSec, outFile, signal } = options;
  if (!(durationSec > 0) || !Number.isFinite(durationSec)) {
    throw new RangeError(`a dub must last, not ${durationSec} s`);
  }
  for (const line of lines) {
    if (!(line.start >= 0) || !Number.isFinite(line.start))
      throw new RangeError(`a line cannot start at ${line.start}`);
  }
  const totalSamples = Math.round(durationSec * DUB_RATE);
  const measured = [];
  for (const line of lines) {
    const seconds = await wavSeconds(line.wav);
    if (seconds === null) throw new Error(`${path.basename(line.wav)} is not a WAV file`);
    measured.push({ ...line, durationSec: seconds });
  }
  const tracks = layOut(measured, totalSamples);
  const original =
    options.original && (await streamsOf(streamsProbeArgs(options.original), signal)).audio ? options.original : null;

  const work = await fs.mkdtemp(path.join(path.dirname(outFile), '.dub-mix-'));
  try {
    let envelope: string | null = null;
    if (original) {
      envelope = path.join(work, 'gain.f32');
      const spans = tracks
        .flat()
        .map((line) => ({ start: line.at / DUB_RATE, end: (line.at + line.length) / DUB_RATE }));
      const gain = duckEnvelope(spans, durationSec);
      await fs.writeFile(envelope, Buffer.from(gain.buffer, gain.byteOffset, gain.byteLength));
    }
    let voice: VoiceSource = { kind: 'lines', tracks };
    if (tracks.flat().length > LINES_PER_RUN) {
      const rendered: string[][] = [];
      for (const [t, track] of tracks.entries()) {
        const files: string[] = [];
        for (const [p, piece] of trackPieces(track, totalSamples).entries()) {
          const file = path.join(work, `track${t}-piece${p}.flac`);
          await ffmpeg(pieceArgs(piece, file), signal, budget((piece.to - piece.from) / DUB_RATE, 100));
          files.push(file);
        }
        rendered.push(files);
      }
      voice = { kind: 'pieces', tracks: rendered };
    }
    await ffmpeg(
      mixArgs({ original, envelope, voice, totalSamples, outFile }),
      signal,
      budget(durationSec, 200) + 100 * lines.length,
    );
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/** What a media playlist written in `dir` holds: its segments' count, length and bitrates. */
async function renditionIn(dir: string): Promise<Rendition> {
  const playlist = path.join(dir, 'index.m3u8');
  const text = await fs.readFile(playlist, 'utf8');
  const entries = playlistEntries(text);
  const segments = new Set(entries.map((entry) => entry.uri));
  const sizes = new Map<string, number>();
  for (const file of playlistFiles(text)) sizes.set(file, (await fs.stat(path.join(dir, file))).size);
  const initBytes = [...sizes].reduce((sum, [file, bytes]) => (segments.has(file) ? sum : sum + bytes), 0);
  const measured = measureRendition(
    entries.map((entry) => ({ bytes: sizes.get(entry.uri) ?? 0, durationSec: entry.durationSec })),
    initBytes,
  );
  return {
    playlist,
    segments: entries.length,
    durationSec: entries.reduce((sum, entry) => sum + entry.durationSec, 0),
    bandwidth: measured?.bandwidth ?? 0,
    averageBandwidth: measured?.averageBandwidth ?? 0,
  };
}

/**
 * An audio file (mixDub's .m4a) as an HLS audio rendition in `outDir`: `index.m3u8`, `init.mp4` and
 * `seg_%05d.m4s` of 4 s, VOD, fMP4; the AAC copied as it is. `startSec` is where the rungs show the source's
 * first picture (splitMuxedRung answers it): the dub's time 0 goes there, as the original's sound went.
 */
export async function packageAudioRendition(
  inputM4a: string,
  outDir: string,
  signal: AbortSignal,
  options: { startSec?: number } = {},
): Promise<Rendition> {
  const streams = await streamsOf(streamsProbeArgs(inputM4a, ['mov', 'wav', 'flac']), signal);
  if (!streams.audio) throw new NoAudioError('the dub');
  await fs.mkdir(outDir, { recursive: true });
  const copy = streams.audio.codec === 'aac';
  await ffmpeg(
    packageArgs(inputM4a, outDir, { copy, startSec: options.startSec ?? 0 }),
    signal,
    budget(streams.durationSec, copy ? 20 : 200),
  );
  return renditionIn(outDir);
}

/** A finished rung's playlist and what it holds; a rung still being written is refused, not waited on. */
async function finishedRung(rungDir: string, signal: AbortSignal) {
  const playlist = path.join(rungDir, 'index.m3u8');
  // Without EXT-X-ENDLIST ffmpeg's HLS demuxer reads the playlist as live and waits for more segments.
  if (!(await fs.readFile(playlist, 'utf8')).includes('#EXT-X-ENDLIST')) {
    throw new Error(`the rung in ${path.basename(rungDir)} is not finished`);
  }
  return { playlist, streams: await streamsOf(rungProbeArgs(playlist), signal) };
}

/**
 * A finished rung whose segments carry picture and sound, as a video-only rung in `outDir` (same segment
 * length and names, VOD, fMP4), every packet copied with its timestamps. Answers the rendition and
 * `startSec`, the time of its first picture: where the source's time 0 is on the rungs' timeline, for
 * packageAudioRendition.
 */
export async function splitMuxedRung(
  rungDir: string,
  outDir: string,
  signal: AbortSignal,
): Promise<Rendition & { startSec: number }> {
  const { playlist, streams } = await finishedRung(rungDir, signal);
  if (!streams.video) throw new Error(`the rung in ${path.basename(rungDir)} has no picture`);
  await fs.mkdir(outDir, { recursive: true });
  await ffmpeg(splitArgs(playlist, outDir, 'video'), signal, budget(streams.durationSec, 20));
  return { ...(await renditionIn(outDir)), startSec: streams.video.startSec };
}

/** The original sound of a finished muxed rung as an audio rendition in `outDir`, copied with its timestamps. */
export async function extractOriginalAudio(rungDir: string, outDir: string, signal: AbortSignal): Promise<Rendition> {
  const { playlist, streams } = await finishedRung(rungDir, signal);
  if (!streams.audio) throw new NoAudioError();
  await fs.mkdir(outDir, { recursive: true });
  await ffmpeg(splitArgs(playlist, outDir, 'audio'), signal, budget(streams.durationSec, 20));
  return renditionIn(outDir);
}

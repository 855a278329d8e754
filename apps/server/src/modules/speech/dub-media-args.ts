import { FIRST_SEGMENT_SEC, SEGMENT_SEC, VIDEO_DEMUXERS } from '../videos/ffmpeg-args.ts';

/**
 * ffmpeg and ffprobe command lines for dubbing, as pure functions returning argument arrays, and the plans
 * they carry out (how a line is fitted, where each line goes, how far the original is lowered). Every input
 * is opened with the `file` protocol and the demuxers it can only be, as in ffmpeg-args.ts.
 */

/** The rate of everything the dub mixes: what the ladder's AAC plays at, and what a browser decodes natively. */
export const DUB_RATE = 48_000;

/** Segments of the audio renditions last as long as the encoded video rungs' (SEGMENT_SEC of ffmpeg-args.ts). */
export { SEGMENT_SEC } from '../videos/ffmpeg-args.ts';

/**
 * The most a voice line is sped up to fit its cue: past about 1.5x synthetic speech is hard to follow, and
 * `atempo` keeps one filter within 0.5..2.0 (https://ffmpeg.org/ffmpeg-filters.html#atempo).
 */
export const MAX_TEMPO = 1.6;

/** A line cut at the end of its slot fades out over this long: a cut mid-word otherwise clicks. */
export const FADE_SEC = 0.03;

/**
 * Voice lines one ffmpeg run opens at most. Each input is a file descriptor and a demuxer thread in ffmpeg 5.1;
 * measured here, 300 lines over 600 s mixed in one run took 9.4 s (9.1 s with none), 1,000 took 19 s, and
 * 5,000 over an hour 99 s, against 27 s in runs of 200 lines each.
 */
export const LINES_PER_RUN = 200;

/**
 * The original under the voice: lowered to a fifth (-14 dB), as voice-over keeps the original audible
 * beneath a translation, reached 150 ms before a line starts and left over 300 ms after it ends. Lines less
 * than 0.8 s apart are one stretch, so the original does not swell between them.
 */
export const DUCK_GAIN = 0.2;
export const DUCK_ATTACK_SEC = 0.15;
export const DUCK_RELEASE_SEC = 0.3;
export const DUCK_MERGE_SEC = 0.8;
/** Samples per second of the gain curve: ramps of 150 ms in steps of 10 ms, resampled smooth by ffmpeg. */
export const ENVELOPE_RATE = 100;

const quiet = ['-hide_banner', '-nostdin', '-loglevel', 'error'];
const from = (demuxers: string[], input: string) => [
  '-protocol_whitelist',
  'file',
  '-format_whitelist',
  demuxers.join(','),
  '-i',
  input,
];
/** What a source upload may be; WAV too, for an original given as extracted sound. */
const SOURCE_DEMUXERS = [...VIDEO_DEMUXERS, 'wav'];
/** A rung's HLS: its playlist, then fMP4 segments read by the mov demuxer. */
const HLS_DEMUXERS = ['hls', 'mov'];
const stereo = `aformat=sample_fmts=fltp:sample_rates=${DUB_RATE}:channel_layouts=stereo`;
/**
 * AAC 128 kb/s stereo at 48 kHz, what the ladder's audio is, with the encoder's `fast` coder: its author found
 * the default `twoloop` sounds worse at such rates and costs much more processor
 * (https://ffmpeg.org/pipermail/ffmpeg-cvslog/2018-January/112166.html); measured here on 600 s of voice,
 * 6.7 s against 18 s, the mix's whole cost.
 */
const aac = ['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '128k', '-ar', String(DUB_RATE), '-ac', '2'];

export function streamsProbeArgs(input: string, demuxers: string[] = SOURCE_DEMUXERS): string[] {
  return [
    '-v',
    'error',
    '-protocol_whitelist',
    'file',
    '-format_whitelist',
    demuxers.join(','),
    '-print_format',
    'json',
    '-show_entries',
    'format=duration:stream=codec_type,codec_name,channels,start_time',
    input,
  ];
}

export type Streams = {
  durationSec: number;
  audio: { codec: string; channels: number; startSec: number } | null;
  video: { codec: string; startSec: number } | null;
};

type StreamsJson = {
  format?: { duration?: string };
  streams?: { codec_type?: string; codec_name?: string; channels?: number; start_time?: string }[];
};

/** The first audio and video stream of ffprobe's answer, each with the time of its first packet. */
export function parseStreams(json: string): Streams {
  const data = JSON.parse(json) as StreamsJson;
  const streams = data.streams ?? [];
  const audio = streams.find((s) => s.codec_type === 'audio');
  const video = streams.find((s) => s.codec_type === 'video');
  const seconds = (value: string | undefined) => Number(value ?? 0) || 0;
  return {
    durationSec: seconds(data.format?.duration),
    audio: audio
      ? { codec: audio.codec_name ?? '', channels: audio.channels ?? 0, startSec: seconds(audio.start_time) }
      : null,
    video: video ? { codec: video.codec_name ?? '', startSec: seconds(video.start_time) } : null,
  };
}

/**
 * The source's first audio stream as the speech engines take it: 16 kHz mono 16-bit WAV. Silence fills where
 * the sound starts after the picture (`first_pts=0`) or has gaps (`async`), so a cue heard at 12 s is at 12 s
 * of the video (https://ffmpeg.org/ffmpeg-resampler.html).
 */
export function extractSpeechArgs(source: string, outWav: string): string[] {
  return [
    ...quiet,
    '-y',
    ...from(SOURCE_DEMUXERS, source),
    '-map',
    '0:a:0',
    '-af',
    'aresample=16000:async=1:first_pts=0,aformat=sample_fmts=s16:channel_layouts=mono',
    '-c:a',
    'pcm_s16le',
    '-f',
    'wav',
    outWav,
  ];
}

export type FitPlan = { tempo: number; durationSec: number; trimmed: boolean };

/**
 * How a voice line of `lineSec` fits a slot of `slotSec`: sped up as much as it needs, up to MAX_TEMPO, then
 * cut at the slot's end if still too long. A shorter line is left as it is: a voice is never slowed down.
 */
export function fitPlan(lineSec: number, slotSec: number): FitPlan {
  const ratio = lineSec / slotSec;
  if (ratio <= 1) return { tempo: 1, durationSec: lineSec, trimmed: false };
  if (ratio <= MAX_TEMPO) return { tempo: ratio, durationSec: slotSec, trimmed: false };
  return { tempo: MAX_TEMPO, durationSec: slotSec, trimmed: true };
}

/**
 * The line sped up by the plan's tempo, at the mix's rate in stereo, faded out over the slot's last FADE_SEC
 * and cut at its end. The fade and the cut always apply: a line that ends sooner has nothing there, and
 * `atempo` may give a few samples more than the exact ratio. A mono voice is in both channels at full level.
 */
export function fitLineArgs(inWav: string, outWav: string, slotSec: number, tempo: number, channels: number): string[] {
  const slot = Math.max(1, Math.floor(slotSec * DUB_RATE));
  const fade = Math.min(slot, Math.round(FADE_SEC * DUB_RATE));
  const filters = [
    ...(tempo > 1 ? [`atempo=${tempo.toFixed(4)}`] : []),
    `aresample=${DUB_RATE}`,
    channels === 1 ? 'pan=stereo|c0=c0|c1=c0' : 'aformat=channel_layouts=stereo',
    `afade=t=out:ss=${slot - fade}:ns=${fade}`,
    `atrim=end_sample=${slot}`,
  ];
  return [
    ...quiet,
    '-y',
    ...from(['wav'], inWav),
    '-map',
    '0:a:0',
    '-af',
    filters.join(','),
    '-c:a',
    'pcm_s16le',
    '-f',
    'wav',
    outWav,
  ];
}

/** A voice line placed on the dub's timeline, in samples at DUB_RATE. */
export type Placed = { wav: string; at: number; length: number };

/**
 * The lines on as few tracks as let none overlap another on its track (first fit, in order of start): lines
 * of cues that overlap are both heard, each whole. Lines starting at or after the end are dropped; empty
 * ones too.
 */
export function layOut(lines: { wav: string; start: number; durationSec: number }[], totalSamples: number): Placed[][] {
  const placed = lines
    .map((line) => ({
      wav: line.wav,
      at: Math.round(line.start * DUB_RATE),
      length: Math.round(line.durationSec * DUB_RATE),
    }))
    .filter((line) => line.at < totalSamples && line.length > 0)
    .sort((a, b) => a.at - b.at);
  const tracks: Placed[][] = [];
  const ends: number[] = [];
  for (const line of placed) {
    const free = ends.findIndex((end) => end <= line.at);
    if (free < 0) {
      tracks.push([line]);
      ends.push(line.at + line.length);
    } else {
      tracks[free]?.push(line);
      ends[free] = line.at + line.length;
    }
  }
  return tracks;
}

/** A stretch of one track, [from, to) in samples, holding its lines. */
export type Piece = { from: number; to: number; lines: Placed[] };

/** A track cut into pieces of at most `perRun` lines, end to end from 0 to `totalSamples`. */
export function trackPieces(track: Placed[], totalSamples: number, perRun = LINES_PER_RUN): Piece[] {
  const pieces: Piece[] = [];
  for (let i = 0; i < track.length; i += perRun) {
    const lines = track.slice(i, i + perRun);
    const next = track[i + perRun];
    pieces.push({ from: i === 0 ? 0 : (lines[0]?.at ?? 0), to: next ? next.at : totalSamples, lines });
  }
  return pieces;
}

/**
 * Filters laying a piece's lines end to end, each line ffmpeg input `firstInput + i`: silence up to the first
 * line, then each line padded with silence up to the next one's start (or the piece's end) and cut there,
 * all concatenated. Sample counts are exact, so a line lands on its sample however many come before it;
 * one track's lines never overlap (layOut), so the cut only takes silence.
 */
export function pieceFilters(piece: Piece, firstInput: number, label: string): string[] {
  const filters: string[] = [];
  const parts: string[] = [];
  const lead = (piece.lines[0]?.at ?? piece.to) - piece.from;
  if (lead > 0) {
    filters.push(`anullsrc=r=${DUB_RATE}:cl=stereo,atrim=end_sample=${lead}[${label}l]`);
    parts.push(`[${label}l]`);
  }
  piece.lines.forEach((line, i) => {
    const span = (piece.lines[i + 1]?.at ?? piece.to) - line.at;
    filters.push(
      `[${firstInput + i}:a]aresample=${DUB_RATE},${stereo},apad=whole_len=${span},atrim=end_sample=${span}[${label}s${i}]`,
    );
    parts.push(`[${label}s${i}]`);
  });
  filters.push(`${parts.join('')}concat=n=${parts.length}:v=0:a=1,${stereo}[${label}]`);
  return filters;
}

const lineInputs = (lines: Placed[]) => lines.flatMap((line) => from(['wav'], line.wav));

/** One piece of a track rendered on its own (when the dub has more lines than one run takes), as FLAC. */
export function pieceArgs(piece: Piece, outFile: string): string[] {
  return [
    ...quiet,
    '-y',
    ...lineInputs(piece.lines),
    '-filter_complex',
    pieceFilters(piece, 0, 'voice').join(';'),
    '-map',
    '[voice]',
    // Lossless and small: a piece is mostly silence, which FLAC stores in almost nothing (a WAV of an hour
    // is 690 MB).
    '-c:a',
    'flac',
    '-f',
    'flac',
    outFile,
  ];
}

/**
 * The gain the original is played at, ENVELOPE_RATE samples a second from 0 to `durationSec` and one past:
 * 1 between lines, DUCK_GAIN under them, with straight ramps before and after each stretch of speech.
 */
export function duckEnvelope(spans: { start: number; end: number }[], durationSec: number): Float32Array {
  const gain = new Float32Array(Math.ceil(durationSec * ENVELOPE_RATE) + 2).fill(1);
  const merged: { start: number; end: number }[] = [];
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    if (last && span.start - last.end < DUCK_MERGE_SEC) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  for (const { start, end } of merged) {
    const first = Math.max(0, Math.floor((start - DUCK_ATTACK_SEC) * ENVELOPE_RATE));
    const last = Math.min(gain.length - 1, Math.ceil((end + DUCK_RELEASE_SEC) * ENVELOPE_RATE));
    for (let i = first; i <= last; i++) {
      const t = i / ENVELOPE_RATE;
      const down =
        t < start
          ? 1 - (1 - DUCK_GAIN) * ((t - (start - DUCK_ATTACK_SEC)) / DUCK_ATTACK_SEC)
          : t <= end
            ? DUCK_GAIN
            : DUCK_GAIN + (1 - DUCK_GAIN) * ((t - end) / DUCK_RELEASE_SEC);
      gain[i] = Math.min(gain[i] ?? 1, Math.max(DUCK_GAIN, Math.min(1, down)));
    }
  }
  return gain;
}

/** Where the voice of a mix comes from: its lines themselves (one run), or pieces rendered before. */
export type VoiceSource = { kind: 'lines'; tracks: Placed[][] } | { kind: 'pieces'; tracks: string[][] };

/**
 * The dub in one run: the voice (each track laid end to end, the tracks summed), the original's first audio
 * stream multiplied by the gain curve (raw 32-bit floats, mono, ENVELOPE_RATE), the two summed without
 * normalising (`amix` would otherwise halve both), padded or cut to exactly `totalSamples`, and encoded as
 * AAC in MP4.
 */
export function mixArgs(options: {
  original: string | null;
  envelope: string | null;
  voice: VoiceSource;
  totalSamples: number;
  outFile: string;
}): string[] {
  const { original, envelope, voice, totalSamples: total, outFile } = options;
  const inputs: string[] = [];
  const filters: string[] = [];
  let next = 0;
  const originalInput = original ? next++ : -1;
  if (original) inputs.push(...from(SOURCE_DEMUXERS, original));
  const envelopeInput = original && envelope ? next++ : -1;
  if (original && envelope) {
    inputs.push('-f', 'f32le', '-ar', String(ENVELOPE_RATE), '-ac', '1', ...from(['f32le'], envelope));
  }
  const tracks: string[] = [];
  if (voice.kind === 'lines') {
    voice.tracks.forEach((track, t) => {
      inputs.push(...lineInputs(track));
      filters.push(...pieceFilters({ from: 0, to: total, lines: track }, next, `t${t}`));
      next += track.length;
      tracks.push(`[t${t}]`);
    });
  } else {
    voice.tracks.forEach((pieces, t) => {
      for (const piece of pieces) inputs.push(...from(['flac'], piece));
      const parts = pieces.map((_, i) => `[${next + i}:a]`).join('');
      filters.push(`${parts}concat=n=${pieces.length}:v=0:a=1,${stereo}[t${t}]`);
      next += pieces.length;
      tracks.push(`[t${t}]`);
    });
  }
  if (tracks.length === 0) filters.push(`anullsrc=r=${DUB_RATE}:cl=stereo,atrim=end_sample=${total}[voice]`);
  else if (tracks.length === 1) filters.push(`${tracks[0]}anull[voice]`);
  else filters.push(`${tracks.join('')}amix=inputs=${tracks.length}:normalize=0:duration=longest[voice]`);
  const fit = `apad=whole_len=${total},atrim=end_sample=${total}`;
  if (original) {
    // Silence where the source's sound starts late or has gaps, so the original stays where the picture is. A
    // mono original goes to both sides at -3 dB, as the ladder's `-ac 2` puts it: the dub's bed sounds as the
    // original rendition does.
    filters.push(`[${originalInput}:a:0]aresample=${DUB_RATE}:async=1:first_pts=0,${stereo},${fit}[orig]`);
    if (envelopeInput >= 0) {
      filters.push(`[${envelopeInput}:a]aresample=${DUB_RATE},pan=stereo|c0=c0|c1=c0,${stereo}[gain]`);
      filters.push('[orig][gain]amultiply[under]');
    } else {
      filters.push('[orig]anull[under]');
    }
    filters.push(`[under][voice]amix=inputs=2:normalize=0:duration=longest,${fit}[out]`);
  } else {
    filters.push(`[voice]${fit}[out]`);
  }
  return [
    ...quiet,
    '-y',
    ...inputs,
    '-filter_complex',
    filters.join(';'),
    '-map',
    '[out]',
    ...aac,
    '-f',
    'mp4',
    outFile,
  ];
}

/**
 * fMP4 HLS of the mapped streams, VOD, segments as the ladder's rungs name them. `everyKeyframe`: a rung's
 * picture is cut as the ladder cut it, at every keyframe a second or more into a segment (the encoded rungs'
 * forced ones, the copy's own), so its first segment stays a second long.
 */
const hlsOutput = (outDir: string, everyKeyframe = false) => [
  '-f',
  'hls',
  '-hls_time',
  String(SEGMENT_SEC),
  ...(everyKeyframe ? ['-hls_init_time', String(FIRST_SEGMENT_SEC)] : []),
  '-hls_playlist_type',
  'vod',
  '-hls_flags',
  'independent_segments',
  '-hls_segment_type',
  'fmp4',
  '-hls_fmp4_init_filename',
  'init.mp4',
  '-hls_segment_filename',
  `${outDir}/seg_%05d.m4s`,
  `${outDir}/index.m3u8`,
];

/**
 * An audio file as an HLS audio rendition: copied when it is AAC already, else encoded as the mix is. The
 * input's time 0 is put at `startSec` of the video's timeline (`-output_ts_offset`), where the rungs show the
 * source's first picture.
 */
export function packageArgs(input: string, outDir: string, options: { copy: boolean; startSec: number }): string[] {
  return [
    ...quiet,
    '-y',
    ...from(['mov', 'wav', 'flac'], input),
    '-map',
    '0:a:0',
    ...(options.copy ? ['-c:a', 'copy'] : aac),
    ...(options.startSec > 0 ? ['-output_ts_offset', options.startSec.toFixed(6)] : []),
    ...hlsOutput(outDir),
  ];
}

/**
 * One kind of stream of a muxed rung, copied into a rendition of its own. `-copyts` keeps every timestamp as
 * the rung had it: picture and sound stay exactly as far apart as they played muxed, and a video packet lands
 * in the same segment (cut at the same keyframe) as before.
 */
export function splitArgs(rungPlaylist: string, outDir: string, kind: 'video' | 'audio'): string[] {
  return [
    ...quiet,
    '-y',
    '-copyts',
    ...from(HLS_DEMUXERS, rungPlaylist),
    '-map',
    kind === 'video' ? '0:v:0' : '0:a:0',
    '-c',
    'copy',
    ...hlsOutput(outDir, kind === 'video'),
  ];
}

export function rungProbeArgs(rungPlaylist: string): string[] {
  return streamsProbeArgs(rungPlaylist, HLS_DEMUXERS);
}

import { EMAIL_PREVIEW_WIDTH } from '@leadreel/shared';

/**
 * ffprobe and ffmpeg command lines as pure functions returning argument arrays (never a shell string).
 * Every input is opened with the `file` protocol only and a whitelist of real video containers, so an HLS
 * playlist, an ffconcat list or a DASH manifest renamed to .mp4 is refused by the demuxer itself
 * (https://ffmpeg.org/ffmpeg-formats.html#Format-Options: format_whitelist, protocol_whitelist).
 */
export const VIDEO_DEMUXERS = ['mov', 'mp4', 'avi', 'flv', 'rm', 'matroska', 'webm', 'mpegts', 'mpeg', 'asf'];

/** `demuxers`: the containers this input may be (the materials library opens pictures and sounds too). */
export const inputOptions = (demuxers: readonly string[] = VIDEO_DEMUXERS) => [
  '-protocol_whitelist',
  'file',
  '-format_whitelist',
  demuxers.join(','),
];
const quiet = ['-hide_banner', '-nostdin', '-loglevel', 'error'];
/** Machine-readable progress on stdout (https://ffmpeg.org/ffmpeg.html#Advanced-options: -progress). */
const progress = ['-progress', 'pipe:1', '-nostats'];

export function probeArgs(input: string, demuxers: readonly string[] = VIDEO_DEMUXERS): string[] {
  return ['-v', 'error', ...inputOptions(demuxers), '-print_format', 'json', '-show_format', '-show_streams', input];
}

/** A rung of the ladder; `copy`: the source's own picture and sound, stream-copied, not encoded. */
export type Rung = { name: string; width: number; height: number; videoKbps: number; copy?: true };

/** Where a rung's files go under the ladder's folder: the copy's before the probe has named its size. */
export const COPY_DIR = 'source';
export const rungDir = (rung: { name: string; copy?: true }) => (rung.copy ? COPY_DIR : rung.name);

/**
 * Every encoded rung's segments last SEGMENT_SEC, but the first lasts FIRST_SEGMENT_SEC: a player starts once
 * its first segment is whole, so a short one arrives at once and is encoded at once, and a video still
 * encoding becomes playable after its first second (see "Playable while it encodes" in docs/product.md).
 */
export const FIRST_SEGMENT_SEC = 1;
export const SEGMENT_SEC = 2;

/** The ladder's rungs by their short side; bitrates after Apple's HLS authoring spec for H.264. */
const RUNGS = [
  { short: 1080, videoKbps: 5000 },
  { short: 720, videoKbps: 2800 },
  { short: 480, videoKbps: 1400 },
  { short: 360, videoKbps: 800 },
];

/**
 * A rung is encoded at no more than this share of the source's video bitrate: re-encoding cannot add what
 * the source does not hold, x264's rate control overshoots its target by a few percent on short files, and
 * MPEG-TS packets add some more, yet a rung must come out no larger than the source.
 */
export const SOURCE_HEADROOM = 0.85;

/**
 * A rung below another needs at most 1/1.5 of that one's bitrate: adjacent variants a factor of 1.5 to 2
 * apart is what Apple's HLS authoring spec recommends, and a rung squeezed up against the one above it costs
 * as many bytes and plays no better for a slow viewer.
 */
export const MIN_RUNG_STEP = 1.5;

/**
 * Below a copied source a rung needs at most half its rate, the other end of Apple's 1.5 to 2: the copy
 * already costs the source's own bytes, and the rungs under it are for viewers it is too much for.
 */
export const COPY_RUNG_STEP = 2;

/**
 * A rung below the top that would get less than half its usual rate to keep that step is dropped: the
 * rungs under it serve slow viewers better, at the size such a rate suits.
 */
const MIN_SHARE_OF_USUAL = 0.5;

/** Below this, H.264 at any size is mostly artefacts: a rung is never asked for less. */
const MIN_VIDEO_KBPS = 64;

/** AAC's rate in the ladder: 128 k stereo, never above the source's own (re-encoding adds nothing). */
export function audioKbpsFor(sourceAudioKbps: number | null): number {
  if (!sourceAudioKbps || sourceAudioKbps <= 0) return 128;
  return Math.max(16, Math.min(128, Math.floor(sourceAudioKbps)));
}

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/**
 * Rungs for a source of `width` x `height` (as displayed, rotation applied) and `sourceVideoKbps` (unknown:
 * no cap): 1080p, 720p, 480p and 360p by the short side, never above the source in size, nor in bitrate
 * (each at most SOURCE_HEADROOM of the source's). Each rung steps down from the one above by MIN_RUNG_STEP at
 * least; one that would be left with less than half its usual rate adds nothing and is dropped. A source
 * smaller than 360p gets one rung of its own size. `copyTop`: the source itself is the top rung (canCopy in
 * probe.ts), and the encoded rungs are the standard sizes below it.
 */
export function ladderRungs(width: number, height: number, sourceVideoKbps?: number | null, copyTop = false): Rung[] {
  const short = Math.min(width, height);
  const ceiling =
    sourceVideoKbps && sourceVideoKbps > 0
      ? Math.max(MIN_VIDEO_KBPS, Math.floor(sourceVideoKbps * SOURCE_HEADROOM))
      : Number.POSITIVE_INFINITY;
  const scaled = (target: number) =>
    width >= height
      ? { width: even((width * target) / height), height: target }
      : { width: target, height: even((height * target) / width) };
  // The copy is the top rung at the source's own size and rate; the encoded ones step down from it.
  const kept: Rung[] = copyTop
    ? [{ name: `${even(short)}p`, width, height, videoKbps: Math.max(1, Math.round(sourceVideoKbps ?? 0)), copy: true }]
    : [];
  const candidates = RUNGS.filter((rung) => (copyTop ? rung.short < short : rung.short <= short)).map((rung) => ({
    name: `${rung.short}p`,
    ...scaled(rung.short),
    usualKbps: rung.videoKbps,
  }));
  if (candidates.length === 0 && kept.length === 0) {
    return [{ name: `${even(short)}p`, width: even(width), height: even(height), videoKbps: Math.min(500, ceiling) }];
  }
  for (const { usualKbps, ...rung } of candidates) {
    const above = kept.at(-1);
    if (!above) {
      kept.push({ ...rung, videoKbps: Math.min(usualKbps, ceiling) });
      continue;
    }
    const step = above.copy ? COPY_RUNG_STEP : MIN_RUNG_STEP;
    const videoKbps = Math.min(usualKbps, Math.floor(above.videoKbps / step));
    if (videoKbps >= usualKbps * MIN_SHARE_OF_USUAL) kept.push({ ...rung, videoKbps });
  }
  return kept;
}

/** The usual video rate (kb/s) of a rung of this size: the rate of the standard rung at or above its short side. */
export function usualRateKbps(width: number, height: number): number {
  const short = Math.min(width, height);
  const above = [...RUNGS].reverse().find((rung) => rung.short >= short) ?? RUNGS[0];
  return above?.videoKbps ?? 5000;
}

/**
 * The copy rung: the source's H.264/AAC copied into HLS segments, no re-encoding, published as it is
 * written (an EVENT playlist). The first audio stream is optional (`?`): the remux starts before the probe
 * has said whether there is one.
 */
export function remuxArgs(input: string, outDir: string): string[] {
  return [
    ...quiet,
    '-y',
    ...inputOptions(),
    '-i',
    input,
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-c',
    'copy',
    '-f',
    'hls',
    // A segment per source keyframe interval: hls.js plays nothing before the first segment is whole, and the
    // muxer cuts at the first keyframe at or after each multiple of hls_time, so with 2 a camera's GOP of
    // 59 frames at 30 fps (1.97 s) made a first segment of two GOPs, 3.9 s and 5.4 MB.
    '-hls_time',
    '1',
    // EVENT, rewritten after every segment, so the copy plays while it is written; the last write ends it.
    '-hls_playlist_type',
    'event',
    // fMP4, as the ladder: hls.js appends it as it is instead of transmuxing TS in the page, and its timeline
    // starts with the first frame, where TS from a source with B-frames starts the picture two frames late,
    // a hole hls.js seeks over before the first frame, waiting on Chromium.
    '-hls_segment_type',
    'fmp4',
    '-hls_fmp4_init_filename',
    'init.mp4',
    '-hls_segment_filename',
    `${outDir}/seg_%05d.m4s`,
    `${outDir}/index.m3u8`,
  ];
}

/**
 * Keyframes at 0 and FIRST_SEGMENT_SEC, then every SEGMENT_SEC (1, 3, 5...): forced, so every rung has them
 * at the same instants, and each starts a segment (https://ffmpeg.org/ffmpeg.html#Advanced-Video-options:
 * force_key_frames expressions).
 */
const KEYFRAMES = `expr:gte(t,if(eq(n_forced,0),0,${SEGMENT_SEC}*n_forced-${SEGMENT_SEC - FIRST_SEGMENT_SEC}))`;

/**
 * Rungs in one process: one decode, `split`, one encoder per rung, `-var_stream_map` into HLS (STACK.md: the
 * fastest shape on two cores). Keyframes as KEYFRAMES says on every rung, scene cuts off, so segments line
 * up across rungs and players switch cleanly. ffmpeg's own master playlist, `codecsFile`, only lends its
 * CODECS strings.
 */
export function ladderArgs(
  input: string,
  outDir: string,
  rungs: Rung[],
  options: { fps: number; hasAudio: boolean; audioKbps?: number; codecsFile?: string },
): string[] {
  // x264's own keyframe interval as long as a segment: it then never adds one between the forced ones.
  const gop = Math.max(1, Math.round(options.fps * SEGMENT_SEC));
  const split = `[0:v]split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join('')}`;
  const scales = rungs.map((rung, i) => `[s${i}]scale=${rung.width}:${rung.height}[v${i}]`);
  const maps = rungs.flatMap((_, i) => ['-map', `[v${i}]`, ...(options.hasAudio ? ['-map', '0:a:0'] : [])]);
  const rates = rungs.flatMap((rung, i) => [
    `-b:v:${i}`,
    `${rung.videoKbps}k`,
    `-maxrate:v:${i}`,
    `${Math.round(rung.videoKbps * 1.07)}k`,
    `-bufsize:v:${i}`,
    `${rung.videoKbps * 2}k`,
  ]);
  const streamMap = rungs.map((rung, i) =>
    options.hasAudio ? `v:${i},a:${i},name:${rung.name}` : `v:${i},name:${rung.name}`,
  );
  return [
    ...quiet,
    ...progress,
    '-y',
    ...inputOptions(),
    '-i',
    input,
    '-filter_complex',
    [split, ...scales].join(';'),
    ...maps,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-profile:v',
    'high',
    '-pix_fmt',
    'yuv420p',
    '-g',
    String(gop),
    '-sc_threshold',
    '0',
    '-force_key_frames',
    KEYFRAMES,
    ...rates,
    ...(options.hasAudio ? ['-c:a', 'aac', '-b:a', `${options.audioKbps ?? 128}k`, '-ac', '2'] : []),
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SEC),
    // Cut at every keyframe at least this far into a segment (with no list size, for every segment): the
    // forced keyframes alone decide where segments end, so the first is FIRST_SEGMENT_SEC long.
    '-hls_init_time',
    String(FIRST_SEGMENT_SEC),
    // An EVENT playlist is rewritten (atomically, by rename) after every segment, so the rungs can be
    // published, and played, while they encode; the last write adds EXT-X-ENDLIST.
    '-hls_playlist_type',
    'event',
    '-hls_flags',
    'independent_segments',
    // Fragmented MP4 (CMAF) rather than MPEG-TS: TS spends about 60 kb/s on packet headers and padding at 30
    // fps whatever the rung's rate, a third of a 175 kb/s source's budget; fMP4 spends about 1 %. hls.js and
    // Safari (iOS 10+) play it (https://developer.apple.com/documentation/http-live-streaming/hls-authoring-specification-for-apple-devices).
    '-hls_segment_type',
    'fmp4',
    '-hls_fmp4_init_filename',
    'init.mp4',
    // ffmpeg's own master only lends its CODECS strings: the pipeline writes the served one from what the
    // segments measure (ladder-master in ffmpeg-pipeline.ts).
    '-master_pl_name',
    options.codecsFile ?? 'master.m3u8',
    '-var_stream_map',
    streamMap.join(' '),
    '-hls_segment_filename',
    `${outDir}/%v/seg_%05d.m4s`,
    `${outDir}/%v/index.m3u8`,
  ];
}

/**
 * The stills from one decode (thumbnail 640 wide, proportional height, captured at 0.1 s; the
 * poster likewise, wider): one ffmpeg instead of one per still, since they run while the first viewers of
 * a video still encoding start playing.
 */
export function stillsArgs(input: string, stills: { output: string; width: number }[], atSeconds = 0.1): string[] {
  const split = `[0:v]split=${stills.length}${stills.map((_, i) => `[s${i}]`).join('')}`;
  const scales = stills.map((still, i) => `[s${i}]scale=${still.width}:-2[o${i}]`);
  return [
    ...quiet,
    '-y',
    '-ss',
    String(atSeconds),
    ...inputOptions(),
    '-i',
    input,
    '-filter_complex',
    [split, ...scales].join(';'),
    ...stills.flatMap((still, i) => [
      '-map',
      `[o${i}]`,
      '-frames:v',
      '1',
      // JPEG at about quality 85, what YouTube's posters use: a fifth smaller than q 3 and no visible loss,
      // and the poster is most of what an embed weighs before play (bench:embed-weight).
      '-q:v',
      '4',
      still.output,
    ]),
  ];
}

export const STORYBOARD_TILE_WIDTH = 160;
export const STORYBOARD_COLUMNS = 10;
export const STORYBOARD_MAX_TILES = 100;

/** One frame every `interval` seconds so that at most 100 tiles cover the video. */
export function storyboardInterval(durationSec: number): number {
  return Math.max(1, Math.ceil(durationSec / STORYBOARD_MAX_TILES));
}

export function storyboardArgs(input: string, output: string, durationSec: number): string[] {
  const interval = storyboardInterval(durationSec);
  const tiles = Math.max(1, Math.ceil(durationSec / interval));
  const rows = Math.ceil(tiles / STORYBOARD_COLUMNS);
  return [
    ...quiet,
    '-y',
    ...inputOptions(),
    '-i',
    input,
    '-vf',
    `fps=1/${interval},scale=${STORYBOARD_TILE_WIDTH}:-2,tile=${STORYBOARD_COLUMNS}x${rows}`,
    '-frames:v',
    '1',
    '-q:v',
    '4',
    output,
  ];
}

const timestamp = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

/** WebVTT cues pointing into the sprite (https://www.w3.org/TR/media-frags/#naming-space: #xywh). */
export function storyboardVtt(durationSec: number, tileHeight: number, sprite: string): string {
  const interval = storyboardInterval(durationSec);
  const tiles = Math.max(1, Math.ceil(durationSec / interval));
  const cues = Array.from({ length: tiles }, (_, i) => {
    const x = (i % STORYBOARD_COLUMNS) * STORYBOARD_TILE_WIDTH;
    const y = Math.floor(i / STORYBOARD_COLUMNS) * tileHeight;
    const end = Math.min(durationSec, (i + 1) * interval);
    return `${timestamp(i * interval)} --> ${timestamp(end)}\n${sprite}#xywh=${x},${y},${STORYBOARD_TILE_WIDTH},${tileHeight}`;
  });
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/**
 * The animated preview for email embeds: a GIF, because every mail client shows GIFs and few show video
 * or animated WebP. Three seconds from a tenth of the way in, exactly as wide as the email snippet shows it
 * (EMAIL_PREVIEW_WIDTH, so no mail client rescales it), 10 fps, its own palette.
 */
export function previewArgs(input: string, output: string, durationSec: number): string[] {
  const start = durationSec > 6 ? Math.round(durationSec * 0.1 * 10) / 10 : 0;
  return [
    ...quiet,
    '-y',
    '-ss',
    String(start),
    '-t',
    '3',
    ...inputOptions(),
    '-i',
    input,
    '-vf',
    `fps=10,scale=${EMAIL_PREVIEW_WIDTH}:-2:flags=lanczos,split[a][b];[a]palettegen=max_colors=128[p];[b][p]paletteuse=dither=bayer`,
    '-loop',
    '0',
    output,
  ];
}

/** Percent done from ffmpeg's `-progress` lines (`out_time_us=...`), or null when a chunk says nothing new. */
export function parseProgress(chunk: string, durationSec: number): number | null {
  let percent: number | null = null;
  for (const line of chunk.split('\n')) {
    const [key, value] = line.trim().split('=');
    if (key === 'progress' && value === 'end') percent = 100;
    else if ((key === 'out_time_us' || key === 'out_time_ms') && value && /^\d+$/.test(value) && durationSec > 0) {
      // out_time_ms is in microseconds too (a long-standing ffmpeg misnomer).
      percent = Math.min(99, (Number(value) / 1e6 / durationSec) * 100);
    }
  }
  return percent;
}

import path from 'node:path';
import { VIDEO_DEMUXERS } from '../../videos/ffmpeg-args.ts';
import {
  assScript,
  chunkEvents,
  cleanText,
  emsIn,
  SUBTITLE_MAX_LINES,
  type TextEvent,
  textLayout,
  titleEvents,
  wrapLines,
} from './ass-script.ts';
import type { RenderPlan } from './render-plan.ts';

/**
 * The ffmpeg command line that renders a blog-to-video project in one run, as a pure function: the
 * arguments, and the side files (the ASS script) to write into the work folder first.
 *
 * Video: each scene is a segment of exactly its frames; segments are joined by cross-fades (`xfade`), each
 * segment but the last made longer by the fade, so the video lasts the sum of the scenes. A still is
 * decoded and scaled once and its frame repeated (`loop`), the motion being a moving crop of it, which
 * costs nothing per frame, where `zoompan` would scale every 1080p frame anew. Then the logo, then the text
 * (libass), then H.264.
 * Audio: the voices on the scenes' timeline (or the one recording of the script), the music looped under
 * them, lowered while a voice speaks (`sidechaincompress`), and faded out at the end; silence when there is
 * neither, since every LeadReel video has a sound track.
 * Every input is opened with the `file` protocol and only the demuxers it can be, as in ffmpeg-args.ts.
 */

/** Audio rate of the output: what the ladder's AAC and browsers play. */
export const RENDER_AUDIO_RATE = 48_000;

/** How far a still pans over its scene: 6 % of the frame, slow enough to read as calm. */
export const PAN_SHARE = 0.06;

/**
 * x264 settings of the render. It is a mezzanine, re-encoded into the ladder like any upload, so quality
 * over size: CRF 20 is visually clean. bench:blog-render (70 s of 1080p30 stills, voices, subtitles, music):
 * `veryfast` spends 40 processor seconds, about 0.3 of the video's length on two idle cores, within the
 * target of 0.5; `superfast` saved a fifth of that at twice the size (6.7 against 3.3 Mb/s), `ultrafast`
 * more at four times. `-tune stillimage` is left out as every still pans.
 */
export const RENDER_PRESET = 'veryfast';
export const RENDER_CRF = 20;

/** Music at volume 100 is the track as it is; below, the level falls with the square (-12 dB at 50), as listening does. */
export const musicGain = (volume: number) => (Math.min(100, Math.max(0, volume)) / 100) ** 2;

/**
 * Ducking: the music is pressed down once the voice passes -34 dBFS, by up to 8:1 (about 10 to 15 dB under
 * speech), at once (20 ms) and back over 600 ms, so it does not swell in the pauses between words
 * (https://ffmpeg.org/ffmpeg-filters.html#sidechaincompress).
 */
const DUCK = 'sidechaincompress=threshold=0.02:ratio=8:attack=20:release=600:makeup=1';
/** The music fades in over a second and out over the video's last three. */
const MUSIC_FADE_IN = 1;
const MUSIC_FADE_OUT = 3;

/** Soft two-colour backgrounds of text-only scenes, taken in turn. Dark enough for white text. */
const BACKGROUNDS: [string, string][] = [
  ['0x1d3557', '0x457b9d'],
  ['0x3c2a4d', '0x6d597a'],
  ['0x1b4332', '0x40916c'],
  ['0x4a2c2a', '0x9c6644'],
];

const AUDIO_DEMUXERS = ['wav', 'mp3', 'mov', 'ogg', 'flac', 'matroska', 'aac'];
/** `-protocol_whitelist file`: nothing but local files; `-format_whitelist`: only what the input can be. */
const input = (demuxers: string[], file: string, before: string[] = []) => [
  ...before,
  '-protocol_whitelist',
  'file',
  '-format_whitelist',
  demuxers.join(','),
  '-i',
  file,
];

/**
 * Stills through `image2pipe`, forced: it reads the one file it is given and finds the codec from the
 * bytes (PNG, JPEG, WebP...), where `image2`, which the probe picks for a .jpg, would take a `%d` in a path
 * as a numbered sequence of files.
 */
const IMAGE_DEMUXERS = ['image2pipe'];
const imageInput = (file: string, fps: number) =>
  input(IMAGE_DEMUXERS, file, ['-f', 'image2pipe', '-framerate', String(fps)]);

/**
 * A value inside a filter graph: escaped for the option parser (`\ ' :`) and then for the graph's own
 * (`\ ' [ ] , ;`), https://ffmpeg.org/ffmpeg-filters.html#Notes-on-filtergraph-escaping.
 */
export function filterValue(value: string): string {
  const option = value.replace(/[\\':]/g, (c) => `\\${c}`);
  return option.replace(/[\\'[\],;]/g, (c) => `\\${c}`);
}

export type RenderTimeline = {
  /** Frame where each scene starts, and the total frame count. */
  startFrames: number[];
  totalFrames: number;
  /** Frames of a cross-fade (0: cuts). */
  fadeFrames: number;
  /** Seconds where each scene starts (its voice, its subtitle), and the video's length. */
  starts: number[];
  duration: number;
};

/**
 * Where scenes fall, in frames: starts are the rounded running sums of the durations, so rounding never
 * adds up and the video lasts their sum to the frame. A fade is at most half the shortest scene.
 */
export function renderTimeline(plan: Pick<RenderPlan, 'fps' | 'scenes' | 'transitionSeconds'>): RenderTimeline {
  if (plan.scenes.length === 0) throw new RangeError('a render needs at least one scene');
  let at = 0;
  const startFrames: number[] = [];
  for (const scene of plan.scenes) {
    if (!(scene.duration > 0) || !Number.isFinite(scene.duration)) throw new RangeError('a scene lasts more than 0 s');
    startFrames.push(Math.round(at * plan.fps));
    at += scene.duration;
  }
  const totalFrames = Math.max(startFrames.length, Math.round(at * plan.fps));
  // A scene shorter than a frame still gets one.
  for (let i = 1; i < startFrames.length; i++) {
    startFrames[i] = Math.max((startFrames[i - 1] ?? 0) + 1, startFrames[i] ?? 0);
  }
  const lengths = startFrames.map((start, i) => (startFrames[i + 1] ?? totalFrames) - start);
  const wanted = Math.round(Math.max(0, plan.transitionSeconds) * plan.fps);
  const fadeFrames = plan.scenes.length > 1 ? Math.min(wanted, Math.floor(Math.min(...lengths) / 2)) : 0;
  return {
    startFrames,
    totalFrames,
    fadeFrames,
    starts: startFrames.map((frame) => frame / plan.fps),
    duration: totalFrames / plan.fps,
  };
}

/** The text events of a plan: subtitles of scenes with a picture (when on), the big text of those without. */
export function textEvents(plan: RenderPlan, timeline: RenderTimeline): TextEvent[] {
  const layout = textLayout(plan.width, plan.height);
  return plan.scenes.flatMap((scene, i) => {
    const start = timeline.starts[i] ?? 0;
    const end = timeline.starts[i + 1] ?? timeline.duration;
    if (!cleanText(scene.text)) return [];
    // A text-only scene shows its text large already: a subtitle under it would say it twice.
    if (!scene.media) return titleEvents(scene.text, plan.width, plan.height, start, end).events;
    if (!plan.subtitles) return [];
    const maxEm = emsIn(plan.width - 2 * layout.sideMargin, layout.subtitleSize);
    return chunkEvents(wrapLines(scene.text, maxEm), SUBTITLE_MAX_LINES, start, end, 'Subtitle');
  });
}

export type RenderCommand = {
  args: string[];
  /** Files to write into the work folder before running: name -> content. */
  files: Record<string, string>;
  /** Seconds of the output. */
  duration: number;
};

const even = (value: number) => Math.max(2, Math.ceil(value / 2) * 2);

/**
 * The command for `plan`, writing `outPath`. `workDir` holds the side files; `fontsDir` the font files
 * libass loads (the CJK font, so Chinese is drawn whatever fontconfig has), `font` their family name.
 */
export function renderArgs(
  plan: RenderPlan,
  outPath: string,
  options: { workDir: string; fontsDir: string | null; font: string },
): RenderCommand {
  const { width: W, height: H, fps } = plan;
  const timeline = renderTimeline(plan);
  const { startFrames, totalFrames, fadeFrames } = timeline;
  const duration = timeline.duration;
  const inputs: string[] = [];
  let inputCount = 0;
  const addInput = (args: string[]) => {
    inputs.push(...args);
    return inputCount++;
  };
  const graph: string[] = [];
  // The same rate, time base, size and pixel format on every segment: what xfade and concat require.
  const segmentTail = (frames: number) => `settb=1/${fps},setpts=N,setsar=1,trim=end_frame=${frames}`;

  plan.scenes.forEach((scene, i) => {
    const frames =
      (startFrames[i + 1] ?? totalFrames) - (startFrames[i] ?? 0) + (i < plan.scenes.length - 1 ? fadeFrames : 0);
    const media = scene.media;
    if (media?.kind === 'image') {
      const k = addInput(imageInput(media.path, fps));
      // Scaled once to cover the frame with room to pan, then that one frame repeated and cropped along a
      // line through the centre; alternate scenes pan the other way. exact=1: odd offsets too, so the pan
      // moves a pixel at a time rather than in steps of two.
      const coverW = even(W * (1 + PAN_SHARE));
      const coverH = even(H * (1 + PAN_SHARE));
      const sign = i % 2 === 0 ? 1 : -1;
      const progress = `(n/${Math.max(1, frames - 1)}-0.5)`;
      const x = `(iw-ow)/2+${sign}*min(iw-ow\\,${Math.round(W * PAN_SHARE)})*${progress}`;
      const y = `(ih-oh)/2+${-sign}*min(ih-oh\\,${Math.round(H * PAN_SHARE)})*${progress}/2`;
      graph.push(
        `[${k}:v]trim=end_frame=1,scale=${coverW}:${coverH}:force_original_aspect_ratio=increase:flags=bicubic,format=yuv420p,` +
          `loop=loop=${frames - 1}:size=1:start=0,crop=w=${W}:h=${H}:x='${x}':y='${y}':exact=1,${segmentTail(frames)}[s${i}]`,
      );
    } else if (media?.kind === 'video') {
      // Looped when shorter than the scene, read no further than it, its sound left out; the last frame held
      // should the clip give fewer frames than its length promised.
      const seconds = (frames / fps + 1).toFixed(3);
      const k = addInput(input(VIDEO_DEMUXERS, media.path, ['-stream_loop', '-1', '-t', seconds, '-an']));
      graph.push(
        `[${k}:v]fps=${fps},scale=${W}:${H}:force_original_aspect_ratio=increase,crop=${W}:${H},format=yuv420p,` +
          `tpad=stop_mode=clone:stop=-1,${segmentTail(frames)}[s${i}]`,
      );
    } else {
      const [c0, c1] = BACKGROUNDS[i % BACKGROUNDS.length] as [string, string];
      // One frame of a diagonal gradient, repeated. `speed` all but 0: at its default `gradients` has turned
      // the gradient by its first frame, leaving one colour over most of the frame.
      graph.push(
        `gradients=s=${W}x${H}:r=${fps}:c0=${c0}:c1=${c1}:x0=0:y0=0:x1=${W}:y1=${H}:nb_colors=2:speed=0.00001,trim=end_frame=1,` +
          `format=yuv420p,loop=loop=${frames - 1}:size=1:start=0,${segmentTail(frames)}[s${i}]`,
      );
    }
  });

  let video = 's0';
  if (plan.scenes.length > 1) {
    graph.push(...joinScenes(plan.scenes.length, startFrames, totalFrames, fadeFrames, fps));
    video = 'joined';
  }

  if (plan.logoPath) {
    const k = addInput(imageInput(plan.logoPath, fps));
    const short = Math.min(W, H);
    const margin = Math.round(short * 0.03);
    // Small: inside 16 % of the width by 8 % of the short side, the top right corner, as a channel's mark.
    graph.push(
      `[${k}:v]trim=end_frame=1,scale=${even(W * 0.16)}:${even(short * 0.08)}:force_original_aspect_ratio=decrease,format=rgba[logo]`,
      `[${video}][logo]overlay=x=W-w-${margin}:y=${margin}:eof_action=repeat:format=yuv420[logoed]`,
    );
    video = 'logoed';
  }

  const files: Record<string, string> = {};
  const events = textEvents(plan, timeline);
  if (events.length > 0) {
    files['text.ass'] = assScript({ width: W, height: H, font: options.font, events });
    const fonts = options.fontsDir ? `:fontsdir=${filterValue(options.fontsDir)}` : '';
    graph.push(
      `[${video}]ass=filename=${filterValue(path.join(options.workDir, 'text.ass'))}${fonts}:shaping=complex[texted]`,
    );
    video = 'texted';
  }
  graph.push(`[${video}]format=yuv420p[vout]`);

  graph.push(...audioGraph(plan, timeline, addInput));

  return {
    args: [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-progress',
      'pipe:1',
      '-nostats',
      '-y',
      ...inputs,
      '-filter_complex',
      graph.join(';'),
      '-map',
      '[vout]',
      '-map',
      '[aout]',
      '-c:v',
      'libx264',
      '-preset',
      RENDER_PRESET,
      '-crf',
      String(RENDER_CRF),
      '-profile:v',
      'high',
      '-pix_fmt',
      'yuv420p',
      '-r',
      String(fps),
      '-c:a',
      'aac',
      '-b:a',
      '192k',
      '-ar',
      String(RENDER_AUDIO_RATE),
      '-ac',
      '2',
      '-t',
      duration.toFixed(6),
      // The index first, so the pipeline (and a browser) can read it without the whole file.
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      outPath,
    ],
    files,
    duration,
  };
}

/**
 * The scenes one after the other, each fading into the next over `fadeFrames`. `xfade` only blends the
 * fades' own frames: fed whole scenes, ffmpeg 5.1's xfade cost 5 ms a frame at 1080p even where it only
 * passes them on (10 s of a 70 s render), so each segment is split into its head (the fade in), its body
 * and its tail (the fade out); the bodies and the fades are joined by `concat`, which costs nothing.
 */
function joinScenes(count: number, startFrames: number[], totalFrames: number, fadeFrames: number, fps: number) {
  if (fadeFrames === 0) {
    return [`${Array.from({ length: count }, (_, i) => `[s${i}]`).join('')}concat=n=${count}:v=1:a=0[joined]`];
  }
  const graph: string[] = [];
  const parts: string[] = [];
  const fade = (fadeFrames / fps).toFixed(6);
  for (let i = 0; i < count; i++) {
    const frames = (startFrames[i + 1] ?? totalFrames) - (startFrames[i] ?? 0) + (i < count - 1 ? fadeFrames : 0);
    const head = i > 0;
    const tail = i < count - 1;
    const outputs = [head ? `[h${i}]` : '', `[b${i}]`, tail ? `[t${i}]` : ''].join('');
    const bodyStart = head ? fadeFrames : 0;
    const bodyEnd = tail ? frames - fadeFrames : frames;
    graph.push(`[s${i}]split=${outputs.split('][').length}${outputs}`);
    if (head) graph.push(`[h${i}]trim=end_frame=${fadeFrames}[hh${i}]`);
    graph.push(`[b${i}]trim=start_frame=${bodyStart}:end_frame=${bodyEnd},setpts=PTS-STARTPTS[bb${i}]`);
    if (tail) graph.push(`[t${i}]trim=start_frame=${bodyEnd},setpts=PTS-STARTPTS[tt${i}]`);
    if (head) {
      graph.push(`[tt${i - 1}][hh${i}]xfade=transition=fade:duration=${fade}:offset=0[f${i}]`);
      parts.push(`[f${i}]`);
    }
    parts.push(`[bb${i}]`);
  }
  graph.push(`${parts.join('')}concat=n=${parts.length}:v=1:a=0[joined]`);
  return graph;
}

/** Any sound as 48 kHz stereo; a voice folded to mono first, so a mono recording is at full level in both ears. */
const asVoice = `aresample=${RENDER_AUDIO_RATE},aformat=sample_fmts=fltp:channel_layouts=mono,pan=stereo|c0=c0|c1=c0`;
const asMusic = `aresample=${RENDER_AUDIO_RATE},aformat=sample_fmts=fltp:channel_layouts=stereo`;

function audioGraph(plan: RenderPlan, timeline: RenderTimeline, addInput: (args: string[]) => number): string[] {
  const graph: string[] = [];
  const sample = (seconds: number) => Math.round(seconds * RENDER_AUDIO_RATE);
  const total = sample(timeline.duration);
  const silence = (samples: number) => `anullsrc=r=${RENDER_AUDIO_RATE}:cl=stereo,atrim=end_sample=${samples}`;

  let voice: string | null = null;
  if (plan.voiceTrackPath) {
    const k = addInput(input(AUDIO_DEMUXERS, plan.voiceTrackPath));
    graph.push(`[${k}:a]${asVoice},apad,atrim=end_sample=${total}[voice]`);
    voice = 'voice';
  } else if (plan.scenes.some((scene) => scene.voicePath)) {
    // Each scene's slot: its voice from the slot's start, silence after it, cut (with a short fade, so the
    // cut does not click) where the next scene starts.
    const slots = plan.scenes.map((scene, i) => {
      const from = sample(timeline.starts[i] ?? 0);
      const to = i + 1 < plan.scenes.length ? sample(timeline.starts[i + 1] ?? 0) : total;
      const samples = Math.max(1, to - from);
      if (!scene.voicePath) return `${silence(samples)}[v${i}]`;
      const k = addInput(input(AUDIO_DEMUXERS, scene.voicePath));
      const fade = Math.min(samples, sample(0.03));
      return `[${k}:a]${asVoice},apad,atrim=end_sample=${samples},afade=t=out:ss=${samples - fade}:ns=${fade}[v${i}]`;
    });
    graph.push(
      ...slots,
      `${plan.scenes.map((_, i) => `[v${i}]`).join('')}concat=n=${plan.scenes.length}:v=0:a=1[voice]`,
    );
    voice = 'voice';
  }

  let music: string | null = null;
  if (plan.bgm && plan.bgm.volume > 0) {
    const k = addInput(input(AUDIO_DEMUXERS, plan.bgm.path, ['-stream_loop', '-1']));
    const fadeOut = Math.min(MUSIC_FADE_OUT, timeline.duration / 2);
    graph.push(
      `[${k}:a]${asMusic},atrim=end_sample=${total},volume=${musicGain(plan.bgm.volume).toFixed(4)},` +
        `afade=t=in:d=${Math.min(MUSIC_FADE_IN, timeline.duration / 2).toFixed(3)},` +
        `afade=t=out:st=${(timeline.duration - fadeOut).toFixed(3)}:d=${fadeOut.toFixed(3)}[music]`,
    );
    music = 'music';
  }

  if (voice && music) {
    graph.push(
      `[${voice}]asplit=2[speech][key]`,
      `[${music}][key]${DUCK}[ducked]`,
      // normalize=0: summed as they are; amix would otherwise halve the voice.
      '[ducked][speech]amix=inputs=2:duration=first:normalize=0[aout]',
    );
  } else if (voice || music) {
    graph.push(`[${voice ?? music}]anull[aout]`);
  } else {
    graph.push(`${silence(total)}[aout]`);
  }
  return graph;
}

import { fileExtension, type MaterialKind } from '@leadreel/shared';
import { inputOptions } from '../videos/ffmpeg-args.ts';
import { checkProbe, type Probe } from '../videos/probe.ts';

/**
 * What processing a material runs, as pure functions returning argument arrays, and what it accepts of
 * ffprobe's answer. The bytes decide, not the name: each kind opens its input with the `file` protocol
 * and only the demuxers of its own formats (https://ffmpeg.org/ffmpeg-formats.html#Format-Options).
 */

/** The picture formats of the image kind that ffmpeg reads (SVG goes through rsvg-convert first). */
export const IMAGE_DEMUXERS = ['png_pipe', 'jpeg_pipe', 'gif', 'bmp_pipe', 'webp_pipe', 'tiff_pipe'];
const IMAGE_CODECS = ['png', 'mjpeg', 'gif', 'bmp', 'webp', 'tiff'];

/** The container each sound extension must really be: ffprobe names the MP4 family `mov,mp4,m4a,...`. */
const SOUND_DEMUXERS: Record<string, string> = { mp3: 'mp3', wav: 'wav', m4a: 'mov' };

/** The demuxers a material's file may be opened with, from its kind and its name's extension. */
export function materialDemuxers(kind: MaterialKind, name: string): string[] {
  switch (kind) {
    case 'image':
      return IMAGE_DEMUXERS;
    case 'material-video':
      return ['mov'];
    case 'material-audio':
      return [SOUND_DEMUXERS[fileExtension(name)] ?? 'mp3'];
    case 'tts-subtitle':
    case 'tts-scene':
      return ['mp3'];
  }
}

/** The render copy of a picture is at most this many pixels on its long side (a 4K frame's width). */
export const RENDER_MAX_SIDE = 3840;
/** The library's cover is this wide, proportional height. */
export const COVER_WIDTH = 320;
/** A picture that declares more than this decodes into more memory than a 2 MB file deserves (a pixel flood). */
const IMAGE_MAX_SIDE = 16_384;
const IMAGE_MAX_PIXELS = 100_000_000;

const quiet = ['-hide_banner', '-nostdin', '-loglevel', 'error'];

/**
 * An image's render copy (PNG, no larger than RENDER_MAX_SIDE on its long side, never enlarged) and its
 * cover (JPEG, COVER_WIDTH wide) from one decode of its first frame (an animated GIF or WebP stays still).
 */
export function imageRenderArgs(input: string, demuxers: readonly string[], render: string, cover: string): string[] {
  const fit = `scale='min(${RENDER_MAX_SIDE},iw)':'min(${RENDER_MAX_SIDE},ih)':force_original_aspect_ratio=decrease`;
  return [
    ...quiet,
    '-y',
    ...inputOptions(demuxers),
    '-i',
    input,
    '-filter_complex',
    `[0:v]split=2[r][c];[r]${fit}[render];[c]scale=${COVER_WIDTH}:-2,format=yuvj420p[cover]`,
    '-map',
    '[render]',
    '-frames:v',
    '1',
    render,
    '-map',
    '[cover]',
    '-frames:v',
    '1',
    '-q:v',
    '4',
    cover,
  ];
}

/**
 * rsvg-convert (librsvg) renders an SVG, which ffmpeg cannot read, into a PNG fitted in a
 * RENDER_MAX_SIDE square: a drawing has no pixel size of its own, so the render is the sharpest one the
 * videos can use. librsvg loads no file outside the SVG's own folder, and the source's folder holds
 * nothing else (https://docs.rs/librsvg/latest/rsvg/, "The base file and resolving references").
 */
export function svgRenderArgs(input: string, output: string): string[] {
  return [
    '--format',
    'png',
    '--keep-aspect-ratio',
    '--width',
    String(RENDER_MAX_SIDE),
    '--height',
    String(RENDER_MAX_SIDE),
    '--output',
    output,
    input,
  ];
}

/** Whether the first bytes of a file are an SVG document (XML whose root is <svg>), as a browser sniffs. */
export function looksLikeSvg(head: Buffer): boolean {
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  return /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(text);
}

/**
 * Why ffprobe's answer does not fit the material's kind, or null when it does: a picture that decodes, a
 * sound of its name's format, a clip in an MP4 with a picture.
 */
export function checkMaterialProbe(kind: MaterialKind, name: string, probe: Probe): string | null {
  if (kind === 'image') {
    const video = probe.video;
    if (!video || !IMAGE_CODECS.includes(video.codec)) return 'not a picture';
    if (video.width <= 0 || video.height <= 0) return 'the picture has no size';
    if (video.width > IMAGE_MAX_SIDE || video.height > IMAGE_MAX_SIDE || video.width * video.height > IMAGE_MAX_PIXELS)
      return `the picture is ${video.width}x${video.height}, larger than a picture of this size can be`;
    return null;
  }
  if (kind === 'material-video') {
    if (!probe.format.split(',').includes('mov')) return `the file is ${probe.format}, not an MP4`;
    return checkProbe(probe)?.reason ?? null;
  }
  const expected = materialDemuxers(kind, name)[0] as string;
  if (!probe.format.split(',').includes(expected)) return `the file is ${probe.format || 'unknown'}, not ${expected}`;
  if (!probe.audio) return 'the file has no sound';
  if (!(probe.durationSec > 0)) return 'the sound has no duration';
  return null;
}

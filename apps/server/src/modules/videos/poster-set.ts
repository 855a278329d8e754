import path from 'node:path';
import type { PosterSet } from '../../db/schema.ts';
import { inputOptions } from './ffmpeg-args.ts';

export type { PosterSet };

/*
 * The poster in the formats and widths a page picks from (<picture> with srcset): AVIF, which every current
 * browser shows, at a fifth of the JPEG's bytes, and WebP for the browsers before it; the JPEG poster and
 * thumbnail stay for everything else (mail, Open Graph, old browsers). The poster is most of what an embed
 * weighs before the viewer presses play (bench:embed-weight).
 */

/** Widths offered: a small embed, a usual embed or phone, and a large player (never above the source). */
export const POSTER_WIDTHS = [320, 640, 1280];

const FORMATS = [
  {
    type: 'image/avif' as const,
    ext: 'avif',
    // A still picture at crf 35: a 640-wide frame of camera footage in about 3 KB, no visible loss at its size.
    codec: ['-c:v', 'libaom-av1', '-still-picture', '1', '-crf', '35', '-cpu-used', '6', '-pix_fmt', 'yuv420p'],
  },
  { type: 'image/webp' as const, ext: 'webp', codec: ['-c:v', 'libwebp', '-quality', '60'] },
];

/** The widths of the set for a source `width` wide (the largest the source holds, at least the smallest). */
export function posterWidths(width: number): number[] {
  const fitting = POSTER_WIDTHS.filter((w) => w <= width);
  return fitting.length > 0 ? fitting : [Math.max(2, width - (width % 2))];
}

/** One ffmpeg: one decode of the frame at `atSeconds`, every width and format from it. Files go to outDir/posters/. */
export function posterSetArgs(input: string, outDir: string, width: number, atSeconds: number) {
  const widths = posterWidths(width);
  const outputs = FORMATS.flatMap((format) => widths.map((w) => ({ format, width: w })));
  const split = `[0:v]split=${outputs.length}${outputs.map((_, i) => `[s${i}]`).join('')}`;
  const scales = outputs.map((output, i) => `[s${i}]scale=${output.width}:-2[o${i}]`);
  const file = (output: (typeof outputs)[number]) => `posters/${output.width}.${output.format.ext}`;
  const args = [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-ss', String(atSeconds)],
    ...inputOptions(),
    ...['-i', input, '-filter_complex', [split, ...scales].join(';')],
    ...outputs.flatMap((output, i) => [
      '-map',
      `[o${i}]`,
      '-frames:v',
      '1',
      ...output.format.codec,
      path.join(outDir, file(output)),
    ]),
  ];
  const set: PosterSet = FORMATS.map((format) => ({
    type: format.type,
    files: widths.map((w) => ({ path: `posters/${w}.${format.ext}`, width: w })),
  }));
  return { args, set };
}

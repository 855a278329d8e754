import { z } from 'zod';
import { textField } from '../text.ts';
import { MAX_VIDEO_SECONDS } from './player.ts';
import { videoIdField } from './videos.ts';

// ---- Subtitles (the console contract /video-setting/{videoId}/subtitle): SRT or WebVTT files per language, edited as cues ----

export const SUBTITLE_FILE_MAX_BYTES = 2 * 1024 * 1024;
export const SUBTITLE_TRACKS_MAX = 20;
export const SUBTITLE_CUES_MAX = 5000;
export const SUBTITLE_CUE_TEXT_MAX = 500;
export const SUBTITLE_LABEL_MAX = 40;

export type Cue = { start: number; end: number; text: string };

/** A language tag as <track srclang> takes it (BCP 47, e.g. en, zh-CN, pt-BR). */
export const subtitleLangField = textField('subtitle_lang_invalid')
  .trim()
  .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8}){0,2}$/, 'subtitle_lang_invalid');

/**
 * One cue, as the server takes it and the console's cue editor checks it before sending (so every line at
 * fault is marked at once). Times out of order are reported beside a problem with the text.
 */
export const cueSchema = z
  .strictObject({
    start: z.number({ error: 'illegal_input' }).min(0, 'illegal_input').max(MAX_VIDEO_SECONDS, 'illegal_input'),
    end: z.number({ error: 'illegal_input' }).min(0, 'illegal_input').max(MAX_VIDEO_SECONDS, 'illegal_input'),
    text: textField().trim().min(1, 'subtitle_cue_empty').max(SUBTITLE_CUE_TEXT_MAX, 'subtitle_cue_too_long'),
  })
  .refine((cue) => cue.end > cue.start, {
    message: 'subtitle_cue_times',
    path: ['end'],
    when: ({ value }) => {
      const times = value as { start?: unknown; end?: unknown } | undefined;
      return typeof times?.start === 'number' && typeof times.end === 'number';
    },
  });

export const cuesField = z
  .array(cueSchema, { error: 'illegal_input' })
  .min(1, 'subtitle_empty')
  .max(SUBTITLE_CUES_MAX, 'subtitle_too_many_cues');

const labelField = textField()
  .trim()
  .min(1, 'subtitle_label_required')
  .max(SUBTITLE_LABEL_MAX, 'subtitle_label_too_long');

export const subtitleListQuery = z.strictObject({ videoId: videoIdField });
/** A file as the browser read it: its name (for the format) and its text. */
export const uploadSubtitleBody = z.strictObject({
  videoId: videoIdField,
  lang: subtitleLangField,
  label: labelField,
  fileName: textField().max(255, 'illegal_input'),
  content: textField().max(SUBTITLE_FILE_MAX_BYTES, 'subtitle_file_too_large'),
});
export const saveSubtitleBody = z.strictObject({
  subtitleId: videoIdField,
  label: labelField,
  cues: cuesField,
});
export const subtitleIdBody = z.strictObject({ subtitleId: videoIdField });
export const defaultSubtitleBody = z.strictObject({ videoId: videoIdField, subtitleId: videoIdField.nullable() });

export const subtitleData = z.object({
  subtitleId: z.string(),
  videoId: z.string(),
  lang: z.string(),
  label: z.string(),
  isDefault: z.boolean(),
  cues: z.array(z.object({ start: z.number(), end: z.number(), text: z.string() })),
  /** The WebVTT the player loads. */
  url: z.string(),
});
export type Subtitle = z.infer<typeof subtitleData>;
export const subtitleListData = z.array(subtitleData);

// ---- Parsing and writing (shared: the server checks uploads, the console previews them) ----

const TIMING = /^\s*((?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})\s*-->\s*((?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})(?:\s+.*)?$/;

function seconds(stamp: string): number {
  const parts = stamp.replace(',', '.').split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

export class SubtitleParseError extends Error {
  readonly line: number;
  constructor(line: number) {
    super(`no cue timing at line ${line}`);
    this.line = line;
  }
}

/**
 * Cues of an SRT or WebVTT file: each block's timing line and the text under it. Styling tags are dropped
 * (the player shows plain text); a block whose timing does not parse is an error naming its line, since a
 * silently skipped cue would leave a gap the owner never sees.
 */
export function parseSubtitles(content: string): Cue[] {
  const lines = content
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  const cues: Cue[] = [];
  let index = 0;
  if (lines[0]?.startsWith('WEBVTT')) {
    // The header block, then NOTE, STYLE and REGION blocks, are not cues.
    while (index < lines.length && lines[index]?.trim() !== '') index++;
  }
  while (index < lines.length) {
    while (index < lines.length && lines[index]?.trim() === '') index++;
    if (index >= lines.length) break;
    const start = index;
    const block: string[] = [];
    while (index < lines.length && lines[index]?.trim() !== '') block.push(lines[index++] as string);
    if (/^(NOTE|STYLE|REGION)\b/.test(block[0] ?? '')) continue;
    const timingAt = block.findIndex((line) => line.includes('-->'));
    const match = timingAt >= 0 && timingAt <= 1 ? TIMING.exec(block[timingAt] as string) : null;
    if (!match) throw new SubtitleParseError(start + Math.max(timingAt, 0) + 1);
    const text = block
      .slice(timingAt + 1)
      .join('\n')
      .replace(/<\/?[a-zA-Z][^<>]*>/g, '')
      .replace(/\{\\[^}]*\}/g, '')
      .trim();
    if (text === '') continue;
    cues.push({ start: seconds(match[1] as string), end: seconds(match[2] as string), text });
  }
  return cues;
}

/** hh:mm:ss.mmm, or with SRT's comma before the milliseconds. */
function stamp(value: number, decimal: '.' | ',' = '.'): string {
  const ms = Math.round(value * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}${decimal}${pad(ms % 1000, 3)}`;
}

/** WebVTT of plain-text cues; the text is escaped so nothing in it reads as a tag. */
export function toWebVtt(cues: Cue[]): string {
  // A blank line would end the cue early, so lines inside one cue stay together.
  const plain = (text: string) =>
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/\n\s*\n/g, '\n');
  return `WEBVTT\n\n${cues.map((cue) => `${stamp(cue.start)} --> ${stamp(cue.end)}\n${plain(cue.text)}`).join('\n\n')}\n`;
}

/**
 * SRT of plain-text cues: numbered blocks from 1, a comma before the milliseconds. SRT has no escapes, so the
 * text goes as it is, only without blank lines (a blank line ends the block).
 */
export function toSrt(cues: Cue[]): string {
  return cues
    .map(
      (cue, index) =>
        `${index + 1}\n${stamp(cue.start, ',')} --> ${stamp(cue.end, ',')}\n${cue.text.replace(/\n\s*\n/g, '\n')}\n`,
    )
    .join('\n');
}

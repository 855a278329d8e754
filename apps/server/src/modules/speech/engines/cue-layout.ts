import { type Cue, MAX_VIDEO_SECONDS, SUBTITLE_CUE_TEXT_MAX, SUBTITLE_CUES_MAX } from '@leadreel/shared';

/**
 * How subtitles are laid out on screen, shared by every engine: the rules optimiser lays whole tracks out, a
 * model's answer is held to the same limits, and transcripts are kept within what a track may hold.
 */

/** Characters a line of Latin script holds: the BBC's and Netflix's 42 (Netflix Timed Text Style Guide). */
export const LATIN_LINE = 42;
/** Characters a line of Chinese, Japanese or Korean holds (Netflix's Simplified Chinese guide: 16). */
export const CJK_LINE = 16;
export const MAX_LINES = 2;
/** A cue on screen longer than this is split (Netflix: at most 7 seconds). */
export const MAX_CUE_SECONDS = 7;
/** Parts shorter than this are not made: a flash nobody can read. */
const MIN_PART_SECONDS = 0.1;

const UNSPACED = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}';
const UNSPACED_CHAR = new RegExp(`[${UNSPACED}]`, 'u');
/** Scripts whose characters are each about as wide as two Latin letters. */
const WIDE_CHAR = new RegExp(`[${UNSPACED}\\p{Script=Hangul}]`, 'u');
/** One token: a character of a script written without spaces (with the punctuation closing it), or a run of anything else. */
const TOKEN = new RegExp(`[${UNSPACED}][\\p{Pe}\\p{Pf}\\p{Po}]*|[^${UNSPACED}]+`, 'gu');

/** A word, or one Chinese or Japanese character; `space` says whether a space goes before it inside a line. */
export type Token = { text: string; space: boolean };

const chars = (text: string) => [...text].length;

/** Text as tokens: a line may break between any two (at a space, or between two Han or kana characters). */
export function tokenize(text: string): Token[] {
  const result: Token[] = [];
  for (const chunk of text.split(/\s+/u)) {
    if (chunk === '') continue;
    const previous = result.at(-1)?.text ?? '';
    // A line break inside Chinese text is no space between words.
    const spaced = previous !== '' && !(UNSPACED_CHAR.test(previous.slice(-1)) && UNSPACED_CHAR.test(chunk[0] ?? ''));
    chunk.match(TOKEN)?.forEach((text, index) => {
      result.push({ text, space: index === 0 && spaced });
    });
  }
  return result;
}

export function joinTokens(tokens: readonly Token[]): string {
  return tokens.map((token, index) => (index > 0 && token.space ? ' ' : '') + token.text).join('');
}

/** Whether a text is mostly in a script written without spaces (Chinese, Japanese). */
export function isUnspaced(text: string): boolean {
  const letters = [...text].filter((char) => /[\p{L}\p{N}]/u.test(char));
  return letters.filter((char) => UNSPACED_CHAR.test(char)).length * 2 >= letters.length && letters.length > 0;
}

/** How many characters a line of this text may hold. */
export function lineLimit(text: string): number {
  const letters = [...text].filter((char) => /[\p{L}\p{N}]/u.test(char));
  const wide = letters.filter((char) => WIDE_CHAR.test(char)).length;
  return letters.length > 0 && wide * 2 >= letters.length ? CJK_LINE : LATIN_LINE;
}

/**
 * Lines of at most `limit` characters, broken between tokens (a token longer than a line has one of its own).
 * Two lines are balanced, so that neither is much longer than the other.
 */
export function wrapTokens(tokens: readonly Token[], limit: number): string[] {
  const lines: Token[][] = [];
  for (const token of tokens) {
    const line = lines.at(-1);
    if (line && chars(joinTokens([...line, token])) <= limit) line.push(token);
    else lines.push([token]);
  }
  if (lines.length === 2) {
    const all = lines.flat();
    let best: [number, number] = [Number.POSITIVE_INFINITY, 0];
    for (let cut = 1; cut < all.length; cut++) {
      const longer = Math.max(chars(joinTokens(all.slice(0, cut))), chars(joinTokens(all.slice(cut))));
      if (longer <= limit && longer < best[0]) best = [longer, cut];
    }
    if (best[1] > 0) return [joinTokens(all.slice(0, best[1])), joinTokens(all.slice(best[1]))];
  }
  return lines.map(joinTokens);
}

/** A text wrapped to its script's line length. */
export function wrapText(text: string): string[] {
  return wrapTokens(tokenize(text), lineLimit(text));
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** Where a part may end well: after a sentence, then after a clause. */
function breakBonus(token: Token | undefined): number {
  if (!token) return 0;
  if (/[.!?…。！？]["'”’)\]」』]*$/u.test(token.text)) return 0.35;
  if (/[,;:，、；：]$/u.test(token.text)) return 0.15;
  return 0;
}

/**
 * A cue as `parts` cues of about equal length, split between tokens, preferring the end of a sentence or a
 * clause near each cut. Each part's time is its share of the characters (spaces aside), so every part stays
 * within the original cue's time.
 */
export function splitCue(cue: Cue, parts: number): Cue[] {
  const tokens = tokenize(cue.text);
  const count = Math.min(parts, tokens.length);
  if (count <= 1) return [cue];
  const weights = tokens.map((token) => chars(token.text));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const cuts: number[] = [];
  let from = 1;
  for (let part = 1; part < count; part++) {
    const target = (total * part) / count;
    let best = { cost: Number.POSITIVE_INFINITY, at: from };
    let before = weights.slice(0, from - 1).reduce((sum, weight) => sum + weight, 0);
    // Leave at least one token for each part still to come.
    for (let at = from; at <= tokens.length - (count - part); at++) {
      before += weights[at - 1] ?? 0;
      const cost = Math.abs(before - target) / total - breakBonus(tokens[at - 1]) / count;
      if (cost < best.cost) best = { cost, at };
    }
    cuts.push(best.at);
    from = best.at + 1;
  }
  const bounds = [0, ...cuts, tokens.length];
  const span = cue.end - cue.start;
  const result: Cue[] = [];
  let done = 0;
  for (let index = 0; index + 1 < bounds.length; index++) {
    const slice = tokens.slice(bounds[index], bounds[index + 1]);
    const weight = slice.reduce((sum, token) => sum + chars(token.text), 0);
    const start = index === 0 ? cue.start : round(cue.start + (span * done) / total);
    done += weight;
    const end = index + 2 === bounds.length ? cue.end : round(cue.start + (span * done) / total);
    result.push({ start, end, text: joinTokens(slice) });
  }
  return result;
}

/**
 * A cue that does not fit, wrapped to its script's line length, and split at word boundaries while it has more than two lines
 * or lasts more than seven seconds. `budget.extra` is how many more cues the track may take
 * (SUBTITLE_CUES_MAX); once it is spent, cues are wrapped but no longer split.
 */
export function layoutCue(cue: Cue, budget: { extra: number }): Cue[] {
  const span = cue.end - cue.start;
  const own = cue.text.split('\n');
  const limit = lineLimit(cue.text);
  // Lines someone (or a model) already broke within the limits are theirs to keep.
  if (own.length <= MAX_LINES && own.every((line) => chars(line) <= limit) && span <= MAX_CUE_SECONDS) return [cue];
  const lines = wrapText(cue.text);
  const wanted = Math.max(Math.ceil(lines.length / MAX_LINES), Math.ceil(span / MAX_CUE_SECONDS - 1e-9));
  const parts = Math.min(wanted, Math.floor(span / MIN_PART_SECONDS), budget.extra + 1);
  const split = parts > 1 ? splitCue(cue, parts) : [cue];
  if (split.length === 1) return [{ ...cue, text: lines.join('\n') }];
  budget.extra -= split.length - 1;
  return split.flatMap((part) => layoutCue(part, budget));
}

/** Text a track can carry: well-formed, no control characters but line breaks, no blank lines, no padding. */
export function cleanText(text: string): string {
  return text
    .toWellFormed()
    .replace(/\r\n?/g, '\n')
    .replace(/[\p{Cc}\p{Cf}]/gu, (char) => (char === '\n' ? '\n' : char === '\t' ? ' ' : ''))
    .split('\n')
    .map((line) => line.replace(/\s+/gu, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/**
 * An engine's cues as a track may hold them (the shared contract's limits): text cleaned and within
 * SUBTITLE_CUE_TEXT_MAX (a longer one is split), empty ones dropped, times in order and inside the video's
 * longest length, at most SUBTITLE_CUES_MAX (the shortest neighbours are merged when an engine heard more).
 */
export function fitCues(cues: readonly Cue[]): Cue[] {
  const fitted: Cue[] = [];
  for (const cue of [...cues].sort((a, b) => a.start - b.start)) {
    const text = cleanText(cue.text);
    if (text === '' || !Number.isFinite(cue.start) || !Number.isFinite(cue.end)) continue;
    const start = round(Math.min(Math.max(cue.start, 0), MAX_VIDEO_SECONDS - MIN_PART_SECONDS));
    const end = round(Math.min(Math.max(cue.end, start + MIN_PART_SECONDS), MAX_VIDEO_SECONDS));
    const whole = { start, end, text };
    const pieces = chars(text) > SUBTITLE_CUE_TEXT_MAX ? splitCue(whole, Math.ceil(chars(text) / 400)) : [whole];
    // A single word longer than a cue may hold (no engine says one) is cut.
    fitted.push(
      ...pieces.map((piece) => ({ ...piece, text: [...piece.text].slice(0, SUBTITLE_CUE_TEXT_MAX).join('') })),
    );
  }
  while (fitted.length > SUBTITLE_CUES_MAX) {
    let shortest = 0;
    for (let index = 1; index + 1 < fitted.length; index++) {
      const length = (at: number) => chars(fitted[at]?.text ?? '') + chars(fitted[at + 1]?.text ?? '');
      if (length(index) < length(shortest)) shortest = index;
    }
    const [first, second] = fitted.slice(shortest, shortest + 2) as [Cue, Cue];
    const text = `${first.text} ${second.text}`;
    if (chars(text) > SUBTITLE_CUE_TEXT_MAX) {
      fitted.length = SUBTITLE_CUES_MAX;
      break;
    }
    fitted.splice(shortest, 2, { start: first.start, end: Math.max(first.end, second.end), text });
  }
  return fitted;
}

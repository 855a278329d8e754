import { type Cue, SUBTITLE_CUE_TEXT_MAX, SUBTITLE_CUES_MAX } from '@leadreel/shared';
import { cleanText, isUnspaced, layoutCue } from './cue-layout.ts';
import type { EngineCall, TextTasks } from './engine.ts';

/** A pause after a cue at least this long ends its sentence (a speaker who stops this long has finished). */
export const SENTENCE_PAUSE_SECONDS = 0.7;

const CLOSERS = `["'”’)\\]」』]*`;
const ENDS_SENTENCE = new RegExp(`[.!?…。！？]${CLOSERS}$`, 'u');
/** Trailing dots say the sentence goes on in the next cue: no full stop added, no capital after. */
const TRAILS_OFF = new RegExp(`(\\.\\.\\.|…)${CLOSERS}$`, 'u');
const ENDS_CLAUSE = /[,;:，、；：]$/u;
/** A sentence's end inside a cue, but not an abbreviation's dot (i.e., e.g., Mr., Dr.). */
const SENTENCE_INSIDE = /(?<!\p{L}\.\p{L}|\b(?:Mr|Mrs|Ms|Dr|Prof|St|vs))([.!?]["'”’)]*\s+)(\p{Ll})/gu;
/** English's pronoun "i", as a recogniser that knows no case writes it. */
const ENGLISH_I = /(?<![\p{L}\p{N}])i(?![\p{L}\p{N}]|\.\p{L})/gu;
const IDEOGRAPHIC_FULL_STOP = '\u3002';

const capitalised = (text: string) => text.replace(/\p{L}/u, (letter) => letter.toUpperCase());

/**
 * Sentences start with a capital; a cue followed by a pause of SENTENCE_PAUSE_SECONDS or more, and the last
 * cue, end with a full stop (an ideographic one in Chinese and Japanese) unless they already end a sentence;
 * a comma or colon left there is replaced.
 */
export function punctuate(cues: readonly Cue[], lang: string): Cue[] {
  const english = lang.toLowerCase().split('-')[0] === 'en';
  const result: Cue[] = [];
  for (const [index, cue] of cues.entries()) {
    let text = cue.text;
    if (english) text = text.replace(ENGLISH_I, 'I');
    text = text.replace(SENTENCE_INSIDE, (_match, end: string, letter: string) => end + letter.toUpperCase());
    const previous = result.at(-1)?.text;
    if (previous === undefined || (ENDS_SENTENCE.test(previous) && !TRAILS_OFF.test(previous)))
      text = capitalised(text);
    const next = cues[index + 1];
    const ends = !next || next.start - cue.end >= SENTENCE_PAUSE_SECONDS;
    if (ends && !ENDS_SENTENCE.test(text)) {
      const stopped = text.replace(ENDS_CLAUSE, '') + (isUnspaced(text) ? IDEOGRAPHIC_FULL_STOP : '.');
      if ([...stopped].length <= SUBTITLE_CUE_TEXT_MAX) text = stopped;
    }
    result.push({ ...cue, text });
  }
  return result;
}

/**
 * Lines of 42 characters (16 in Chinese, Japanese and Korean), at most two a cue, and no cue over seven
 * seconds: longer ones are split between words, each part timed by its share of the characters, all within
 * the original cue's time. The track never passes SUBTITLE_CUES_MAX.
 */
export function layoutCues(cues: readonly Cue[]): Cue[] {
  const budget = { extra: Math.max(0, SUBTITLE_CUES_MAX - cues.length) };
  return cues.flatMap((cue) => layoutCue(cue, budget));
}

/** "AI optimise" by rules alone: punctuation, then line length and cue splitting. */
export function createRulesTextTasks(): TextTasks {
  return {
    name: 'rules',
    async optimise(cues: Cue[], lang: string, call: EngineCall) {
      call.signal.throwIfAborted();
      const clean = cues.map((cue) => ({ ...cue, text: cleanText(cue.text) })).filter((cue) => cue.text !== '');
      const result = layoutCues(punctuate(clean, lang));
      call.onProgress?.(1);
      return result;
    },
  };
}

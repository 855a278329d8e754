import type { Cue } from '@leadreel/shared';
import { fitCues } from './cue-layout.ts';
import type { Transcriber } from './engine.ts';
import { requireLanguage } from './languages.ts';
import { runProgram } from './run-program.ts';
import { wavSeconds } from './wav.ts';

/** A recognised word and when it was said, in seconds from the start of the file. */
export type TimedWord = { word: string; start: number; end: number };

/** A silence at least this long between two words starts a new cue (a speaker's pause between phrases). */
export const CUE_PAUSE_SECONDS = 0.5;
/** A cue is closed before it passes two full lines (2 x 42 characters) ... */
export const CUE_MAX_CHARS = 84;
/** ... or this long on screen. */
export const CUE_MAX_SECONDS = 6;

/** pocketsphinx_continuous's command line: -time yes lists each word with its start, end and confidence. */
export function pocketsphinxArgs(wavPath: string): string[] {
  return ['-infile', wavPath, '-time', 'yes'];
}

/** One line of -time output: `word start end confidence`. The utterance's plain hypothesis lines do not match. */
const WORD_LINE = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d*\.?\d+(?:e-?\d+)?)$/;
/** Silences and fillers of the model's noise dictionary (<s>, </s>, <sil>, [NOISE], [SPEECH], ++BREATH++). */
const FILLER = /^(<.*>|\[.*\]|\+\+.*\+\+)$/;

/** The words in pocketsphinx's output, fillers dropped and alternate pronunciations' marks (`word(2)`) taken off. */
export function parsePocketsphinxWords(output: string): TimedWord[] {
  const words: TimedWord[] = [];
  for (const line of output.split('\n')) {
    const match = WORD_LINE.exec(line.trim());
    if (!match || FILLER.test(match[1] as string)) continue;
    const word = (match[1] as string).replace(/\(\d+\)$/, '');
    words.push({ word, start: Number(match[2]), end: Number(match[3]) });
  }
  return words;
}

/**
 * Words grouped into cues: a new cue after a pause of CUE_PAUSE_SECONDS, or before one would pass
 * CUE_MAX_CHARS or last longer than CUE_MAX_SECONDS. The rules optimiser punctuates them afterwards.
 */
export function groupWords(words: readonly TimedWord[]): Cue[] {
  const cues: Cue[] = [];
  let current: Cue | null = null;
  for (const { word, start, end } of words) {
    if (
      current &&
      (start - current.end >= CUE_PAUSE_SECONDS ||
        current.text.length + 1 + word.length > CUE_MAX_CHARS ||
        end - current.start > CUE_MAX_SECONDS)
    ) {
      cues.push(current);
      current = null;
    }
    if (current) {
      current.end = end;
      current.text = `${current.text} ${word}`;
    } else current = { start, end, text: word };
  }
  if (current) cues.push(current);
  return cues;
}

/** `timeoutMs`: the least time a run is given (a long file is given more). */
export type PocketsphinxOptions = { timeoutMs: number };

/** Speech to text by CMU pocketsphinx with its US English model (Debian's pocketsphinx, pocketsphinx-en-us). */
export function createPocketsphinxTranscriber(options: PocketsphinxOptions): Transcriber {
  return {
    name: 'pocketsphinx (English)',
    async languages() {
      return ['en'];
    },
    async transcribe(wavPath, lang, call) {
      requireLanguage(lang, ['en']);
      // Progress only: a file that cannot be read fails in pocketsphinx, which says why.
      const seconds = await wavSeconds(wavPath).catch(() => null);
      let pending = '';
      const output = await runProgram('pocketsphinx_continuous', pocketsphinxArgs(wavPath), {
        signal: call.signal,
        // It hears at about a third of real time here: a long video is given twice its length, not less.
        timeoutMs: Math.max(options.timeoutMs, (seconds ?? 0) * 2000),
        // Each utterance is printed when it is recognised: its last time says how far into the file it is.
        onStdout: (chunk) => {
          const lines = (pending + chunk).split('\n');
          pending = lines.pop() ?? '';
          const heard = parsePocketsphinxWords(lines.join('\n')).at(-1);
          if (heard && seconds) call.onProgress?.(Math.min(1, heard.end / seconds));
        },
      });
      const cues = fitCues(groupWords(parsePocketsphinxWords(output)));
      call.onProgress?.(1);
      return cues;
    },
  };
}

import { cleanText } from './cue-layout.ts';
import { type EngineCall, EngineError, type LanguagePair, type Translator } from './engine.ts';
import { canonicalTag, requirePair } from './languages.ts';
import { listingOnce, runProgram } from './run-program.ts';

/** A line apertium passes through untouched with -u, that no subtitle says: the seam between two texts. */
export const SEAM = '.\u00b6.';

/** A pair apertium names as `eng-spa`, with our tags and its own name for the mode; variants (spa-eng_US) are left out. */
export type ApertiumPair = LanguagePair & { mode: string };

/** The pairs `apertium -l` lists (one mode a line) whose two languages have BCP 47 tags. */
export function parseApertiumModes(listing: string): ApertiumPair[] {
  const pairs: ApertiumPair[] = [];
  for (const line of listing.split('\n')) {
    const mode = line.trim();
    const match = /^([a-z]{2,3})-([a-z]{2,3})$/.exec(mode);
    if (!match) continue;
    const from = canonicalTag(match[1] as string);
    const to = canonicalTag(match[2] as string);
    if (from && to && from !== to) pairs.push({ from, to, mode });
  }
  return pairs;
}

/** apertium's command line for a mode: -u leaves out the marks it puts on words it does not know (*word). */
export function apertiumArgs(mode: string): string[] {
  return ['-u', mode];
}

/** Texts as one input: each on its own line (a text's own line breaks become spaces), SEAM lines between them. */
export function joinForApertium(texts: readonly string[]): string {
  return `${texts.map((text) => cleanText(text).replace(/\n/g, ' ')).join(`\n${SEAM}\n`)}\n`;
}

/** The output split back at the seams; null when the count is not the count sent. */
export function splitFromApertium(output: string, count: number): string[] | null {
  const parts = output
    .replace(/\n$/, '')
    .split(`\n${SEAM}\n`)
    .map((part) => part.trim());
  return parts.length === count ? parts : null;
}

export type ApertiumOptions = { timeoutMs: number };

/** Translation by apertium (Debian's apertium and its language pairs, e.g. apertium-eng-spa). */
export function createApertiumTranslator(options: ApertiumOptions): Translator {
  const pairs = listingOnce('apertium', ['-l'], parseApertiumModes);
  const run = (mode: string, input: string, call: EngineCall) =>
    runProgram('apertium', apertiumArgs(mode), { signal: call.signal, timeoutMs: options.timeoutMs, input });

  return {
    name: 'apertium',
    async pairs() {
      return (await pairs()).map(({ from, to }) => ({ from, to }));
    },
    async translate(texts, pair, call) {
      const { mode } = requirePair(pair, await pairs());
      const wanted = texts.map((text, index) => ({ text, index })).filter(({ text }) => cleanText(text) !== '');
      const result = texts.map(() => '');
      if (wanted.length === 0) return result;
      const sources = wanted.map(({ text }) => text);
      let translated = sources.some((text) => text.includes(SEAM))
        ? null
        : splitFromApertium(await run(mode, joinForApertium(sources), call), sources.length);
      if (!translated) {
        // The seams did not all come back: one run per text, so no text lands beside another's cue.
        translated = [];
        for (const [index, text] of sources.entries()) {
          translated.push((await run(mode, joinForApertium([text]), call)).trim());
          call.onProgress?.((index + 1) / sources.length);
        }
      }
      for (const [at, { index }] of wanted.entries()) {
        const text = translated[at] ?? '';
        // apertium's script exits 0 with nothing out when one of its stages refuses the input.
        if (text === '') throw new EngineError('speech_engine_failed', `apertium gave nothing for text ${index + 1}`);
        result[index] = text;
      }
      call.onProgress?.(1);
      return result;
    },
  };
}

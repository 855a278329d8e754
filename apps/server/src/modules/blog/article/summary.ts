import { CHINESE_FUNCTION_CHARACTERS } from '@leadreel/shared';
import { sentencesOf } from './scenes.ts';

// The extractive summary (docs/product.md "Blog-to-video": summarise): the sentences that carry the
// article's key terms most, in their own order.

/** The share of sentences a summary keeps. */
export const SUMMARY_SHARE = 0.4;

/** English words too common to say what an article is about. */
const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between ' +
    'both but by can could did do does doing down during each few for from further had has have having he her ' +
    'here hers herself him himself his how i if in into is it its itself just me more most my myself no nor not ' +
    'now of off on once only or other our ours ourselves out over own same she should so some such than that the ' +
    'their theirs them themselves then there these they this those through to too under until up very was we ' +
    'were what when where which while who whom why will with would you your yours yourself yourselves also get ' +
    'got one two may might must us like make made many much use used using way well even new via'
  ).split(' '),
);
/** Chinese characters that are grammar rather than subject. */
const CJK_STOP = new Set([...CHINESE_FUNCTION_CHARACTERS]);
const HAN = /\p{Script=Han}/u;

/** The terms of a sentence: lower-case words without stop words, and pairs of neighbouring Chinese characters. */
export function termsOf(sentence: string): string[] {
  const words = (sentence.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).flatMap((word) => {
    if (!HAN.test(word)) return word.length > 1 && !STOP_WORDS.has(word) ? [word] : [];
    const chars = [...word].filter((char) => !CJK_STOP.has(char));
    return chars.length === 1 ? chars : chars.slice(1).map((char, at) => `${chars[at]}${char}`);
  });
  return words;
}

/**
 * Which sentences of a script to keep, by their place: each scored by how often the article uses its terms (divided by the
 * square root of its term count, so a long sentence does not win by length alone), the top SUMMARY_SHARE
 * kept in their original order; at least one (none of an empty script).
 */
export function summaryIndexes(sentences: readonly string[], share = SUMMARY_SHARE): number[] {
  const terms = sentences.map(termsOf);
  const frequency = new Map<string, number>();
  for (const term of terms.flat()) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  const scores = terms.map((own) =>
    own.length === 0 ? 0 : own.reduce((sum, term) => sum + (frequency.get(term) ?? 0), 0) / Math.sqrt(own.length),
  );
  const keep = Math.max(1, Math.round(sentences.length * share));
  return scores
    .map((score, index) => ({ score, index }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, keep)
    .map(({ index }) => index)
    .sort((a, b) => a - b);
}

/** The kept sentences themselves (summaryIndexes), in their order. */
export const extractiveSummary = (sentences: readonly string[], share = SUMMARY_SHARE) =>
  summaryIndexes(sentences, share).map((index) => sentences[index] as string);

/** A script's scenes as sentences again, for a summary to choose among. */
export const sentencesOfScenes = (scenes: readonly string[]) => scenes.flatMap((text) => sentencesOf(text));

import { EngineError, type LanguagePair } from './engine.ts';

/** The shape subtitle tracks take (subtitleLangField in the shared contract): a tag this does not fit is not offered. */
const TRACK_TAG = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8}){0,2}$/;

/**
 * A program's language code as a BCP 47 tag, or null when it is no tag a track could carry. ICU's canonical
 * form applies CLDR's aliases (https://unicode.org/reports/tr35/#Canonical_Unicode_Locale_Identifiers): ISO
 * 639-3 codes that have a two-letter form take it (spa -> es, cmn -> zh), the region is upper-cased (pt-br
 * -> pt-BR) and the script title-cased.
 */
export function canonicalTag(code: string): string | null {
  try {
    const [tag] = Intl.getCanonicalLocales(code);
    return tag && TRACK_TAG.test(tag) ? tag : null;
  } catch {
    return null;
  }
}

const primary = (tag: string) => tag.split('-')[0]?.toLowerCase() ?? '';

/**
 * Which of an engine's languages serves a requested track language: the same tag (any case), else the
 * engine's tag for the bare language (a zh-CN track is heard, translated and voiced by a `zh` engine, en-US by
 * `en`). Never the other way: a `pt-BR` engine is not offered for a `pt` track, nor one region for another.
 */
export function matchLanguage(requested: string, offered: readonly string[]): string | null {
  const wanted = requested.toLowerCase();
  return (
    offered.find((tag) => tag.toLowerCase() === wanted) ??
    offered.find((tag) => tag.toLowerCase() === primary(requested)) ??
    null
  );
}

/** The engine's tag for the language, or speech_lang_unsupported before any work is done. */
export function requireLanguage(requested: string, offered: readonly string[]): string {
  const tag = matchLanguage(requested, offered);
  if (!tag) throw new EngineError('speech_lang_unsupported', `no ${requested} in ${offered.join(', ') || 'nothing'}`);
  return tag;
}

/**
 * The engine's own pair for the requested one, each side matched as matchLanguage does, the closest first
 * (pt-BR to en takes an engine's pt-BR to en over its pt to en); or speech_pair_unsupported before any work.
 */
export function requirePair<P extends LanguagePair>(requested: LanguagePair, offered: readonly P[]): P {
  const closeness = (wanted: string, tag: string) =>
    wanted.toLowerCase() === tag.toLowerCase() ? 2 : matchLanguage(wanted, [tag]) ? 1 : 0;
  let best: { pair: P; score: number } | null = null;
  for (const pair of offered) {
    const from = closeness(requested.from, pair.from);
    const to = closeness(requested.to, pair.to);
    if (from > 0 && to > 0 && from + to > (best?.score ?? 0)) best = { pair, score: from + to };
  }
  if (!best) throw new EngineError('speech_pair_unsupported', `no ${requested.from} to ${requested.to}`);
  return best.pair;
}

/** Every ordered pair of different languages in a list (an engine that translates among all it knows). */
export function allPairs(languages: readonly string[]): LanguagePair[] {
  return languages.flatMap((from) => languages.filter((to) => to !== from).map((to) => ({ from, to })));
}

/** A language's English name for a prompt ("Spanish (es)"), the tag alone when the runtime does not know it. */
export function englishName(tag: string): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(tag);
    return name && name !== tag ? `${name} (${tag})` : tag;
  } catch {
    return tag;
  }
}

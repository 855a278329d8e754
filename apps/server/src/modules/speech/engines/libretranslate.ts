import { cleanText } from './cue-layout.ts';
import { EngineError, type LanguagePair, type Translator } from './engine.ts';
import {
  answerJson,
  callHttp,
  endpoint,
  excerpt,
  type HttpPolicy,
  httpEngineName,
  inBatches,
  postJson,
  untilAborted,
} from './http-call.ts';
import { canonicalTag, requirePair } from './languages.ts';

export type LibreTranslateSettings = { url: string; apiKey?: string; policy: HttpPolicy };

/** LibreTranslate's codes that are not BCP 47 as they stand: Brazilian Portuguese and Traditional Chinese. */
const LIBRE_CODES: Record<string, string> = { pb: 'pt-BR', zt: 'zh-Hant', 'zh-hans': 'zh', 'zh-hant': 'zh-Hant' };

/** A pair in our tags, with the codes LibreTranslate takes for it. */
export type LibrePair = LanguagePair & { source: string; target: string };

/** LibreTranslate's code as a BCP 47 tag, or null. */
export const libreTag = (code: string) => LIBRE_CODES[code.toLowerCase()] ?? canonicalTag(code);

/**
 * The pairs in LibreTranslate's GET /languages answer ([{code, name, targets: [code]}],
 * https://libretranslate.com/docs/#/translate/get_languages); codes that are no tag are left out.
 */
export function parseLibreLanguages(json: unknown): LibrePair[] {
  if (!Array.isArray(json))
    throw new EngineError('speech_engine_garbage', `languages: ${excerpt(JSON.stringify(json))}`);
  const pairs: LibrePair[] = [];
  for (const language of json as { code?: unknown; targets?: unknown }[]) {
    if (typeof language?.code !== 'string' || !Array.isArray(language.targets)) {
      throw new EngineError(
        'speech_engine_garbage',
        `a language is not {code, targets}: ${excerpt(JSON.stringify(language))}`,
      );
    }
    const from = libreTag(language.code);
    for (const target of language.targets) {
      const to = typeof target === 'string' ? libreTag(target) : null;
      if (from && to && from !== to) pairs.push({ from, to, source: language.code, target: target as string });
    }
  }
  return pairs;
}

/** How long the list of pairs is trusted before it is asked for again (a server may add languages). */
const PAIRS_TTL_MS = 10 * 60_000;
/** Texts in one POST /translate: a whole track at once could pass the server's limit on a request's size. */
export const LIBRE_BATCH = 100;

/** Translation by a LibreTranslate server (POST /translate with q as an array: a batch of texts a request). */
export function createLibreTranslator(settings: LibreTranslateSettings): Translator {
  let cached: { at: number; pairs: Promise<LibrePair[]> } | undefined;
  const pairs = () => {
    if (!cached || Date.now() - cached.at > PAIRS_TTL_MS) {
      const url = endpoint(settings.url, '/languages');
      const listed = callHttp({ url, method: 'GET' }, settings.policy, new AbortController().signal)
        .then(answerJson)
        .then(parseLibreLanguages);
      cached = { at: Date.now(), pairs: listed };
      listed.catch(() => {
        if (cached?.pairs === listed) cached = undefined;
      });
    }
    return cached.pairs;
  };

  const translateBatch = async (texts: string[], pair: LibrePair, signal: AbortSignal) => {
    const answer = await postJson(
      endpoint(settings.url, '/translate'),
      {
        q: texts,
        source: pair.source,
        target: pair.target,
        format: 'text',
        ...(settings.apiKey ? { api_key: settings.apiKey } : {}),
      },
      {},
      settings.policy,
      signal,
    );
    const translated = (answer as { translatedText?: unknown } | null)?.translatedText;
    if (
      !Array.isArray(translated) ||
      translated.length !== texts.length ||
      !translated.every((text) => typeof text === 'string')
    ) {
      throw new EngineError(
        'speech_engine_garbage',
        `translatedText is not ${texts.length} texts: ${excerpt(JSON.stringify(answer))}`,
      );
    }
    return translated as string[];
  };

  return {
    name: httpEngineName('LibreTranslate', undefined, settings.url),
    async pairs() {
      return (await pairs()).map(({ from, to }) => ({ from, to }));
    },
    async translate(texts, pair, call) {
      const found = requirePair(pair, await untilAborted(pairs(), call.signal));
      const translated = await inBatches(
        texts.map(cleanText),
        LIBRE_BATCH,
        (batch) => translateBatch(batch, found, call.signal),
        call.onProgress,
      );
      return translated.map(cleanText);
    },
  };
}

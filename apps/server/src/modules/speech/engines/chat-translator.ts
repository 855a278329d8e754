import { cleanText } from './cue-layout.ts';
import type { Translator } from './engine.ts';
import { type HttpEngineSettings, httpEngineName, inBatches } from './http-call.ts';
import { allPairs, englishName, requirePair } from './languages.ts';
import { askForStrings, CHAT_BATCH } from './openai-chat.ts';

/** Translation by an OpenAI-compatible chat model, between every two of the configured languages. */
export function createChatTranslator(settings: HttpEngineSettings): Translator {
  const pairs = allPairs(settings.languages);
  return {
    name: httpEngineName('OpenAI-compatible', settings.model, settings.url),
    async pairs() {
      return pairs;
    },
    async translate(texts, pair, call) {
      const { from, to } = requirePair(pair, pairs);
      const instruction =
        `You translate the subtitles of a marketing video from ${englishName(from)} into ${englishName(to)}. ` +
        'Translate each string on its own, keeping its meaning, tone and any line break; names, brands and numbers stay as they are.';
      const translated = await inBatches(
        texts.map(cleanText),
        CHAT_BATCH,
        (batch) => askForStrings(settings, instruction, batch, call.signal),
        call.onProgress,
      );
      return translated.map(cleanText);
    },
  };
}

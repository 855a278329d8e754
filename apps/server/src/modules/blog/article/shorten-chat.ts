import type { Config } from '../../../config.ts';
import { DEFAULT_HTTP_POLICY, type HttpEngineSettings } from '../../speech/engines/http-call.ts';
import { englishName } from '../../speech/engines/languages.ts';
import { askForStrings } from '../../speech/engines/openai-chat.ts';

/** Rewrites a script shorter, in its language; throws when the engine fails. */
export type ScriptShortener = (script: string, lang: string) => Promise<string>;

/** A summary is asked for while the user waits: one retry, and at most a minute a try. */
const SHORTEN_TIMEOUT_MS = 60_000;

/**
 * The chat model of "AI optimise" (TEXT_TASKS_URL, an OpenAI-compatible server) asked to shorten a
 * script; null when none is configured, and summarise keeps the article's key sentences instead
 * (docs/product.md "Blog-to-video": summarise).
 */
export function createChatShortener(
  config: Pick<Config, 'TEXT_TASKS_URL' | 'TEXT_TASKS_API_KEY' | 'TEXT_TASKS_MODEL' | 'SPEECH_ENGINE_TIMEOUT_SECONDS'>,
): ScriptShortener | null {
  if (!config.TEXT_TASKS_URL) return null;
  const settings: HttpEngineSettings = {
    url: config.TEXT_TASKS_URL,
    model: config.TEXT_TASKS_MODEL,
    languages: [],
    policy: {
      ...DEFAULT_HTTP_POLICY,
      timeoutMs: Math.min(SHORTEN_TIMEOUT_MS, config.SPEECH_ENGINE_TIMEOUT_SECONDS * 1000),
      retries: 1,
    },
    ...(config.TEXT_TASKS_API_KEY ? { apiKey: config.TEXT_TASKS_API_KEY } : {}),
  };
  return async (script, lang) => {
    const instruction =
      `You shorten the ${englishName(lang)} script of a video made from an article. Rewrite it to about 40% of ` +
      'its length, keeping its key points in their order, as plain sentences in the same language, with one ' +
      'sentence or short group of sentences per line. No headings, lists, Markdown or notes.';
    const [answer] = await askForStrings(settings, instruction, [script], AbortSignal.timeout(SHORTEN_TIMEOUT_MS * 2));
    return answer ?? '';
  };
}

import type { Config } from '../../../config.ts';
import { createApertiumTranslator } from './apertium.ts';
import { createChatTextTasks } from './chat-text-tasks.ts';
import { createChatTranslator } from './chat-translator.ts';
import type { Engines } from './engine.ts';
import { DEFAULT_HTTP_POLICY, type HttpPolicy } from './http-call.ts';
import { createLibreTranslator } from './libretranslate.ts';
import { createLocalSpeaker } from './local-speaker.ts';
import { createOpenAiSpeaker } from './openai-speaker.ts';
import { createOpenAiTranscriber } from './openai-transcriber.ts';
import { createPocketsphinxTranscriber } from './pocketsphinx.ts';
import { createRulesTextTasks } from './rules-text-tasks.ts';

/** The settings the engines read (the SPEECH_, TRANSLATE_, TEXT_TO_SPEECH_ and TEXT_TASKS_ keys). */
export type SpeechConfig = Pick<
  Config,
  | 'SPEECH_TO_TEXT_URL'
  | 'SPEECH_TO_TEXT_API_KEY'
  | 'SPEECH_TO_TEXT_MODEL'
  | 'SPEECH_TO_TEXT_LANGUAGES'
  | 'TRANSLATE_URL'
  | 'TRANSLATE_PROTOCOL'
  | 'TRANSLATE_API_KEY'
  | 'TRANSLATE_MODEL'
  | 'TRANSLATE_LANGUAGES'
  | 'TEXT_TO_SPEECH_URL'
  | 'TEXT_TO_SPEECH_API_KEY'
  | 'TEXT_TO_SPEECH_MODEL'
  | 'TEXT_TO_SPEECH_VOICE'
  | 'TEXT_TO_SPEECH_LANGUAGES'
  | 'TEXT_TASKS_URL'
  | 'TEXT_TASKS_API_KEY'
  | 'TEXT_TASKS_MODEL'
  | 'SPEECH_ENGINE_TIMEOUT_SECONDS'
  | 'SPEECH_ENGINE_RETRIES'
>;

/** Waits between retries, shortened by tests; the time limit and retry count come from the configuration. */
export type EngineOptions = Partial<Pick<HttpPolicy, 'backoffMs' | 'maxBackoffMs' | 'maxRetryAfterMs'>>;

/**
 * The engines this installation is configured with: each capability's HTTP engine where its URL is set,
 * otherwise the local one from Debian's packages (README, "Speech engines").
 */
export function createEngines(config: SpeechConfig, options: EngineOptions = {}): Engines {
  const timeoutMs = config.SPEECH_ENGINE_TIMEOUT_SECONDS * 1000;
  const policy: HttpPolicy = { ...DEFAULT_HTTP_POLICY, ...options, timeoutMs, retries: config.SPEECH_ENGINE_RETRIES };
  const http = (url: string, apiKey: string | undefined, model: string, languages: string[]) => ({
    url,
    model,
    languages,
    policy,
    ...(apiKey ? { apiKey } : {}),
  });

  const transcriber = config.SPEECH_TO_TEXT_URL
    ? createOpenAiTranscriber(
        http(
          config.SPEECH_TO_TEXT_URL,
          config.SPEECH_TO_TEXT_API_KEY,
          config.SPEECH_TO_TEXT_MODEL,
          config.SPEECH_TO_TEXT_LANGUAGES,
        ),
      )
    : createPocketsphinxTranscriber({ timeoutMs });

  const translateUrl = config.TRANSLATE_URL;
  const translator = !translateUrl
    ? createApertiumTranslator({ timeoutMs })
    : config.TRANSLATE_PROTOCOL === 'openai'
      ? createChatTranslator(
          http(translateUrl, config.TRANSLATE_API_KEY, config.TRANSLATE_MODEL, config.TRANSLATE_LANGUAGES),
        )
      : createLibreTranslator({
          url: translateUrl,
          policy,
          ...(config.TRANSLATE_API_KEY ? { apiKey: config.TRANSLATE_API_KEY } : {}),
        });

  const speaker = config.TEXT_TO_SPEECH_URL
    ? createOpenAiSpeaker({
        ...http(
          config.TEXT_TO_SPEECH_URL,
          config.TEXT_TO_SPEECH_API_KEY,
          config.TEXT_TO_SPEECH_MODEL,
          config.TEXT_TO_SPEECH_LANGUAGES,
        ),
        voice: config.TEXT_TO_SPEECH_VOICE,
      })
    : createLocalSpeaker({ timeoutMs });

  const text = config.TEXT_TASKS_URL
    ? createChatTextTasks(http(config.TEXT_TASKS_URL, config.TEXT_TASKS_API_KEY, config.TEXT_TASKS_MODEL, []))
    : createRulesTextTasks();

  return { transcriber, translator, speaker, text };
}

import { EngineError } from './engine.ts';
import type { HttpEngineSettings } from './http-call.ts';
import { bearer, endpoint, excerpt, postJson } from './http-call.ts';

/** Texts sent in one chat request: a track of thousands of cues goes in parts a model answers whole. */
export const CHAT_BATCH = 40;

/** The JSON a model wrapped in a Markdown fence, as some do even when asked for JSON alone. */
function unfenced(content: string): string {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(content);
  return fenced?.[1] ?? content;
}

/**
 * The array of strings in a model's answer: the array itself, or the one array in the object JSON mode makes
 * it wrap it in ({"items": [...]}). Anything else, or an array of the wrong length, is garbage: a shifted
 * answer would put every text beside the wrong cue.
 */
export function stringsOfAnswer(content: string, count: number): string[] {
  let json: unknown;
  try {
    json = JSON.parse(unfenced(content));
  } catch {
    throw new EngineError('speech_engine_garbage', `not JSON: ${excerpt(content)}`);
  }
  const arrays = Array.isArray(json)
    ? [json]
    : json && typeof json === 'object'
      ? Object.values(json).filter((value) => Array.isArray(value))
      : [];
  const [array] = arrays;
  if (arrays.length !== 1 || !array || !array.every((item) => typeof item === 'string')) {
    throw new EngineError('speech_engine_garbage', `not an array of strings: ${excerpt(content)}`);
  }
  if (array.length !== count) {
    throw new EngineError('speech_engine_garbage', `${array.length} texts back for ${count} sent`);
  }
  return array as string[];
}

/**
 * Asks an OpenAI-compatible chat model (https://platform.openai.com/docs/api-reference/chat/create) to turn
 * `texts` into as many strings, in order: the instruction as the system message, the texts as a JSON array.
 * JSON mode is asked for, which wraps the array in an object: stringsOfAnswer takes either.
 */
export async function askForStrings(
  settings: HttpEngineSettings,
  instruction: string,
  texts: readonly string[],
  signal: AbortSignal,
): Promise<string[]> {
  const answer = await postJson(
    endpoint(settings.url, '/v1/chat/completions'),
    {
      model: settings.model,
      temperature: 0,
      response_format: { type: 'json_object' },
      messages: [
        {
          role: 'system',
          content: `${instruction} The user sends a JSON array of ${texts.length} strings. Answer with a JSON object {"items": [...]} holding exactly ${texts.length} strings, one for each in the same order, and nothing else.`,
        },
        { role: 'user', content: JSON.stringify(texts) },
      ],
    },
    bearer(settings.apiKey),
    settings.policy,
    signal,
  );
  const content = (answer as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]?.message
    ?.content;
  if (typeof content !== 'string') {
    throw new EngineError('speech_engine_garbage', `no choices[0].message.content: ${excerpt(JSON.stringify(answer))}`);
  }
  return stringsOfAnswer(content, texts.length);
}

import { writeFile } from 'node:fs/promises';
import { cleanText } from './cue-layout.ts';
import { EngineError, type Speaker } from './engine.ts';
import { bearer, callHttp, endpoint, excerpt, type HttpEngineSettings, httpEngineName } from './http-call.ts';
import { requireLanguage } from './languages.ts';

/** A WAV's first bytes: what is written must be one, or the dub's mix would fail later on a JSON error. */
const isWav = (body: Buffer) => body.toString('latin1', 0, 4) === 'RIFF' && body.toString('latin1', 8, 12) === 'WAVE';

/** Text to speech through an OpenAI-compatible server's /v1/audio/speech (https://platform.openai.com/docs/api-reference/audio/createSpeech). */
export function createOpenAiSpeaker(settings: HttpEngineSettings & { voice: string }): Speaker {
  return {
    name: httpEngineName('OpenAI-compatible', settings.model, settings.url),
    async languages() {
      return settings.languages;
    },
    async speak(text, lang, outWav, call) {
      requireLanguage(lang, settings.languages);
      const input = cleanText(text).replace(/\n/g, ' ');
      if (input === '') throw new EngineError('speech_engine_failed', 'nothing to say');
      const body = JSON.stringify({ model: settings.model, input, voice: settings.voice, response_format: 'wav' });
      const answer = await callHttp(
        {
          url: endpoint(settings.url, '/v1/audio/speech'),
          method: 'POST',
          headers: { 'content-type': 'application/json', ...bearer(settings.apiKey) },
          body: () => body,
          // A cue's 500 characters are under a minute of speech: 24 kHz 16-bit mono is under 3 MB.
          maxBytes: 50_000_000,
        },
        settings.policy,
        call.signal,
      );
      if (!isWav(answer.body)) throw new EngineError('speech_engine_garbage', `not a WAV: ${excerpt(answer.body)}`);
      await writeFile(outWav, answer.body);
      call.onProgress?.(1);
    },
  };
}

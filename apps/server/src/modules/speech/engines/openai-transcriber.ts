import { openAsBlob } from 'node:fs';
import { type Cue, parseSubtitles } from '@leadreel/shared';
import { fitCues } from './cue-layout.ts';
import { EngineError, type Transcriber } from './engine.ts';
import {
  bearer,
  callHttp,
  endpoint,
  excerpt,
  type HttpAnswer,
  type HttpEngineSettings,
  httpEngineName,
} from './http-call.ts';
import { requireLanguage } from './languages.ts';

type Segment = { start: unknown; end: unknown; text: unknown };

/**
 * Cues of a transcription answer: verbose_json's `segments` (https://platform.openai.com/docs/api-reference/audio/verbose-json-object),
 * or SRT/WebVTT from a server that answers in those whatever was asked.
 */
export function cuesOfTranscription(answer: HttpAnswer): Cue[] {
  const text = answer.body.toString('utf8');
  const garbage = () => new EngineError('speech_engine_garbage', `no segments: ${excerpt(text)}`);
  if (/^\uFEFF?\s*(WEBVTT|\d+\s*\r?\n\s*[\d:.,]+\s*-->)/.test(text)) {
    try {
      return parseSubtitles(text);
    } catch {
      throw garbage();
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw garbage();
  }
  const segments = (json as { segments?: unknown } | null)?.segments;
  if (!Array.isArray(segments)) throw garbage();
  return segments.map((segment: Segment) => {
    if (typeof segment?.start !== 'number' || typeof segment.end !== 'number' || typeof segment.text !== 'string') {
      throw new EngineError(
        'speech_engine_garbage',
        `a segment is not {start, end, text}: ${excerpt(JSON.stringify(segment))}`,
      );
    }
    return { start: segment.start, end: segment.end, text: segment.text };
  });
}

/** Speech to text through an OpenAI-compatible server's /v1/audio/transcriptions (OpenAI, faster-whisper-server, LocalAI, ...). */
export function createOpenAiTranscriber(settings: HttpEngineSettings): Transcriber {
  return {
    name: httpEngineName('OpenAI-compatible', settings.model, settings.url),
    async languages() {
      return settings.languages;
    },
    async transcribe(wavPath, lang, call) {
      requireLanguage(lang, settings.languages);
      const file = await openAsBlob(wavPath, { type: 'audio/wav' });
      const form = () => {
        const data = new FormData();
        data.append('file', file, 'audio.wav');
        data.append('model', settings.model);
        // Whisper takes ISO 639-1 codes: the language, not its region.
        data.append('language', lang.split('-')[0]?.toLowerCase() ?? lang);
        data.append('response_format', 'verbose_json');
        return data;
      };
      const answer = await callHttp(
        {
          url: endpoint(settings.url, '/v1/audio/transcriptions'),
          method: 'POST',
          headers: bearer(settings.apiKey),
          body: form,
        },
        settings.policy,
        call.signal,
      );
      const cues = fitCues(cuesOfTranscription(answer));
      call.onProgress?.(1);
      return cues;
    },
  };
}

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../config.ts';
import { createChatTextTasks } from './chat-text-tasks.ts';
import { createChatTranslator } from './chat-translator.ts';
import type { EngineError } from './engine.ts';
import {
  failureCode,
  rejection,
  speakerBehaviour,
  textTasksBehaviour,
  transcriberBehaviour,
  translatorBehaviour,
} from './engines.behaviour.ts';
import { type FakeEngineServer, fakeEngineServer, formFields, type Received, silentWav } from './fake-engine-server.ts';
import type { HttpPolicy } from './http-call.ts';
import { createEngines } from './index.ts';
import { createLibreTranslator } from './libretranslate.ts';
import { createOpenAiSpeaker } from './openai-speaker.ts';
import { createOpenAiTranscriber } from './openai-transcriber.ts';

/** Short waits: what is tested is how often and why an engine tries again, never how long it waits. */
const POLICY: HttpPolicy = { timeoutMs: 5_000, retries: 2, backoffMs: 1, maxBackoffMs: 5, maxRetryAfterMs: 60_000 };
const KEY = 'sk-test-123';
const LANGUAGES = ['en', 'es', 'zh'];
const call = () => ({ signal: new AbortController().signal });

let work: string;
let wav: string;
const servers: FakeEngineServer[] = [];
async function serve(reply: Parameters<typeof fakeEngineServer>[0]) {
  const server = await fakeEngineServer(reply);
  servers.push(server);
  return server;
}
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'leadreel-http-engines-'));
  wav = path.join(work, 'speech.wav');
  await writeFile(wav, silentWav(4));
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await rm(work, { recursive: true, force: true });
});

const json = (request: Received) => JSON.parse(request.body.toString('utf8'));
const SAID = 'The factory ships every order within two days. Call us today.';
const SEGMENTS = {
  text: SAID,
  language: 'english',
  segments: [
    { id: 0, start: 0.2, end: 2.1, text: ' The factory ships every order within two days.' },
    { id: 1, start: 2.6, end: 3.7, text: ' Call us today.' },
  ],
};
const transcriber = (url: string, policy = POLICY) =>
  createOpenAiTranscriber({ url, apiKey: KEY, model: 'whisper-1', languages: LANGUAGES, policy });

transcriberBehaviour('OpenAI-compatible', async () => {
  const server = await serve(() => ({ body: SEGMENTS }));
  return { transcriber: transcriber(server.url), wav, said: SAID, lang: 'en', unsupported: 'tlh' };
});

describe('OpenAI-compatible speech to text', () => {
  it('sends the WAV, model, language and verbose_json as multipart, with the key as a Bearer token', async () => {
    const server = await serve(() => ({ body: SEGMENTS }));
    const cues = await transcriber(`${server.url}/v1/`).transcribe(wav, 'en-US', call());
    expect(cues).toEqual([
      { start: 0.2, end: 2.1, text: 'The factory ships every order within two days.' },
      { start: 2.6, end: 3.7, text: 'Call us today.' },
    ]);
    const [request] = server.received;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/audio/transcriptions');
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    const fields = await formFields(request as Received);
    expect(fields.get('model')).toBe('whisper-1');
    expect(fields.get('language')).toBe('en');
    expect(fields.get('response_format')).toBe('verbose_json');
    const file = fields.get('file') as File;
    expect(file.name).toBe('audio.wav');
    expect(Buffer.from(await file.arrayBuffer()).equals(await readFile(wav))).toBe(true);
  });

  it('takes an answer in SRT or WebVTT, and sends no key when none is set', async () => {
    const srt = '1\n00:00:00,500 --> 00:00:01,800\nHello there\n\n2\n00:00:02,000 --> 00:00:03,000\nWelcome\n';
    const server = await serve((_request, before) => ({ body: before === 0 ? srt : `WEBVTT\n\n${srt.slice(2)}` }));
    const keyless = createOpenAiTranscriber({ url: server.url, model: 'm', languages: LANGUAGES, policy: POLICY });
    const expected = [
      { start: 0.5, end: 1.8, text: 'Hello there' },
      { start: 2, end: 3, text: 'Welcome' },
    ];
    expect(await keyless.transcribe(wav, 'en', call())).toEqual(expected);
    expect((await keyless.transcribe(wav, 'en', call()))[1]).toEqual(expected[1]);
    expect(server.received[0]?.headers.authorization).toBeUndefined();
  });

  it('keeps what a track may hold: control characters out, empty segments dropped, times in order', async () => {
    const server = await serve(() => ({
      body: {
        segments: [
          { start: 3, end: 3.5, text: 'second\u0000' },
          { start: 1, end: 2, text: '   ' },
          { start: 0, end: 0.8, text: 'first \ud800' },
        ],
      },
    }));
    expect(await transcriber(server.url).transcribe(wav, 'en', call())).toEqual([
      { start: 0, end: 0.8, text: 'first \ufffd' },
      { start: 3, end: 3.5, text: 'second' },
    ]);
  });

  it('refuses an unsupported language before sending anything', async () => {
    const server = await serve(() => ({ body: SEGMENTS }));
    expect(await failureCode(transcriber(server.url).transcribe(wav, 'fr', call()))).toBe('speech_lang_unsupported');
    expect(server.received).toHaveLength(0);
  });
});

describe('an HTTP engine that misbehaves', () => {
  const failure = async (promise: Promise<unknown>) => (await rejection(promise)) as EngineError;

  it('times out each attempt, tries again, then fails as a timeout that may be retried', async () => {
    const server = await serve(() => 'hang');
    const error = await failure(transcriber(server.url, { ...POLICY, timeoutMs: 100 }).transcribe(wav, 'en', call()));
    expect(error).toMatchObject({ code: 'speech_engine_timeout', retryable: true });
    expect(error.detail).toContain('127.0.0.1');
    expect(server.received).toHaveLength(POLICY.retries + 1);
  });

  it('answering 500 is tried again, then fails naming the status and the start of the answer', async () => {
    const server = await serve(() => ({ status: 500, body: `model crashed ${'x'.repeat(1000)}` }));
    const error = await failure(transcriber(server.url).transcribe(wav, 'en', call()));
    expect(error).toMatchObject({ code: 'speech_engine_failed', retryable: true });
    expect(error.detail).toMatch(/^HTTP 500: model crashed x+$/);
    expect(error.detail?.length).toBe('HTTP 500: '.length + 200);
    expect(server.received).toHaveLength(POLICY.retries + 1);
  });

  it('answering 400 fails at once: the same request would be refused again', async () => {
    const server = await serve(() => ({ status: 400, body: { error: { message: 'Invalid file format.' } } }));
    const error = await failure(transcriber(server.url).transcribe(wav, 'en', call()));
    expect(error).toMatchObject({ code: 'speech_engine_failed', retryable: false });
    expect(error.detail).toContain('HTTP 400: {"error":{"message":"Invalid file format."}}');
    expect(server.received).toHaveLength(1);
  });

  it('cutting the connection is tried again like a 5xx', async () => {
    const server = await serve((_request, before) => (before === 0 ? 'drop' : { body: SEGMENTS }));
    expect(await transcriber(server.url).transcribe(wav, 'en', call())).toHaveLength(2);
    expect(server.received).toHaveLength(2);
  });

  it('answering 429 is waited out as its Retry-After says, not the backoff', async () => {
    const server = await serve((_request, before) =>
      before === 0 ? { status: 429, headers: { 'retry-after': '0' }, body: 'slow down' } : { body: SEGMENTS },
    );
    // A ten-minute backoff would outlast the test: only Retry-After's 0 lets it through.
    const patient = transcriber(server.url, { ...POLICY, backoffMs: 600_000, maxBackoffMs: 600_000 });
    expect(await patient.transcribe(wav, 'en', call())).toHaveLength(2);
    expect(server.received).toHaveLength(2);
  });

  it('always answering 429 fails as busy, which may be retried later', async () => {
    const server = await serve(() => ({ status: 429, body: 'Too many requests' }));
    const error = await failure(transcriber(server.url).transcribe(wav, 'en', call()));
    expect(error).toMatchObject({ code: 'speech_engine_busy', retryable: true, detail: 'HTTP 429: Too many requests' });
    expect(server.received).toHaveLength(POLICY.retries + 1);
  });

  it('asking to come back later than it would wait fails as busy at once', async () => {
    const server = await serve(() => ({ status: 429, headers: { 'retry-after': '3600' }, body: 'quota' }));
    expect(await failureCode(transcriber(server.url).transcribe(wav, 'en', call()))).toBe('speech_engine_busy');
    expect(server.received).toHaveLength(1);
  });

  it('answering garbage fails as garbage, not tried again', async () => {
    for (const body of ['<html>Bad gateway</html>', { text: 'no segments' }, { segments: [{ start: 'a' }] }]) {
      const server = await serve(() => ({ body }));
      const error = await failure(transcriber(server.url).transcribe(wav, 'en', call()));
      expect(error, JSON.stringify(body)).toMatchObject({ code: 'speech_engine_garbage', retryable: false });
      expect(server.received).toHaveLength(1);
    }
  });

  it('stops at once when canceled mid-call, rejecting with the cancel, and does not try again', async () => {
    const server = await serve(() => 'hang');
    const controller = new AbortController();
    const reason = new Error('canceled by the owner');
    const calling = transcriber(server.url).transcribe(wav, 'en', { signal: controller.signal });
    await expect.poll(() => server.received.length).toBe(1);
    controller.abort(reason);
    expect(await rejection(calling)).toBe(reason);
    // Retries would come after a few milliseconds of backoff: none comes.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.received).toHaveLength(1);
  });
});

/** A LibreTranslate server that knows a few words of Spanish and tags the rest with the target. */
async function fakeLibre() {
  const DICTIONARY: Record<string, string> = { Hello: 'Hola', 'Thank you': 'Gracias' };
  return serve((request) => {
    if (request.method === 'GET' && request.path === '/languages') {
      return {
        body: [
          { code: 'en', name: 'English', targets: ['es', 'zt', 'pb', 'xx-NOT-A-TAG'] },
          { code: 'es', name: 'Spanish', targets: ['en'] },
        ],
      };
    }
    const { q, target } = json(request) as { q: string[]; target: string };
    return { body: { translatedText: q.map((text) => DICTIONARY[text] ?? `[${target}] ${text}`) } };
  });
}

translatorBehaviour('LibreTranslate', async () => {
  const server = await fakeLibre();
  return {
    translator: createLibreTranslator({ url: server.url, policy: POLICY }),
    pair: { from: 'en', to: 'es' },
    texts: ['Hello', 'Where is the station?', 'Thank you'],
    first: 'Hola',
    unsupported: { from: 'es', to: 'zh' },
  };
});

describe('LibreTranslate', () => {
  it('lists its pairs in BCP 47 and sends a batch as q[] with its own codes and the api_key', async () => {
    const server = await fakeLibre();
    const translator = createLibreTranslator({ url: server.url, apiKey: KEY, policy: POLICY });
    expect(await translator.pairs()).toEqual([
      { from: 'en', to: 'es' },
      { from: 'en', to: 'zh-Hant' },
      { from: 'en', to: 'pt-BR' },
      { from: 'es', to: 'en' },
    ]);
    const texts = ['Hello', 'a\u0000b', 'x'.repeat(10_000), '\ud800'];
    const out = await translator.translate(texts, { from: 'en-GB', to: 'pt-BR' }, call());
    expect(out).toEqual(['Hola', '[pb] ab', `[pb] ${'x'.repeat(10_000)}`, '[pb] \ufffd']);
    const [request] = server.to('/translate');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(json(request as Received)).toEqual({
      q: ['Hello', 'ab', 'x'.repeat(10_000), '\ufffd'],
      source: 'en',
      target: 'pb',
      format: 'text',
      api_key: KEY,
    });
  });

  it('fails as garbage when the count of texts back is not the count sent, without trying again', async () => {
    const server = await serve((request) =>
      request.path === '/languages'
        ? { body: [{ code: 'en', targets: ['es'] }] }
        : { body: { translatedText: ['only one'] } },
    );
    const translator = createLibreTranslator({ url: server.url, policy: POLICY });
    expect(await failureCode(translator.translate(['one', 'two'], { from: 'en', to: 'es' }, call()))).toBe(
      'speech_engine_garbage',
    );
    expect(server.to('/translate')).toHaveLength(1);
  });
});

/** An OpenAI-compatible chat server answering `content` for each request's array of texts. */
async function fakeChat(content: (texts: string[], system: string) => string) {
  return serve((request) => {
    const body = json(request) as { messages: { role: string; content: string }[] };
    const texts = JSON.parse(body.messages.find((message) => message.role === 'user')?.content ?? '[]') as string[];
    const system = body.messages.find((message) => message.role === 'system')?.content ?? '';
    return {
      body: {
        id: 'chatcmpl-1',
        choices: [{ index: 0, message: { role: 'assistant', content: content(texts, system) } }],
      },
    };
  });
}
const chat = (url: string) => ({ url, apiKey: KEY, model: 'gpt-test', languages: LANGUAGES, policy: POLICY });
const SPANISH: Record<string, string> = { Hello: 'Hola', 'Thank you': 'Gracias' };

translatorBehaviour('OpenAI-compatible chat', async () => {
  const server = await fakeChat((texts) =>
    JSON.stringify({ items: texts.map((text) => SPANISH[text] ?? `(es) ${text}`) }),
  );
  return {
    translator: createChatTranslator(chat(server.url)),
    pair: { from: 'en', to: 'es' },
    texts: ['Hello', 'Where is the station?', 'Thank you'],
    first: 'Hola',
    unsupported: { from: 'en', to: 'fr' },
  };
});

describe('OpenAI-compatible chat translation', () => {
  it('offers every pair among its languages and asks for a JSON array as long as the texts', async () => {
    const server = await fakeChat((texts) => `\`\`\`json\n${JSON.stringify(texts.map((text) => `<${text}>`))}\n\`\`\``);
    const translator = createChatTranslator(chat(server.url));
    expect(await translator.pairs()).toHaveLength(6);
    const texts = Array.from({ length: 45 }, (_, index) => `line ${index}`);
    const out = await translator.translate(texts, { from: 'en', to: 'zh-CN' }, call());
    expect(out).toEqual(texts.map((text) => `<${text}>`));
    // 45 texts go in two requests, in order.
    const requests = server.to('/v1/chat/completions');
    expect(requests).toHaveLength(2);
    const body = json(requests[0] as Received);
    expect(requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(body).toMatchObject({ model: 'gpt-test', response_format: { type: 'json_object' } });
    expect(body.messages[0].content).toContain('Chinese');
    expect(body.messages[0].content).toContain('exactly 40 strings');
  });

  it('fails as garbage on an answer of the wrong shape or length, without trying again', async () => {
    for (const answer of ['["one"]', '{"items": [1, 2]}', 'Sure! Here they are.', '{"a": ["x","y"], "b": ["x","y"]}']) {
      const server = await fakeChat(() => answer);
      const translating = createChatTranslator(chat(server.url)).translate(
        ['one', 'two'],
        { from: 'en', to: 'es' },
        call(),
      );
      expect(await failureCode(translating), answer).toBe('speech_engine_garbage');
      expect(server.received).toHaveLength(1);
    }
  });
});

textTasksBehaviour('OpenAI-compatible chat', async () => {
  const server = await fakeChat((texts) =>
    JSON.stringify({ items: texts.map((text) => `${text[0]?.toUpperCase()}${text.slice(1)}.`) }),
  );
  return {
    text: createChatTextTasks(chat(server.url)),
    cues: [
      { start: 0, end: 2.5, text: 'hello and welcome' },
      { start: 3, end: 12, text: 'today we will see how every order is packed, checked and shipped within two days' },
    ],
    lang: 'en',
  };
});

describe('OpenAI-compatible chat AI optimise', () => {
  it("keeps the track's times whatever the model answers, and its line breaks when they fit", async () => {
    const server = await fakeChat((texts) =>
      JSON.stringify({ items: texts.map((text) => `${text}.`.replace(' ', '\n')) }),
    );
    const cues = [
      { start: 1, end: 2, text: 'hello there' },
      { start: 2.5, end: 4, text: 'welcome back' },
    ];
    expect(await createChatTextTasks(chat(server.url)).optimise(cues, 'en', call())).toEqual([
      { start: 1, end: 2, text: 'hello\nthere.' },
      { start: 2.5, end: 4, text: 'welcome\nback.' },
    ]);
  });

  it('fails as garbage when a cue comes back missing or empty', async () => {
    for (const answer of ['{"items": ["only one"]}', '{"items": ["one", "  "]}', '[{"start": 0}]']) {
      const server = await fakeChat(() => answer);
      const cues = [
        { start: 0, end: 1, text: 'one' },
        { start: 1, end: 2, text: 'two' },
      ];
      expect(await failureCode(createChatTextTasks(chat(server.url)).optimise(cues, 'en', call())), answer).toBe(
        'speech_engine_garbage',
      );
    }
  });
});

/** A text-to-speech server answering a second of silence as WAV, or `body` instead. */
const fakeSpeech = (body: Buffer | string = silentWav(1, 24_000)) => serve(() => ({ body }));
const speaker = (url: string) => createOpenAiSpeaker({ ...chat(url), model: 'tts-1', voice: 'alloy' });

speakerBehaviour('OpenAI-compatible', async () => {
  const server = await fakeSpeech();
  return {
    speaker: speaker(server.url),
    lines: { en: 'Welcome to our factory.', 'zh-CN': 'Welcome' },
    unsupported: 'fr',
  };
});

describe('OpenAI-compatible text to speech', () => {
  it('asks for the line as WAV with its model and voice, the lines of a cue said as one', async () => {
    const server = await fakeSpeech();
    const out = path.join(work, 'said.wav');
    await speaker(server.url).speak('Welcome to\nour factory.', 'es', out, call());
    expect((await readFile(out)).equals(silentWav(1, 24_000))).toBe(true);
    const [request] = server.received;
    expect(request?.path).toBe('/v1/audio/speech');
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(json(request as Received)).toEqual({
      model: 'tts-1',
      input: 'Welcome to our factory.',
      voice: 'alloy',
      response_format: 'wav',
    });
  });

  it('fails as garbage when the answer is no WAV, and writes nothing', async () => {
    const server = await fakeSpeech('{"audio": "base64..."}');
    const out = path.join(work, 'garbage.wav');
    expect(await failureCode(speaker(server.url).speak('Hello', 'en', out, call()))).toBe('speech_engine_garbage');
    await expect(readFile(out)).rejects.toThrow(/ENOENT/);
  });
});

describe('createEngines', () => {
  it('names the local engines when no URL is set', () => {
    const engines = createEngines(parseConfig({}));
    expect(engines.transcriber.name).toBe('pocketsphinx (English)');
    expect(engines.translator.name).toBe('apertium');
    expect(engines.speaker.name).toBe('espeak-ng / flite');
    expect(engines.text.name).toBe('rules');
  });

  it('uses and names the HTTP engine of each capability whose URL is set', async () => {
    const libre = await fakeLibre();
    const config = parseConfig({
      SPEECH_TO_TEXT_URL: 'https://api.openai.com/v1',
      TRANSLATE_URL: libre.url,
      TEXT_TO_SPEECH_URL: 'http://tts.internal:8000',
      TEXT_TO_SPEECH_MODEL: 'kokoro',
      TEXT_TASKS_URL: 'http://llm.internal',
      TEXT_TASKS_MODEL: 'qwen2.5',
    });
    const engines = createEngines(config);
    expect(engines.transcriber.name).toBe('OpenAI-compatible (whisper-1) at api.openai.com');
    expect(engines.translator.name).toBe(`LibreTranslate at ${new URL(libre.url).host}`);
    expect(engines.speaker.name).toBe('OpenAI-compatible (kokoro) at tts.internal:8000');
    expect(engines.text.name).toBe('OpenAI-compatible (qwen2.5) at llm.internal');
    expect(await engines.transcriber.languages()).toEqual(config.SPEECH_TO_TEXT_LANGUAGES);
    expect(await engines.translator.pairs()).toContainEqual({ from: 'en', to: 'es' });
    const chatTranslator = createEngines({
      ...config,
      TRANSLATE_PROTOCOL: 'openai',
      TRANSLATE_LANGUAGES: ['en', 'de'],
    });
    expect(chatTranslator.translator.name).toBe(`OpenAI-compatible (gpt-4o-mini) at ${new URL(libre.url).host}`);
    expect(await chatTranslator.translator.pairs()).toEqual([
      { from: 'en', to: 'de' },
      { from: 'de', to: 'en' },
    ]);
  });
});

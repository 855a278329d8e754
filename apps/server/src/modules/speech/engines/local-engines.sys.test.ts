import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApertiumTranslator } from './apertium.ts';
import {
  failureCode,
  rejection,
  speakerBehaviour,
  textTasksBehaviour,
  transcriberBehaviour,
  translatorBehaviour,
} from './engines.behaviour.ts';
import { createLocalSpeaker } from './local-speaker.ts';
import { createPocketsphinxTranscriber } from './pocketsphinx.ts';
import { createRulesTextTasks } from './rules-text-tasks.ts';
import { runProgram } from './run-program.ts';

const run = promisify(execFile);
const timeoutMs = 120_000;
let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'leadreel-engines-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** `text` said by flite's kal16 voice (which pocketsphinx hears almost word for word), as 16 kHz mono. */
async function speechWav(name: string, text: string): Promise<string> {
  const raw = path.join(work, `${name}.raw.wav`);
  const wav = path.join(work, `${name}.wav`);
  await run('flite', ['-voice', 'kal16', '-t', text, '-o', raw]);
  await run('ffmpeg', ['-v', 'error', '-y', '-i', raw, '-ar', '16000', '-ac', '1', wav]);
  return wav;
}

/** Whether any process still runs with `needle` in its command line (a program the engine should have killed). */
async function running(needle: string): Promise<boolean> {
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes(needle)) return true;
  }
  return false;
}

const SAID =
  'The factory ships every order within two days. Our customers love the new video player. ' +
  'Call us today for a free demo of the platform.';

transcriberBehaviour('pocketsphinx', async () => ({
  transcriber: createPocketsphinxTranscriber({ timeoutMs }),
  wav: await speechWav('said', SAID),
  said: SAID,
  lang: 'en',
  unsupported: 'zh-CN',
}));

translatorBehaviour('apertium', async () => ({
  translator: createApertiumTranslator({ timeoutMs }),
  pair: { from: 'en', to: 'es' },
  texts: ['Hello', 'The factory ships every order.', 'Where is the station?', 'I like cats.\nShe likes dogs.'],
  first: 'Hola',
  unsupported: { from: 'en', to: 'zh' },
}));

speakerBehaviour('espeak-ng / flite', async () => ({
  speaker: createLocalSpeaker({ timeoutMs }),
  lines: {
    en: 'Welcome to our factory.',
    es: 'Bienvenidos a nuestra fábrica.',
    'zh-CN': '欢迎来到我们的工厂。',
    'pt-BR': 'Bem-vindo à nossa fábrica.',
  },
  unsupported: 'tlh',
}));

textTasksBehaviour('rules', async () => ({
  text: createRulesTextTasks(),
  cues: [
    { start: 0, end: 2.5, text: 'hello and welcome to the factory tour i hope you enjoy it' },
    {
      start: 3.5,
      end: 14,
      text: 'today we will see how every order is packed checked and shipped within two days of being placed',
    },
  ],
  lang: 'en',
}));

describe('pocketsphinx', () => {
  it('says how far it has heard as it goes, and lists only English', async () => {
    const transcriber = createPocketsphinxTranscriber({ timeoutMs });
    expect(await transcriber.languages()).toEqual(['en']);
    const wav = await speechWav('progress', `${SAID} ${SAID}`);
    const progress: number[] = [];
    const cues = await transcriber.transcribe(wav, 'en-US', {
      signal: new AbortController().signal,
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(cues.length).toBeGreaterThan(1);
    expect(progress.some((fraction) => fraction > 0 && fraction < 1)).toBe(true);
  });

  it('is killed when canceled mid-run, and rejects with the cancel', async () => {
    // Two minutes of noise: pocketsphinx listens to it for far longer than the test waits to cancel.
    const noise = path.join(work, 'noise-to-cancel.wav');
    await run('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'anoisesrc=d=120:c=pink:r=16000',
      '-ac',
      '1',
      noise,
    ]);
    const controller = new AbortController();
    const reason = new Error('canceled by the owner');
    const transcribing = createPocketsphinxTranscriber({ timeoutMs }).transcribe(noise, 'en', {
      signal: controller.signal,
    });
    await expect.poll(() => running(noise), { timeout: 10_000 }).toBe(true);
    controller.abort(reason);
    expect(await rejection(transcribing)).toBe(reason);
    await expect.poll(() => running(noise), { timeout: 10_000 }).toBe(false);
  });

  it('fails with what the program said when the file is not there', async () => {
    const transcriber = createPocketsphinxTranscriber({ timeoutMs });
    const failing = transcriber.transcribe(path.join(work, 'missing.wav'), 'en', {
      signal: new AbortController().signal,
    });
    const error = await rejection(failing);
    expect(error).toMatchObject({ code: 'speech_engine_failed', retryable: false });
    expect((error as { detail: string }).detail).toMatch(/Failed to open file/);
  });
});

describe('local programs', () => {
  it('fail with the end of what the program said when it exits non-zero', async () => {
    const failing = runProgram('espeak-ng', ['-v', 'zz', '--stdin'], {
      signal: new AbortController().signal,
      timeoutMs,
      input: 'Hello',
    });
    const error = await rejection(failing);
    expect(error).toMatchObject({ code: 'speech_engine_failed', retryable: false });
    expect((error as { detail: string }).detail).toMatch(/^espeak-ng exit 1: .*voice does not exist/);
  });

  it('fail as not started when the program is not installed', async () => {
    const failing = runProgram('no-such-speech-program', [], { signal: new AbortController().signal, timeoutMs });
    expect(await failureCode(failing)).toBe('speech_engine_failed');
  });

  it('are killed at their time limit', async () => {
    const error = await rejection(
      runProgram('sleep', ['47.25'], { signal: new AbortController().signal, timeoutMs: 200 }),
    );
    expect(error).toMatchObject({ code: 'speech_engine_timeout', retryable: true });
    expect(await running('sleep\u000047.25')).toBe(false);
  });
});

describe('apertium', () => {
  it('translates English to Spanish, unknown words passed on without marks', async () => {
    const translator = createApertiumTranslator({ timeoutMs });
    expect(await translator.pairs()).toEqual(
      expect.arrayContaining([
        { from: 'en', to: 'es' },
        { from: 'es', to: 'en' },
      ]),
    );
    const texts = ['Hello', 'Where is the xyzzyplonk?', '', 'Thank you very much.'];
    const out = await translator.translate(
      texts,
      { from: 'en-US', to: 'es' },
      { signal: new AbortController().signal },
    );
    expect(out[0]).toBe('Hola');
    expect(out[1]).toContain('xyzzyplonk');
    expect(out[1]).not.toContain('*');
    expect(out[2]).toBe('');
    expect(out[3]).toMatch(/gracias/i);
  });

  it('keeps each text in its place when one says the seam itself', async () => {
    const translator = createApertiumTranslator({ timeoutMs });
    const out = await translator.translate(
      ['Hello', 'a .\u00b6. b', 'Thank you'],
      { from: 'en', to: 'es' },
      {
        signal: new AbortController().signal,
      },
    );
    expect(out).toHaveLength(3);
    expect(out[0]).toBe('Hola');
    expect(out[2]).toMatch(/gracias/i);
  });

  it('takes hostile text as text: NUL, a lone surrogate, markup, 10,000 characters', async () => {
    const translator = createApertiumTranslator({ timeoutMs });
    const long = 'The factory ships every order. '.repeat(320);
    const texts = ['Hello\u0000 world', 'Hello \ud800 world', '<b>Hello</b> [world] ^x$ @y', long];
    const out = await translator.translate(texts, { from: 'en', to: 'es' }, { signal: new AbortController().signal });
    expect(out).toHaveLength(4);
    expect(out[0]).toMatch(/Hola/);
    expect(out[1]).toMatch(/Hola/);
    expect(out[1]?.isWellFormed()).toBe(true);
    expect(out[2]).toContain('<b>');
    expect(out[3]?.match(/fábrica/g)?.length).toBe(320);
  });
});

describe('espeak-ng / flite', () => {
  it('offers English and espeak-ng languages as BCP 47 tags', async () => {
    const languages = await createLocalSpeaker({ timeoutMs }).languages();
    expect(languages).toEqual(expect.arrayContaining(['en', 'es', 'zh', 'pt', 'pt-BR', 'fr', 'de', 'ja', 'yue']));
    expect(languages).not.toContain('cmn');
    expect(languages.filter((tag) => tag.startsWith('en'))).toEqual(['en']);
    for (const tag of languages) expect(tag).toMatch(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8}){0,2}$/);
  });

  it('says a line that starts like an option as text', async () => {
    const out = path.join(work, 'dash.wav');
    await createLocalSpeaker({ timeoutMs }).speak('-v nothing', 'es', out, { signal: new AbortController().signal });
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', out]);
    expect(Number(stdout)).toBeGreaterThan(0.3);
  });
});

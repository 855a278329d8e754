import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Cue, SUBTITLE_CUE_TEXT_MAX } from '@leadreel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EngineError,
  type LanguagePair,
  type Speaker,
  type TextTasks,
  type Transcriber,
  type Translator,
} from './engine.ts';
import { matchLanguage } from './languages.ts';

const run = promisify(execFile);

/** The words of a text, lower case, without punctuation, as a recogniser writes them. */
export const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);

/** Word error rate: the words substituted, left out or added, over the words said (Levenshtein over words). */
export function wordErrorRate(said: string[], heard: string[]): number {
  let previous = Array.from({ length: heard.length + 1 }, (_, j) => j);
  for (let i = 1; i <= said.length; i++) {
    const current = [i];
    for (let j = 1; j <= heard.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (said[i - 1] === heard[j - 1] ? 0 : 1);
      current.push(Math.min(substitution, (previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1));
    }
    previous = current;
  }
  return said.length === 0 ? 0 : (previous[heard.length] ?? 0) / said.length;
}

/** Seconds of sound in a file as ffprobe reads it (what the dub's mix will read). */
export async function probeSeconds(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  return Number(stdout.trim());
}

/** The reason a call rejected with, or a failure of the test when it resolved. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (reason: unknown) => reason,
  );
}

/** An EngineError's code, or what was thrown instead (so a wrong kind of failure shows in the diff). */
export async function failureCode(promise: Promise<unknown>): Promise<string> {
  const reason = await rejection(promise);
  return reason instanceof EngineError ? reason.code : String(reason);
}

const call = () => ({ signal: new AbortController().signal });
const canceled = () => {
  const controller = new AbortController();
  const reason = new Error('canceled by the owner');
  controller.abort(reason);
  return { signal: controller.signal, reason };
};

export type TranscriberUnderTest = {
  transcriber: Transcriber;
  /** A 16 kHz mono WAV of `said`, and its language. */
  wav: string;
  said: string;
  lang: string;
  /** A language it cannot hear. */
  unsupported: string;
};

/** The behaviour every speech-to-text engine has (STYLE.md: one suite, every backend). */
export function transcriberBehaviour(name: string, setup: () => Promise<TranscriberUnderTest>) {
  describe(`${name} speech to text`, () => {
    let s: TranscriberUnderTest;
    beforeAll(async () => {
      s = await setup();
    });

    it('hears the words said, in cues whose times go forward within the sound', async () => {
      const progress: number[] = [];
      const cues = await s.transcriber.transcribe(s.wav, s.lang, { ...call(), onProgress: (f) => progress.push(f) });
      const heard = cues.flatMap((cue) => wordsOf(cue.text));
      expect(wordErrorRate(wordsOf(s.said), heard), heard.join(' ')).toBeLessThan(0.3);
      const seconds = await probeSeconds(s.wav);
      for (const [index, cue] of cues.entries()) {
        expect(cue.end, JSON.stringify(cue)).toBeGreaterThan(cue.start);
        expect(cue.start).toBeGreaterThanOrEqual(cues[index - 1]?.end ?? 0);
        expect(cue.end).toBeLessThanOrEqual(seconds + 0.05);
        expect(cue.text.length).toBeLessThanOrEqual(SUBTITLE_CUE_TEXT_MAX);
      }
      expect(progress.at(-1)).toBe(1);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
    });

    it('refuses a language it cannot hear', async () => {
      expect(await failureCode(s.transcriber.transcribe(s.wav, s.unsupported, call()))).toBe('speech_lang_unsupported');
      expect(await s.transcriber.languages()).not.toContain(s.unsupported);
    });

    it('does nothing once canceled, rejecting with the cancel', async () => {
      const { signal, reason } = canceled();
      expect(await rejection(s.transcriber.transcribe(s.wav, s.lang, { signal }))).toBe(reason);
    });
  });
}

export type TranslatorUnderTest = {
  translator: Translator;
  pair: LanguagePair;
  texts: string[];
  /** What the translation of texts[0] is. */
  first: string;
  unsupported: LanguagePair;
};

export function translatorBehaviour(name: string, setup: () => Promise<TranslatorUnderTest>) {
  describe(`${name} translation`, () => {
    let s: TranslatorUnderTest;
    beforeAll(async () => {
      s = await setup();
    });

    it('translates many texts at once, each in its place', async () => {
      const out = await s.translator.translate(s.texts, s.pair, call());
      expect(out).toHaveLength(s.texts.length);
      expect(out[0]).toBe(s.first);
      for (const [index, text] of out.entries()) {
        expect(text.trim(), `text ${index}`).not.toBe('');
        expect(text, `text ${index}`).not.toBe(s.texts[index]);
      }
      // Each text comes back beside its own: the same text alone gives the same translation.
      const last = s.texts.length - 1;
      expect(await s.translator.translate([s.texts[last] as string], s.pair, call())).toEqual([out[last]]);
      expect(await s.translator.pairs()).toContainEqual(s.pair);
    });

    it('refuses a pair it does not translate', async () => {
      expect(await failureCode(s.translator.translate(s.texts, s.unsupported, call()))).toBe('speech_pair_unsupported');
      expect(await s.translator.pairs()).not.toContainEqual(s.unsupported);
    });

    it('does nothing once canceled, rejecting with the cancel', async () => {
      const { signal, reason } = canceled();
      expect(await rejection(s.translator.translate(s.texts, s.pair, { signal }))).toBe(reason);
    });
  });
}

export type SpeakerUnderTest = {
  speaker: Speaker;
  /** A line to say in each language. */
  lines: Record<string, string>;
  unsupported: string;
};

export function speakerBehaviour(name: string, setup: () => Promise<SpeakerUnderTest>) {
  describe(`${name} text to speech`, () => {
    let s: SpeakerUnderTest;
    let work: string;
    beforeAll(async () => {
      s = await setup();
      work = await mkdtemp(path.join(tmpdir(), 'leadreel-speak-'));
    });
    afterAll(async () => {
      await rm(work, { recursive: true, force: true });
    });

    it('writes a WAV file of the line said, in each language', async () => {
      const languages = await s.speaker.languages();
      for (const [lang, line] of Object.entries(s.lines)) {
        const out = path.join(work, `${lang}.wav`);
        await s.speaker.speak(line, lang, out, call());
        expect(await probeSeconds(out), lang).toBeGreaterThan(0.3);
        expect(matchLanguage(lang, languages), lang).not.toBeNull();
      }
    });

    it('refuses a language it has no voice for', async () => {
      const out = path.join(work, 'none.wav');
      expect(await failureCode(s.speaker.speak('Hello', s.unsupported, out, call()))).toBe('speech_lang_unsupported');
    });

    it('does nothing once canceled, rejecting with the cancel', async () => {
      const { signal, reason } = canceled();
      const [lang, line] = Object.entries(s.lines)[0] as [string, string];
      expect(await rejection(s.speaker.speak(line, lang, path.join(work, 'canceled.wav'), { signal }))).toBe(reason);
    });
  });
}

export type TextTasksUnderTest = { text: TextTasks; cues: Cue[]; lang: string };

export function textTasksBehaviour(name: string, setup: () => Promise<TextTasksUnderTest>) {
  describe(`${name} AI optimise`, () => {
    let s: TextTasksUnderTest;
    beforeAll(async () => {
      s = await setup();
    });

    it('answers cues of at most two lines, each within the time of a cue it was given', async () => {
      const out = await s.text.optimise(s.cues, s.lang, call());
      expect(out.length).toBeGreaterThanOrEqual(s.cues.length);
      for (const cue of out) {
        expect(
          s.cues.some((given) => cue.start >= given.start && cue.end <= given.end),
          JSON.stringify(cue),
        ).toBe(true);
        expect(cue.end).toBeGreaterThan(cue.start);
        expect(cue.text.split('\n').length).toBeLessThanOrEqual(2);
        expect(cue.text.trim()).not.toBe('');
      }
    });

    it('does nothing once canceled, rejecting with the cancel', async () => {
      const { signal, reason } = canceled();
      expect(await rejection(s.text.optimise(s.cues, s.lang, { signal }))).toBe(reason);
    });
  });
}

import { type Cue, cueSchema, SUBTITLE_CUE_TEXT_MAX, SUBTITLE_CUES_MAX } from '@leadreel/shared';
import { describe, expect, it } from 'vitest';
import { fitCues, splitCue, wrapText } from './cue-layout.ts';
import { rejection } from './engines.behaviour.ts';
import { createRulesTextTasks, punctuate } from './rules-text-tasks.ts';

const optimise = (cues: Cue[], lang = 'en') =>
  createRulesTextTasks().optimise(cues, lang, { signal: new AbortController().signal });
const chars = (text: string) => [...text].length;

/** Every cue a track could save: what the editor would accept. */
function expectSavable(cues: Cue[]) {
  for (const cue of cues) expect(cueSchema.safeParse(cue).success, JSON.stringify(cue)).toBe(true);
}

describe('rules: punctuation', () => {
  it('starts sentences with a capital and ends them where the speaker pauses or the track ends', async () => {
    const out = await optimise([
      { start: 0, end: 1.5, text: 'hello and welcome' },
      { start: 1.6, end: 3, text: 'to our factory' },
      { start: 4, end: 5, text: 'i think you will like it, and so will i' },
      { start: 5.2, end: 6, text: 'see you soon,' },
    ]);
    expect(out.map((cue) => cue.text)).toEqual([
      'Hello and welcome',
      // A pause of 1 s after it: the sentence ends here.
      'to our factory.',
      'I think you will like it, and so will I',
      // The last cue: its comma becomes a full stop.
      'see you soon.',
    ]);
  });

  it('leaves what is already punctuated, and a sentence that trails off open', () => {
    const out = punctuate(
      [
        { start: 0, end: 1, text: 'Is it ready?' },
        { start: 2, end: 3, text: 'well...' },
        { start: 4, end: 5, text: 'yes. it ships "today."' },
      ],
      'en',
    );
    expect(out.map((cue) => cue.text)).toEqual(['Is it ready?', 'Well...', 'yes. It ships "today."']);
  });

  it('capitalises in any cased script, and makes "i" a capital only in English', () => {
    expect(punctuate([{ start: 0, end: 1, text: 'привет мир' }], 'ru')[0]?.text).toBe('Привет мир.');
    expect(punctuate([{ start: 0, end: 1, text: 'i è la lettera' }], 'it')[0]?.text).toBe('I è la lettera.');
    expect(punctuate([{ start: 0, end: 1, text: 'yes i said i.e. this' }], 'en-US')[0]?.text).toBe(
      'Yes I said i.e. this.',
    );
  });

  it('ends Chinese and Japanese with the ideographic full stop', () => {
    const out = punctuate(
      [
        { start: 0, end: 1, text: '欢迎来到我们的工厂' },
        { start: 2, end: 3, text: '我们生产汽车配件，' },
        { start: 4, end: 5, text: '工場へようこそ' },
        { start: 6, end: 7, text: '已经结束了！' },
      ],
      'zh-CN',
    );
    expect(out.map((cue) => cue.text)).toEqual([
      '欢迎来到我们的工厂。',
      '我们生产汽车配件。',
      '工場へようこそ。',
      '已经结束了！',
    ]);
  });
});

describe('rules: line length', () => {
  it('wraps Latin text at 42 characters into two balanced lines', () => {
    const lines = wrapText('We ship every order within two days, anywhere in the world.');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(chars(line)).toBeLessThanOrEqual(42);
    expect(Math.abs(chars(lines[0] as string) - chars(lines[1] as string))).toBeLessThan(12);
    expect(lines.join(' ')).toBe('We ship every order within two days, anywhere in the world.');
  });

  it('wraps Chinese at 16 characters between characters, never before its punctuation, with no spaces added', () => {
    const text = '我们的工厂生产各种各样的汽车配件，欢迎您来参观';
    const lines = wrapText(text);
    expect(lines.join('')).toBe(text);
    for (const line of lines) {
      expect(chars(line)).toBeLessThanOrEqual(17);
      expect(line).not.toMatch(/^[，。]/);
    }
    // A line break inside Chinese is not a space.
    expect(wrapText('我们的\n工厂')).toEqual(['我们的工厂']);
  });

  it('keeps line breaks already within the limits, and re-wraps lines that are not', async () => {
    const out = await optimise([
      { start: 0, end: 2, text: 'Hello,\nworld.' },
      { start: 2, end: 4, text: 'A line much longer than forty-two characters, surely.\nOk.' },
    ]);
    // Two lines as even as can be; on a tie the longer one below, where the eye is already (a pyramid).
    expect(out.map((cue) => cue.text)).toEqual([
      'Hello,\nworld.',
      'A line much longer than\nforty-two characters, surely. Ok.',
    ]);
  });

  it('gives a word longer than a line a line of its own rather than cutting it', () => {
    const word = 'x'.repeat(60);
    expect(wrapText(`see ${word} here`)).toEqual(['see', word, 'here']);
  });
});

describe('rules: cue splitting', () => {
  it('splits a cue of more than two lines at word boundaries, each part timed by its share, within the original', async () => {
    const cue = {
      start: 10,
      end: 16,
      text: 'today we will see how every order is packed, checked and shipped within two days of being placed by a customer anywhere.',
    };
    const out = await optimise([cue]);
    expect(out.length).toBeGreaterThan(1);
    expect(out[0]?.start).toBe(10);
    expect(out.at(-1)?.end).toBe(16);
    for (const [index, part] of out.entries()) {
      expect(part.text.split('\n').length).toBeLessThanOrEqual(2);
      expect(part.start).toBe(index === 0 ? 10 : out[index - 1]?.end);
      expect(part.end).toBeGreaterThan(part.start);
    }
    // Every word is kept, in order, none cut.
    expect(out.map((part) => part.text.replace(/\n/g, ' ')).join(' ')).toBe(`T${cue.text.slice(1)}`);
    // Time follows the characters: the longer part is on screen longer.
    const [first, second] = out as [Cue, Cue];
    const share = (part: Cue) => part.text.replace(/\s/g, '').length / (part.end - part.start);
    expect(share(first)).toBeCloseTo(share(second), 0);
  });

  it('splits a cue over seven seconds, preferring the end of a sentence', async () => {
    const out = await optimise([{ start: 0, end: 10, text: 'We make pumps. They last for years and years.' }]);
    expect(out.map((cue) => cue.text)).toEqual(['We make pumps.', 'They last for years and years.']);
    for (const cue of out) expect(cue.end - cue.start).toBeLessThanOrEqual(7);
  });

  it('splits Chinese between characters, times within the original', async () => {
    const out = await optimise(
      [{ start: 1, end: 5, text: '我们的工厂生产各种各样的汽车配件欢迎您来参观我们的工厂并且了解更多的信息' }],
      'zh-CN',
    );
    expect(out.length).toBe(2);
    expect(out.map((cue) => cue.text.replace(/\n/g, '')).join('')).toBe(
      '我们的工厂生产各种各样的汽车配件欢迎您来参观我们的工厂并且了解更多的信息。',
    );
    for (const cue of out) {
      expect(cue.start).toBeGreaterThanOrEqual(1);
      expect(cue.end).toBeLessThanOrEqual(5);
      for (const line of cue.text.split('\n')) expect(chars(line)).toBeLessThanOrEqual(17);
    }
  });

  it('leaves a single long word whole, however long the cue', () => {
    expect(splitCue({ start: 0, end: 20, text: 'Supercalifragilistic' }, 3)).toEqual([
      { start: 0, end: 20, text: 'Supercalifragilistic' },
    ]);
  });

  it('never makes a track longer than a track may be', async () => {
    const cues = Array.from({ length: SUBTITLE_CUES_MAX - 1 }, (_, index) => ({
      start: index * 10,
      end: index * 10 + 9,
      text: 'one two three four',
    }));
    const out = await optimise(cues);
    expect(out).toHaveLength(SUBTITLE_CUES_MAX);
  });
});

describe('rules: what the owner may have typed', () => {
  it('takes empty, control characters, lone surrogates and 10,000 characters, answering cues a track can save', async () => {
    const out = await optimise([
      { start: 0, end: 1, text: '' },
      { start: 1, end: 2, text: 'nul\u0000 here' },
      { start: 2, end: 3, text: 'lone \ud800 surrogate' },
      { start: 3, end: 60, text: 'word '.repeat(2000) },
      { start: 60, end: 61, text: ' \n ' },
    ]);
    expectSavable(out);
    expect(out[0]?.text).toBe('Nul here');
    expect(out[1]?.text).toBe('lone \ufffd surrogate');
    expect(
      out
        .filter((cue) => cue.start >= 3)
        .map((cue) => cue.text.split(/\s+/).length)
        .reduce((a, b) => a + b),
    ).toBe(2000);
    expect(await optimise([])).toEqual([]);
  });

  it('rejects at once when canceled', async () => {
    const controller = new AbortController();
    controller.abort(new Error('canceled'));
    const reason = await rejection(
      createRulesTextTasks().optimise([{ start: 0, end: 1, text: 'hi' }], 'en', { signal: controller.signal }),
    );
    expect(reason).toEqual(new Error('canceled'));
  });
});

describe("engines' cues kept to what a track holds", () => {
  it('drops empty text, orders by time, gives a cue a length and splits text over the limit', () => {
    const out = fitCues([
      { start: 5, end: 4, text: 'backwards' },
      { start: -1, end: 1, text: 'before the start' },
      { start: 2, end: 3, text: '\u0000' },
      { start: 6, end: 40, text: 'word '.repeat(300) },
      { start: Number.NaN, end: 1, text: 'no time' },
    ]);
    expectSavable(out);
    expect(out[0]).toEqual({ start: 0, end: 1, text: 'before the start' });
    expect(out[1]).toEqual({ start: 5, end: 5.1, text: 'backwards' });
    for (const cue of out) expect(chars(cue.text)).toBeLessThanOrEqual(SUBTITLE_CUE_TEXT_MAX);
    expect(
      out
        .slice(2)
        .map((cue) => cue.text)
        .join(' '),
    ).toBe('word '.repeat(300).trim());
  });

  it('merges the shortest neighbours when an engine hears more cues than a track holds', () => {
    const cues = Array.from({ length: SUBTITLE_CUES_MAX + 10 }, (_, index) => ({
      start: index,
      end: index + 0.5,
      text: `w${index}`,
    }));
    const out = fitCues(cues);
    expect(out).toHaveLength(SUBTITLE_CUES_MAX);
    expect(out.map((cue) => cue.text).join(' ')).toBe(cues.map((cue) => cue.text).join(' '));
  });
});

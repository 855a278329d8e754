import { describe, expect, it } from 'vitest';
import {
  assScript,
  assTime,
  chunkEvents,
  cjkFontFamily,
  cleanText,
  escapeAss,
  textLayout,
  titleEvents,
  wrapLines,
} from './ass-script.ts';

/** What libass shows of an event's text: escapes resolved, our own override blocks and breaks taken out. */
const shown = (text: string) =>
  text
    .replace(/\{\\fs\d+\}/g, '')
    .replace(/\\N/g, '\n')
    .replace(/\\\u2060/g, '\\')
    .replace(/\\([{}])/g, '$1');

describe('cleanText', () => {
  it.each([
    ['', ''],
    ['  two\n\nparagraphs\r\n\tjoined  ', 'two paragraphs joined'],
    ['nul\u0000 inside', 'nul inside'],
    ['lone \ud800 surrogate', 'lone \ufffd surrogate'],
    ['line\u2028separator', 'line separator'],
    ['中文　全角空格', '中文 全角空格'],
  ])('%j -> %j', (input, output) => {
    expect(cleanText(input)).toBe(output);
  });
});

describe('escapeAss', () => {
  it.each([
    // An override block typed by a user would move, recolour or hide the subtitle.
    ['{\\pos(0,0)}moved', '\\{\\\u2060pos(0,0)\\}moved'],
    ['{hidden}', '\\{hidden\\}'],
    // \N and \h would break the line or add a hard space.
    ['C:\\new\\hard', 'C:\\\u2060new\\\u2060hard'],
    ['\\', '\\\u2060'],
    ['plain, text', 'plain, text'],
  ])('%j', (input, output) => {
    expect(escapeAss(input)).toBe(output);
    expect(shown(escapeAss(input))).toBe(input);
  });
});

describe('wrapLines', () => {
  it('keeps a short text on one line', () => {
    expect(wrapLines('Short and sweet', 30)).toEqual(['Short and sweet']);
  });

  it('breaks English at spaces into even lines', () => {
    const lines = wrapLines('Most visitors leave before the first minute ends, and nobody asks them for an email', 40);
    expect(lines).toHaveLength(2);
    expect(lines.join(' ')).toBe('Most visitors leave before the first minute ends, and nobody asks them for an email');
    const [a, b] = lines.map((line) => line.length) as [number, number];
    expect(Math.abs(a - b)).toBeLessThan(15);
  });

  it('breaks Chinese between characters, never before closing punctuation', () => {
    const text =
      '我们的团队为小公司打造视频工具，帮助他们从网站上获得更多客户。每周我们都会遇到销售经理，他们讲述同样的故事。';
    const lines = wrapLines(text, 16);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join('')).toBe(text);
    for (const line of lines) {
      expect(Array.from(line).length).toBeLessThanOrEqual(16);
      expect(line).not.toMatch(/^[，。、！？]/);
    }
  });

  it('breaks mixed Chinese and English at either', () => {
    const lines = wrapLines('LeadReel 让每一个视频都能带来 leads，而且设置只需要五分钟', 12);
    expect(lines.join('').replace(/ /g, '')).toBe('LeadReel让每一个视频都能带来leads，而且设置只需要五分钟');
    expect(lines.every((line) => line.length > 0)).toBe(true);
  });

  it('cuts a word longer than a line', () => {
    const lines = wrapLines(`see https://example.com/${'a'.repeat(200)}`, 20);
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.join('').replace(/ /g, '')).toBe(`seehttps://example.com/${'a'.repeat(200)}`);
  });

  it.each([
    ['', []],
    ['\u0000', []],
    ['   \n  ', []],
  ])('has no lines for %j', (input, lines) => {
    expect(wrapLines(input, 20)).toEqual(lines);
  });

  it('wraps 10,000 characters without losing any', () => {
    const text = 'word '.repeat(2000).trim();
    const lines = wrapLines(text, 30);
    expect(lines.join(' ')).toBe(text);
  });
});

describe('chunkEvents', () => {
  it('shows two lines at a time, one after the other over the scene, longer text for longer', () => {
    const events = chunkEvents(['aaaa', 'bbbb', 'cccc', 'dddd', 'ee'], 2, 10, 20, 'Subtitle');
    expect(events.map((e) => e.text)).toEqual(['aaaa\\Nbbbb', 'cccc\\Ndddd', 'ee']);
    expect(events[0]?.start).toBe(10);
    expect(events.at(-1)?.end).toBe(20);
    for (let i = 1; i < events.length; i++) expect(events[i]?.start).toBe(events[i - 1]?.end);
    const lengths = events.map((e) => e.end - e.start);
    expect(lengths[0]).toBeGreaterThan(lengths[2] as number);
  });
});

describe('titleEvents', () => {
  it('shows a short text large', () => {
    const { size, events } = titleEvents('Hello', 1920, 1080, 0, 5);
    expect(size).toBe(textLayout(1920, 1080).titleMaxSize);
    expect(events).toEqual([{ start: 0, end: 5, text: `{\\fs${size}}Hello`, style: 'Title' }]);
  });

  it('shrinks a longer text, and shows the longest in turns', () => {
    const layout = textLayout(1920, 1080);
    const medium = titleEvents('word '.repeat(40), 1920, 1080, 0, 5);
    expect(medium.size).toBeLessThan(layout.titleMaxSize);
    expect(medium.events).toHaveLength(1);
    const long = titleEvents('word '.repeat(400), 1920, 1080, 0, 5);
    expect(long.size).toBe(layout.titleMinSize);
    expect(long.events.length).toBeGreaterThan(1);
  });
});

describe('assScript', () => {
  it('keeps every event on one line of the file, in the frame’s pixels', () => {
    const script = assScript({
      width: 640,
      height: 360,
      font: 'Noto Sans CJK SC',
      events: [{ start: 0, end: 1.5, text: escapeAss(cleanText('a\nb {x}')), style: 'Subtitle' }],
    });
    expect(script).toContain('PlayResX: 640\nPlayResY: 360');
    expect(script).toContain('Dialogue: 0,0:00:00.00,0:00:01.50,Subtitle,,0,0,0,,a b \\{x\\}\n');
    expect(script).toMatch(/^Style: Subtitle,Noto Sans CJK SC,/m);
  });

  it.each([
    [0, '0:00:00.00'],
    [1.006, '0:00:01.01'],
    [61.5, '0:01:01.50'],
    [3723.25, '1:02:03.25'],
  ])('writes %s s as %s', (seconds, time) => {
    expect(assTime(seconds)).toBe(time);
  });
});

describe('cjkFontFamily', () => {
  it.each([
    ['zh-CN', 'Noto Sans CJK SC'],
    ['zh', 'Noto Sans CJK SC'],
    ['zh-TW', 'Noto Sans CJK TC'],
    ['zh-Hant-TW', 'Noto Sans CJK TC'],
    ['zh-HK', 'Noto Sans CJK HK'],
    ['ja', 'Noto Sans CJK JP'],
    ['ko-KR', 'Noto Sans CJK KR'],
    ['en', 'Noto Sans CJK SC'],
    ['', 'Noto Sans CJK SC'],
  ])('%s -> %s', (lang, family) => {
    expect(cjkFontFamily(lang)).toBe(family);
  });
});

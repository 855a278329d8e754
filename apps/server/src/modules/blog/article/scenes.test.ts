import { SCENE_TEXT_MAX, SCENES_MAX } from '@leadreel/shared';
import { describe, expect, it } from 'vitest';
import {
  blocksOfText,
  capScenes,
  cutLongSentence,
  mostlyCjk,
  readingSeconds,
  scenesOf,
  sentencesOf,
  sentencesOfBlocks,
  titleOfText,
  wordsOf,
} from './scenes.ts';
import { extractiveSummary, sentencesOfScenes, termsOf } from './summary.ts';

const englishSentence = (n: number) => `Sentence number ${n} tells the reader one more thing about video marketing.`;

describe('sentencesOf', () => {
  it.each([
    ['Video sells. Text tells! Does it work? Yes.', ['Video sells.', 'Text tells!', 'Does it work?', 'Yes.']],
    ['Use short clips, e.g. ten seconds. Then test them.', ['Use short clips, e.g. ten seconds.', 'Then test them.']],
    [
      'Dr. Smith met Mr. Jones at 3 p.m. yesterday. It went well.',
      ['Dr. Smith met Mr. Jones at 3 p.m. yesterday.', 'It went well.'],
    ],
    [
      'Prices rose 3.5 percent in the U.S. market. Then fell.',
      ['Prices rose 3.5 percent in the U.S. market.', 'Then fell.'],
    ],
    ['J. R. R. Tolkien wrote books. Many of them.', ['J. R. R. Tolkien wrote books.', 'Many of them.']],
    ['He said "Stop." Then he left.', ['He said "Stop."', 'Then he left.']],
    ['Really?! Yes... Fine.', ['Really?!', 'Yes...', 'Fine.']],
    [
      '视频营销很重要。它能带来客户！你准备好了吗？我们开始吧；先写脚本',
      ['视频营销很重要。', '它能带来客户！', '你准备好了吗？', '我们开始吧；', '先写脚本'],
    ],
    ['「いい動画」です。次へ。', ['「いい動画」です。', '次へ。']],
    ['  spaces   inside\n a line  ', ['spaces inside a line']],
    ['', []],
  ])('%s', (text, expected) => {
    expect(sentencesOf(text)).toEqual(expected);
  });

  it('keeps headings as sentences of their own', () => {
    expect(
      sentencesOfBlocks([
        { kind: 'heading', text: 'Why video works' },
        { kind: 'paragraph', text: 'People watch. They remember' },
        { kind: 'heading', text: 'How to start' },
      ]),
    ).toEqual(['Why video works', 'People watch.', 'They remember', 'How to start']);
  });
});

describe('cutLongSentence', () => {
  it('cuts a sentence longer than a scene at a comma, else at a space, else where it must', () => {
    const clause = 'and the viewers kept watching the video until the very end of it';
    const long = `${Array(12).fill(clause).join(', ')}.`;
    expect(long.length).toBeGreaterThan(SCENE_TEXT_MAX);
    const pieces = cutLongSentence(long);
    expect(pieces.every((piece) => piece.length <= SCENE_TEXT_MAX)).toBe(true);
    expect(pieces[0]?.endsWith(',')).toBe(true);
    expect(pieces.join(' ')).toBe(long);

    const words = Array(120).fill('word').join(' ');
    const byWords = cutLongSentence(words);
    expect(byWords.every((piece) => piece.length <= SCENE_TEXT_MAX && !piece.includes('wor '))).toBe(true);
    expect(byWords.join(' ')).toBe(words);

    const han = '视'.repeat(1200);
    expect(cutLongSentence(han).map((piece) => piece.length)).toEqual([500, 500, 200]);
    const emoji = '😀'.repeat(300);
    expect(cutLongSentence(emoji).every((piece) => piece.toWellFormed() === piece)).toBe(true);
  });
});

describe('scenesOf', () => {
  it('groups an English article into about 7 to 10 scenes, in order, none too long', () => {
    const sentences = Array.from({ length: 30 }, (_, n) => englishSentence(n + 1));
    const scenes = scenesOf(sentences, 'auto');
    expect(scenes.length).toBeGreaterThanOrEqual(7);
    expect(scenes.length).toBeLessThanOrEqual(10);
    expect(scenes.join(' ')).toBe(sentences.join(' '));
    expect(scenes.every((scene) => scene.length <= SCENE_TEXT_MAX)).toBe(true);
  });

  it('makes one scene per sentence of a short text, and more than 10 scenes of a long one', () => {
    expect(scenesOf(['One.', 'Two.', 'Three.'], 'auto')).toEqual(['One.', 'Two.', 'Three.']);
    const long = Array.from({ length: 100 }, (_, n) => englishSentence(n));
    const scenes = scenesOf(long, 'auto');
    expect(scenes.length).toBeGreaterThan(10);
    expect(scenes.length).toBeLessThanOrEqual(SCENES_MAX);
    expect(scenes.every((scene) => scene.length <= SCENE_TEXT_MAX)).toBe(true);
  });

  it('splits a Chinese article on 。 and joins its sentences without spaces', () => {
    const text = Array.from({ length: 20 }, (_, n) => `第${n + 1}句话讲视频营销的一个要点。`).join('');
    const scenes = scenesOf(sentencesOf(text), 'auto');
    expect(scenes.length).toBe(7);
    expect(scenes.every((scene) => scene.endsWith('。') && !scene.includes(' '))).toBe(true);
    expect(scenes.join('')).toBe(text);
    expect(scenesOf(sentencesOf(text), 'sentence')).toHaveLength(20);
  });

  it('makes exactly 40 scenes of 41 or more sentences in sentence mode, merging neighbours', () => {
    const sentences = Array.from({ length: 41 }, (_, n) => englishSentence(n + 1));
    const scenes = scenesOf(sentences, 'sentence');
    expect(scenes).toHaveLength(SCENES_MAX);
    expect(scenes.join(' ')).toBe(sentences.join(' '));
    expect(
      scenesOf(
        Array.from({ length: 95 }, (_, n) => `Point ${n}.`),
        'sentence',
      ),
    ).toHaveLength(SCENES_MAX);
  });

  it('cuts a sentence over 500 characters into scenes that fit', () => {
    const long = `${Array(60).fill('marketing').join(' ')}, ${Array(40).fill('video').join(' ')}.`;
    expect(long.length).toBeGreaterThan(500);
    const scenes = scenesOf([long], 'sentence');
    expect(scenes.length).toBe(2);
    expect(scenes.every((scene) => scene.length <= SCENE_TEXT_MAX)).toBe(true);
  });

  it('leaves out what 40 full scenes cannot hold', () => {
    const full = Array.from({ length: 45 }, () => 'x'.repeat(400));
    expect(capScenes(full)).toHaveLength(SCENES_MAX);
  });
});

describe('reading time', () => {
  it('reads 150 words a minute, Chinese at 1.6 characters a word, at least 2 seconds', () => {
    expect(wordsOf('Video marketing works, doesn’t it? 3.5 times better.')).toBe(8);
    expect(readingSeconds(Array(150).fill('word').join(' '))).toBe(60);
    expect(readingSeconds('视'.repeat(240))).toBe(60);
    expect(readingSeconds('Hi.')).toBe(2);
    expect(readingSeconds('')).toBe(2);
  });

  it('tells a mostly Chinese text from an English one', () => {
    expect(mostlyCjk('视频营销 with some English')).toBe(false);
    expect(mostlyCjk('视频营销很重要，SEO 也是')).toBe(true);
    expect(mostlyCjk('12345')).toBe(false);
  });
});

describe('pasted text', () => {
  it('takes each line as a paragraph and the first line as the title when short', () => {
    expect(blocksOfText('Title here\n\n First para. Second.\r\nThird')).toEqual([
      { kind: 'paragraph', text: 'Title here' },
      { kind: 'paragraph', text: 'First para. Second.' },
      { kind: 'paragraph', text: 'Third' },
    ]);
    expect(titleOfText('\n  Why video wins.\nBody')).toBe('Why video wins');
    const longLine = Array(40).fill('word').join(' ');
    expect(titleOfText(longLine)).toMatch(/^word( word)+…$/);
    expect(titleOfText(longLine).length).toBeLessThanOrEqual(81);
    expect(titleOfText('视'.repeat(100))).toBe(`${'视'.repeat(30)}…`);
  });
});

describe('extractive summary', () => {
  it('keeps the sentences about the key terms, about 40%, in their order', () => {
    const sentences = [
      'Video marketing turns readers into customers.',
      'The weather was nice on Tuesday.',
      'Short video marketing clips bring more customers.',
      'My cat likes boxes.',
      'Customers remember video better than text.',
    ];
    expect(extractiveSummary(sentences)).toEqual([
      'Video marketing turns readers into customers.',
      'Short video marketing clips bring more customers.',
    ]);
    expect(extractiveSummary(['Only one.'])).toEqual(['Only one.']);
  });

  it('reads Chinese by pairs of characters', () => {
    expect(termsOf('视频营销的方法')).toEqual(['视频', '频营', '营销', '销方', '方法']);
    const kept = extractiveSummary([
      '视频营销很有效。',
      '今天天气很好。',
      '视频营销带来客户。',
      '我喜欢猫。',
      '客户喜欢视频。',
    ]);
    expect(kept).toEqual(['视频营销很有效。', '视频营销带来客户。']);
    expect(sentencesOfScenes(['一。二。', 'Three. Four.'])).toEqual(['一。', '二。', 'Three.', 'Four.']);
  });
});

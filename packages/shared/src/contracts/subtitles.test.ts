import { describe, expect, it } from 'vitest';
import { hexColorField, httpUrlField } from './overlays.ts';
import { cueSchema, parseSubtitles, SubtitleParseError, toSrt, toWebVtt } from './subtitles.ts';

describe('parseSubtitles', () => {
  it('reads SRT with Windows line ends, a byte-order mark, styling tags and multi-line cues', () => {
    const srt =
      '\uFEFF1\r\n00:00:01,000 --> 00:00:02,500\r\n<i>Hello</i>\r\nworld\r\n\r\n2\r\n01:02:03,004 --> 01:02:04,000\r\n{\\an8}Top\r\n';
    expect(parseSubtitles(srt)).toEqual([
      { start: 1, end: 2.5, text: 'Hello\nworld' },
      { start: 3723.004, end: 3724, text: 'Top' },
    ]);
  });

  it('reads WebVTT with header, NOTE and STYLE blocks, cue ids, settings and short timestamps', () => {
    const vtt =
      'WEBVTT - title\nKind: captions\n\nNOTE made by hand\n\nSTYLE\n::cue { color: red }\n\nintro\n00:05.000 --> 00:06.000 line:0\nHi <c.loud>there</c>\n';
    expect(parseSubtitles(vtt)).toEqual([{ start: 5, end: 6, text: 'Hi there' }]);
  });

  it('names the line of a block without a timing, and keeps text that only looks like a tag', () => {
    expect(() => parseSubtitles('1\n00:00:01,000 --> 00:00:02,000\nfine\n\n2\nno timing here\n')).toThrow(
      SubtitleParseError,
    );
    try {
      parseSubtitles('1\n00:00:01,000 --> 00:00:02,000\nfine\n\n2\nno timing here\n');
    } catch (error) {
      expect((error as SubtitleParseError).line).toBe(5);
    }
    expect(parseSubtitles('00:00:01.000 --> 00:00:02.000\n1 < 2 > 0')).toEqual([
      { start: 1, end: 2, text: '1 < 2 > 0' },
    ]);
    expect(parseSubtitles('')).toEqual([]);
  });

  it('writes WebVTT that reads back to the same cues, with text escaped and no blank line inside a cue', () => {
    const cues = [
      { start: 0.5, end: 2, text: 'a < b & c' },
      { start: 3661.25, end: 3662, text: 'one\n\ntwo' },
    ];
    const vtt = toWebVtt(cues);
    expect(vtt).toBe(
      'WEBVTT\n\n00:00:00.500 --> 00:00:02.000\na &lt; b &amp; c\n\n01:01:01.250 --> 01:01:02.000\none\ntwo\n',
    );
    expect(parseSubtitles(vtt).map((cue) => [cue.start, cue.end])).toEqual([
      [0.5, 2],
      [3661.25, 3662],
    ]);
  });

  it('writes SRT numbered from 1 with commas, that reads back to the same cues, with no blank line inside a cue', () => {
    const cues = [
      { start: 0.5, end: 2, text: 'a < b & c' },
      { start: 3661.25, end: 3662, text: 'one\n\ntwo' },
    ];
    const srt = toSrt(cues);
    expect(srt).toBe('1\n00:00:00,500 --> 00:00:02,000\na < b & c\n\n2\n01:01:01,250 --> 01:01:02,000\none\ntwo\n');
    expect(parseSubtitles(srt)).toEqual([
      { start: 0.5, end: 2, text: 'a < b & c' },
      { start: 3661.25, end: 3662, text: 'one\ntwo' },
    ]);
    expect(toSrt([])).toBe('');
  });
});

describe('overlay fields', () => {
  it('takes http(s) links only, and colours as #rrggbb', () => {
    expect(httpUrlField.safeParse('https://acme.example.test/x?y=1').success).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      'ftp://a.example.test',
      'acme',
      'https://localhost',
    ]) {
      expect(httpUrlField.safeParse(bad).success, bad).toBe(false);
    }
    expect(hexColorField.parse(' #ABC ')).toBe('#aabbcc');
    for (const bad of ['red', '#abcd', 'rgb(0,0,0)', '#12345g'])
      expect(hexColorField.safeParse(bad).success, bad).toBe(false);
  });
});

describe('a cue', () => {
  const problems = (cue: unknown) => {
    const result = cueSchema.safeParse(cue);
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('reports every problem of a line at once, times out of order beside empty text', () => {
    expect(problems({ start: 5, end: 2, text: ' ' })).toEqual(['text: subtitle_cue_empty', 'end: subtitle_cue_times']);
    expect(problems({ start: 1, end: 2, text: 'x'.repeat(501) })).toEqual(['text: subtitle_cue_too_long']);
  });

  it('does not compare times that are not numbers', () => {
    expect(problems({ start: null, end: 2, text: 'hi' })).toEqual(['start: illegal_input']);
    expect(problems({ start: 1, end: 2, text: 'hi' })).toEqual([]);
  });
});

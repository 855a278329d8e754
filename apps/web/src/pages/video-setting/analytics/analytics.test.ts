import { watchedSegments } from '@leadreel/shared/watching';
import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('the watched parts of a session', () => {
  it.each([
    { intervals: [], segments: [] },
    { intervals: [[0, 4]], segments: [{ from: 0, to: 4, times: 1 }] },
    {
      intervals: [
        [0, 3],
        [1, 4],
      ],
      segments: [
        { from: 0, to: 1, times: 1 },
        { from: 1, to: 3, times: 2 },
        { from: 3, to: 4, times: 1 },
      ],
    },
    // Played on after a pause (one part), then a gap, then the start three times.
    {
      intervals: [
        [10, 12],
        [12, 15],
        [20, 22],
        [0, 2],
        [0, 2],
        [0, 1],
      ],
      segments: [
        { from: 0, to: 1, times: 3 },
        { from: 1, to: 2, times: 2 },
        { from: 10, to: 15, times: 1 },
        { from: 20, to: 22, times: 1 },
      ],
    },
  ] as { intervals: [number, number][]; segments: unknown[] }[])('$intervals', ({ intervals, segments }) => {
    expect(watchedSegments(intervals)).toEqual(segments);
  });
});

describe('the CSV files', () => {
  it('quote text, leave numbers bare, and keep formulas from running', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    expect(csvCell('=HYPERLINK("http://evil.test")')).toBe('"\'=HYPERLINK(""http://evil.test"")"');
    expect(csvCell('-1')).toBe('"\'-1"');
    expect(csvCell(12.5)).toBe('12.5');
    expect(
      toCsv([
        ['Day', 'Plays'],
        ['2026/05/01', 3],
      ]),
    ).toBe('\uFEFF"Day","Plays"\r\n"2026/05/01",3\r\n');
  });
});

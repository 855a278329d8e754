import { describe, expect, it } from 'vitest';
import { bucketTimes, layeredRanges, watchedSegments } from './watching.ts';

describe("a viewing's watching", () => {
  it('joins ranges that meet, and counts the overlap of a seek back twice', () => {
    expect(
      watchedSegments([
        [0, 2.95],
        [2.95, 3],
        [2, 6],
      ]),
    ).toEqual([
      { from: 0, to: 2, times: 1 },
      { from: 2, to: 3, times: 2 },
      { from: 3, to: 6, times: 1 },
    ]);
    expect(watchedSegments([[4, 4]])).toEqual([]);
  });

  it('keeps the same watching as layered ranges, dropping the most rewatched levels past the bound', () => {
    const segments = watchedSegments([
      [0, 30],
      [10, 40],
      [15, 20],
    ]);
    const layered = layeredRanges(segments);
    expect(layered).toEqual([
      [0, 40],
      [10, 30],
      [15, 20],
    ]);
    expect(watchedSegments(layered)).toEqual(segments);
    expect(layeredRanges(segments, 2)).toEqual([
      [0, 40],
      [10, 30],
    ]);
  });

  it('reads each hundredth of the video at its middle, so a part that meets another is not counted twice', () => {
    const times = bucketTimes(
      watchedSegments([
        [0, 3],
        [3, 6],
        [2, 3],
      ]),
      6,
    );
    expect(times.filter((t) => t === 2)).toHaveLength(17);
    expect(times.every((t) => t >= 1 && t <= 2)).toBe(true);
    expect(bucketTimes([], 6)).toEqual(Array(100).fill(0));
    expect(bucketTimes([{ from: 0, to: 6, times: 1 }], 0)).toEqual(Array(100).fill(0));
  });
});

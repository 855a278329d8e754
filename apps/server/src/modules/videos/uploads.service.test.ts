import { describe, expect, it } from 'vitest';
import { compareParts, expectedParts } from './uploads.service.ts';

const MiB = 1024 * 1024;

describe('expectedParts', () => {
  it('cuts a file into full parts and a short last one', () => {
    expect(expectedParts(10 * MiB + 3, 5 * MiB)).toEqual([
      { partNumber: 1, size: 5 * MiB },
      { partNumber: 2, size: 5 * MiB },
      { partNumber: 3, size: 3 },
    ]);
    expect(expectedParts(7, 5 * MiB)).toEqual([{ partNumber: 1, size: 7 }]);
  });
});

describe('compareParts', () => {
  const part = (partNumber: number, size: number) => ({ partNumber, size, etag: `"${partNumber}"` });

  it('finds nothing wrong with a complete upload, in any order', () => {
    expect(compareParts(10 * MiB + 3, 5 * MiB, [part(3, 3), part(1, 5 * MiB), part(2, 5 * MiB)])).toEqual({
      missing: [],
      wrong: [],
    });
  });

  it('names missing parts', () => {
    expect(compareParts(10 * MiB + 3, 5 * MiB, [part(2, 5 * MiB)])).toEqual({ missing: [1, 3], wrong: [] });
  });

  it('names parts holding more or fewer bytes than the declared file gives them, and parts beyond its end', () => {
    expect(compareParts(10 * MiB + 3, 5 * MiB, [part(1, 5 * MiB), part(2, 5 * MiB), part(3, 4)])).toEqual({
      missing: [],
      wrong: [3],
    });
    expect(compareParts(7, 5 * MiB, [part(1, 7), part(2, 1)])).toEqual({ missing: [], wrong: [2] });
    expect(compareParts(10 * MiB, 5 * MiB, [part(1, 5 * MiB - 1), part(2, 5 * MiB)]).wrong).toEqual([1]);
  });
});

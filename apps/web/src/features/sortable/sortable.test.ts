import { describe, expect, it } from 'vitest';
import { moveItem } from './Sortable.tsx';

describe('moveItem', () => {
  const list = ['a', 'b', 'c', 'd'] as const;
  it.each([
    [0, 2, ['b', 'c', 'a', 'd']],
    [3, 0, ['d', 'a', 'b', 'c']],
    [1, 2, ['a', 'c', 'b', 'd']],
    [2, 2, ['a', 'b', 'c', 'd']],
    // Out of range (a move past either end): nothing moves.
    [0, -1, ['a', 'b', 'c', 'd']],
    [3, 4, ['a', 'b', 'c', 'd']],
    [4, 0, ['a', 'b', 'c', 'd']],
  ])('moves the item at %i to %i', (from, to, expected) => {
    expect(moveItem(list, from, to)).toEqual(expected);
  });

  it('leaves the list it was given as it was', () => {
    const given = ['a', 'b'];
    moveItem(given, 0, 1);
    expect(given).toEqual(['a', 'b']);
  });
});

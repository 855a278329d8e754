import { describe, expect, it } from 'vitest';
import { formatDuration } from './format.ts';

describe('formatDuration', () => {
  it.each([
    [null, '–'],
    [0, '00:00'],
    [2.6, '00:03'],
    [61, '01:01'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [36_061, '10:01:01'],
  ])('%s -> %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

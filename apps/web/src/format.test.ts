import dayjs from 'dayjs';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatDateMinute,
  formatDateSecond,
  formatDateTime,
  formatSize,
  timeAgo,
} from './format.ts';

// dayjs's locale is global, and the console's provider sets it to the screen's language: a Chinese screen's
// test in the same worker (isolate: false) would leave it Chinese. These read the English forms.
beforeEach(() => {
  dayjs.locale('en');
});

describe('formatters of the console contract', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1536, '1.5 KB'],
    [5 * 1024 ** 2, '5 MB'],
    [2 * 1024 ** 3, '2 G'],
    [1.25 * 1024 ** 4, '1.25 T'],
  ])('size %d is %s', (bytes, text) => {
    expect(formatSize(bytes)).toBe(text);
  });

  it.each([
    [999_999, '999999'],
    [1_000_000, '1M'],
    [2_450_000, '2.5M'],
    [999_999_999, '1000M'],
    [1_000_000_000, '1B'],
  ])('count %d is %s', (count, text) => {
    expect(formatCount(count)).toBe(text);
  });

  it('reads 13-digit timestamps as milliseconds and shorter ones as seconds', () => {
    const ms = new Date(2026, 10, 22, 15, 4).getTime();
    expect(formatDate(ms)).toBe('2026/11/22');
    expect(formatDate(Math.floor(ms / 1000))).toBe('2026/11/22');
    expect(formatDateTime(ms)).toBe('Nov 22, 2026, 3:04 PM');
    expect(formatDateMinute(Math.floor(ms / 1000))).toBe('2026/11/22 15:04');
    expect(formatDateSecond(Math.floor(ms / 1000) + 7)).toBe('2026/11/22 15:04:07');
  });

  it('says how long ago in the largest whole unit', () => {
    const now = Date.UTC(2026, 10, 22);
    expect(timeAgo(now - 20_000, now)).toEqual({ unit: 'justNow', count: 0 });
    expect(timeAgo(now - 5 * 60_000, now)).toEqual({ unit: 'minutes', count: 5 });
    expect(timeAgo(now - 3 * 3600_000, now)).toEqual({ unit: 'hours', count: 3 });
    expect(timeAgo(now - 2 * 86400_000, now)).toEqual({ unit: 'days', count: 2 });
    expect(timeAgo(now - 65 * 86400_000, now)).toEqual({ unit: 'months', count: 2 });
    expect(timeAgo(now - 800 * 86400_000, now)).toEqual({ unit: 'years', count: 2 });
  });
});

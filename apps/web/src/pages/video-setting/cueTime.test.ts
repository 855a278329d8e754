import { describe, expect, it } from 'vitest';
import { formatCueTime, parseCueTime } from './cueTime.ts';

describe('cue times in the subtitle editor', () => {
  it('are written as m:ss.mmm, with hours from an hour on', () => {
    expect(formatCueTime(0)).toBe('0:00.000');
    expect(formatCueTime(5.5)).toBe('0:05.500');
    expect(formatCueTime(65.25)).toBe('1:05.250');
    expect(formatCueTime(3725.001)).toBe('1:02:05.001');
  });

  it('are read from minutes and seconds, hours, or plain seconds', () => {
    expect(parseCueTime('1:05.250')).toBe(65.25);
    expect(parseCueTime(' 0:05,5 ')).toBe(5.5);
    expect(parseCueTime('01:02:05.000')).toBe(3725);
    expect(parseCueTime('12.3')).toBe(12.3);
    expect(parseCueTime('90')).toBe(90);
    expect(parseCueTime(formatCueTime(4321.123))).toBe(4321.123);
  });

  it('refuse what is not a time', () => {
    for (const text of ['', 'abc', '1:75', '1:60:00', '1:2:3:4', '-1', '1.2345', '1:', ':5']) {
      expect(parseCueTime(text), text).toBeNull();
    }
  });
});

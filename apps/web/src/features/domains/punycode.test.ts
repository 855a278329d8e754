import { normaliseDomain } from '@leadreel/shared';
import { describe, expect, it } from 'vitest';
import { displayDomain } from './punycode.ts';

describe('displayDomain', () => {
  it.each([
    ['xn--mnchen-3ya.de', 'münchen.de'],
    ['video.xn--fiqs8s', 'video.中国'],
    ['xn--bcher-kva.example', 'bücher.example'],
    ['video.example.com', 'video.example.com'],
    // Not punycode after all: shown as stored rather than garbled.
    ['xn--.example', 'xn--.example'],
  ])('reads %s as %s', (stored, shown) => {
    expect(displayDomain(stored)).toBe(shown);
  });

  it('gives back what was typed, after the same normalising the server does', () => {
    for (const typed of ['视频.例子.中国', 'münchen.de', 'ÜBER.example']) {
      const normalised = normaliseDomain(typed);
      if (!('domain' in normalised)) throw new Error(typed);
      expect(normalised.domain).toMatch(/xn--/);
      expect(displayDomain(normalised.domain)).toBe(typed.toLowerCase());
    }
  });
});

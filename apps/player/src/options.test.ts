import { describe, expect, it } from 'vitest';
import { embedOptions, hlsConfig } from './options.ts';

describe('embed options from the page URL', () => {
  it('defaults to a viewer-started, unmuted player with controls from the start', () => {
    expect(embedOptions('')).toEqual({
      autoplay: false,
      muted: false,
      loop: false,
      controls: true,
      start: 0,
      color: null,
    });
  });

  it('reads what the embed dialog writes; autoplay is always muted', () => {
    expect(embedOptions('?autoplay=1&t=75&loop=1&controls=0&color=FF5500')).toEqual({
      autoplay: true,
      muted: true,
      loop: true,
      controls: false,
      start: 75,
      color: '#ff5500',
    });
    for (const color of ['red', 'ff55', '#ff5500', 'ff5500;x:y'])
      expect(embedOptions(`?color=${color}`).color).toBeNull();
  });

  it('ignores start times that are not a positive number', () => {
    for (const t of ['-5', 'abc', 'Infinity', '0']) expect(embedOptions(`?t=${t}`).start).toBe(0);
    expect(embedOptions('?t=12.9').start).toBe(12);
  });
});

describe('hls.js settings', () => {
  it('start where the URL says, on rungs no larger than the player', () => {
    expect(hlsConfig(12)).toEqual({ startPosition: 12, capLevelToPlayerSize: true });
  });
});

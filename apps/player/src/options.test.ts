import { subtitleLangField } from '@leadreel/shared/contracts/subtitles';
import { describe, expect, it } from 'vitest';
import { embedOptions, hlsConfig, languageTag } from './options.ts';

describe('embed options from the page URL', () => {
  it('defaults to a viewer-started, unmuted player with controls from the start', () => {
    expect(embedOptions('')).toEqual({
      autoplay: false,
      muted: false,
      loop: false,
      controls: true,
      start: 0,
      color: null,
      audioLang: null,
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
      audioLang: null,
    });
    for (const color of ['red', 'ff55', '#ff5500', 'ff5500;x:y'])
      expect(embedOptions(`?color=${color}`).color).toBeNull();
  });

  it('ignores start times that are not a positive number', () => {
    for (const t of ['-5', 'abc', 'Infinity', '0']) expect(embedOptions(`?t=${t}`).start).toBe(0);
    expect(embedOptions('?t=12.9').start).toBe(12);
  });
});

describe('the audio language asked for', () => {
  it('is a language tag from the URL, or none', () => {
    expect(embedOptions('?audioLang=es-419').audioLang).toBe('es-419');
    expect(embedOptions('?audioLang=zh-Hans-CN').audioLang).toBe('zh-Hans-CN');
    for (const bad of ['', 'e', 'x'.repeat(10_000), 'es\u0000', 'es-\ud800', 'es;x', '"><script>', 'es-', '123']) {
      expect(embedOptions(`?${new URLSearchParams({ audioLang: bad })}`).audioLang, bad).toBeNull();
      // The page's data-audio-lang reaches the player as written.
      expect(languageTag(bad), bad).toBeNull();
    }
    expect(embedOptions('?audioLang=es-%ED%A0%80').audioLang).toBeNull();
    expect(embedOptions('?audioLang=es&audioLang=fr').audioLang).toBe('es');
  });

  it('takes the tags a subtitle or audio track may have, no more', () => {
    const samples = ['en', 'es-419', 'zh-CN', 'zh-Hans-CN', 'fil', 'EN', 'english', 'e', 'es-419-x-y', 'es_419', ''];
    for (const value of samples)
      expect(languageTag(value) !== null, value).toBe(subtitleLangField.safeParse(value).success);
    expect(languageTag(undefined)).toBeNull();
    expect(languageTag(null)).toBeNull();
  });
});

describe('hls.js settings', () => {
  it('start where the URL says, on the smallest rung, then on rungs no larger than the player', () => {
    expect(hlsConfig(12)).toEqual({ startPosition: 12, capLevelToPlayerSize: true, startLevel: 0 });
    expect(hlsConfig(0)).toEqual({ startPosition: 0, capLevelToPlayerSize: true, startLevel: 0 });
  });
});

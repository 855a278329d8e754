import { describe, expect, it } from 'vitest';
import { clock, cueAt, parseStoryboard } from './storyboard.ts';

const VTT = `WEBVTT

00:00:00.000 --> 00:00:02.000
storyboard.jpg#xywh=0,0,160,90

00:00:02.000 --> 00:00:04.000
storyboard.jpg#xywh=160,0,160,90

not a cue

00:00:04.000 --> 00:00:05.500
storyboard.jpg#xywh=320,0,160,90
`;

describe('the storyboard', () => {
  it('reads the cues of the storyboard WebVTT the pipeline writes, images beside the VTT', () => {
    const cues = parseStoryboard(VTT, 'https://v.example/media/abc/1/storyboard.vtt');
    expect(cues).toHaveLength(3);
    expect(cues[1]).toEqual({
      start: 2,
      end: 4,
      image: 'https://v.example/media/abc/1/storyboard.jpg',
      x: 160,
      y: 0,
      w: 160,
      h: 90,
    });
    expect(parseStoryboard('WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nno-region.jpg\n', 'https://v.example/')).toEqual(
      [],
    );
  });

  it('finds the tile for a time, the nearest at either end', () => {
    const cues = parseStoryboard(VTT, 'https://v.example/s.vtt');
    expect(cueAt(cues, 3.2)?.x).toBe(160);
    expect(cueAt(cues, 99)?.x).toBe(320);
    expect(cueAt([], 1)).toBeNull();
  });

  it('shows times as players do', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(65.9)).toBe('1:05');
    expect(clock(3725)).toBe('1:02:05');
    expect(clock(Number.NaN)).toBe('0:00');
  });
});

import { SUBTITLE_CUE_TEXT_MAX, SUBTITLE_CUES_MAX } from '@leadreel/shared';
import { describe, expect, it } from 'vitest';
import { editorCues } from './speech-runner.ts';

describe('editorCues: what an engine answered, as the subtitle editor takes it', () => {
  it('keeps one space where an engine left several, and lines without their edge spaces', () => {
    expect(editorCues([{ start: 0, end: 1, text: ' Cada semana  necesitamos \n  gerentes ' }])).toEqual([
      { start: 0, end: 1, text: 'Cada semana necesitamos\ngerentes' },
    ]);
  });

  it('drops empty and backwards cues, puts the rest in time order, and cuts to what a track holds', () => {
    const cues = editorCues([
      { start: 5, end: 6, text: 'second' },
      { start: 2, end: 1, text: 'backwards' },
      { start: 3, end: 4, text: '   ' },
      { start: 0, end: 1, text: 'x'.repeat(SUBTITLE_CUE_TEXT_MAX + 50) },
    ]);
    expect(cues.map((cue) => cue.start)).toEqual([0, 5]);
    expect(cues[0]?.text).toHaveLength(SUBTITLE_CUE_TEXT_MAX);
    const many = Array.from({ length: SUBTITLE_CUES_MAX + 10 }, (_, i) => ({ start: i, end: i + 1, text: 'a' }));
    expect(editorCues(many)).toHaveLength(SUBTITLE_CUES_MAX);
  });
});

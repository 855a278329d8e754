import { describe, expect, it } from 'vitest';
import { clearGuideStep, guideButton, loadGuideStep, saveGuideStep, showGuideSkip } from './guideSteps.ts';

describe('the guide', () => {
  it('reads Next (step/total) and Finish on the last step', () => {
    expect([0, 1, 2].map(guideButton)).toEqual([
      { key: 'guide.next', step: 1, total: 3 },
      { key: 'guide.next', step: 2, total: 3 },
      { key: 'guide.finish', step: 3, total: 3 },
    ]);
  });

  it('offers skip only on middle steps', () => {
    expect([0, 1, 2].map(showGuideSkip)).toEqual([false, true, false]);
  });

  it('keeps the step per user and forgets it when cleared', () => {
    saveGuideStep('alice', 1);
    saveGuideStep('bob', 2);
    expect(loadGuideStep('alice')).toBe(1);
    expect(loadGuideStep('bob')).toBe(2);
    clearGuideStep('alice');
    expect(loadGuideStep('alice')).toBeNull();
    localStorage.setItem('leadreel.guide.carol', '7');
    expect(loadGuideStep('carol')).toBeNull();
  });
});

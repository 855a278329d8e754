import { describe, expect, it } from 'vitest';
import { moveTo, nextSlide, pickActive, stepFor } from './feed-model.ts';

describe('which slide of the album feed plays', () => {
  it.each([
    { ratios: [1, 0, 0], current: -1, active: 0, why: 'the first slide on arrival' },
    { ratios: [0.3, 0.7, 0], current: 0, active: 1, why: 'a slide 70% in view takes over' },
    { ratios: [0.6, 0.4, 0], current: 1, active: 0, why: 'exactly 60% is enough' },
    { ratios: [0.5, 0.5, 0], current: 0, active: 0, why: 'half and half, mid-swipe: the playing one goes on' },
    { ratios: [0.45, 0.55, 0], current: 0, active: 0, why: 'none at 60% yet' },
    { ratios: [0, 0, 0], current: -1, active: -1, why: 'nothing in view, nothing plays' },
    { ratios: [0.9, 0.95, 0], current: 0, active: 1, why: 'the most visible of two (a tall window)' },
    { ratios: [], current: -1, active: -1, why: 'an album with no slide' },
  ])('$why', ({ ratios, current, active }) => {
    expect(pickActive(ratios, current)).toBe(active);
  });
});

describe('moving through the feed', () => {
  it('takes ArrowDown and ArrowUp, and no other key', () => {
    expect(stepFor('ArrowDown')).toBe(1);
    expect(stepFor('ArrowUp')).toBe(-1);
    for (const key of ['ArrowLeft', 'ArrowRight', ' ', 'PageDown', 'j', '', 'arrowdown'])
      expect(stepFor(key), key).toBe(0);
  });

  it('stays within the slides', () => {
    expect(moveTo(0, 1, 3)).toBe(1);
    expect(moveTo(2, 1, 3)).toBe(2);
    expect(moveTo(0, -1, 3)).toBe(0);
    expect(moveTo(1, -1, 3)).toBe(0);
    expect(moveTo(0, 1, 1)).toBe(0);
  });

  it('readies only the slide after the one playing', () => {
    expect(nextSlide(0, 3)).toBe(1);
    expect(nextSlide(1, 3)).toBe(2);
    expect(nextSlide(2, 3)).toBeNull();
    expect(nextSlide(-1, 3)).toBeNull();
    expect(nextSlide(0, 1)).toBeNull();
  });
});

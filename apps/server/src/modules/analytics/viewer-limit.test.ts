import { describe, expect, it } from 'vitest';
import { createViewerLimit } from './viewer-limit.ts';

const MINUTE = 60_000;

/** A limit on a clock the test moves. */
function limitAt(options: { max: number; maxKeys?: number }) {
  let now = Date.UTC(2026, 10, 27, 12);
  const limit = createViewerLimit({ ...options, now: () => now });
  return {
    take: (key: string) => limit.take(key),
    /** `count` takes for the key: how many were allowed. */
    takes: (key: string, count: number) => Array.from({ length: count }, () => limit.take(key)).filter(Boolean).length,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('the per-viewer limit', () => {
  it('allows max in a key’s minute, refuses the rest, and allows again once the minute is over', () => {
    const limit = limitAt({ max: 120 });
    expect(limit.takes('viewer-a', 150)).toBe(120);
    // Another key has a window of its own.
    expect(limit.takes('viewer-b', 3)).toBe(3);
    limit.advance(MINUTE - 1000);
    expect(limit.take('viewer-a')).toBe(false);
    limit.advance(1000);
    expect(limit.takes('viewer-a', 121)).toBe(120);
  });

  it('starts each key’s window at its first batch, not at a minute shared by all', () => {
    const limit = limitAt({ max: 2 });
    expect(limit.takes('early', 2)).toBe(2);
    limit.advance(40_000);
    expect(limit.takes('late', 3)).toBe(2);
    limit.advance(20_000);
    // The early key's minute is over; the late key's is not.
    expect(limit.take('early')).toBe(true);
    expect(limit.take('late')).toBe(false);
  });

  it('keeps counting a key far above its limit without its count running over', () => {
    const limit = limitAt({ max: 1200 });
    expect(limit.takes('address', 10_000)).toBe(1200);
    limit.advance(MINUTE);
    expect(limit.takes('address', 1300)).toBe(1200);
  });

  it('holds at most maxKeys keys, forgetting those not counted lately, and keeps a busy key counted', () => {
    const limit = limitAt({ max: 3, maxKeys: 100 });
    expect(limit.takes('busy', 3)).toBe(3);
    for (let i = 0; i < 1000; i += 1) {
      expect(limit.take(`once-${i}`)).toBe(true);
      // Counted again now and then, the busy key stays at its limit through every generation.
      if (i % 20 === 0) expect(limit.take('busy')).toBe(false);
    }
    // A key counted once, long ago among many, is forgotten: it starts a new window.
    expect(limit.takes('once-0', 3)).toBe(3);
  });

  it('starts every window afresh when its origin moves on, and when the clock goes back', () => {
    const limit = limitAt({ max: 1 });
    expect(limit.takes('viewer', 2)).toBe(1);
    // Window starts are kept in seconds for about six days; after that the origin moves on.
    limit.advance(7 * 24 * 3_600_000);
    expect(limit.takes('viewer', 2)).toBe(1);
    limit.advance(-3_600_000);
    expect(limit.takes('viewer', 2)).toBe(1);
  });

  it('refuses a limit it cannot count', () => {
    expect(() => createViewerLimit({ max: 0 })).toThrow();
    expect(() => createViewerLimit({ max: 5000 })).toThrow();
  });
});

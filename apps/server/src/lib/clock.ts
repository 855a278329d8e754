export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock a test can move forward. */
export function manualClock(start = new Date('2026-01-01T00:00:00Z')): Clock & { advance: (ms: number) => void } {
  let current = start.getTime();
  return { now: () => new Date(current), advance: (ms) => (current += ms) };
}

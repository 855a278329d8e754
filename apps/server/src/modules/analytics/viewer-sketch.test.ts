import { describe, expect, it } from 'vitest';
import { EXACT_LIMIT, ViewerSketch } from './viewer-sketch.ts';

const viewers = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `viewer-${from + i}`);
const roundTrip = (sketch: ViewerSketch) => ViewerSketch.fromBytes(sketch.toBytes());

describe('the viewer sketch', () => {
  it('counts few viewers exactly, each once, whatever their order, through its bytes', () => {
    expect(new ViewerSketch().count()).toBe(0);
    expect(roundTrip(new ViewerSketch()).count()).toBe(0);
    const three = ViewerSketch.of(['a', 'b', 'c', 'b', 'a']);
    expect(three.count()).toBe(3);
    expect(roundTrip(three).count()).toBe(3);
    expect(ViewerSketch.of(['c', 'b', 'a']).toBytes()).toEqual(three.toBytes());
    const full = ViewerSketch.of(viewers(0, EXACT_LIMIT));
    expect(full.exact).toBe(true);
    expect(roundTrip(full).count()).toBe(EXACT_LIMIT);
    expect(full.toBytes().length).toBe(1 + 8 * EXACT_LIMIT);
  });

  it('merges into the union: shared viewers once', () => {
    const monday = ViewerSketch.of(['a', 'b', 'c']);
    const tuesday = ViewerSketch.of(['c', 'd']);
    expect(roundTrip(monday).merge(roundTrip(tuesday)).count()).toBe(4);
    expect(monday.merge(new ViewerSketch()).count()).toBe(3);
  });

  it('estimates past its exact limit, within 2% for 100,000 viewers, from its registers', () => {
    const past = ViewerSketch.of(viewers(0, EXACT_LIMIT + 1));
    expect(past.exact).toBe(false);
    expect(past.toBytes().length).toBe(1 + 2 ** 14);
    expect(Math.abs(past.count() - (EXACT_LIMIT + 1))).toBeLessThan(0.03 * EXACT_LIMIT);
    for (const n of [10_000, 30_000, 100_000]) {
      const sketch = roundTrip(ViewerSketch.of(viewers(0, n)));
      expect(Math.abs(sketch.count() - n) / n, `${n} viewers`).toBeLessThan(0.02);
    }
  });

  it('merges estimated sketches, and exact into estimated, into the union', () => {
    // Ten days of 20,000 viewers each, half of them seen the day before: 110,000 in all.
    const days = Array.from({ length: 10 }, (_, day) => ViewerSketch.of(viewers(day * 10_000, day * 10_000 + 20_000)));
    const all = days.reduce((union, day) => union.merge(roundTrip(day)), new ViewerSketch());
    expect(Math.abs(all.count() - 110_000) / 110_000).toBeLessThan(0.02);
    // A day's few viewers already among them change nothing; the sketch of the whole set is the same one.
    const again = roundTrip(all).merge(ViewerSketch.of(viewers(0, 100)));
    expect(again.toBytes()).toEqual(all.toBytes());
    expect(all.toBytes()).toEqual(ViewerSketch.of(viewers(0, 110_000)).toBytes());
    const small = ViewerSketch.of(['a']).merge(all);
    expect(small.exact).toBe(false);
    expect(small.count()).toBeGreaterThanOrEqual(all.count());
  });

  it('refuses bytes that are not a sketch', () => {
    expect(() => ViewerSketch.fromBytes(Buffer.of(7, 1, 2))).toThrow(/not a viewer sketch/);
    expect(() => ViewerSketch.fromBytes(Buffer.of(1, 1, 2))).toThrow(/not a viewer sketch/);
    expect(() => ViewerSketch.fromBytes(Buffer.of(2, 0))).toThrow(/not a viewer sketch/);
  });
});

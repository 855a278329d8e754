import { CLICK_KINDS, MAX_VIDEO_SECONDS } from '@leadreel/shared/contracts/player';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dataOf } from './ingest.ts';

const second = fc.oneof(fc.double({ min: 0, max: MAX_VIDEO_SECONDS, noNaN: true }), fc.constantFrom(0, -0, 1e-7));

describe("an event's data", () => {
  it('is the JSON of the fields its kind adds, as JSON.stringify writes them, or null', () => {
    const event = fc.record(
      {
        id: fc.uuid(),
        kind: fc.constant('heartbeat' as const),
        at: fc.integer({ min: 1 }),
        position: second,
        intervals: fc.array(fc.tuple(second, second), { maxLength: 5 }),
        from: second,
        rendition: fc.integer({ min: 1, max: 4320 }),
        click: fc.constantFrom(...CLICK_KINDS),
      },
      { requiredKeys: ['id', 'kind', 'at', 'position'] },
    );
    fc.assert(
      fc.property(event, (value) => {
        const { intervals, from, rendition, click } = value;
        const added = { intervals, from, rendition, click };
        const expected = Object.values(added).some((v) => v !== undefined) ? JSON.stringify(added) : null;
        expect(dataOf(value)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { analyticsBatchBody, isPlainBatch, PLAY_EVENT_KINDS, playEvent } from './analytics.ts';
import { CLICK_KINDS, MAX_VIDEO_SECONDS } from './player.ts';

const outcome = (result: z.ZodSafeParseResult<unknown>) =>
  result.success
    ? { data: result.data }
    : { issues: result.error.issues.map(({ message, path }) => ({ message, path })) };

// Events near the schema's rules: each field mostly valid, sometimes missing a rule by a little.
const mostly = <T>(valid: fc.Arbitrary<T>, ...misses: unknown[]) =>
  fc.oneof({ arbitrary: valid, weight: 8 }, { arbitrary: fc.constantFrom(...misses), weight: 1 });
const second = mostly(
  fc.oneof(fc.double({ min: 0, max: MAX_VIDEO_SECONDS, noNaN: true }), fc.constantFrom(0, -0, MAX_VIDEO_SECONDS)),
  -0.001,
  MAX_VIDEO_SECONDS + 0.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '3',
  null,
);
const event = fc
  .tuple(
    fc.record(
      {
        id: mostly(fc.uuid(), 'not-a-uuid', '00000000-0000-0000-0000-000000000000', 'A'.repeat(36), 7),
        kind: mostly(fc.constantFrom(...PLAY_EVENT_KINDS), 'teleport', '', 'PLAY'),
        at: mostly(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), 0, -1, 1.5, 2 ** 53, '2026-01-01'),
        position: second,
        intervals: mostly(
          fc.array(
            fc
              .tuple(second, second)
              .map(([a, b]) => (typeof a === 'number' && typeof b === 'number' && a > b ? [b, a] : [a, b])),
            { maxLength: 52 },
          ),
          [[9, 3]],
          [[1]],
          [[1, 2, 3]],
          '0-1',
        ),
        from: second,
        rendition: mostly(fc.integer({ min: 1, max: 4320 }), 0, 4321, 2.5, '720'),
        click: mostly(fc.constantFrom(...CLICK_KINDS), 'fax'),
      },
      { requiredKeys: ['id', 'kind', 'at', 'position'] },
    ),
    fc.oneof({ arbitrary: fc.constant(false), weight: 9 }, { arbitrary: fc.constant(true), weight: 1 }),
  )
  .map(([value, extra]) => (extra ? { ...value, extra: true } : value));

describe('the ingestion batch', () => {
  it("checks each event with zod's compiled parser, which this schema must stay within", () => {
    // z.compile quietly keeps the ordinary parser for a rule it cannot generate code for: this says so instead.
    expect(() => z.compile(playEvent, { strict: true })).not.toThrow();
  });

  it('answers exactly what the ordinary parser answers, for valid events and each near miss', () => {
    const compiled = z.compile(playEvent);
    let valid = 0;
    fc.assert(
      fc.property(event, (value) => {
        const expected = outcome(playEvent.safeParse(value));
        if ('data' in expected) valid += 1;
        expect(outcome(compiled.safeParse(value))).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
    // Valid events too, not only refusals: the fast path's answer is the one that is returned as it is.
    expect(valid).toBeGreaterThan(100);
  });

  it('refuses a batch with a bad event with the first problem, as before', () => {
    const batch = {
      videoId: '0b6f4b0e-2f57-4a4c-9a54-6d1e1b3f6a10',
      sessionId: 'session-0123456789ab',
      page: 'https://customer.example.test/',
      referrer: '',
      events: [
        { id: '7d9f3a52-5b1e-4c1e-8f0a-2a4b6c8d0e1f', kind: 'play', at: 1, position: 0 },
        { id: '7d9f3a52-5b1e-4c1e-8f0a-2a4b6c8d0e20', kind: 'heartbeat', at: 2, position: 1, intervals: [[9, 3]] },
      ],
    };
    expect(analyticsBatchBody.safeParse(batch).error?.issues[0]).toMatchObject({
      message: 'illegal_input',
      path: ['events', 1, 'intervals', 0],
    });
    expect(analyticsBatchBody.parse({ ...batch, events: batch.events.slice(0, 1) })).toEqual({
      ...batch,
      events: batch.events.slice(0, 1),
    });
  });

  it('takes by hand exactly the batches zod takes as they are, and leaves every other to zod', () => {
    const id = (text: string) => mostly(fc.constant(text), '', 'x'.repeat(65), 'has space', 7, null);
    const text = mostly(
      fc.oneof(fc.string({ maxLength: 40 }), fc.constant('x'.repeat(2000))),
      'x'.repeat(2001),
      'nul\u0000',
      'lone \ud800',
      3,
    );
    const batch = fc
      .tuple(
        fc.record(
          {
            videoId: mostly(fc.uuid(), 'not-a-uuid', 'ffffffff-ffff-ffff-ffff-ffffffffffff'),
            sessionId: id('session-0123456789ab'),
            viewerId: id('viewer-0123456789abcd'),
            page: text,
            referrer: text,
            events: mostly(
              fc.oneof(
                fc.array(
                  event.filter((value) => playEvent.safeParse(value).success),
                  { minLength: 1, maxLength: 6 },
                ),
                fc.array(event, { minLength: 1, maxLength: 3 }),
              ),
              [],
              'events',
              null,
            ),
          },
          { requiredKeys: ['videoId', 'sessionId', 'page', 'referrer', 'events'] },
        ),
        fc.oneof({ arbitrary: fc.constant(false), weight: 9 }, { arbitrary: fc.constant(true), weight: 1 }),
      )
      .map(([value, extra]) => (extra ? { ...value, extra: true } : value));
    const takenAsIs = (value: unknown) => {
      const result = analyticsBatchBody.safeParse(value);
      if (!result.success) return false;
      try {
        expect(result.data).toEqual(value);
        return true;
      } catch {
        return false;
      }
    };
    let plain = 0;
    fc.assert(
      fc.property(batch, (value) => {
        const expected = takenAsIs(value);
        if (expected) plain += 1;
        expect(isPlainBatch(value)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
    expect(plain).toBeGreaterThan(100);
    // The full batch limit, and one event past it.
    const full = {
      videoId: '0b6f4b0e-2f57-4a4c-9a54-6d1e1b3f6a10',
      sessionId: 'session-0123456789ab',
      page: '',
      referrer: '',
      events: Array.from({ length: 200 }, () => ({
        id: '7d9f3a52-5b1e-4c1e-8f0a-2a4b6c8d0e1f',
        kind: 'play',
        at: 1,
        position: 0,
      })),
    };
    expect(isPlainBatch(full)).toBe(true);
    expect(isPlainBatch({ ...full, events: [...full.events, full.events[0]] })).toBe(false);
    for (const notABatch of [null, [], 'batch', 7, { ...full, __proto__: null }]) {
      expect(isPlainBatch(notABatch)).toBe(takenAsIs(notABatch));
    }
  });
});

import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createTrafficTally } from './traffic-tally.ts';

const log = pino({ level: 'silent' });

describe('the traffic tally', () => {
  it('adds up what each account served and saves it in one batch', async () => {
    const saved: Map<string, number>[] = [];
    const tally = createTrafficTally({ save: async (bytes) => void saved.push(bytes), log, intervalMs: 60_000 });
    tally.add('a', 100);
    tally.add('b', 5);
    tally.add('a', 20);
    tally.add('a', 0);
    tally.add('a', Number.NaN);
    expect(saved).toEqual([]);
    await tally.flush();
    expect(saved).toEqual([
      new Map([
        ['a', 120],
        ['b', 5],
      ]),
    ]);
    await tally.flush();
    expect(saved).toHaveLength(1);
  });

  it('keeps the bytes of a failed save for the next one', async () => {
    const saved: Map<string, number>[] = [];
    let down = true;
    const tally = createTrafficTally({
      save: async (bytes) => {
        if (down) throw new Error('database unavailable');
        saved.push(bytes);
      },
      log,
      intervalMs: 60_000,
    });
    tally.add('a', 100);
    await tally.flush();
    tally.add('a', 1);
    down = false;
    await tally.stop();
    expect(saved).toEqual([new Map([['a', 101]])]);
  });

  it('saves on its own within the interval', async () => {
    const saved: Map<string, number>[] = [];
    const tally = createTrafficTally({ save: async (bytes) => void saved.push(bytes), log, intervalMs: 20 });
    tally.add('a', 7);
    await expect.poll(() => saved, { timeout: 10_000 }).toEqual([new Map([['a', 7]])]);
    await tally.stop();
  });
});

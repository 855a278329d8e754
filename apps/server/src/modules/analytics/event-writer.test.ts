import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createEventWriter } from './event-writer.ts';

const log = pino({ level: 'silent' });

describe('the batched event writer', () => {
  it('writes many rows in one write, keeps a failed write for the next, and drains when stopped', async () => {
    const writes: number[][] = [];
    let failing = true;
    const writer = createEventWriter<number>({
      log,
      intervalMs: 60_000,
      write: async (rows) => {
        if (failing) throw new Error('database down');
        writes.push(rows);
      },
    });
    expect(writer.add([1, 2])).toBe(true);
    expect(writer.add([3])).toBe(true);
    await expect(writer.flush()).rejects.toThrow('database down');
    expect(writer.waiting()).toBe(3);
    failing = false;
    writer.add([4]);
    await writer.stop();
    expect(writes).toEqual([[1, 2, 3, 4]]);
    // Stopped: nothing more is taken, so nothing is accepted that would be lost.
    expect(writer.add([5])).toBe(false);
  });

  it('writes at once when enough rows wait, and refuses rows past its bound', async () => {
    const writes: number[][] = [];
    const writer = createEventWriter<number>({
      log,
      intervalMs: 60_000,
      maxRows: 3,
      maxQueued: 5,
      write: async (rows) => {
        writes.push(rows);
      },
    });
    writer.add([1, 2, 3]);
    await writer.flush();
    expect(writes).toEqual([[1, 2, 3]]);
    expect(writer.add([1, 2])).toBe(true);
    expect(writer.add([3, 4, 5, 6])).toBe(false);
    expect(writer.waiting()).toBe(2);
    await writer.stop();
  });
});

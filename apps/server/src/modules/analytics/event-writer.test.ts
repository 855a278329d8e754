import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createEventWriter } from './event-writer.ts';

const log = pino({ level: 'silent' });

/** A batch of numbers, as the writer's caller makes them; one sealed refuses more. */
const numbers = () => {
  const rows: number[] = [];
  let sealed = false;
  return {
    rows,
    get size() {
      return rows.length;
    },
    get sealed() {
      return sealed;
    },
    add: (more: readonly number[]) => {
      if (sealed) throw new Error('rows added to a sealed batch');
      rows.push(...more);
    },
    seal: () => {
      sealed = true;
    },
  };
};

describe('the batched event writer', () => {
  it('writes many rows in one write, keeps a failed write for the next, and drains when stopped', async () => {
    const writes: number[][] = [];
    let failing = true;
    const writer = createEventWriter({
      log,
      intervalMs: 60_000,
      newBatch: numbers,
      write: async (batch) => {
        // Sealed before it is written, so that what waits holds only its rows.
        expect(batch.sealed).toBe(true);
        if (failing) throw new Error('database down');
        writes.push(batch.rows);
      },
    });
    expect(writer.add([1, 2])).toBe(true);
    expect(writer.add([3])).toBe(true);
    await expect(writer.flush()).rejects.toThrow('database down');
    expect(writer.waiting()).toBe(3);
    failing = false;
    writer.add([4]);
    await writer.stop();
    // The failed batch first, whole, then what came after it.
    expect(writes).toEqual([[1, 2, 3], [4]]);
    expect(writer.waiting()).toBe(0);
    // Stopped: nothing more is taken, so nothing is accepted that would be lost.
    expect(writer.add([5])).toBe(false);
  });

  it('writes a batch at once when it holds maxRows, and refuses rows past its bound', async () => {
    const writes: number[][] = [];
    const writer = createEventWriter({
      log,
      intervalMs: 60_000,
      maxRows: 3,
      maxQueued: 5,
      newBatch: numbers,
      write: async (batch) => {
        writes.push([...batch.rows]);
      },
    });
    writer.add([1, 2]);
    expect(writes).toEqual([]);
    writer.add([3]);
    await writer.flush();
    expect(writes).toEqual([[1, 2, 3]]);
    expect(writer.add([1, 2])).toBe(true);
    expect(writer.add([3, 4, 5, 6])).toBe(false);
    expect(writer.waiting()).toBe(2);
    await writer.stop();
    expect(writes).toEqual([
      [1, 2, 3],
      [1, 2],
    ]);
  });

  it('keeps writing in order while a database outage lasts, up to its bound', async () => {
    const writes: number[][] = [];
    let failing = true;
    const writer = createEventWriter({
      log,
      intervalMs: 60_000,
      maxRows: 2,
      maxQueued: 6,
      newBatch: numbers,
      write: async (batch) => {
        if (failing) throw new Error('database down');
        writes.push(batch.rows);
      },
    });
    for (const row of [1, 2, 3, 4, 5, 6]) expect(writer.add([row])).toBe(true);
    await expect(writer.flush()).rejects.toThrow('database down');
    expect(writer.add([7])).toBe(false);
    failing = false;
    await writer.flush();
    expect(writes).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    expect(writer.add([7])).toBe(true);
    await writer.stop();
  });
});

import type { Logger } from 'pino';

/**
 * Rows written in one statement at most (a batch is closed when it holds this many), before the second is up
 * under load: "every few thousand events". Each statement costs PostgreSQL a few milliseconds of
 * CPU besides its rows; at 1,000 rows a statement that was a quarter of its CPU an event (decision 0024).
 */
export const FLUSH_ROWS = 4000;

/**
 * Rows gathered for one write: how many, how to take more, and `seal`, told that it will take no more (it
 * waits to be written from then on, and may let go of room it will not use).
 */
export type RowBatch<Row> = { readonly size: number; add(rows: readonly Row[]): void; seal(): void };

/**
 * Accepted events wait in memory and are written together: every `intervalMs`, or at
 * once when `maxRows` are waiting, one flush at a time. They wait in batches the caller makes (`newBatch`),
 * each written whole by `write`, oldest first. A failed write keeps its batch, and those after it, for the
 * next flush; past `maxQueued` waiting rows new ones are refused, so a database outage costs memory only up
 * to a bound. `stop` writes what waits before the process exits: a graceful stop loses nothing accepted;
 * a `kill -9` loses at most what arrived since the last flush.
 */
export function createEventWriter<Row, Batch extends RowBatch<Row>>(deps: {
  newBatch: () => Batch;
  write: (batch: Batch) => Promise<unknown>;
  log: Logger;
  intervalMs?: number;
  maxRows?: number;
  maxQueued?: number;
}) {
  const { newBatch, write, log, intervalMs = 1000, maxRows = FLUSH_ROWS, maxQueued = 200_000 } = deps;
  /** The batch taking rows now. */
  let open = newBatch();
  /** Batches closed and not yet written, oldest first. */
  const closed: Batch[] = [];
  let waiting = 0;
  let flushing: Promise<void> = Promise.resolve();
  let stopped = false;

  const close = () => {
    open.seal();
    closed.push(open);
    open = newBatch();
  };

  /** Writes the batches closed so far, the open one too; not those closed while it writes (the next flush's). */
  async function flushNow() {
    if (open.size > 0) close();
    for (let count = closed.length; count > 0; count -= 1) {
      const batch = closed[0] as Batch;
      try {
        await write(batch);
      } catch (error) {
        log.warn({ err: error, waiting }, 'analytics events not written yet: will retry');
        throw error;
      }
      closed.shift();
      waiting -= batch.size;
    }
  }

  /** One flush at a time, each after the one before; resolves when this one is written (or failed). */
  const flush = () => {
    flushing = flushing.then(flushNow, flushNow);
    return flushing;
  };

  const timer = setInterval(() => flush().catch(() => undefined), intervalMs);
  timer.unref();

  return {
    /** Takes rows to write; false (nothing taken) while too many wait or after stop. */
    add(rows: readonly Row[]): boolean {
      if (stopped || waiting + rows.length > maxQueued) return false;
      open.add(rows);
      waiting += rows.length;
      if (open.size >= maxRows) {
        close();
        flush().catch(() => undefined);
      }
      return true;
    },
    flush,
    /** How many rows wait to be written. */
    waiting: () => waiting,
    /** Writes what waits, refusing new rows from now on. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      await flush().catch(() => undefined);
    },
  };
}
export type EventWriter<Row, Batch extends RowBatch<Row>> = ReturnType<typeof createEventWriter<Row, Batch>>;

import type { Logger } from 'pino';

/**
 * Accepted events wait in memory and are written together (issue 16 item 1): every `intervalMs`, or at
 * once when `maxRows` are waiting, one flush at a time. A failed write keeps its rows for the next flush;
 * past `maxQueued` waiting rows new ones are refused, so a database outage costs memory only up to a bound.
 * `stop` writes what waits before the process exits: a graceful stop loses nothing accepted; a `kill -9`
 * loses at most what arrived since the last flush.
 */
export function createEventWriter<Row>(deps: {
  write: (rows: Row[]) => Promise<unknown>;
  log: Logger;
  intervalMs?: number;
  maxRows?: number;
  maxQueued?: number;
}) {
  const { write, log, intervalMs = 1000, maxRows = 5000, maxQueued = 200_000 } = deps;
  let queue: Row[] = [];
  let flushing: Promise<void> = Promise.resolve();
  let stopped = false;

  async function flushNow() {
    if (queue.length === 0) return;
    const rows = queue;
    queue = [];
    try {
      await write(rows);
    } catch (error) {
      // Back to the front, in their order, for the next flush.
      queue = rows.concat(queue);
      log.warn({ err: error, waiting: queue.length }, 'analytics events not written yet: will retry');
      throw error;
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
    add(rows: Row[]): boolean {
      if (stopped || queue.length + rows.length > maxQueued) return false;
      queue.push(...rows);
      if (queue.length >= maxRows) flush().catch(() => undefined);
      return true;
    },
    flush,
    /** How many rows wait to be written. */
    waiting: () => queue.length,
    /** Writes what waits, refusing new rows from now on. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      await flush().catch(() => undefined);
    },
  };
}
export type EventWriter<Row> = ReturnType<typeof createEventWriter<Row>>;

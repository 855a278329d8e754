import type { Logger } from 'pino';

/**
 * Bytes served to viewers, counted in memory and added to each account's `used_traffic` every few seconds
 * and when the server stops: one UPDATE per account per interval instead of one per HLS segment (a viewer
 * fetches one every two seconds or so, each a row lock on the account). A flush that fails keeps its bytes
 * for the next. What a crash loses is at most one interval of counting, never an account's data, and the
 * bandwidth limit may be passed by that interval's bytes.
 */
export function createTrafficTally(deps: {
  /** Adds each account's bytes to its used traffic (the account repo's). */
  save: (bytes: Map<string, number>) => Promise<void>;
  /** After each flush, even of nothing: what was read from the saved figures is out of date. */
  afterFlush?: () => void;
  log: Logger;
  intervalMs?: number;
}) {
  const { save, log, intervalMs = 5000 } = deps;
  let pending = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> = Promise.resolve();

  async function flushNow() {
    try {
      await saveBatch();
    } finally {
      deps.afterFlush?.();
    }
  }
  async function saveBatch() {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    try {
      await save(batch);
    } catch (error) {
      for (const [accountId, bytes] of batch) pending.set(accountId, (pending.get(accountId) ?? 0) + bytes);
      log.warn({ err: error, accounts: batch.size }, 'could not save served bytes; they are kept for the next try');
    }
  }
  /** One flush at a time, each after the one before. */
  const flush = () => {
    flushing = flushing.then(flushNow);
    return flushing;
  };

  return {
    /** Counts `bytes` served for an account's video; saved within `intervalMs`. */
    add(accountId: string, bytes: number) {
      if (!(bytes > 0)) return;
      pending.set(accountId, (pending.get(accountId) ?? 0) + bytes);
      // Started by the first byte, so processes that serve no media (workers) keep no timer.
      timer ??= setInterval(() => void flush(), intervalMs).unref();
    },
    flush,
    /** Saves what is counted and stops the timer (at shutdown). */
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await flush();
    },
  };
}
export type TrafficTally = ReturnType<typeof createTrafficTally>;

/**
 * A per-process limit of batches per key in a fixed one-minute window, in memory: the ingestion route
 * takes thousands of requests a second, too many for a database round trip each. Each process of an
 * installation counts its own windows, so the limit across N processes is at most N times this.
 * The map is bounded: past `maxKeys` the oldest windows are forgotten first.
 */
export function createViewerLimit(options: { max: number; windowMs?: number; maxKeys?: number; now?: () => number }) {
  const { max, windowMs = 60_000, maxKeys = 100_000, now = Date.now } = options;
  const windows = new Map<string, { start: number; count: number }>();
  return {
    /** Counts one for `key`: false once the key has had `max` in its window. */
    take(key: string): boolean {
      const at = now();
      let window = windows.get(key);
      if (!window || at - window.start >= windowMs) {
        windows.delete(key);
        window = { start: at, count: 0 };
        windows.set(key, window);
        if (windows.size > maxKeys) windows.delete(windows.keys().next().value as string);
      }
      window.count += 1;
      return window.count <= max;
    },
  };
}

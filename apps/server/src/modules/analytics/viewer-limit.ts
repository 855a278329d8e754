/** Bits of a key's entry that hold its count; the bits above hold its window's start. */
const COUNT_BITS = 11;
const COUNT_MAX = 2 ** COUNT_BITS - 1;
/** Window starts are kept in seconds since the limit's origin, up to this: past it the origin moves on. */
const START_MAX = 2 ** (30 - COUNT_BITS) - 1;

/**
 * A key as a 30-bit number (FNV-1a), which the map holds without a string per viewer for a minute (a third
 * less time per take than string keys, 600,000 new viewers). Two keys of one number share a window: at 50,000
 * keys about one pair does, two viewers whose batches together would still have to pass the limit.
 */
export function keyNumber(key: string) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash & 0x3fffffff;
}

/**
 * A per-process limit of batches per key in a fixed one-minute window per key, in memory: the ingestion
 * route takes thousands of requests a second, too many for a database round trip each. Each process of an
 * installation counts its own windows, so the limit across N processes is at most N times this.
 *
 * Each key is kept as a number (keyNumber) and its window as one small integer, its start (in whole seconds
 * since the origin) above its count, both of which V8 keeps in the map's entry itself, where a
 * `{ start, count }` object per key (a busy site's thousands of new viewers a second, each kept a minute) had
 * to be allocated, promoted to the old generation and collected there. Every six days the origin moves on
 * and every window starts afresh.
 *
 * Memory is bounded by two generations of at most `maxKeys / 2` keys: when the recent one is full it becomes
 * the older one and the older one's keys are forgotten, those not counted since. Forgetting the oldest key
 * one at a time (a map's first key, which V8 finds by stepping over every key deleted before it) cost about
 * 30 µs a batch once `maxKeys` viewers had come within the minute; this costs about 1 µs for both limits.
 */
export function createViewerLimit(options: { max: number; windowMs?: number; maxKeys?: number; now?: () => number }) {
  const { max, windowMs = 60_000, maxKeys = 100_000, now = Date.now } = options;
  if (max < 1 || max >= COUNT_MAX) throw new Error(`a limit from 1 to ${COUNT_MAX - 1}`);
  let recent = new Map<number, number>();
  let older = new Map<number, number>();
  let origin = now();

  const keep = (key: number, entry: number) => {
    recent.set(key, entry);
    if (recent.size >= maxKeys / 2) {
      older = recent;
      recent = new Map();
    }
  };

  return {
    /** Counts one for `key`: false once the key has had `max` in its window. */
    take(text: string): boolean {
      const key = keyNumber(text);
      const at = now();
      let second = Math.floor((at - origin) / 1000);
      if (second > START_MAX || second < 0) {
        recent = new Map();
        older = new Map();
        origin = at;
        second = 0;
      }
      const entry = recent.get(key) ?? older.get(key);
      if (entry === undefined || (second - (entry >> COUNT_BITS)) * 1000 >= windowMs) {
        keep(key, (second << COUNT_BITS) | 1);
        return true;
      }
      const count = entry & COUNT_MAX;
      // Kept in the recent generation while it is counted, however far past its limit (where it stops).
      keep(key, count > max ? entry : entry + 1);
      return count < max;
    },
  };
}

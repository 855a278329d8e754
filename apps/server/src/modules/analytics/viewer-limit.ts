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
 * One generation of keys: an open-addressing table (linear probing) in two typed arrays, each key stored plus
 * one so that 0 marks a free slot, beside its entry. Nothing in it is a JavaScript object the collector
 * visits, and it never grows: it holds at most half its slots (`createViewerLimit` starts a new generation
 * first).
 */
function createGeneration(slots: number) {
  const keys = new Int32Array(slots);
  const entries = new Int32Array(slots);
  const mask = slots - 1;
  let size = 0;
  /** The key's slot, or the free slot where it would go. */
  const slotOf = (key: number) => {
    let slot = key & mask;
    while (keys[slot] !== 0 && keys[slot] !== key + 1) slot = (slot + 1) & mask;
    return slot;
  };
  return {
    get size() {
      return size;
    },
    get(key: number): number | undefined {
      const slot = slotOf(key);
      return keys[slot] === 0 ? undefined : entries[slot];
    },
    set(key: number, entry: number) {
      const slot = slotOf(key);
      if (keys[slot] === 0) {
        keys[slot] = key + 1;
        size += 1;
      }
      entries[slot] = entry;
    },
    clear() {
      keys.fill(0);
      size = 0;
    },
  };
}

/**
 * A per-process limit of batches per key in a fixed one-minute window per key, in memory: the ingestion
 * route takes thousands of requests a second, too many for a database round trip each. Each process of an
 * installation counts its own windows, so the limit across N processes is at most N times this.
 *
 * Each key is kept as a number (keyNumber) and its window as one small integer, its start (in whole seconds
 * since the origin) above its count, in typed arrays: no object per key (a busy site's thousands of new
 * viewers a second, each kept a minute) to allocate, promote to the old generation and collect there, and
 * no map to grow. Every six days the origin moves on and every window starts afresh.
 *
 * Memory is bounded by two generations of at most `maxKeys / 2` keys: when the recent one is full it becomes
 * the older one and the older one's keys are forgotten, those not counted since. Forgetting the oldest key
 * one at a time (a map's first key, which V8 finds by stepping over every key deleted before it) cost about
 * 30 µs a batch once `maxKeys` viewers had come within the minute. Two `Map`s of numbers cost about 1 µs a
 * batch for both limits; these tables a third of that (bench/ingest's batches, in isolation).
 */
export function createViewerLimit(options: { max: number; windowMs?: number; maxKeys?: number; now?: () => number }) {
  const { max, windowMs = 60_000, maxKeys = 100_000, now = Date.now } = options;
  if (max < 1 || max >= COUNT_MAX) throw new Error(`a limit from 1 to ${COUNT_MAX - 1}`);
  // Twice a generation's keys, a power of two.
  const slots = 2 ** Math.ceil(Math.log2(Math.max(maxKeys, 2)));
  let recent = createGeneration(slots);
  let older = createGeneration(slots);
  let origin = now();

  const keep = (key: number, entry: number) => {
    recent.set(key, entry);
    if (recent.size >= maxKeys / 2) {
      const forgotten = older;
      older = recent;
      forgotten.clear();
      recent = forgotten;
    }
  };

  return {
    /** Counts one for `key`: false once the key has had `max` in its window. */
    take(text: string): boolean {
      const key = keyNumber(text);
      const at = now();
      let second = Math.floor((at - origin) / 1000);
      if (second > START_MAX || second < 0) {
        recent.clear();
        older.clear();
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

const MAX_ENTRIES = 5000;

/**
 * Micro-caching for public pages: a page is rendered at most once per `ttlMs` for each key, and requests
 * arriving while it renders share that render. `get` says whether the value was made for this call
 * (`fresh`) or by an earlier one, which the caller may check before trusting it (see pages.routes.ts: a
 * deleted video is never served from here). Bounded: the oldest entries go first.
 */
export function renderCache<T>(ttlMs: number, now: () => number = Date.now) {
  const entries = new Map<string, { until: number; value: Promise<T> }>();
  return {
    async get(key: string, render: () => Promise<T>): Promise<{ value: T; fresh: boolean }> {
      if (ttlMs <= 0) return { value: await render(), fresh: true };
      const at = now();
      const hit = entries.get(key);
      if (hit && hit.until > at) return { value: await hit.value, fresh: false };
      const value = render();
      entries.delete(key);
      entries.set(key, { until: at + ttlMs, value });
      // A failed render is not kept.
      value.catch(() => entries.delete(key));
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      return { value: await value, fresh: true };
    },
    /** Forgets a key, so the next `get` renders it again. */
    forget(key: string) {
      entries.delete(key);
    },
  };
}

/**
 * Asks `check` about many keys in one call, and never with an answer older than the question: a call
 * joins the batch that has not started yet, and a batch starts only when the one before it has finished.
 * Under load that is one query per database round trip whatever the request rate; alone, one query.
 */
export function batchedCheck(check: (keys: string[]) => Promise<Set<string>>) {
  let waiting: { keys: Set<string>; answer: PromiseWithResolvers<Set<string>> } | null = null;
  let running = false;
  const run = () => {
    if (running || !waiting) return;
    const batch = waiting;
    waiting = null;
    running = true;
    check([...batch.keys])
      .then(batch.answer.resolve, batch.answer.reject)
      .finally(() => {
        running = false;
        run();
      });
  };
  return async (key: string): Promise<boolean> => {
    if (!waiting) {
      waiting = { keys: new Set(), answer: Promise.withResolvers() };
      // Calls made in the same turn of the event loop join before it starts.
      queueMicrotask(run);
    }
    waiting.keys.add(key);
    return (await waiting.answer.promise).has(key);
  };
}

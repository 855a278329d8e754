const MAX_ENTRIES = 5000;

/**
 * Micro-caching for public pages: a page is rendered at most once per `ttlMs` for each key, and requests
 * arriving while it renders share that render. Pages already tell browsers and CDNs they may keep them for
 * 60 s, so a change shows here after at most `ttlMs` more, in every server process alike; nothing else
 * depends on it. Bounded: the oldest entries go first.
 */
export function renderCache<T>(ttlMs: number, now: () => number = Date.now) {
  const entries = new Map<string, { until: number; value: Promise<T> }>();
  return {
    get(key: string, render: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return render();
      const at = now();
      const hit = entries.get(key);
      if (hit && hit.until > at) return hit.value;
      const value = render();
      entries.delete(key);
      entries.set(key, { until: at + ttlMs, value });
      // A failed render is not kept.
      value.catch(() => entries.delete(key));
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      return value;
    },
  };
}

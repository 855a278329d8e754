import type { Page } from 'playwright-core';

/** One request as the page's Resource Timing saw it (milliseconds on the page's clock). */
export type Timed = {
  name: string;
  start: number;
  end: number;
  serverTiming: Record<string, number>;
};

/** Lets a page keep the timing of every request: a console page loads more than the default 250 entries. */
export async function keepResourceTiming(page: Page) {
  await page.addInitScript(() => performance.setResourceTimingBufferSize(100_000));
}

/** The page's Resource Timing entries since `since` (ms on the page's clock). */
export async function resourceTiming(page: Page, since = 0): Promise<Timed[]> {
  return page.evaluate(
    (since) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => entry.startTime >= since)
        .map((entry) => ({
          name: entry.name,
          start: entry.startTime,
          end: entry.responseEnd,
          serverTiming: Object.fromEntries(entry.serverTiming.map((item) => [item.name, item.duration])),
        })),
    since,
  );
}

/**
 * How a run of part PUTs used its lanes: from the first part's start to the last one's end, the mean time of
 * a part, and the lane time left idle (between one part's end and the next one's start, and in the tail when
 * fewer parts than lanes remain), in seconds of the whole transfer (idle lane-time divided by the lanes).
 */
export function laneUse(parts: Timed[], lanes: number) {
  if (parts.length === 0) return { seconds: 0, partSeconds: 0, idleSeconds: 0 };
  const first = Math.min(...parts.map((part) => part.start));
  const last = Math.max(...parts.map((part) => part.end));
  const busy = parts.reduce((sum, part) => sum + (part.end - part.start), 0);
  return {
    seconds: (last - first) / 1000,
    partSeconds: busy / parts.length / 1000,
    idleSeconds: Math.max(0, (last - first) * lanes - busy) / lanes / 1000,
  };
}

/** The mean of one Server-Timing metric over `entries`, in milliseconds (0 when none carries it). */
export function meanServerTiming(entries: Timed[], metric: string) {
  const values = entries.map((entry) => entry.serverTiming[metric]).filter((value) => value !== undefined);
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

/** The console's handshake calls, by the path the catalogue gives them. */
export const HANDSHAKE = {
  'pre-add': '/api/vod/video/pre-add-custom-video',
  credential: '/api/cos/vod/video/credential',
  start: '/api/vod/video/upload/start',
  'sign-parts': '/api/vod/video/upload/sign-parts',
  success: '/api/vod/video/add-custom-video-success',
} as const;

/**
 * When each handshake call ran, in milliseconds after `since` (several calls of one name are summed), as
 * "name 12+30 ms": started 12 ms in, took 30.
 */
export function handshakeTimes(entries: Timed[], since: number) {
  return Object.entries(HANDSHAKE).map(([name, url]) => {
    const calls = entries.filter((entry) => new URL(entry.name).pathname === url);
    const ms = calls.reduce((sum, entry) => sum + (entry.end - entry.start), 0);
    const at = calls.length === 0 ? 0 : Math.min(...calls.map((entry) => entry.start)) - since;
    return { name, ms, at, calls: calls.length };
  });
}

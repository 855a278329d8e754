/** A stretch of the video a session watched, and how many times. */
export type Segment = { from: number; to: number; times: number };

/**
 * The parts of the video a session's intervals cover, each with how many of them cover it (a rewatched part
 * is covered twice), left to right; neighbours watched as often are joined, unwatched gaps left out.
 */
export function watchedSegments(intervals: readonly (readonly [number, number])[]): Segment[] {
  const edges = [...new Set(intervals.flat())].sort((a, b) => a - b);
  const segments: Segment[] = [];
  for (let i = 0; i + 1 < edges.length; i += 1) {
    const from = edges[i] as number;
    const to = edges[i + 1] as number;
    const times = intervals.filter(([start, end]) => start <= from && end >= to).length;
    if (times === 0) continue;
    const last = segments.at(-1);
    if (last && last.to === from && last.times === times) last.to = to;
    else segments.push({ from, to, times });
  }
  return segments;
}

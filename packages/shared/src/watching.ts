/**
 * How a viewing's watching is kept and read: the [from, to] ranges it played become the parts of the video
 * watched and how many times each. The server bounds a viewing's ranges with it (the analytics rollup), the
 * session bar draws it, and the engagement graph's "rewatched" line adds it up per percent: one computation,
 * so the line and the bar never disagree.
 */

/** A stretch of the video a viewing watched, and how many times. */
export type Segment = { from: number; to: number; times: number };
export type Range = readonly [number, number];

/**
 * The parts of the video the ranges cover, each with how many of them cover it (a rewatched part is covered
 * twice), left to right; neighbours watched as often are joined, unwatched gaps left out. A sweep over the
 * ranges' ends: ranges that meet ([0, 3] then [3, 6], one heartbeat after another) are one straight watch.
 */
export function watchedSegments(ranges: readonly Range[]): Segment[] {
  const edges: [number, number][] = [];
  for (const [from, to] of ranges) {
    if (to > from) edges.push([from, 1], [to, -1]);
  }
  // At one position, a range ending goes before one starting, so that ranges that meet do not overlap.
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const segments: Segment[] = [];
  let times = 0;
  let at = 0;
  for (const [position, change] of edges) {
    if (times > 0 && position > at) {
      const last = segments.at(-1);
      if (last && last.to === at && last.times === times) last.to = position;
      else segments.push({ from: at, to: position, times });
    }
    times += change;
    at = position;
  }
  return segments;
}

/**
 * The same watching as ranges: the parts watched at least once, left to right, then those watched a second
 * time, and so on (watchedSegments of the answer is `segments` again). Levels that would pass `maxRanges`
 * are left out, the most rewatched first.
 */
export function layeredRanges(segments: readonly Segment[], maxRanges = Number.POSITIVE_INFINITY): [number, number][] {
  const ranges: [number, number][] = [];
  const deepest = segments.reduce((most, segment) => Math.max(most, segment.times), 0);
  for (let level = 1; level <= deepest; level += 1) {
    const layer: [number, number][] = [];
    for (const segment of segments) {
      if (segment.times < level) continue;
      const open = layer.at(-1);
      if (open && open[1] === segment.from) open[1] = segment.to;
      else layer.push([segment.from, segment.to]);
    }
    if (ranges.length + layer.length > maxRanges) break;
    ranges.push(...layer);
  }
  return ranges;
}

/**
 * How many times the viewing watched each of `buckets` equal parts of a video of `duration` seconds: the
 * times of the stretch playing at the part's middle (0 for a part not watched).
 */
export function bucketTimes(segments: readonly Segment[], duration: number, buckets = 100): number[] {
  const times: number[] = Array(buckets).fill(0);
  if (!(duration > 0)) return times;
  let index = 0;
  for (let bucket = 0; bucket < buckets; bucket += 1) {
    const middle = ((bucket + 0.5) / buckets) * duration;
    while (index < segments.length && (segments[index] as Segment).to <= middle) index += 1;
    const segment = segments[index];
    if (segment && segment.from <= middle) times[bucket] = segment.times;
  }
  return times;
}

import { watchedSegments } from '@leadreel/shared/watching';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../../features/videos/format.ts';

/** The bar's drawing width in SVG units; it stretches to its cell. */
const WIDTH = 1000;
/** How dark a part is by how many times it was watched: once, twice, three times or more. */
const SHADES = ['#8fb0f7', '#1456f0', '#0a2d8c'];

/**
 * One session's viewing across the whole video: the parts watched filled, darker for each time watched again
 * (Wistia's per-viewer heatmap), the rest left empty.
 */
export function SessionBar({ intervals, duration }: { intervals: [number, number][]; duration: number }) {
  const { t } = useTranslation();
  const segments = watchedSegments(intervals);
  // A length still unknown: the furthest second watched stands for the end.
  const length = duration > 0 ? duration : Math.max(0, ...intervals.map(([, to]) => to));
  const describe = (from: number, to: number, times: number) =>
    t('analytics.sessions.segment', { from: formatDuration(from), to: formatDuration(to), count: times });
  const label =
    segments.length > 0
      ? segments.map((segment) => describe(segment.from, segment.to, segment.times)).join('; ')
      : t('analytics.sessions.nothingWatched');
  return (
    <svg
      className="analytics-session-bar"
      viewBox={`0 0 ${WIDTH} 10`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
    >
      <title>{label}</title>
      <rect className="analytics-session-track" x={0} y={0} width={WIDTH} height={10} />
      {length > 0 &&
        segments.map((segment) => (
          <rect
            key={`${segment.from}-${segment.to}`}
            data-times={segment.times}
            x={(Math.min(segment.from, length) / length) * WIDTH}
            y={0}
            width={Math.max(2, ((Math.min(segment.to, length) - Math.min(segment.from, length)) / length) * WIDTH)}
            height={10}
            fill={SHADES[Math.min(segment.times, SHADES.length) - 1]}
          >
            <title>{describe(segment.from, segment.to, segment.times)}</title>
          </rect>
        ))}
    </svg>
  );
}

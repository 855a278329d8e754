import type { AnalyticsTotals, VideoAnalytics } from '@leadreel/shared/contracts/analytics';
import { formatCount } from '../../format.ts';
import { formatDuration } from '../videos/format.ts';

/** The figure cards, in the order shown; each is translated as analytics.figure.<key>. */
export const FIGURE_KEYS = [
  'loads',
  'plays',
  'playRate',
  'uniqueViewers',
  'watchTime',
  'averageWatchTime',
  'averagePercent',
  'completions',
  'leads',
  'conversionRate',
  'contactClicks',
  'ctaClicks',
] as const;
export type FigureKey = (typeof FIGURE_KEYS)[number];

/** A share in percent, to a tenth at most (12.5%, 100%); a dash when there is nothing to divide by. */
export function formatPercent(value: number | null): string {
  return value === null || !Number.isFinite(value) ? '–' : `${Number(value.toFixed(1))}%`;
}

const share = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : null);

/** How each figure reads: a count per the console contract (M, B), a time as mm:ss or h:mm:ss, a share in %. */
const KIND: Record<FigureKey, 'count' | 'time' | 'percent'> = {
  loads: 'count',
  plays: 'count',
  playRate: 'percent',
  uniqueViewers: 'count',
  watchTime: 'time',
  averageWatchTime: 'time',
  averagePercent: 'percent',
  completions: 'count',
  leads: 'count',
  conversionRate: 'percent',
  contactClicks: 'count',
  ctaClicks: 'count',
};

/** Each figure as a number; null where there is nothing to divide by (no loads, no plays). */
export function figureNumbers(totals: AnalyticsTotals): Record<FigureKey, number | null> {
  return {
    loads: totals.loads,
    plays: totals.plays,
    playRate: share(totals.plays, totals.loads),
    uniqueViewers: totals.uniqueViewers,
    watchTime: totals.watchSeconds,
    averageWatchTime: totals.plays > 0 ? totals.watchSeconds / totals.plays : null,
    averagePercent: totals.plays > 0 ? totals.averagePercent : null,
    completions: totals.completions,
    leads: totals.leads,
    conversionRate: share(totals.leads, totals.plays),
    // The contract counts every button's clicks in `clicks`, the call to action's among them.
    contactClicks: Math.max(0, totals.clicks - totals.ctaClicks),
    ctaClicks: totals.ctaClicks,
  };
}

/** A figure's number as its card shows it: counts per the console contract (M, B), times as mm:ss or h:mm:ss, shares in %. */
export function formatFigure(key: FigureKey, value: number | null): string {
  if (value === null) return '–';
  if (KIND[key] === 'time') return formatDuration(value);
  return KIND[key] === 'percent' ? formatPercent(value) : formatCount(value);
}

/** How a figure moved against the range before: up or down by a whole percent, or new (nothing before). */
export type Trend = { direction: 'up' | 'down' | 'flat'; percent: number } | { direction: 'new' };

/**
 * The change from `before` to `now` in percent of `before`, rounded to a whole one; "new" when there was
 * nothing before; none when there is nothing either time (or nothing to compare, a share of no plays).
 */
export function trend(now: number | null, before: number | null): Trend | null {
  if (now === null || (now === 0 && !before)) return null;
  if (!before) return { direction: 'new' };
  const percent = Math.round((Math.abs(now - before) / before) * 100);
  if (percent === 0) return { direction: 'flat', percent };
  return { direction: now > before ? 'up' : 'down', percent };
}

/** One point of the engagement graph: a percent of the video, where it is, and the share of plays there. */
export type EngagementPoint = {
  /** Seconds into the video (the percent itself while the length is unknown). */
  at: number;
  /** Plays still watching at this point, in percent of all plays. */
  watching: number;
  /** Extra times this point was watched (rewatches), in percent of all plays. */
  rewatched: number;
};

/**
 * The engagement graph's points, one per percent of the video: reached[i] / plays still watching, and
 * (watched[i] − reached[i]) / plays watched again (contract: analytics.video engagement).
 */
export function engagementPoints(data: Pick<VideoAnalytics, 'totals' | 'duration' | 'engagement'>): EngagementPoint[] {
  const { reached, watched } = data.engagement;
  const plays = data.totals.plays;
  const of = (count: number) => (plays > 0 ? Math.round((count / plays) * 1000) / 10 : 0);
  return reached.map((count, i) => ({
    at: data.duration > 0 ? (i / reached.length) * data.duration : i,
    watching: of(count),
    rewatched: of(Math.max(0, (watched[i] ?? 0) - count)),
  }));
}

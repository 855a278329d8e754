import type { AnalyticsTotals, VideoAnalytics } from '@leadreel/shared/contracts/analytics';
import { formatDuration } from '../../../features/videos/format.ts';
import { formatCount } from '../../../format.ts';

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

/** Each figure card's value as shown: counts per spec §9 (M, B), times as mm:ss or h:mm:ss, shares in %. */
export function figureValues(totals: AnalyticsTotals): Record<FigureKey, string> {
  return {
    loads: formatCount(totals.loads),
    plays: formatCount(totals.plays),
    playRate: formatPercent(share(totals.plays, totals.loads)),
    uniqueViewers: formatCount(totals.uniqueViewers),
    watchTime: formatDuration(totals.watchSeconds),
    averageWatchTime: totals.plays > 0 ? formatDuration(totals.watchSeconds / totals.plays) : '–',
    averagePercent: totals.plays > 0 ? formatPercent(totals.averagePercent) : '–',
    completions: formatCount(totals.completions),
    leads: formatCount(totals.leads),
    conversionRate: formatPercent(share(totals.leads, totals.plays)),
    // The contract counts every button's clicks in `clicks`, the call to action's among them.
    contactClicks: formatCount(Math.max(0, totals.clicks - totals.ctaClicks)),
    ctaClicks: formatCount(totals.ctaClicks),
  };
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

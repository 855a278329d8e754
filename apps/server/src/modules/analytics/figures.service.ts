import type { AnalyticsBreakdown, AnalyticsSession, VideoAnalytics } from '@leadreel/shared/contracts/analytics';
import type { FiguresRepo, Range } from './figures.repo.ts';
import { BUCKETS } from './rollup.ts';

const DAY_MS = 86_400_000;
type RangeQuery = { videoId: string; from: string; to: string };

/** From the first day's start to the end of the last (UTC). */
const rangeOf = (query: RangeQuery): Range => ({
  from: new Date(`${query.from}T00:00:00Z`),
  until: new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS),
});

const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;

/**
 * The per-video analytics screen's figures (issue 16 item 3), each for a video of the account's own (the
 * videos module checks it, and that the period allows it): totals, engagement, days, breakdowns and
 * sessions, all from the rollups.
 */
export function createFigures(deps: {
  repo: FiguresRepo;
  /** The account's video, or a 404 (or the period's 403): its length in seconds. */
  ownVideo: (accountId: string, videoId: string) => Promise<{ duration: number }>;
}) {
  const { repo } = deps;
  return {
    async video(accountId: string, query: RangeQuery): Promise<VideoAnalytics> {
      const { duration } = await deps.ownVideo(accountId, query.videoId);
      const range = rangeOf(query);
      const [hours, uniqueViewers] = await Promise.all([
        repo.hours(query.videoId, range),
        repo.uniqueViewers(query.videoId, range),
      ]);
      const reached: number[] = Array(BUCKETS).fill(0);
      const watched: number[] = Array(BUCKETS).fill(0);
      const days = new Map<string, VideoAnalytics['days'][number]>();
      for (let day = range.from.getTime(); day < range.until.getTime(); day += DAY_MS) {
        const key = new Date(day).toISOString().slice(0, 10);
        days.set(key, { day: key, loads: 0, plays: 0, watchSeconds: 0, leads: 0 });
      }
      const totals = { loads: 0, plays: 0, watchSeconds: 0, completions: 0, leads: 0, clicks: 0, ctaClicks: 0 };
      for (const hour of hours) {
        totals.loads += hour.loads;
        totals.plays += hour.plays;
        totals.watchSeconds += hour.watch_seconds;
        totals.completions += hour.completions;
        totals.leads += hour.leads;
        totals.clicks += hour.clicks;
        totals.ctaClicks += hour.cta_clicks;
        for (let i = 0; i < BUCKETS; i += 1) {
          reached[i] = (reached[i] ?? 0) + (hour.reached[i] ?? 0);
          watched[i] = (watched[i] ?? 0) + (hour.watched[i] ?? 0);
        }
        const day = days.get(hour.hour.toISOString().slice(0, 10));
        if (day) {
          day.loads += hour.loads;
          day.plays += hour.plays;
          day.watchSeconds = round(day.watchSeconds + hour.watch_seconds);
          day.leads += hour.leads;
        }
      }
      const coverage = reached.reduce((sum, value) => sum + value, 0);
      return {
        totals: {
          ...totals,
          watchSeconds: round(totals.watchSeconds),
          uniqueViewers,
          averagePercent: totals.plays > 0 ? round((coverage / (BUCKETS * totals.plays)) * 100) : 0,
        },
        duration,
        engagement: { reached, watched },
        days: [...days.values()],
      };
    },

    async sessions(accountId: string, query: RangeQuery & { page: number; pageSize: number }) {
      await deps.ownVideo(accountId, query.videoId);
      const { rows, total } = await repo.sessions(
        query.videoId,
        rangeOf(query),
        query.pageSize,
        (query.page - 1) * query.pageSize,
      );
      const list: AnalyticsSession[] = rows.map((row) => ({
        sessionId: row.session_id,
        startedAt: Math.floor(row.started_at.getTime() / 1000),
        viewerId: row.viewer_id,
        device: row.device,
        browser: row.browser,
        os: row.os,
        country: row.country,
        page: row.page,
        referrer: row.referrer,
        watchSeconds: round(row.watch_seconds),
        percent: row.covered ? round(([...row.covered].filter((c) => c === '1').length / BUCKETS) * 100) : 0,
        intervals: row.intervals,
        lead: row.lead,
        clicks: row.clicks,
      }));
      return { list, total };
    },

    async breakdown(accountId: string, query: RangeQuery): Promise<AnalyticsBreakdown> {
      await deps.ownVideo(accountId, query.videoId);
      const range = rangeOf(query);
      const by = (column: 'referrer' | 'page' | 'device' | 'browser' | 'country') =>
        repo.breakdown(query.videoId, range, column);
      const [referrers, pages, devices, browsers, countries] = await Promise.all([
        by('referrer'),
        by('page'),
        by('device'),
        by('browser'),
        by('country'),
      ]);
      // A country is known only with a GeoIP database (GEOIP_DB).
      return { referrers, pages, devices, browsers, countries: countries.filter((row) => row.name !== '') };
    },
  };
}
export type Figures = ReturnType<typeof createFigures>;

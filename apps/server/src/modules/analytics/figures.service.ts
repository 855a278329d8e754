import type {
  AnalyticsBreakdown,
  AnalyticsSession,
  AnalyticsTotals,
  Overview,
  VideoAnalytics,
} from '@leadreel/shared/contracts/analytics';
import type { FiguresRepo, Range } from './figures.repo.ts';
import { BUCKETS } from './rollup.ts';

const DAY_MS = 86_400_000;
type RangeQuery = { videoId: string; from: string; to: string };
const TOP_VIDEOS = 5;

/** From the first day's start to the end of the last (UTC). */
const rangeOf = (query: { from: string; to: string }): Range => ({
  from: new Date(`${query.from}T00:00:00Z`),
  until: new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS),
});

const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;

/**
 * The average percent of the video a play watched, from the percents reached. Never above 100: a viewing's
 * play and its watching can fall on either side of the range's edge.
 */
const percentOf = (coverage: number, plays: number) =>
  plays > 0 ? Math.min(100, round((coverage / (BUCKETS * plays)) * 100)) : 0;

/**
 * The per-video analytics screen's figures, each for a video of the account's own (the
 * videos module checks it, and that the period allows it): totals, engagement, days, breakdowns and
 * sessions, all from the rollups.
 */
export function createFigures(deps: {
  repo: FiguresRepo;
  /** The account's video, or a 404 (or the period's 403): its length in seconds. */
  ownVideo: (accountId: string, videoId: string) => Promise<{ duration: number }>;
  /** The account's videos of these ids, with their names and thumbnails. */
  videosOf: (
    accountId: string,
    videoIds: string[],
  ) => Promise<{ videoId: string; name: string; thumbnail: string | null }[]>;
  /** A 403 when the account's period closes the dashboard overview (from Frozen on). */
  assertOverview: (accountId: string) => Promise<void>;
}) {
  const { repo } = deps;

  /** The account's totals and days over a range. */
  async function accountFigures(accountId: string, range: Range) {
    const [rows, uniqueViewers] = await Promise.all([
      repo.accountDays(accountId, range),
      repo.accountViewers(accountId, range),
    ]);
    const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0);
    const plays = sum((row) => row.plays);
    const totals: AnalyticsTotals = {
      loads: sum((row) => row.loads),
      plays,
      uniqueViewers,
      watchSeconds: round(sum((row) => row.watch_seconds)),
      completions: sum((row) => row.completions),
      leads: sum((row) => row.leads),
      clicks: sum((row) => row.clicks),
      ctaClicks: sum((row) => row.cta_clicks),
      averagePercent: percentOf(
        sum((row) => row.coverage),
        plays,
      ),
    };
    return { totals, rows };
  }

  return {
    /**
     * Each video's views watched to the end over the last `days` days (a site's For You row orders by it);
     * a video never completed is left out.
     */
    async completions(accountId: string, videoIds: string[], days = 90): Promise<Map<string, number>> {
      if (videoIds.length === 0) return new Map();
      const from = new Date(Date.now() - days * 86_400_000);
      const rows = await deps.repo.completions(accountId, videoIds, from);
      return new Map(rows.map((row) => [row.video_id, row.completions]));
    },

    /**
     * The dashboard overview: the account's figures over a range beside the range just
     * before, plays by day, and its most played videos.
     */
    async overview(accountId: string, query: { from: string; to: string }): Promise<Overview> {
      await deps.assertOverview(accountId);
      const range = rangeOf(query);
      const length = range.until.getTime() - range.from.getTime();
      const before = { from: new Date(range.from.getTime() - length), until: range.from };
      const [current, previous, top] = await Promise.all([
        accountFigures(accountId, range),
        accountFigures(accountId, before),
        repo.topVideos(accountId, range, TOP_VIDEOS),
      ]);
      const byDay = new Map(current.rows.map((row) => [row.day, row]));
      const days: Overview['days'] = [];
      for (let day = range.from.getTime(); day < range.until.getTime(); day += DAY_MS) {
        const key = new Date(day).toISOString().slice(0, 10);
        const row = byDay.get(key);
        days.push({
          day: key,
          loads: row?.loads ?? 0,
          plays: row?.plays ?? 0,
          watchSeconds: round(row?.watch_seconds ?? 0),
          leads: row?.leads ?? 0,
        });
      }
      const videos = new Map(
        (
          await deps.videosOf(
            accountId,
            top.map((row) => row.video_id),
          )
        ).map((video) => [video.videoId, video]),
      );
      return {
        totals: current.totals,
        previous: previous.totals,
        days,
        // A video deleted since is left out: its figures still count in the totals.
        topVideos: top.flatMap((row) => {
          const video = videos.get(row.video_id);
          return video
            ? [
                {
                  videoId: row.video_id,
                  name: video.name,
                  thumbnail: video.thumbnail,
                  plays: row.plays,
                  watchSeconds: round(row.watch_seconds),
                  leads: row.leads,
                },
              ]
            : [];
        }),
      };
    },

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
          averagePercent: percentOf(coverage, totals.plays),
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
      const by = await repo.breakdowns(query.videoId, rangeOf(query));
      return {
        referrers: by.referrer,
        pages: by.page,
        devices: by.device,
        browsers: by.browser,
        // A country is known only with a GeoIP database (GEOIP_DB).
        countries: by.country.filter((row) => row.name !== ''),
      };
    },
  };
}
export type Figures = ReturnType<typeof createFigures>;

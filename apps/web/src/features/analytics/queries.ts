import { parseStoryboard } from '@leadreel/shared/storyboard';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/client.ts';
import {
  type AnalyticsRangeArgs,
  type AnalyticsSessionsArgs,
  analyticsApi,
  type OverviewArgs,
} from '../../api/endpoints.ts';
import { domainKey, routeKey } from '../../api/keys.ts';

/** Query keys of the analytics screens; every key starts with `analytics`, so one invalidation refreshes them all. */
export const analyticsKeys = {
  all: domainKey('analytics'),
  video: (query: AnalyticsRangeArgs) => routeKey('analytics.video', query),
  sessions: (query: AnalyticsSessionsArgs) => routeKey('analytics.sessions', query),
  breakdown: (query: AnalyticsRangeArgs) => routeKey('analytics.breakdown', query),
  overview: (query: OverviewArgs) => routeKey('analytics.overview', query),
  /** A video's storyboard is a media file, not a route: keyed by its URL under the same domain. */
  storyboard: (url: string) => [...domainKey('analytics'), 'storyboard', url] as const,
};

/** The server's refusal once the plan's period closes the screen (disabled from Frozen on). */
export const refusedByPeriod = (error: unknown) => error instanceof ApiError && error.code === 'plan_period';

/** Off while the plan's period locks the screen (video settings, the overview): the server would answer 403 plan_period. */
type Options = { enabled?: boolean };

export function useVideoAnalyticsQuery(query: AnalyticsRangeArgs, { enabled = true }: Options = {}) {
  return useQuery({
    queryKey: analyticsKeys.video(query),
    queryFn: () => analyticsApi.video(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useAnalyticsBreakdownQuery(query: AnalyticsRangeArgs, { enabled = true }: Options = {}) {
  return useQuery({
    queryKey: analyticsKeys.breakdown(query),
    queryFn: () => analyticsApi.breakdown(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useAnalyticsSessionsQuery(query: AnalyticsSessionsArgs, { enabled = true }: Options = {}) {
  return useQuery({
    queryKey: analyticsKeys.sessions(query),
    queryFn: () => analyticsApi.sessions(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The account's figures over the range and the range before, by day, and its most played videos. */
export function useOverviewQuery(query: OverviewArgs, { enabled = true }: Options = {}) {
  return useQuery({
    queryKey: analyticsKeys.overview(query),
    queryFn: () => analyticsApi.overview(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * The cues of a video's storyboard (its thumbnails by time), fetched once; none without one. A storyboard
 * that cannot be read leaves the graph without thumbnails rather than failing the screen.
 */
export function useStoryboardQuery(url: string | null | undefined) {
  return useQuery({
    queryKey: analyticsKeys.storyboard(url ?? ''),
    queryFn: async () => {
      const absolute = new URL(url as string, location.href).toString();
      const response = await fetch(absolute);
      return response.ok ? parseStoryboard(await response.text(), absolute) : [];
    },
    enabled: Boolean(url),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

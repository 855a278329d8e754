import type { SpeechTaskTab } from '@leadreel/shared';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { blogApi } from '../../api/endpoints.ts';
import { routeKey } from '../../api/keys.ts';
import { videoKeys } from '../../api/queries.ts';
import { blogKeys, EXPORT_POLL_MS } from '../../pages/blog/blogData.ts';

/** The task center's query of the account's blog-to-video exports, by the speech tasks' tabs. */
export type ExportListArgs = { tab: SpeechTaskTab; page: number; pageSize: number };

/** Under the blog-to-video domain: an export started or canceled in the editor refreshes the task center too. */
export const exportListKey = (query: ExportListArgs) => routeKey('blogToVideo.exports', query);

/**
 * One page of a task center tab's exports; asked again every 2 s while any export is under way, and no more
 * once the list is closed. An account without blog-to-video gets empty lists.
 */
export function useBlogExports(query: ExportListArgs, { enabled = true } = {}) {
  return useQuery({
    queryKey: exportListKey(query),
    queryFn: () => blogApi.exports(query),
    enabled,
    refetchInterval: (current) => ((current.state.data?.counts.translating ?? 0) > 0 ? EXPORT_POLL_MS : false),
  });
}

/**
 * What an ended or canceled export changed, read again: the blog-to-video screens (the project's status and
 * history, the balance in the estimate, the export lists) and the videos (the one it made).
 */
export const refreshAfterExports = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: blogKeys.all }),
    queryClient.invalidateQueries({ queryKey: videoKeys.all }),
  ]);

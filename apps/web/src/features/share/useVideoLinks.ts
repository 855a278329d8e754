import { useQuery } from '@tanstack/react-query';
import { settingsApi } from '../../api/endpoints.ts';
import { routeKey } from '../../api/keys.ts';

/** A video's public addresses (watch page by slug when it has one, embed), from its SEO page setting. */
export function useVideoLinks(videoId: string | null) {
  return useQuery({
    queryKey: routeKey('settings.seoPage', { videoId: videoId ?? '' }),
    queryFn: () => settingsApi.seoPage(videoId as string),
    enabled: Boolean(videoId),
  });
}

/** A /media path made absolute on the watch page's origin, for snippets pasted elsewhere. */
export const absoluteOn = (watchUrl: string, mediaPath: string | null) =>
  mediaPath ? new URL(mediaPath, watchUrl).toString() : null;

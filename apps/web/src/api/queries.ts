import type { Video } from '@leadreel/shared';
import { keepPreviousData, type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useAuthStore } from '../stores/auth.ts';
import { accountApi, fetchVipInfo, uploadsApi, type VideoListArgs, videosApi } from './endpoints.ts';
import { errorText } from './index.ts';
import { domainKey, routeKey } from './keys.ts';

/** Query keys, declared once so invalidation and reads agree. */
export const queryKeys = {
  account: routeKey('account.detail'),
  vip: routeKey('account.vipUserInfo'),
};

/** account and plan data load when a token is present or changes (the token is part of the key). */
export function useAccountQuery() {
  const token = useAuthStore((s) => s.authorizationToken);
  return useQuery({ queryKey: [...queryKeys.account, token], queryFn: accountApi.detail, enabled: Boolean(token) });
}

export function useVipQuery() {
  const token = useAuthStore((s) => s.authorizationToken);
  return useQuery({ queryKey: [...queryKeys.vip, token], queryFn: fetchVipInfo, enabled: Boolean(token) });
}

/** Query keys of the video area; every key starts with `videos`, so one invalidation refreshes them all. */
export const videoKeys = {
  all: domainKey('videos'),
  folders: routeKey('videos.folders'),
  list: (query: VideoListArgs) => routeKey('videos.list', query),
  detail: (videoId: string) => routeKey('videos.detail', { videoId }),
  status: (videoIds: string[]) => routeKey('videos.status', { videoIds: videoIds.join(',') }),
};

/**
 * Videos whose figures still move (the console contract Video: uploading, encoding/processing with percent,
 * translating with percent).
 */
export const isVideoInProgress = (video: Pick<Video, 'status' | 'translatingPercent'>) =>
  video.status === 'uploading' ||
  video.status === 'uploaded' ||
  video.status === 'processing' ||
  video.translatingPercent !== null;
/** How often moving figures are asked for again. */
export const VIDEO_POLL_MS = 2000;

export function useFoldersQuery() {
  return useQuery({ queryKey: videoKeys.folders, queryFn: videosApi.folders });
}

export function useVideoListQuery(query: VideoListArgs, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: videoKeys.list(query),
    queryFn: () => videosApi.list(query),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export function useVideoDetailQuery(videoId: string | null) {
  return useQuery({
    queryKey: videoKeys.detail(videoId ?? ''),
    queryFn: () => videosApi.detail(videoId as string),
    enabled: Boolean(videoId),
  });
}

/**
 * The current state of the listed videos still uploading or processing, asked for every 2 s until none is
 * (the list itself is not reloaded for that). Answers a map from video id to its fresh record. Videos this
 * browser is sending (`sending`) are not asked for: the uploader knows more than the server does about them,
 * and a fresh answer every 2 s re-rendered the whole list while the page needed its CPU for the upload.
 */
export function useVideoStatusPolling(videos: Video[] | undefined, sending: ReadonlySet<string> = new Set()) {
  const ids = (videos ?? [])
    .filter((video) => isVideoInProgress(video) && !sending.has(video.videoId))
    .map((video) => video.videoId);
  const status = useQuery({
    queryKey: videoKeys.status(ids),
    queryFn: () => videosApi.status(ids),
    enabled: ids.length > 0,
    refetchInterval: (query) => (query.state.data?.every((video) => !isVideoInProgress(video)) ? false : VIDEO_POLL_MS),
  });
  return new Map((ids.length > 0 ? (status.data ?? []) : []).map((video) => [video.videoId, video]));
}

export function useStorageBaseInfoQuery(cosType: Parameters<typeof uploadsApi.baseInfo>[0]) {
  return useQuery({ queryKey: routeKey('uploads.baseInfo', { cosType }), queryFn: () => uploadsApi.baseInfo(cosType) });
}

/**
 * An action on a row of a list (rotate a key, send a test, delete): `onDone` gets its answer, then the list
 * is read again; a failure is told in a toast, in the user's language. `mutate(value)` hands `value` to `action`.
 */
export function useRowAction<T, V = void>(
  refresh: QueryKey,
  action: (variables: V) => Promise<T>,
  onDone?: (result: T) => void,
) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: (result) => {
      onDone?.(result);
      return queryClient.invalidateQueries({ queryKey: refresh });
    },
    // Braces: antd's message is a thenable the mutation would wait on until the toast closes.
    onError: (error) => {
      message.error(errorText(error));
    },
  });
}

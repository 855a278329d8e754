import type { ExportVersion } from '@leadreel/shared';
import { useQuery } from '@tanstack/react-query';
import { blogApi } from '../../api/endpoints.ts';
import { domainKey, routeKey } from '../../api/keys.ts';
import { VIDEO_POLL_MS } from '../../api/queries.ts';

/** Query keys of the blog-to-video screens; every one starts with the domain, so one invalidation refreshes them all. */
export const blogKeys = {
  all: domainKey('blog to video'),
  list: (page: number, pageSize: number) => routeKey('blogToVideo.list', { page, pageSize }),
  detail: (projectId: string) => routeKey('blogToVideo.detail', { projectId }),
  preview: (projectId: string) => routeKey('blogToVideo.preview', { projectId }),
  estimate: (projectId: string) => routeKey('blogToVideo.estimate', { projectId }),
  progress: (projectId: string) => routeKey('blogToVideo.progress', { projectId }),
  history: (projectId: string) => routeKey('blogToVideo.history', { projectId }),
};

/** A project's editor opens on its script (the console contract /blog-to-video/{id}/script). */
export const editorPath = (projectId: string, tab = 'script') => `/blog-to-video/${projectId}/${tab}`;
export const PROJECTS_PATH = '/videos/blog-to-video';
/** Where an exported video is looked after: its settings, the SEO page first. */
export const videoSettingsPath = (videoId: string) => `/video-setting/${videoId}/basic-setting`;

/** An export waiting or under way: its progress moves, so it is asked for again. */
export const isExportActive = (version: Pick<ExportVersion, 'status'> | null | undefined) =>
  version?.status === 'queued' || version?.status === 'running';

/** How often a running export is asked for (the pace of the video list's own progress). */
export const EXPORT_POLL_MS = VIDEO_POLL_MS;

/** The project's export under way (or the last one), followed every 2 s while it runs. */
export function useExportProgress(projectId: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: blogKeys.progress(projectId),
    queryFn: () => blogApi.progress(projectId),
    enabled,
    refetchInterval: (current) => (isExportActive(current.state.data) ? EXPORT_POLL_MS : false),
  });
}

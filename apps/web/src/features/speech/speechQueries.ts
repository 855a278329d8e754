import type { SpeechTask, SpeechTaskTab } from '@leadreel/shared';
import { ROUTES } from '@leadreel/shared/routes/catalogue';
import type { RouteInput } from '@leadreel/shared/routes/schemas';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { call } from '../../api/call.ts';
import { domainKey, routeKey } from '../../api/keys.ts';
import { VIDEO_POLL_MS, videoKeys } from '../../api/queries.ts';

/**
 * The speech tasks of the contract ("speech-to-text: translate, task list, status, cancel, credit
 * calculations, AI optimise, AI translate"): subtitles from speech, GlobalVoice and the task center.
 */
export const speechApi = {
  /** What the configured engines can do, their names, the prices and the plan's longest video. */
  engines: () => call('speech.engines'),
  /** What a task would cost and what would stop it, before it starts. */
  estimate: (body: RouteInput<'speech.estimate'>) => call('speech.estimate', body),
  transcribe: (body: RouteInput<'speech.transcribe'>) => call('speech.transcribe', body),
  translate: (body: RouteInput<'speech.translate'>) => call('speech.translate', body),
  /** Improved cues for a track, not saved: the cue editor shows them for the owner to review. */
  optimise: (subtitleId: string) => call('speech.optimise', { subtitleId }),
  tasks: (query: TaskListArgs) => call('speech.tasks', query),
  status: (taskId: string) => call('speech.status', { taskId }),
  cancel: (taskId: string) => call('speech.cancel', { taskId }),
  retry: (taskId: string) => call('speech.retry', { taskId }),
  dubs: (videoId: string) => call('speech.dubs', { videoId }),
  removeDub: (body: RouteInput<'speech.removeDub'>) => call('speech.removeDub', body),
};

/** The task list's query as the console builds it (page numbers as numbers). */
export type TaskListArgs = { tab: SpeechTaskTab; videoId?: string; page: number; pageSize: number };

export const speechKeys = {
  all: domainKey('speech to text'),
  engines: routeKey('speech.engines'),
  estimate: (body: RouteInput<'speech.estimate'>) => routeKey('speech.estimate', body),
  tasks: (query: TaskListArgs) => routeKey('speech.tasks', query),
  status: (taskId: string) => routeKey('speech.status', { taskId }),
  dubs: (videoId: string) => routeKey('speech.dubs', { videoId }),
};

/** A task still waiting or under way: it moves, so it is asked for again. */
export const isTaskActive = (task: Pick<SpeechTask, 'status'>) => task.status === 'queued' || task.status === 'running';

/** How often a moving task is asked for again (the same pace as a video's upload and encoding). */
export const TASK_POLL_MS = VIDEO_POLL_MS;

export function useSpeechEngines({ enabled = true } = {}) {
  return useQuery({ queryKey: speechKeys.engines, queryFn: speechApi.engines, enabled, staleTime: 5 * 60_000 });
}

/** The cost of a task as the choices stand; asked again whenever they change. */
export function useSpeechEstimate(body: RouteInput<'speech.estimate'>, { enabled = true } = {}) {
  return useQuery({ queryKey: speechKeys.estimate(body), queryFn: () => speechApi.estimate(body), enabled });
}

/**
 * One page of a task center tab; asked again every 2 s while any task of the list's scope is under way, and
 * no more once the list is closed (the query has no observer then).
 */
export function useSpeechTasks(query: TaskListArgs, { enabled = true } = {}) {
  return useQuery({
    queryKey: speechKeys.tasks(query),
    queryFn: () => speechApi.tasks(query),
    enabled,
    refetchInterval: (current) => ((current.state.data?.counts.translating ?? 0) > 0 ? TASK_POLL_MS : false),
  });
}

/** One task followed every 2 s until it is done, failed or canceled. */
export function useSpeechTaskStatus(taskId: string | null) {
  return useQuery({
    queryKey: speechKeys.status(taskId ?? ''),
    queryFn: () => speechApi.status(taskId as string),
    enabled: Boolean(taskId),
    refetchInterval: (current) => (current.state.data && !isTaskActive(current.state.data) ? false : TASK_POLL_MS),
  });
}

/** Every query of one route, whatever its input. */
const routeQueries = (name: 'speech.tasks' | 'speech.estimate' | 'speech.dubs' | 'settings.subtitles') =>
  [ROUTES[name].tag, name] as const;

/** The task lists read again (a task was started, canceled or tried again): the header's count too. */
export const refreshTasks = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: routeQueries('speech.tasks') });

/**
 * What a finished or canceled task changed, read again: the task lists, the dubs, the estimates (the balance),
 * the subtitle tracks (new languages) and the videos (their translating percent). Not a task's own status,
 * which is final once it ends.
 */
export function refreshAfterTasks(queryClient: QueryClient) {
  return Promise.all([
    ...(['speech.tasks', 'speech.estimate', 'speech.dubs', 'settings.subtitles'] as const).map((name) =>
      queryClient.invalidateQueries({ queryKey: routeQueries(name) }),
    ),
    queryClient.invalidateQueries({ queryKey: videoKeys.all }),
  ]);
}

/**
 * Reads again what tasks change once the number of tasks under way goes down (one of them finished); `refresh`
 * names what that is for another kind of task (a video export).
 */
export function useRefreshWhenTasksEnd(
  running: number | undefined,
  queryClient: QueryClient,
  refresh: (queryClient: QueryClient) => Promise<unknown> = refreshAfterTasks,
) {
  const previous = useRef(running);
  useEffect(() => {
    const before = previous.current;
    previous.current = running;
    if (before !== undefined && running !== undefined && running < before) void refresh(queryClient);
  }, [running, queryClient, refresh]);
}

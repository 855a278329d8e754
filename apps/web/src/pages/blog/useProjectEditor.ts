import type { ProjectDetail } from '@leadreel/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { blogApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { blogKeys } from './blogData.ts';
import type { EditorContextValue, SceneInput, SettingsChange } from './editorContext.ts';

/**
 * The editor's state for project `projectId`: the project as last saved (TanStack Query's cache), the
 * selected scene and the two saves. Saves go one after the other, each with the revision the one before it
 * answered, so a quick run of edits in this tab is never refused as stale; a refusal means the project was
 * changed elsewhere (another tab, the summary), and the editor offers to reload it rather than overwrite.
 */
export function useProjectEditor(projectId: string) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const key = blogKeys.detail(projectId);
  const detail = useQuery({ queryKey: key, queryFn: () => blogApi.detail(projectId) });
  const [selected, setSelected] = useState<string | null>(null);
  const [pending, setPending] = useState(0);
  const [stale, setStale] = useState(false);
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  /** Runs `save` after the saves before it, with the revision the cache holds then. */
  const enqueue = useCallback(
    (save: (revision: number) => Promise<ProjectDetail>) => {
      setPending((count) => count + 1);
      const run = queue.current.then(async () => {
        const current = queryClient.getQueryData<ProjectDetail>(key);
        if (!current) return;
        try {
          const saved = await save(current.revision);
          queryClient.setQueryData(key, saved);
          // The list's scene counts, durations and covers follow the script.
          void queryClient.invalidateQueries({ queryKey: blogKeys.all, predicate: (q) => q.queryKey[1] !== key[1] });
        } catch (error) {
          if (error instanceof ApiError && error.code === 'blog_project_stale') setStale(true);
          else message.error(errorText(error));
        } finally {
          setPending((count) => count - 1);
        }
      });
      queue.current = run;
      return run;
    },
    [queryClient, key, message],
  );

  const saveScenes = useCallback(
    (scenes: SceneInput[]) => enqueue((revision) => blogApi.saveScenes({ projectId, revision, scenes })),
    [enqueue, projectId],
  );
  const saveSettings = useCallback(
    (change: SettingsChange) => enqueue((revision) => blogApi.saveSettings({ projectId, revision, ...change })),
    [enqueue, projectId],
  );
  /** Replaces the project with what the server holds now, its own revision with it. */
  const reload = useCallback(async () => {
    await detail.refetch();
    setStale(false);
  }, [detail]);

  const project = detail.data;
  // The selected scene, or the first while none is chosen or the chosen one was deleted.
  const selectedSceneId =
    project?.scenes.find((scene) => scene.sceneId === selected)?.sceneId ?? project?.scenes[0]?.sceneId ?? null;
  const value = useMemo<EditorContextValue | null>(
    () =>
      project
        ? {
            project,
            selectedSceneId,
            selectScene: setSelected,
            saveScenes,
            saveSettings,
            saving: pending > 0,
          }
        : null,
    [project, selectedSceneId, saveScenes, saveSettings, pending],
  );
  return { detail, value, stale, reload, enqueue };
}

/** A change the server makes from the revision it is given (the summary), run in line with the saves. */
export type Enqueue = (save: (revision: number) => Promise<ProjectDetail>) => Promise<unknown>;
export const EditorQueueContext = createContext<Enqueue | null>(null);
export function useEditorQueue(): Enqueue {
  const enqueue = useContext(EditorQueueContext);
  if (!enqueue) throw new Error('useEditorQueue is used outside the blog-to-video editor');
  return enqueue;
}

import type { ProjectDetail } from '@leadreel/shared';
import type { Language } from '@leadreel/shared/languages';
import { render } from '@testing-library/react';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { blogApi } from '../api/endpoints.ts';
import { AntProviders } from '../app/AntProviders.tsx';
import { createQueryClient, Providers } from '../app/Providers.tsx';
import { initI18n } from '../i18n/index.ts';
import {
  EditorContext,
  type EditorContextValue,
  type SceneInput,
  type SettingsChange,
} from '../pages/blog/editorContext.ts';
import { fakeProject } from './fakeMaterials.ts';

/**
 * The editor's shared state as a tab sees it, without the editor's shell: the project held here, its saves
 * sent through the real API client (one after the other, each with the revision the one before answered).
 */
function FakeEditor({
  initial,
  sceneId,
  children,
}: {
  initial: ProjectDetail;
  sceneId: string | null;
  children: ReactNode;
}) {
  const [project, setProject] = useState(initial);
  const [selected, setSelected] = useState(sceneId);
  const [saving, setSaving] = useState(0);
  const latest = useRef(project);
  latest.current = project;
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const value = useMemo<EditorContextValue>(() => {
    const enqueue = (save: (revision: number) => Promise<ProjectDetail>) => {
      setSaving((count) => count + 1);
      const run = queue.current.then(async () => {
        try {
          const saved = await save(latest.current.revision);
          latest.current = saved;
          setProject(saved);
        } finally {
          setSaving((count) => count - 1);
        }
      });
      queue.current = run.catch(() => undefined);
      return run;
    };
    return {
      project,
      selectedSceneId: selected,
      selectScene: setSelected,
      saveScenes: (scenes: SceneInput[]) =>
        enqueue((revision) => blogApi.saveScenes({ projectId: project.projectId, revision, scenes })),
      saveSettings: (change: SettingsChange) =>
        enqueue((revision) => blogApi.saveSettings({ projectId: project.projectId, revision, ...change })),
      saving: saving > 0,
    };
  }, [project, selected, saving]);
  return <EditorContext.Provider value={value}>{children}</EditorContext.Provider>;
}

/** One tab of the blog-to-video editor on `project`, with scene `sceneId` selected (the first by default). */
export function renderEditorTab(
  tab: ReactNode,
  {
    project,
    sceneId = project.scenes[0]?.sceneId ?? null,
    language = 'en' as Language,
  }: { project: ProjectDetail; sceneId?: string | null; language?: Language },
) {
  initI18n(language);
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <AntProviders>
            <FakeEditor initial={project} sceneId={sceneId}>
              {tab}
            </FakeEditor>
          </AntProviders>
        ),
      },
    ],
    { initialEntries: ['/blog-to-video/p/media/uploads'] },
  );
  return {
    router,
    ...render(
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    ),
  };
}

/** The project a tab renders on when the test is about something else (the library alone). */
export const fakeEditorProject = () => fakeProject();

import type { ProjectDetail, ProjectSettings, Scene, SceneMediaInput, ScenesSaveBody } from '@leadreel/shared';
import { createContext, useContext } from 'react';

/** One scene as the scenes save takes it. */
export type SceneInput = ScenesSaveBody['scenes'][number];

/** What the settings save may change (any of them; the rest stay). */
export type SettingsChange = {
  title?: string;
  aspect?: ProjectSettings['aspect'];
  subtitles?: boolean;
  logo?: boolean;
  folderId?: string | null;
  voice?: ProjectSettings['voice'];
  bgm?: ProjectSettings['bgm'];
};

/**
 * The blog-to-video editor's shared state: the project as last saved, the scene the user is working on,
 * and the two saves. Every tab (script, media, audio) reads and changes the project through it, so a save
 * made in one tab is what the others show, and each save carries the revision it was made from.
 */
export type EditorContextValue = {
  project: ProjectDetail;
  selectedSceneId: string | null;
  selectScene: (sceneId: string | null) => void;
  /** Saves the whole script in its order; resolves once the project is saved and shown again. */
  saveScenes: (scenes: SceneInput[]) => Promise<void>;
  saveSettings: (change: SettingsChange) => Promise<void>;
  /** Whether a save is on its way. */
  saving: boolean;
};

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditor is used outside the blog-to-video editor');
  return value;
}

/** A saved scene's media as the save takes it back. */
export function mediaInput(media: Scene['media']): SceneMediaInput | null {
  if (!media) return null;
  return media.source === 'material'
    ? { source: 'material', materialId: media.materialId as string }
    : { source: 'article', index: media.index as number };
}

/** A saved scene as the save takes it back, with `change` applied. */
export function sceneInput(scene: Scene, change: Partial<SceneInput> = {}): SceneInput {
  return {
    sceneId: scene.sceneId,
    text: scene.text,
    media: mediaInput(scene.media),
    voiceMaterialId: scene.voiceMaterialId,
    ...change,
  };
}

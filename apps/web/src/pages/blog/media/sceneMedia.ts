import type { SceneMediaInput } from '@leadreel/shared';
import { useState } from 'react';
import { sceneInput, useEditor } from '../editorContext.ts';

/**
 * The scene the media tab acts on (the one selected in the editor) and the one change it makes: the scene's
 * picture, set or removed, saved with the rest of the script as it stands. `busy` names what is being saved.
 */
export function useSceneMedia() {
  const editor = useEditor();
  const scene = editor.project.scenes.find((candidate) => candidate.sceneId === editor.selectedSceneId) ?? null;
  const [busy, setBusy] = useState<string | null>(null);

  async function setMedia(media: SceneMediaInput | null, busyKey = 'remove') {
    if (!scene) return;
    setBusy(busyKey);
    try {
      await editor.saveScenes(
        editor.project.scenes.map((candidate) =>
          candidate.sceneId === scene.sceneId ? sceneInput(candidate, { media }) : sceneInput(candidate),
        ),
      );
    } finally {
      setBusy(null);
    }
  }

  return { editor, scene, setMedia, busy, setBusy };
}

/** The key a pick is known by while it saves: an article image by its index, a material by its id. */
export const mediaKey = (media: SceneMediaInput) =>
  media.source === 'article' ? `article:${media.index}` : `material:${media.materialId}`;

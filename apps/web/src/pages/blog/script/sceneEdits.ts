import { SCENE_TEXT_MAX, SCENES_MAX } from '@leadreel/shared';
import type { SceneInput } from '../editorContext.ts';

// The script's edits as pure changes of the whole list the scenes save takes (docs: contracts/blog.ts,
// scenesSaveBody: a scene without an id is new, a scene left out is deleted).

/** Whether `at` falls inside the text, so that both halves keep something. */
export const canSplitAt = (text: string, at: number | undefined) =>
  at !== undefined && text.slice(0, at).trim() !== '' && text.slice(at).trim() !== '';

/**
 * Scene `index` cut in two at character `at`: the first half keeps the scene (its picture and recording),
 * the second is a new scene after it showing the same picture.
 */
export function splitScene(scenes: SceneInput[], index: number, at: number): SceneInput[] {
  const scene = scenes[index];
  if (!scene || scenes.length >= SCENES_MAX || !canSplitAt(scene.text, at)) return scenes;
  const first = { ...scene, text: scene.text.slice(0, at).trim() };
  const second: SceneInput = { text: scene.text.slice(at).trim(), media: scene.media, voiceMaterialId: null };
  return [...scenes.slice(0, index), first, second, ...scenes.slice(index + 1)];
}

/** The text scene `index` would have merged with the next one. */
export const mergedText = (a: string, b: string) => [a.trim(), b.trim()].filter(Boolean).join(' ');

/** Whether scene `index` can take the next one's text without passing the scene limit of 500 characters. */
export function canMerge(scenes: readonly SceneInput[], index: number): boolean {
  const [a, b] = [scenes[index], scenes[index + 1]];
  return Boolean(a && b) && mergedText(a?.text ?? '', b?.text ?? '').length <= SCENE_TEXT_MAX;
}

/**
 * Scene `index` with the next one's text after its own; it keeps its picture (else takes the next one's). A
 * recording of either no longer matches the text, so neither is kept.
 */
export function mergeWithNext(scenes: SceneInput[], index: number): SceneInput[] {
  const [a, b] = [scenes[index], scenes[index + 1]];
  if (!a || !b || !canMerge(scenes, index)) return scenes;
  const merged = { ...a, text: mergedText(a.text, b.text), media: a.media ?? b.media, voiceMaterialId: null };
  return [...scenes.slice(0, index), merged, ...scenes.slice(index + 2)];
}

/** Scene `index` left out; the script keeps at least one scene. */
export function deleteScene(scenes: SceneInput[], index: number): SceneInput[] {
  if (scenes.length <= 1) return scenes;
  return scenes.filter((_, at) => at !== index);
}

/** An empty scene after scene `index`, up to the limit of 40. */
export function addSceneAfter(scenes: SceneInput[], index: number): SceneInput[] {
  if (scenes.length >= SCENES_MAX) return scenes;
  return [...scenes.slice(0, index + 1), { text: '', media: null, voiceMaterialId: null }, ...scenes.slice(index + 1)];
}

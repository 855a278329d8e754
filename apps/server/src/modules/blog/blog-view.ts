import type { Material, ProjectDetail, ProjectSummary, Scene } from '@leadreel/shared';
import type { StoredSceneMedia } from '../../db/schema.ts';
import { readingSeconds } from './article/scenes.ts';
import type { ProjectRow, SceneRow } from './blog.repo.ts';
import { articleImageUrl } from './blog-keys.ts';

// A project's rows as the contract shows them (packages/shared/src/contracts/blog.ts).

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The account's materials a set of scenes names, by id (a deleted one is missing). */
export type MaterialsById = Map<string, Material>;
export type LastExport = { version: number; video_id: string | null; finished_at: Date | null };

/** Every material the scenes name, as pictures or as recordings. */
export const materialIdsOf = (scenes: readonly SceneRow[]) => [
  ...new Set(
    scenes.flatMap((scene) => [
      ...(scene.media?.source === 'material' ? [scene.media.materialId] : []),
      ...(scene.voice_material_id ? [scene.voice_material_id] : []),
    ]),
  ),
];

/** A scene's picture as shown: null when what it names is gone (a deleted material) or is no picture. */
export function mediaOf(project: ProjectRow, media: StoredSceneMedia | null, materials: MaterialsById) {
  if (!media) return null;
  if (media.source === 'article') {
    if (!project.article_images.some((image) => image.index === media.index)) return null;
    const url = articleImageUrl(project.id, media.index);
    return {
      source: 'article' as const,
      materialId: null,
      index: media.index,
      kind: 'image' as const,
      url,
      cover: url,
    };
  }
  const material = materials.get(media.materialId);
  if (!material?.url || (material.kind !== 'image' && material.kind !== 'material-video')) return null;
  return {
    source: 'material' as const,
    materialId: material.materialId,
    index: null,
    kind: material.kind === 'image' ? ('image' as const) : ('video' as const),
    url: material.url,
    cover: material.cover,
  };
}

/** A voice is followed by this much quiet before the next scene: a breath between sentences. */
export const VOICE_PAUSE_SECONDS = 0.4;

/**
 * Seconds a scene lasts: its recording's length, else its generated voice's, each with a breath after it,
 * else its reading time.
 */
export function sceneSeconds(scene: SceneRow, materials: MaterialsById) {
  const recorded = scene.voice_material_id ? materials.get(scene.voice_material_id)?.duration : null;
  const voice = recorded ?? scene.voice_duration;
  return voice ? Math.round((voice + VOICE_PAUSE_SECONDS) * 10) / 10 : readingSeconds(scene.text);
}

/**
 * Seconds of each scene when one recording of the whole script is their voice: its length shared by the
 * length of their text (a longer text, a longer scene), at least a second each.
 */
export function recordingShares(texts: readonly string[], total: number): number[] {
  const weights = texts.map((text) => Math.max(1, text.length));
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((weight) => Math.max(1, Math.round(((total * weight) / sum) * 100) / 100));
}

export function toScene(project: ProjectRow, scene: SceneRow, materials: MaterialsById): Scene {
  return {
    sceneId: scene.id,
    text: scene.text,
    media: mediaOf(project, scene.media, materials),
    voiceMaterialId: scene.voice_material_id,
    duration: sceneSeconds(scene, materials),
  };
}

export function toSummary(
  project: ProjectRow,
  scenes: readonly SceneRow[],
  materials: MaterialsById,
  last: LastExport | undefined,
): ProjectSummary {
  const first = scenes[0] ? mediaOf(project, scenes[0].media, materials) : null;
  const firstImage = project.article_images[0];
  return {
    projectId: project.id,
    title: project.title,
    sourceUrl: project.source_url,
    cover: first?.cover ?? first?.url ?? (firstImage ? articleImageUrl(project.id, firstImage.index) : null),
    status: project.status,
    sceneCount: scenes.length,
    duration: Math.round(scenes.reduce((sum, scene) => sum + sceneSeconds(scene, materials), 0) * 10) / 10,
    lastExport: last
      ? {
          version: last.version,
          videoId: last.video_id,
          finishedAt: last.finished_at ? seconds(last.finished_at) : null,
        }
      : null,
    createdAt: seconds(project.created_at),
    updatedAt: seconds(project.updated_at),
  };
}

export function toDetail(
  project: ProjectRow,
  scenes: readonly SceneRow[],
  materials: MaterialsById,
  last: LastExport | undefined,
): ProjectDetail {
  return {
    ...toSummary(project, scenes, materials, last),
    lang: project.lang,
    description: project.description,
    revision: project.revision,
    settings: project.settings,
    scenes: scenes.map((scene) => toScene(project, scene, materials)),
    articleImages: articleImagesOf(project),
  };
}

export const articleImagesOf = (project: ProjectRow) =>
  project.article_images.map((image) => ({ index: image.index, url: articleImageUrl(project.id, image.index) }));

import { randomUUID } from 'node:crypto';
import type {
  Material,
  MaterialKind,
  ProjectCreateBody,
  ProjectDetail,
  ProjectSettings,
  ScenesSaveBody,
  SettingsSaveBody,
} from '@leadreel/shared';
import type { Logger } from 'pino';
import type { StoredArticleImage, StoredSceneMedia } from '../../db/schema.ts';
import { badRequest, conflict, notFound, unprocessable } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EntitlementsService } from '../entitlements/entitlements.ts';
import type { StorageDriver } from '../storage/storage.ts';
import { type ArticleSource, fetchImage } from './article/fetch.ts';
import { blocksOfText, joinSentences, scenesOf, sentencesOf, sentencesOfBlocks } from './article/scenes.ts';
import type { ScriptShortener } from './article/shorten-chat.ts';
import { scriptOf } from './article/source.ts';
import { summaryIndexes } from './article/summary.ts';
import type { BlogRepo, ProjectRow, Saved, SceneInput, SceneRow } from './blog.repo.ts';
import type { ExportSource } from './blog-export.runner.ts';
import type { ExportProject } from './blog-export.service.ts';
import { articleImageKey, projectPrefix } from './blog-keys.ts';
import {
  articleImagesOf,
  type LastExport,
  type MaterialsById,
  materialIdsOf,
  mediaOf,
  toDetail,
  toSummary,
} from './blog-view.ts';
import { BGM_TRACKS } from './render/bgm-library.ts';

const projectNotFound = (field = 'projectId') => notFound('blog_project_not_found', field);
/** Article images fetched at once while a project is created. */
const IMAGE_FETCHES = 6;
const LANGUAGE_TAG = /^[a-z]{2,3}(-[a-z0-9]{1,8}){0,3}$/i;

/**
 * Blog-to-video projects: a script of scenes made from a blog post or pasted text, edited in the console
 * and exported into a video (the exports live beside this, in blog-export.ts). The rules are
 * docs/product.md "Blog-to-video".
 */
export function createBlogService(deps: {
  repo: BlogRepo;
  entitlements: EntitlementsService;
  storage: StorageDriver;
  clock: Clock;
  log: Logger;
  /** Where articles may be fetched from and how long it may take (the ARTICLE_FETCH_ settings). */
  source: ArticleSource;
  /** The materials module's answer: the account's material, or null. */
  findMaterial: (accountId: string, materialId: string) => Promise<Material | null>;
  /** Whether the folder is one of the account's (the videos module's folders). */
  ownsFolder: (accountId: string, folderId: string) => Promise<boolean>;
  /** The chat model that shortens a script, or null: summarise then keeps the key sentences. */
  shorten: ScriptShortener | null;
}) {
  const { repo, entitlements, storage, clock, log, source, findMaterial } = deps;
  const privilege = ['canUseBlogToVideo', 'blog_not_allowed'] as ['canUseBlogToVideo', 'blog_not_allowed'];
  /** Reading is open until Clear, creating until Buffer, editing until Frozen, as for albums. */
  const mayRead = (accountId: string) => entitlements.assertAccess(accountId, 'getData', privilege);
  const mayCreate = (accountId: string) => entitlements.assertAccess(accountId, 'uploadVideo', privilege);
  const mayEdit = (accountId: string) => entitlements.assertAccess(accountId, 'videoSettings', privilege);

  async function materialsOf(accountId: string, scenes: readonly SceneRow[]): Promise<MaterialsById> {
    const found = await Promise.all(materialIdsOf(scenes).map((id) => findMaterial(accountId, id)));
    return new Map(found.filter((material) => material !== null).map((material) => [material.materialId, material]));
  }

  async function detailOf(project: ProjectRow): Promise<ProjectDetail> {
    const [scenes, exports] = await Promise.all([repo.scenesOf([project.id]), repo.lastExports([project.id])]);
    return toDetail(project, scenes, await materialsOf(project.account_id, scenes), exports[0]);
  }

  async function own(accountId: string, projectId: string) {
    const project = await repo.find(accountId, projectId);
    if (!project) throw projectNotFound();
    return project;
  }

  /** A saved project's answer; a save refused for its revision or its project says why. */
  async function afterSave(saved: Saved) {
    if (saved === 'missing') throw projectNotFound();
    if (saved === 'stale') throw conflict('blog_project_stale', 'revision');
    await Promise.all(
      saved.droppedVoices.map((key) =>
        storage.deletePrefix(key).catch((error: unknown) => log.warn({ err: error, key }, 'voice not deleted')),
      ),
    );
    return detailOf(saved.project);
  }

  /** A material of the account usable here: one of `kinds`, ready. */
  async function usable(accountId: string, materialId: string, kinds: readonly MaterialKind[], field: string) {
    const material = await findMaterial(accountId, materialId);
    if (!material) throw notFound('material_not_found', field);
    if (!kinds.includes(material.kind)) throw badRequest('material_wrong_kind', field);
    if (material.status !== 'ready') throw conflict('material_not_ready', field);
    return material;
  }

  /** The article's images stored under the new project, in order, each an image by its bytes; the others left out. */
  async function storeImages(accountId: string, projectId: string, urls: string[]): Promise<StoredArticleImage[]> {
    const fetched: ({ body: Buffer; contentType: string } | null)[] = [];
    for (let at = 0; at < urls.length; at += IMAGE_FETCHES) {
      fetched.push(...(await Promise.all(urls.slice(at, at + IMAGE_FETCHES).map((url) => fetchImage(url, source)))));
    }
    const stored: StoredArticleImage[] = [];
    for (const image of fetched) {
      if (!image) continue;
      const key = articleImageKey(accountId, projectId, stored.length);
      await storage.put(key, image.body, image.contentType);
      stored.push({ index: stored.length, key, contentType: image.contentType });
    }
    return stored;
  }

  /** The scenes of a save checked against the project: its own scenes, article images and the account's materials. */
  async function checkedScenes(accountId: string, project: ProjectRow, body: ScenesSaveBody): Promise<SceneInput[]> {
    const own = new Set((await repo.scenesOf([project.id])).map((scene) => scene.id));
    const named = new Set<string>();
    return Promise.all(
      body.scenes.map(async (scene, at): Promise<SceneInput> => {
        const field = `scenes.${at}`;
        if (scene.sceneId !== undefined) {
          if (!own.has(scene.sceneId)) throw notFound('blog_scene_not_found', `${field}.sceneId`);
          if (named.has(scene.sceneId)) throw badRequest('illegal_input', `${field}.sceneId`);
          named.add(scene.sceneId);
        }
        let media: StoredSceneMedia | null = null;
        if (scene.media?.source === 'article') {
          const { index } = scene.media;
          if (!project.article_images.some((image) => image.index === index)) {
            throw notFound('not_found', `${field}.media.index`);
          }
          media = { source: 'article', index };
        } else if (scene.media?.source === 'material') {
          const { materialId } = scene.media;
          await usable(accountId, materialId, ['image', 'material-video'], `${field}.media.materialId`);
          media = { source: 'material', materialId };
        }
        const voiceMaterialId = scene.voiceMaterialId ?? null;
        if (voiceMaterialId) await usable(accountId, voiceMaterialId, ['tts-scene'], `${field}.voiceMaterialId`);
        return { ...(scene.sceneId ? { sceneId: scene.sceneId } : {}), text: scene.text, media, voiceMaterialId };
      }),
    );
  }

  /** The settings after a save: what the body names replaces what the project had, each checked. */
  async function checkedSettings(accountId: string, current: ProjectSettings, body: SettingsSaveBody) {
    const settings: ProjectSettings = structuredClone(current);
    if (body.aspect !== undefined) settings.aspect = body.aspect;
    if (body.subtitles !== undefined) settings.subtitles = body.subtitles;
    if (body.logo !== undefined) settings.logo = body.logo;
    if (body.folderId !== undefined) {
      if (body.folderId !== null && !(await deps.ownsFolder(accountId, body.folderId))) {
        throw notFound('folder_invalid', 'folderId');
      }
      settings.folderId = body.folderId;
    }
    if (body.voice) {
      if (!LANGUAGE_TAG.test(body.voice.lang)) throw badRequest('illegal_input', 'voice.lang');
      const recording = body.voice.recordingMaterialId;
      if (recording) await usable(accountId, recording, ['tts-subtitle'], 'voice.recordingMaterialId');
      settings.voice = { ...body.voice };
    }
    if (body.bgm) {
      const { trackId, materialId } = body.bgm;
      if (trackId !== null && materialId !== null) throw badRequest('illegal_input', 'bgm');
      if (trackId !== null && !BGM_TRACKS.some((track) => track.id === trackId)) {
        throw notFound('blog_bgm_not_found', 'bgm.trackId');
      }
      if (materialId) await usable(accountId, materialId, ['material-audio'], 'bgm.materialId');
      settings.bgm = { ...body.bgm };
    }
    return settings;
  }

  /**
   * A shorter script (docs/product.md "Blog-to-video": summarise): the chat model's rewrite when one is
   * configured and answers, else the key sentences. Each new scene keeps the picture of the scene its first
   * sentence came from (a rewrite: of the scene at the same place in the script).
   */
  async function summaryOf(project: ProjectRow, scenes: SceneRow[]): Promise<SceneInput[]> {
    const sources = scenes.flatMap((scene) => sentencesOf(scene.text).map((sentence) => ({ sentence, scene })));
    const sentences = sources.map(({ sentence }) => sentence);
    if (deps.shorten) {
      try {
        const script = scenes.map((scene) => scene.text).reduce(joinSentences);
        const rewritten = scenesOf(sentencesOfBlocks(blocksOfText(await deps.shorten(script, project.lang))), 'auto');
        if (rewritten.length > 0) {
          return rewritten.map((text, at) => ({
            text,
            media: scenes[Math.floor((at * scenes.length) / rewritten.length)]?.media ?? null,
            voiceMaterialId: null,
          }));
        }
      } catch (error) {
        log.warn({ err: error, projectId: project.id }, 'chat summary failed; key sentences kept instead');
      }
    }
    const chosen = summaryIndexes(sentences).map((at) => sources[at] as (typeof sources)[number]);
    const grouped = scenesOf(
      chosen.map(({ sentence }) => sentence),
      'auto',
    );
    if (grouped.length === 0) throw unprocessable('blog_text_too_short', 'projectId');
    let next = 0;
    return grouped.map((text) => {
      const first = chosen[next];
      next += sentencesOf(text).length;
      return { text, media: first?.scene.media ?? null, voiceMaterialId: null };
    });
  }

  return {
    /** A new project from a blog post's address or pasted text; its article images fetched and stored now. */
    async create(accountId: string, body: ProjectCreateBody): Promise<ProjectDetail> {
      await mayCreate(accountId);
      const script = await scriptOf(body, source);
      const projectId = randomUUID();
      try {
        const articleImages = await storeImages(accountId, projectId, script.imageUrls);
        const settings: ProjectSettings = {
          aspect: '16:9',
          subtitles: true,
          logo: false,
          folderId: null,
          voice: { enabled: true, lang: script.lang, speed: 1, recordingMaterialId: null },
          bgm: { trackId: null, materialId: null, volume: 30 },
        };
        const project = await repo.insert(
          { id: projectId, accountId, ...script, settings, articleImages },
          clock.now(),
        );
        return await detailOf(project);
      } catch (error) {
        await storage.deletePrefix(projectPrefix(accountId, projectId)).catch(() => undefined);
        throw error;
      }
    },

    async list(accountId: string, page: number, pageSize: number) {
      await mayRead(accountId);
      const { rows, total } = await repo.list(accountId, page, pageSize);
      const ids = rows.map((row) => row.id);
      const [scenes, exports] = await Promise.all([repo.scenesOf(ids), repo.lastExports(ids)]);
      const lastBy = new Map<string, LastExport>(exports.map((row) => [row.project_id, row]));
      // Only the first scene's material shows (as the cover); the others' durations are their reading time.
      const firsts = rows.flatMap((row) => scenes.filter((scene) => scene.project_id === row.id).slice(0, 1));
      const materials = await materialsOf(accountId, [...firsts, ...scenes.filter((scene) => scene.voice_material_id)]);
      return {
        list: rows.map((row) =>
          toSummary(
            row,
            scenes.filter((scene) => scene.project_id === row.id),
            materials,
            lastBy.get(row.id),
          ),
        ),
        total,
      };
    },

    /** Deletes projects with their stored files; one id that is not the account's deletes nothing. */
    async remove(accountId: string, projectIds: string[]) {
      await mayEdit(accountId);
      const removed = await repo.remove(accountId, projectIds);
      if (!removed) throw projectNotFound('projectIds');
      for (const projectId of removed) await storage.deletePrefix(projectPrefix(accountId, projectId));
    },

    async detail(accountId: string, projectId: string) {
      await mayRead(accountId);
      return detailOf(await own(accountId, projectId));
    },

    async saveScenes(accountId: string, body: ScenesSaveBody) {
      await mayEdit(accountId);
      const project = await own(accountId, body.projectId);
      const scenes = await checkedScenes(accountId, project, body);
      return afterSave(await repo.saveScenes(accountId, project.id, body.revision, scenes, clock.now()));
    },

    async saveSettings(accountId: string, body: SettingsSaveBody) {
      await mayEdit(accountId);
      const project = await own(accountId, body.projectId);
      const settings = await checkedSettings(accountId, project.settings, body);
      const change = { settings, ...(body.title !== undefined ? { title: body.title } : {}) };
      return afterSave(await repo.saveProject(accountId, project.id, body.revision, change, clock.now()));
    },

    async summarise(accountId: string, body: { projectId: string; revision: number }) {
      await mayEdit(accountId);
      const project = await own(accountId, body.projectId);
      if (project.revision !== body.revision) throw conflict('blog_project_stale', 'revision');
      const scenes = await summaryOf(project, await repo.scenesOf([project.id]));
      return afterSave(await repo.saveScenes(accountId, project.id, body.revision, scenes, clock.now()));
    },

    async articleImages(accountId: string, projectId: string) {
      await mayRead(accountId);
      return articleImagesOf(await own(accountId, projectId));
    },

    /**
     * What an export needs to know of the project (blog-export.service.ts), behind the gate of what it does:
     * `create` starts an export (a new video), `read` follows or cancels one.
     */
    async exportProject(accountId: string, projectId: string, use: 'create' | 'read'): Promise<ExportProject> {
      await (use === 'create' ? mayCreate : mayRead)(accountId);
      const project = await own(accountId, projectId);
      const scenes = await repo.scenesOf([project.id]);
      const materials = await materialsOf(accountId, scenes);
      return {
        id: project.id,
        accountId,
        title: project.title,
        status: project.status,
        duration: toSummary(project, scenes, materials, undefined).duration,
        hasContent: scenes.some((scene) => scene.text.trim() !== '' || mediaOf(project, scene.media, materials)),
      };
    },

    /** The project as its export's worker reads it, whoever owns it; null once it was deleted. */
    async exportSource(projectId: string): Promise<ExportSource | null> {
      const project = await repo.findById(projectId);
      if (!project) return null;
      const scenes = await repo.scenesOf([projectId]);
      return {
        accountId: project.account_id,
        title: project.title,
        description: project.description,
        sourceUrl: project.source_url,
        lang: project.lang,
        folderId: project.settings.folderId,
        settings: project.settings,
        articleImages: project.article_images.map(({ index, key }) => ({ index, key })),
        scenes: scenes.map((scene) => ({
          id: scene.id,
          text: scene.text,
          media: scene.media,
          voiceMaterialId: scene.voice_material_id,
          voiceHash: scene.voice_hash,
        })),
      };
    },

    /** A project and its scenes for the editor's voice and preview, behind the editing gate. */
    async forPreview(accountId: string, projectId: string) {
      await mayEdit(accountId);
      const project = await own(accountId, projectId);
      const scenes = await repo.scenesOf([project.id]);
      const materials = await materialsOf(accountId, scenes);
      // The music and the whole script's recording are materials of the project's settings, not of a scene.
      for (const id of [project.settings.bgm.materialId, project.settings.voice.recordingMaterialId]) {
        const material = id ? await findMaterial(accountId, id) : null;
        if (material) materials.set(material.materialId, material);
      }
      return { project, scenes, materials };
    },

    setStatus: repo.setStatus,
    keepVoice: repo.keepVoice,

    /** The account of a project, for the public /media routes: null when it or its account is gone. */
    async projectAccount(projectId: string) {
      const project = await repo.findById(projectId);
      if (!project || !(await entitlements.ofAccount(project.account_id))) return null;
      return project.account_id;
    },

    /** An article image for the public /media route: null when the project, the image or its account is gone. */
    async articleImage(projectId: string, index: number) {
      const project = await repo.findById(projectId);
      const image = project?.article_images.find((stored) => stored.index === index);
      if (!project || !image || !(await entitlements.ofAccount(project.account_id))) return null;
      return { accountId: project.account_id, ...image };
    },
  };
}
export type BlogService = ReturnType<typeof createBlogService>;

import {
  type BgmTrack,
  type ExportListItem,
  type ExportVersion,
  type Material,
  type ProjectDetail,
  type ProjectSummary,
  projectCreateBody,
  READING_WORDS_PER_MINUTE,
  type Scene,
  type SceneMediaInput,
  SPEECH_TASK_TABS,
  scenesSaveBody,
  settingsSaveBody,
  tabOfStatus,
} from '@leadreel/shared';
import type { FakeAnswer, FakeRoute } from './fakeApi.ts';

const now = () => Math.floor(Date.now() / 1000);
/** Reading time, as the server estimates a scene without a voice. */
const readingSeconds = (text: string) =>
  Math.max(2, Math.round((text.split(/\s+/).filter(Boolean).length / READING_WORDS_PER_MINUTE) * 60));

/** A scene of `text` with id `sceneId`; tests change what they need. */
export const fakeScene = (sceneId: string, text: string, overrides: Partial<Scene> = {}): Scene => ({
  sceneId,
  text,
  media: null,
  voiceMaterialId: null,
  duration: readingSeconds(text),
  ...overrides,
});

/** A draft project of `scenes`, 16:9 with subtitles, as detail answers it; tests change what they need. */
export const fakeProject = (
  projectId: string,
  title: string,
  scenes: Scene[],
  overrides: Partial<ProjectDetail> = {},
): ProjectDetail => ({
  projectId,
  title,
  sourceUrl: 'https://blog.example.com/posts/launch',
  cover: null,
  status: 'draft',
  sceneCount: scenes.length,
  duration: scenes.reduce((sum, scene) => sum + scene.duration, 0),
  lastExport: null,
  createdAt: now() - 3 * 86400,
  updatedAt: now() - 2 * 3600,
  lang: 'en',
  description: '',
  revision: 1,
  settings: {
    aspect: '16:9',
    subtitles: true,
    logo: false,
    folderId: null,
    voice: { enabled: true, lang: 'en', speed: 1, recordingMaterialId: null },
    bgm: { trackId: null, materialId: null, volume: 30 },
  },
  scenes,
  articleImages: [],
  ...overrides,
});

/** An export of a project; tests change what they need. */
export const fakeExport = (
  exportId: string,
  version: number,
  overrides: Partial<ExportVersion> = {},
): ExportVersion => ({
  exportId,
  version,
  status: 'done',
  progress: 100,
  credits: 2,
  refunded: 0,
  videoId: null,
  videoName: null,
  duration: null,
  error: null,
  createdAt: now() - 86400,
  finishedAt: now() - 86400 + 60,
  ...overrides,
});

/**
 * What the fake blog-to-video routes hold. Each `progress` call of a waiting or running export moves it
 * along `steps` (then done, with the video `videoId`), as the render worker would.
 */
export type FakeBlog = {
  projects: ProjectDetail[];
  /** Each project's export versions by project id, oldest first. */
  exports: Record<string, ExportVersion[]>;
  /** The account's material library: what a scene's picture or recording may name. */
  materials: Material[];
  /** The background music the installation offers. */
  tracks: BgmTrack[];
  /** What create answers instead of a project (the server's refusal of the page), when set. */
  createRefusal: string | null;
  estimate: { minutes: number; credits: number; balance: number; refusal: string | null };
  steps: number[];
  videoId: string;
};

export const fakeBlogState = (overrides: Partial<FakeBlog> = {}): FakeBlog => ({
  projects: [],
  exports: {},
  materials: [],
  tracks: [],
  createRefusal: null,
  estimate: { minutes: 1, credits: 2, balance: 50, refusal: null },
  steps: [40],
  videoId: '77777777-7777-4777-8777-000000000001',
  ...overrides,
});

const summary = (project: ProjectDetail): ProjectSummary => ({
  projectId: project.projectId,
  title: project.title,
  sourceUrl: project.sourceUrl,
  cover: project.cover,
  status: project.status,
  sceneCount: project.scenes.length,
  duration: project.scenes.reduce((sum, scene) => sum + scene.duration, 0),
  lastExport: project.lastExport,
  createdAt: project.createdAt,
  updatedAt: project.updatedAt,
});

/**
 * The blog-to-video routes over `state`, answering as the server does: bodies checked by the contract's
 * schemas (their message key on a refusal), a save naming an older revision refused with 409
 * blog_project_stale, every save bumping the revision, an unknown project 404.
 */
export function fakeBlogRoutes(state: FakeBlog): Record<string, FakeRoute> {
  let next = 0;
  const newId = (prefix: string) => `${prefix}-0000-4000-8000-${String(++next).padStart(12, '0')}`;
  const missing: FakeAnswer = { status: 404, error: 'blog_project_not_found', field: 'projectId' };
  const find = (projectId: unknown) => state.projects.find((project) => project.projectId === projectId);
  const refused = (issues: { message: string; path: PropertyKey[] }[]): FakeAnswer => ({
    status: 400,
    error: issues[0]?.message ?? 'illegal_input',
    field: String(issues[0]?.path[0] ?? ''),
  });
  /** A save of project `projectId` from `revision`: refused when stale, else `change` then a new revision. */
  const save = (projectId: string, revision: number, change: (project: ProjectDetail) => void): FakeAnswer => {
    const project = find(projectId);
    if (!project) return missing;
    if (revision !== project.revision) return { status: 409, error: 'blog_project_stale' };
    change(project);
    project.revision += 1;
    project.sceneCount = project.scenes.length;
    project.duration = project.scenes.reduce((sum, scene) => sum + scene.duration, 0);
    project.updatedAt = now();
    return { data: structuredClone(project) };
  };
  const current = (projectId: string | null) => state.exports[projectId ?? '']?.at(-1) ?? null;
  /** A scene's picture as the server answers it: the article image or library material it names, else 404. */
  const pictureOf = (project: ProjectDetail, media: SceneMediaInput | null): FakeAnswer => {
    if (!media) return { data: null };
    if (media.source === 'article') {
      const image = project.articleImages.find((candidate) => candidate.index === media.index);
      if (!image) return { status: 404, error: 'not_found', field: 'media.index' };
      const picture: Scene['media'] = {
        source: 'article',
        materialId: null,
        index: media.index,
        kind: 'image',
        url: image.url,
        cover: null,
      };
      return { data: picture };
    }
    const material = state.materials.find((candidate) => candidate.materialId === media.materialId);
    if (!material) return { status: 404, error: 'material_not_found', field: 'media.materialId' };
    const picture: Scene['media'] = {
      source: 'material',
      materialId: material.materialId,
      index: null,
      kind: material.kind === 'material-video' ? 'video' : 'image',
      url: material.url ?? '',
      cover: material.cover,
    };
    return { data: picture };
  };
  /** Every project's exports, newest first, as the task center lists them. */
  const allExports = (): ExportListItem[] =>
    state.projects
      .flatMap((project) =>
        (state.exports[project.projectId] ?? []).map((version) => ({
          ...version,
          projectId: project.projectId,
          projectTitle: project.title,
        })),
      )
      .sort((a, b) => b.createdAt - a.createdAt);
  return {
    'POST /blog-to-video/create': (body) => {
      const parsed = projectCreateBody.safeParse(body);
      if (!parsed.success) return refused(parsed.error.issues);
      if (state.createRefusal) return { status: 400, error: state.createRefusal, field: 'url' };
      const text = parsed.data.text ?? 'Our launch. It was a big day. Customers loved it.';
      const sentences = text.split(/(?<=[.!?])\s+/).filter(Boolean);
      const project = fakeProject(
        newId('66666666'),
        parsed.data.title ?? 'Our launch',
        sentences.map((sentence) => fakeScene(newId('55555555'), sentence)),
        { sourceUrl: parsed.data.url ?? null, createdAt: now(), updatedAt: now() },
      );
      state.projects.unshift(project);
      return { data: structuredClone(project) };
    },
    'GET /blog-to-video/list': () => ({ data: { list: state.projects.map(summary), total: state.projects.length } }),
    'POST /blog-to-video/delete': (body) => {
      const ids = (body as { projectIds: string[] }).projectIds;
      if (!ids.every(find)) return missing;
      state.projects = state.projects.filter((project) => !ids.includes(project.projectId));
      return { data: null };
    },
    'GET /blog-to-video/detail': (_, query) => {
      const project = find(query.get('projectId'));
      return project ? { data: structuredClone(project) } : missing;
    },
    'POST /blog-to-video/scenes': (body) => {
      const parsed = scenesSaveBody.safeParse(body);
      if (!parsed.success) return refused(parsed.error.issues);
      const { projectId, revision, scenes } = parsed.data;
      const project = find(projectId);
      if (!project) return missing;
      const pictures = scenes.map((input) => pictureOf(project, input.media));
      const refusal = pictures.find((picture) => 'status' in picture);
      if (refusal) return refusal;
      return save(projectId, revision, (saved) => {
        saved.scenes = scenes.map((input, at) =>
          fakeScene(input.sceneId ?? newId('55555555'), input.text, {
            media: (pictures[at] as { data: Scene['media'] }).data,
            voiceMaterialId: input.voiceMaterialId ?? null,
          }),
        );
      });
    },
    'POST /blog-to-video/subtitles': (body) => {
      const parsed = settingsSaveBody.safeParse(body);
      if (!parsed.success) return refused(parsed.error.issues);
      const { projectId, revision, title, ...settings } = parsed.data;
      return save(projectId, revision, (project) => {
        if (title) project.title = title;
        project.settings = { ...project.settings, ...settings } as ProjectDetail['settings'];
      });
    },
    'POST /blog-to-video/summarise': (body) => {
      const { projectId, revision } = body as { projectId: string; revision: number };
      return save(projectId, revision, (project) => {
        project.scenes = project.scenes.slice(0, 2).map((scene) => ({ ...scene, text: `${scene.text} (short)` }));
      });
    },
    'GET /blog-to-video/materials': (_, query) => {
      const project = find(query.get('projectId'));
      return project ? { data: project.articleImages } : missing;
    },
    'GET /blog-to-video/bgm': () => ({ data: state.tracks }),
    'POST /blog-to-video/tts': (body) => {
      const { sceneId } = body as { sceneId: string };
      return { data: { url: `https://storage.test/tts/${sceneId}.mp3`, duration: 3 } };
    },
    'GET /blog-to-video/preview': (_, query) => {
      const project = find(query.get('projectId'));
      if (!project) return missing;
      const recording = project.settings.voice.enabled ? project.settings.voice.recordingMaterialId : null;
      return {
        data: {
          aspect: project.settings.aspect,
          subtitles: project.settings.subtitles,
          logo: null,
          bgm: { url: '/media/bgm/calm.mp3', volume: project.settings.bgm.volume },
          voiceTrack: recording ? `/media/material/${recording}/source` : null,
          scenes: project.scenes.map((scene) => ({
            sceneId: scene.sceneId,
            text: scene.text,
            media: scene.media,
            voice: project.settings.voice.enabled && !recording ? `/media/voice/${scene.sceneId}.mp3` : null,
            duration: scene.duration,
          })),
        },
      };
    },
    'GET /blog-to-video/export/estimate': (_, query) =>
      find(query.get('projectId')) ? { data: state.estimate } : missing,
    'POST /blog-to-video/export': (body) => {
      const { projectId } = body as { projectId: string };
      const project = find(projectId);
      if (!project) return missing;
      if (state.estimate.refusal) return { status: 400, error: state.estimate.refusal };
      const running = current(projectId);
      if (running && (running.status === 'queued' || running.status === 'running'))
        return { status: 409, error: 'blog_export_running' };
      const versions = state.exports[projectId] ?? [];
      state.exports[projectId] = versions;
      const queued = fakeExport(newId('88888888'), versions.length + 1, {
        status: 'queued',
        progress: 0,
        credits: state.estimate.credits,
        createdAt: now(),
        finishedAt: null,
      });
      versions.push(queued);
      project.status = 'exporting';
      return { data: { ...queued } };
    },
    'POST /blog-to-video/export/cancel': (body) => {
      const { projectId } = body as { projectId: string };
      const running = current(projectId);
      if (!running || (running.status !== 'queued' && running.status !== 'running'))
        return { status: 409, error: 'blog_export_not_cancelable' };
      Object.assign(running, {
        status: 'canceled',
        refunded: running.credits,
        error: { code: 'blog_canceled', detail: null },
        finishedAt: now(),
      });
      const project = find(projectId);
      if (project) project.status = 'draft';
      return { data: { ...running } };
    },
    'GET /blog-to-video/progress': (_, query) => {
      const projectId = query.get('projectId');
      const running = current(projectId);
      if (running && (running.status === 'queued' || running.status === 'running')) {
        const step = state.steps.find((value) => value > running.progress);
        if (step === undefined) {
          Object.assign(running, { status: 'done', progress: 100, videoId: state.videoId, finishedAt: now() });
          const project = find(projectId);
          if (project) {
            project.status = 'exported';
            project.lastExport = { version: running.version, videoId: state.videoId, finishedAt: now() };
          }
        } else Object.assign(running, { status: 'running', progress: step });
      }
      return { data: running ? { ...running } : null };
    },
    'GET /blog-to-video/history': (_, query) => ({
      data: [...(state.exports[query.get('projectId') ?? ''] ?? [])].reverse(),
    }),
    'GET /blog-to-video/export/list': (_, query) => {
      const all = allExports();
      const inTab = all.filter((version) => tabOfStatus(version.status) === query.get('tab'));
      const page = Number(query.get('page') ?? 1);
      const pageSize = Number(query.get('pageSize') ?? 20);
      const counts = Object.fromEntries(
        SPEECH_TASK_TABS.map((tab) => [tab, all.filter((version) => tabOfStatus(version.status) === tab).length]),
      );
      return { data: { list: inTab.slice((page - 1) * pageSize, page * pageSize), total: inTab.length, counts } };
    },
  };
}

import { z } from 'zod';
import { textField } from '../text.ts';
import { UPLOAD_KINDS } from '../uploads.ts';
import { pageFields } from './common.ts';
import { folderIdField, signPartsBody, signPartsData, uploadStartData } from './videos.ts';

// ---- The materials library (the console contract "material": search-online, pre-add, add-success, list,
// delete) and blog-to-video (create, list, delete, detail, scenes, subtitles, materials, export, preview,
// progress, bgm, tts, history). The rules: docs/product.md "Blog-to-video". ----

/** Every upload kind but a video: a video is uploaded into the video list, the others into the library. */
export const MATERIAL_KINDS = UPLOAD_KINDS.filter((kind) => kind !== 'video') as readonly Exclude<
  (typeof UPLOAD_KINDS)[number],
  'video'
>[];
export type MaterialKind = (typeof MATERIAL_KINDS)[number];

/**
 * uploading: the bytes are arriving; processing: in, being probed (type from the bytes) and given a
 * thumbnail; ready: usable in a project; failed: refused (`failReason`) or abandoned.
 */
export const MATERIAL_STATUSES = ['uploading', 'processing', 'ready', 'failed'] as const;
export type MaterialStatus = (typeof MATERIAL_STATUSES)[number];

export const materialIdField = z.uuid({ error: 'material_not_found' });
export const projectIdField = z.uuid({ error: 'blog_project_not_found' });
export const sceneIdField = z.uuid({ error: 'blog_scene_not_found' });

export const materialData = z.object({
  materialId: z.string(),
  kind: z.enum(MATERIAL_KINDS as unknown as [MaterialKind, ...MaterialKind[]]),
  name: z.string(),
  size: z.number().int(),
  status: z.enum(MATERIAL_STATUSES),
  /** The file itself (an image, a sound, a clip), for the console to show or play; null until ready. */
  url: z.string().nullable(),
  /** A small picture of it (an image's or a clip's first frame); null for sound and until ready. */
  cover: z.string().nullable(),
  /** Seconds, for sound and clips; null for an image. */
  duration: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Why it was refused, as a message key; null unless failed. */
  failReason: z.string().nullable(),
  createdAt: z.number().int().describe('seconds'),
});
export type Material = z.infer<typeof materialData>;

const materialKindField = z.enum(MATERIAL_KINDS as unknown as [MaterialKind, ...MaterialKind[]], {
  error: 'upload_type',
});

/** pre-add: one file into the library; refused with upload_type, upload_empty, upload_too_large or storage_limit. */
export const materialPreAddBody = z.strictObject({
  kind: materialKindField,
  name: textField('illegal_input').trim().min(1, 'upload_type').max(200, 'illegal_input'),
  size: z.number({ error: 'illegal_input' }).int('illegal_input'),
  /** The media type the browser reports ('' when it does not know). */
  type: textField().max(200, 'illegal_input').optional(),
});
export const materialIdBody = z.strictObject({ materialId: materialIdField });
/** The upload handshake answers as a video's: the same uploader sends both. */
export const materialUploadStartData = uploadStartData;
export const materialSignPartsBody = z.strictObject({
  materialId: materialIdField,
  partNumbers: signPartsBody.shape.partNumbers,
});
export const materialSignPartsData = signPartsData;
export const materialFailBody = z.strictObject({
  materialId: materialIdField,
  failReason: textField().max(1000, 'illegal_input').optional(),
});

export const materialListQuery = z.strictObject({
  /** One kind, or several separated by commas ("image,material-video" for the media picker). */
  kind: textField().max(200, 'illegal_input').optional(),
  keyword: textField().max(100, 'illegal_input').optional(),
  ...pageFields(100),
});
export const materialListData = z.object({ list: z.array(materialData), total: z.number().int() });
export const materialDeleteBody = z.strictObject({
  materialIds: z.array(materialIdField, { error: 'illegal_input' }).min(1, 'illegal_input').max(100, 'illegal_input'),
});

/** "online": pictures and clips from the stock provider this installation is configured with. */
export const onlineSearchQuery = z.strictObject({
  query: textField().trim().min(1, 'illegal_input').max(100, 'illegal_input'),
  kind: z.enum(['image', 'video'], { error: 'illegal_input' }).default('image'),
  ...pageFields(40),
});
export const onlineItemData = z.object({
  /** The provider's id of the item. */
  id: z.string(),
  kind: z.enum(['image', 'video']),
  /** A small preview to show in the picker (the provider's own address). */
  preview: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  duration: z.number().nullable(),
  /** Who made it and where it comes from, as the provider asks to credit it. */
  author: z.string(),
  pageUrl: z.string(),
});
export type OnlineItem = z.infer<typeof onlineItemData>;
export const onlineSearchData = z.object({
  /** The provider's name ("Pexels"), or null when none is configured: the picker offers the library instead. */
  provider: z.string().nullable(),
  list: z.array(onlineItemData),
  total: z.number().int(),
});
/** Takes an online item into the library (the server fetches it from the provider): answers the material. */
export const onlineAddBody = z.strictObject({
  id: textField().min(1, 'illegal_input').max(100, 'illegal_input'),
  kind: z.enum(['image', 'video'], { error: 'illegal_input' }),
});

// ---- Blog-to-video projects ----

/** Lumen5's rule: at most 40 scenes. About 7 to 10 by default, one per sentence on request. */
export const SCENES_MAX = 40;
export const SCENE_TEXT_MAX = 500;
/** Words a minute read aloud, for the reading-time estimate. */
export const READING_WORDS_PER_MINUTE = 150;
export const ARTICLE_TEXT_MAX = 100_000;
export const PROJECT_TITLE_MAX = 200;

export const ASPECT_RATIOS = ['16:9', '9:16', '1:1'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

/** draft: being edited; exporting: a render runs; exported: its last export made a video; failed: the last export failed. */
export const PROJECT_STATUSES = ['draft', 'exporting', 'exported', 'failed'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'canceled'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/**
 * A scene's picture: a library material (image or clip), or one of the article's own images (by its index
 * in the project's `articleImages`). None: a plain background with the scene's text.
 */
export const sceneMediaField = z.discriminatedUnion(
  'source',
  [
    z.strictObject({ source: z.literal('material'), materialId: materialIdField }),
    z.strictObject({
      source: z.literal('article'),
      index: z.number({ error: 'illegal_input' }).int('illegal_input').min(0, 'illegal_input').max(99, 'illegal_input'),
    }),
  ],
  { error: 'illegal_input' },
);
export type SceneMediaInput = z.infer<typeof sceneMediaField>;

export const sceneMediaData = z.object({
  source: z.enum(['material', 'article']),
  materialId: z.string().nullable(),
  index: z.number().int().nullable(),
  kind: z.enum(['image', 'video']),
  /** The picture (or clip) to show. */
  url: z.string(),
  cover: z.string().nullable(),
});

export const sceneData = z.object({
  sceneId: z.string(),
  text: z.string(),
  media: sceneMediaData.nullable(),
  /** The user's own recording for this scene (a tts-scene material) in place of the generated voice. */
  voiceMaterialId: z.string().nullable(),
  /** Seconds the scene lasts in the video: its voice's length, or its reading time when there is none yet. */
  duration: z.number(),
});
export type Scene = z.infer<typeof sceneData>;

export const bgmTrackData = z.object({
  trackId: z.string(),
  name: z.string(),
  duration: z.number(),
  url: z.string(),
});
export type BgmTrack = z.infer<typeof bgmTrackData>;
export const bgmTracksData = z.array(bgmTrackData);

export const projectSettingsData = z.object({
  aspect: z.enum(ASPECT_RATIOS),
  subtitles: z.boolean(),
  /** Put the brand's logo (the account's player logo) in a corner. */
  logo: z.boolean(),
  /** Where the exported video goes; null: the account's default folder. */
  folderId: z.string().nullable(),
  voice: z.object({
    /** false: no voice-over at all (music and text only). */
    enabled: z.boolean(),
    /** BCP 47 language of the voice; the text-to-speech engine's voice for it speaks. */
    lang: z.string(),
    /** 0.5 to 2. */
    speed: z.number(),
    /** A tts-subtitle material: the user's recording of the whole script, in place of every scene's voice. */
    recordingMaterialId: z.string().nullable(),
  }),
  bgm: z.object({
    /** A track of LeadReel's library, or a material-audio of the account's; both null: no music. */
    trackId: z.string().nullable(),
    materialId: z.string().nullable(),
    /** 0 to 100. */
    volume: z.number().int(),
  }),
});
export type ProjectSettings = z.infer<typeof projectSettingsData>;

export const projectSummaryData = z.object({
  projectId: z.string(),
  title: z.string(),
  sourceUrl: z.string().nullable(),
  cover: z.string().nullable(),
  status: z.enum(PROJECT_STATUSES),
  sceneCount: z.number().int(),
  /** Estimated seconds of the video. */
  duration: z.number(),
  lastExport: z
    .object({ version: z.number().int(), videoId: z.string().nullable(), finishedAt: z.number().int().nullable() })
    .nullable(),
  createdAt: z.number().int().describe('seconds'),
  updatedAt: z.number().int().describe('seconds'),
});
export type ProjectSummary = z.infer<typeof projectSummaryData>;

/** The article's own images, kept as candidate media (fetched once, at creation, and stored with the project). */
export const articleImagesData = z.array(z.object({ index: z.number().int(), url: z.string() }));

export const projectDetailData = projectSummaryData.extend({
  /** The article's language (BCP 47) as detected; the voice and subtitle font follow it. */
  lang: z.string(),
  description: z.string(),
  /** Bumped by every save: a save naming an older revision is refused (blog_project_stale), not merged. */
  revision: z.number().int(),
  settings: projectSettingsData,
  scenes: z.array(sceneData),
  articleImages: articleImagesData,
});
export type ProjectDetail = z.infer<typeof projectDetailData>;

export const SCENE_MODES = ['auto', 'sentence'] as const;
export const projectCreateBody = z
  .strictObject({
    /** A blog post's address (http or https). */
    url: textField().trim().max(2000, 'blog_url_invalid').optional(),
    /** Or the article's text, pasted. */
    text: textField().trim().max(ARTICLE_TEXT_MAX, 'blog_text_too_long').optional(),
    title: textField().trim().max(PROJECT_TITLE_MAX, 'illegal_input').optional(),
    /** auto: about 7 to 10 scenes; sentence: one scene per sentence (at most 40). */
    sceneMode: z.enum(SCENE_MODES, { error: 'illegal_input' }).default('auto'),
  })
  .refine((body) => Boolean(body.url) !== Boolean(body.text), { message: 'blog_source_required' });
export type ProjectCreateBody = z.infer<typeof projectCreateBody>;

export const projectListQuery = z.strictObject({ ...pageFields(100) });
export const projectListData = z.object({ list: z.array(projectSummaryData), total: z.number().int() });
export const projectIdQuery = z.strictObject({ projectId: projectIdField });
export const projectDeleteBody = z.strictObject({
  projectIds: z.array(projectIdField, { error: 'illegal_input' }).min(1, 'illegal_input').max(100, 'illegal_input'),
});

/**
 * scenes: the whole script in its new order. A scene with a `sceneId` keeps its identity (and its
 * generated voice while its text is unchanged); one without is new (a split, an added scene). Scenes left
 * out are deleted. Split, merge, reorder and delete are all this one save.
 */
export const scenesSaveBody = z.strictObject({
  projectId: projectIdField,
  revision: z.number({ error: 'illegal_input' }).int('illegal_input'),
  scenes: z
    .array(
      z.strictObject({
        sceneId: sceneIdField.optional(),
        text: textField().trim().max(SCENE_TEXT_MAX, 'blog_scene_text_too_long'),
        media: sceneMediaField.nullable(),
        voiceMaterialId: materialIdField.nullable().optional(),
      }),
      { error: 'illegal_input' },
    )
    .min(1, 'blog_scenes_required')
    .max(SCENES_MAX, 'blog_scenes_too_many'),
});
export type ScenesSaveBody = z.infer<typeof scenesSaveBody>;

/** subtitles (and the project's other settings): any of them, the rest unchanged. */
export const settingsSaveBody = z.strictObject({
  projectId: projectIdField,
  revision: z.number({ error: 'illegal_input' }).int('illegal_input'),
  title: textField().trim().min(1, 'illegal_input').max(PROJECT_TITLE_MAX, 'illegal_input').optional(),
  aspect: z.enum(ASPECT_RATIOS, { error: 'illegal_input' }).optional(),
  subtitles: z.boolean({ error: 'illegal_input' }).optional(),
  logo: z.boolean({ error: 'illegal_input' }).optional(),
  folderId: folderIdField.nullable().optional(),
  voice: z
    .strictObject({
      enabled: z.boolean({ error: 'illegal_input' }),
      lang: textField().min(2, 'illegal_input').max(35, 'illegal_input'),
      speed: z.number({ error: 'illegal_input' }).min(0.5, 'illegal_input').max(2, 'illegal_input'),
      recordingMaterialId: materialIdField.nullable(),
    })
    .optional(),
  bgm: z
    .strictObject({
      trackId: textField().max(100, 'illegal_input').nullable(),
      materialId: materialIdField.nullable(),
      volume: z
        .number({ error: 'illegal_input' })
        .int('illegal_input')
        .min(0, 'illegal_input')
        .max(100, 'illegal_input'),
    })
    .optional(),
});
export type SettingsSaveBody = z.infer<typeof settingsSaveBody>;

/** summarise: the script rewritten shorter (by the chat engine when configured, else the key sentences). */
export const summariseBody = z.strictObject({
  projectId: projectIdField,
  revision: z.number({ error: 'illegal_input' }).int('illegal_input'),
});

/** tts: one scene's generated voice (made now if not yet made), for the editor to play. */
export const sceneTtsBody = z.strictObject({ projectId: projectIdField, sceneId: sceneIdField });
export const sceneTtsData = z.object({ url: z.string(), duration: z.number() });

/** preview: what the browser plays before any render, scene by scene. */
export const previewData = z.object({
  aspect: z.enum(ASPECT_RATIOS),
  subtitles: z.boolean(),
  logo: z.string().nullable(),
  bgm: z.object({ url: z.string(), volume: z.number().int() }).nullable(),
  /**
   * The user's recording of the whole script, played from the first scene on in place of the scenes'
   * voices (each scene then lasts its share of it); null without one, or with the voice off.
   */
  voiceTrack: z.string().nullable(),
  scenes: z.array(
    z.object({
      sceneId: z.string(),
      text: z.string(),
      media: sceneMediaData.nullable(),
      /** The scene's voice (generated or recorded); null when the voice is off. */
      voice: z.string().nullable(),
      duration: z.number(),
    }),
  ),
});
export type Preview = z.infer<typeof previewData>;

export const exportData = z.object({
  exportId: z.string(),
  version: z.number().int(),
  status: z.enum(EXPORT_STATUSES),
  /** 0 to 100. */
  progress: z.number().int(),
  credits: z.number().int(),
  refunded: z.number().int(),
  /** The video it made (the same video for every version of a project while that video exists). */
  videoId: z.string().nullable(),
  videoName: z.string().nullable(),
  /** Seconds of video rendered. */
  duration: z.number().nullable(),
  error: z.object({ code: z.string(), detail: z.string().nullable() }).nullable(),
  createdAt: z.number().int().describe('seconds'),
  finishedAt: z.number().int().nullable().describe('seconds'),
});
export type ExportVersion = z.infer<typeof exportData>;

/** export: what it would cost is answered by `estimate`; the export itself answers the queued version. */
export const exportBody = z.strictObject({ projectId: projectIdField });
export const exportEstimateData = z.object({
  minutes: z.number().int(),
  credits: z.number().int(),
  balance: z.number().int(),
  /** Why the export would be refused, as a message key; null when it can start. */
  refusal: z.string().nullable(),
});
export const historyData = z.array(exportData);

/** The task center's view of the account's exports, by the same tabs as its speech tasks. */
export const exportListQuery = z.strictObject({
  tab: z.enum(['translating', 'translated', 'error'], { error: 'illegal_input' }),
  ...pageFields(50),
});
export const exportListData = z.object({
  list: z.array(exportData.extend({ projectId: z.string(), projectTitle: z.string() })),
  total: z.number().int(),
  counts: z.object({ translating: z.number().int(), translated: z.number().int(), error: z.number().int() }),
});
export type ExportListItem = z.infer<typeof exportListData>['list'][number];

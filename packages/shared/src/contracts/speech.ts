import { z } from 'zod';
import { pageFields } from './common.ts';
import { type Cue, subtitleLangField } from './subtitles.ts';
import { videoIdField } from './videos.ts';

// ---- Speech tasks (the console contract "speech-to-text": translate, task list, status, cancel, credit
// calculations, AI optimise, AI translate; the GlobalVoice setting and the task center dialog) ----

/**
 * transcribe: subtitles from the video's speech; translate: a subtitle track into other languages;
 * dub: translate, then a voice per language mixed over the original and offered as an audio track.
 */
export const SPEECH_TASK_KINDS = ['transcribe', 'translate', 'dub'] as const;
export type SpeechTaskKind = (typeof SPEECH_TASK_KINDS)[number];

export const SPEECH_TASK_STATUSES = ['queued', 'running', 'done', 'failed', 'canceled'] as const;
export type SpeechTaskStatus = (typeof SPEECH_TASK_STATUSES)[number];

/** The task center's tabs: "translating / translated / error". A canceled task is listed with the failed. */
export const SPEECH_TASK_TABS = ['translating', 'translated', 'error'] as const;
export type SpeechTaskTab = (typeof SPEECH_TASK_TABS)[number];
export const tabOfStatus = (status: SpeechTaskStatus): SpeechTaskTab =>
  status === 'queued' || status === 'running' ? 'translating' : status === 'done' ? 'translated' : 'error';

/** Languages one translate or dub task may target. */
export const SPEECH_TARGETS_MAX = 10;

/** What one minute of video costs in credits, per kind (per target language for translate and dub). */
export const speechPricesData = z.object({
  transcribePerMinute: z.number().int(),
  translatePerMinute: z.number().int(),
  dubPerMinute: z.number().int(),
});
export type SpeechPrices = z.infer<typeof speechPricesData>;

/**
 * The engines this installation is configured with and what they can do: the console offers only these
 * languages and names the engine that will do the work.
 */
export const speechEnginesData = z.object({
  transcribe: z.object({ engine: z.string(), languages: z.array(z.string()) }),
  translate: z.object({ engine: z.string(), pairs: z.array(z.object({ from: z.string(), to: z.string() })) }),
  speak: z.object({ engine: z.string(), languages: z.array(z.string()) }),
  optimise: z.object({ engine: z.string() }),
  prices: speechPricesData,
  /** The account's plan's longest video for an AI task, in minutes. */
  maxMinutes: z.number().int(),
});
export type SpeechEngines = z.infer<typeof speechEnginesData>;

const targetLangsField = z
  .array(subtitleLangField, { error: 'illegal_input' })
  .min(1, 'speech_targets_required')
  .max(SPEECH_TARGETS_MAX, 'speech_targets_too_many')
  .refine((langs) => new Set(langs).size === langs.length, 'illegal_input');

export const transcribeBody = z.strictObject({ videoId: videoIdField, lang: subtitleLangField });
/** Translate the video's track in `sourceLang` into each target; with `dub`, voice each translation too. */
export const translateBody = z.strictObject({
  videoId: videoIdField,
  sourceLang: subtitleLangField,
  targetLangs: targetLangsField,
  dub: z.boolean({ error: 'illegal_input' }),
});
export type TranslateBody = z.infer<typeof translateBody>;

/** "credit calculations": what a task would cost before it starts, and what would stop it. */
export const estimateBody = z.strictObject({
  videoId: videoIdField,
  kind: z.enum(SPEECH_TASK_KINDS, { error: 'illegal_input' }),
  sourceLang: subtitleLangField,
  targetLangs: z
    .array(subtitleLangField, { error: 'illegal_input' })
    .max(SPEECH_TARGETS_MAX, 'speech_targets_too_many'),
});
export type EstimateBody = z.infer<typeof estimateBody>;

export const SPEECH_REFUSALS = [
  'speech_no_audio',
  'speech_video_too_long',
  'speech_lang_unsupported',
  'speech_pair_unsupported',
  'speech_source_missing',
  'speech_video_not_ready',
  'subtitle_lang_taken',
  'credits_insufficient',
] as const;
export const estimateData = z.object({
  /** Whole minutes charged (the duration rounded up). */
  minutes: z.number().int(),
  credits: z.number().int(),
  balance: z.number().int(),
  maxMinutes: z.number().int(),
  /** Why the task would be refused, as a message key; null when it can start. */
  refusal: z.enum(SPEECH_REFUSALS).nullable(),
});
export type Estimate = z.infer<typeof estimateData>;

export const speechTaskData = z.object({
  taskId: z.string(),
  videoId: z.string(),
  videoName: z.string(),
  videoCover: z.string().nullable(),
  kind: z.enum(SPEECH_TASK_KINDS),
  sourceLang: z.string(),
  targetLangs: z.array(z.string()),
  status: z.enum(SPEECH_TASK_STATUSES),
  /** 0 to 100. */
  progress: z.number().int(),
  /** Which engine does (or did) the work, as the console names it. */
  engine: z.string(),
  credits: z.number().int(),
  /** Credits given back (a cancel, a failure). */
  refunded: z.number().int(),
  /** Why it failed, as a message key, and the engine's own words when it gave any. */
  error: z.object({ code: z.string(), detail: z.string().nullable() }).nullable(),
  createdAt: z.number().int().describe('seconds'),
  updatedAt: z.number().int().describe('seconds'),
  finishedAt: z.number().int().nullable().describe('seconds'),
});
export type SpeechTask = z.infer<typeof speechTaskData>;

export const taskListQuery = z.strictObject({
  tab: z.enum(SPEECH_TASK_TABS, { error: 'illegal_input' }),
  videoId: videoIdField.optional(),
  ...pageFields(50),
});
export const taskListData = z.object({
  list: z.array(speechTaskData),
  total: z.number().int(),
  /** How many tasks each tab holds, for the tabs' badges. */
  counts: z.object({ translating: z.number().int(), translated: z.number().int(), error: z.number().int() }),
});
export type SpeechTaskList = z.infer<typeof taskListData>;

export const taskIdQuery = z.strictObject({ taskId: z.uuid({ error: 'speech_task_not_found' }) });
export const taskIdBody = taskIdQuery;

/** "AI optimise": punctuation, line length and cue splitting of a track, answered as cues for the editor to show. */
export const optimiseBody = z.strictObject({ subtitleId: videoIdField });
export const optimiseData = z.object({
  engine: z.string(),
  cues: z.array(z.object({ start: z.number(), end: z.number(), text: z.string() })),
});
export type Optimised = { engine: string; cues: Cue[] };

/** A dubbed language of a video: an audio track the player offers. */
export const dubData = z.object({
  lang: z.string(),
  label: z.string(),
  bytes: z.number().int(),
  createdAt: z.number().int().describe('seconds'),
});
export type Dub = z.infer<typeof dubData>;
export const dubListQuery = z.strictObject({ videoId: videoIdField });
export const dubListData = z.array(dubData);
export const removeDubBody = z.strictObject({ videoId: videoIdField, lang: subtitleLangField });

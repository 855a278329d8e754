import { z } from 'zod';
import { textField } from '../text.ts';
import { MAX_PARTS, VIDEO_FAIL_CODES, VIDEO_NAME_MAX } from '../uploads.ts';
import { pageFields } from './common.ts';

// ---- Folders (the console contract Folder, folder name) ----

export const FOLDER_NAME_MAX = 50;

export const folderNameField = textField('folder_name_required')
  .trim()
  .min(1, 'folder_name_required')
  .max(FOLDER_NAME_MAX, 'folder_name_too_long');

export const folderIdField = z.uuid({ error: 'folder_invalid' });
export const videoIdField = z.uuid({ error: 'video_invalid' });

export const folderData = z.object({
  folderId: z.string(),
  name: z.string(),
  isDefault: z.boolean(),
  videoCount: z.number().int(),
  createdAt: z.number().int().describe('seconds'),
});
export type Folder = z.infer<typeof folderData>;

export const folderListData = z.array(folderData);
export const addFolderBody = z.strictObject({ name: folderNameField });
export const renameFolderBody = z.strictObject({ folderId: folderIdField, name: folderNameField });
export const deleteFolderBody = z.strictObject({ folderId: folderIdField });
/** Moves videos into a folder (the move-folder dialog). */
export const moveVideosBody = z.strictObject({
  videoIds: z.array(videoIdField, { error: 'video_invalid' }).min(1, 'video_invalid').max(500, 'video_invalid'),
  folderId: folderIdField,
});

// ---- Videos (the console contract Video, Video states) ----

/**
 * uploading: bytes are arriving; uploaded: every part is in, waiting for the pipeline; processing: being
 * probed and encoded (playable may already be true: its first rungs play while the others encode); ready: the full ladder is out;
 * failed: the pipeline refused or failed (failReason says why; retry runs it again); upload_failed: the
 * browser reported a failed upload (retry resumes it).
 */
/**
 * Where a video is. `cleared`: its plan lapsed into Clear, so its renditions were deleted
 * and only its original is kept until RealClear; renewing rebuilds it.
 */
export const VIDEO_STATUSES = [
  'uploading',
  'uploaded',
  'processing',
  'ready',
  'failed',
  'upload_failed',
  'cleared',
] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];
/** The statuses in which a playable video has public pages and media (a ladder may still be encoding). */
export const SHOWN_STATUSES = ['processing', 'ready'] as const satisfies readonly VideoStatus[];
export const isShownStatus = (status: string) => (SHOWN_STATUSES as readonly string[]).includes(status);

export const videoData = z.object({
  videoId: z.string(),
  folderId: z.string(),
  name: z.string(),
  status: z.enum(VIDEO_STATUSES),
  uploadPercent: z.number().int(),
  processPercent: z.number().int(),
  /** A speech task's progress while one is queued or running for the video ("translating N%"), else null. */
  translatingPercent: z.number().int().nullable(),
  /** True once a first HLS rendition plays (seconds after upload for H.264/AAC sources). */
  playable: z.boolean(),
  size: z.number().describe('bytes of the uploaded file'),
  duration: z.number().nullable().describe('seconds'),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  cover: z.string().nullable().describe('URL of the poster image'),
  thumbnail: z.string().nullable(),
  hlsUrl: z.string().nullable().describe('URL of the master playlist'),
  storyboardUrl: z.string().nullable().describe('WebVTT of the scrubbing storyboard'),
  previewUrl: z.string().nullable().describe('animated preview'),
  failReason: z.string().nullable(),
  /** Why it failed as a message key, for the console to say in its own language; null for a reason in words. */
  failCode: z.enum(VIDEO_FAIL_CODES).nullable(),
  sha256: z.string().nullable(),
  createdAt: z.number().int().describe('seconds'),
  updatedAt: z.number().int().describe('seconds'),
});
export type Video = z.infer<typeof videoData>;

export const VIDEO_SORTS = ['date', 'name'] as const;
export const PAGE_SIZE_MAX = 100;

export const videoListQuery = z.strictObject({
  folderId: folderIdField.optional(),
  keyword: textField().trim().max(100, 'illegal_input').optional(),
  sort: z.enum(VIDEO_SORTS, { error: 'illegal_input' }).default('date'),
  order: z.enum(['asc', 'desc'], { error: 'illegal_input' }).default('desc'),
  ...pageFields(PAGE_SIZE_MAX),
});
export type VideoListQuery = z.input<typeof videoListQuery>;
export type VideoListParams = z.output<typeof videoListQuery>;

export const videoListData = z.object({ list: z.array(videoData), total: z.number().int() });
export const videoDetailQuery = z.strictObject({ videoId: videoIdField });
export const deleteVideosBody = z.strictObject({
  videoIds: z.array(videoIdField, { error: 'video_invalid' }).min(1, 'video_invalid').max(500, 'video_invalid'),
});
/** The videos asked for by the status poll, as the list shows them. */
export const videoStatusData = z.array(videoData);

export const videoStatusQuery = z.strictObject({
  videoIds: textField('video_invalid')
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(videoIdField).min(1, 'video_invalid').max(100, 'video_invalid')),
});

// ---- Uploads (the console contract upload flow) ----

export const cosTypeField = z.enum(['video', 'tovideo-subtitle', 'tovideo-scene', 'image'], { error: 'illegal_input' });
export const baseInfoQuery = z.strictObject({ cosType: cosTypeField });
/** Storage base info response. */
export const baseInfoData = z.object({ dir: z.string(), bucket: z.string(), region: z.string() });

/** Storage credential response: a short-lived grant scoped to the caller's directory and kind. */
export const credentialData = z.object({
  credentials: z.object({ tmpSecretId: z.string(), tmpSecretKey: z.string(), sessionToken: z.string() }),
  startTime: z.number().int(),
  expiredTime: z.number().int(),
});
export type StorageCredential = z.infer<typeof credentialData>;

export const preAddBody = z.strictObject({
  videos: z
    .array(
      z.strictObject({
        videoName: textField().trim().min(1, 'illegal_input').max(VIDEO_NAME_MAX, 'illegal_input'),
        size: z.number({ error: 'illegal_input' }).int('illegal_input').min(0, 'illegal_input'),
      }),
      { error: 'illegal_input' },
    )
    .min(1, 'illegal_input')
    .max(100, 'illegal_input'),
  folderId: folderIdField.optional(),
});
/** Pre-upload response: one id per file, null for a refused file. */
export const preAddData = z.array(z.string().nullable());

/** Our storage handshake (the spec leaves it to us): where the parts go. */
export const uploadStartBody = z.strictObject({ sourceVideoId: videoIdField });
export const uploadStartData = z.object({
  key: z.string(),
  partSize: z.number().int(),
  partCount: z.number().int(),
  /** Parts storage already holds (a resumed upload sends only the others). */
  parts: z.array(z.object({ partNumber: z.number().int(), size: z.number().int(), etag: z.string() })),
});
export const signPartsBody = z.strictObject({
  sourceVideoId: videoIdField,
  partNumbers: z
    .array(
      z.number({ error: 'illegal_input' }).int('illegal_input').min(1, 'illegal_input').max(MAX_PARTS, 'illegal_input'),
    )
    .min(1, 'illegal_input')
    .max(100, 'illegal_input'),
});
export const signPartsData = z.object({
  urls: z.array(z.object({ partNumber: z.number().int(), url: z.string() })),
  expiredTime: z.number().int(),
});

/**
 * lists folderId in the success and heartbeat calls; it is accepted for those call shapes and
 * ignored: a video's folder is set once at pre-add and changed only by a move or its folder's deletion.
 */
const ignoredFolderId = folderIdField.optional().describe('ignored: the folder is set at pre-add');

export const uploadSuccessBody = z.strictObject({
  sourceVideoId: videoIdField,
  videoUrl: textField().max(2000, 'illegal_input').optional(),
  folderId: ignoredFolderId,
});
export const uploadFailBody = z.strictObject({
  sourceVideoId: videoIdField,
  failReason: textField().max(1000, 'illegal_input').optional(),
});
export const heartbeatBody = z.strictObject({
  videos: z
    .array(
      z.strictObject({
        sourceVideoId: videoIdField,
        uploadPercent: z.number({ error: 'illegal_input' }).min(0, 'illegal_input').max(100, 'illegal_input'),
        sourceVideoUrl: textField().max(2000, 'illegal_input').optional(),
        folderId: ignoredFolderId,
      }),
    )
    .max(100, 'illegal_input'),
});
export const reUploadBody = z.strictObject({ sourceVideoId: videoIdField });

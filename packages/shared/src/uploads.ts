import type { MessageKey } from './messages.ts';

/**
 * Upload kinds, their extensions, media types and size limits. The console checks
 * a file with these before it asks for an upload; the server checks again at pre-add.
 */
export const UPLOAD_KINDS = [
  'video',
  'image',
  'material-audio',
  'material-video',
  'tts-subtitle',
  'tts-scene',
] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

// Sizes count in 1024s, as every size LeadReel shows (docs/product.md, Sizes), so a limit reads as written: 5 G.
const MB = 1024 ** 2;
const GB = 1024 ** 3;

// "Allowed extensions by kind"
export const UPLOAD_EXTENSIONS: Record<UploadKind, readonly string[]> = {
  video: ['flv', 'avi', 'mov', 'mp4', 'rmvb'],
  image: ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'svg', 'webp', 'tiff', 'tif'],
  'material-audio': ['mp3', 'wav', 'm4a'],
  'material-video': ['mp4'],
  'tts-subtitle': ['mp3'],
  'tts-scene': ['mp3'],
};

// Media types browsers report for those extensions. An empty type (browsers that do not know the
// extension, e.g. .rmvb or .flv on Linux) is accepted: the server trusts the bytes (ffprobe), not the name.
export const UPLOAD_MEDIA_TYPES: Record<UploadKind, readonly string[]> = {
  video: [
    'video/x-flv',
    'video/flv',
    'video/avi',
    'video/x-msvideo',
    'video/msvideo',
    'video/vnd.avi',
    'video/quicktime',
    'video/mp4',
    'application/vnd.rn-realmedia-vbr',
    'application/vnd.rn-realmedia',
  ],
  image: [
    'image/jpeg',
    'image/png',
    'image/gif',
    'image/bmp',
    'image/x-ms-bmp',
    'image/svg+xml',
    'image/webp',
    'image/tiff',
  ],
  'material-audio': ['audio/mpeg', 'audio/mp3', 'audio/wav', 'audio/x-wav', 'audio/wave', 'audio/mp4', 'audio/x-m4a'],
  'material-video': ['video/mp4'],
  'tts-subtitle': ['audio/mpeg', 'audio/mp3'],
  'tts-scene': ['audio/mpeg', 'audio/mp3'],
};

// "Maximum upload size"
export const UPLOAD_SIZE_LIMITS: Record<UploadKind, number> = {
  video: 5 * GB,
  image: 2 * MB,
  'material-audio': 100 * MB,
  'material-video': 500 * MB,
  'tts-subtitle': 100 * MB,
  'tts-scene': 100 * MB,
};

/** The video kinds as the console and the server's messages name them: "FLV, AVI, MOV, MP4, RMVB". */
export const VIDEO_TYPES_TEXT = UPLOAD_EXTENSIONS.video.map((ext) => ext.toUpperCase()).join(', ');

/**
 * Why a video failed, as message keys the console translates. The final ones come from the
 * file itself: running the pipeline again on the same bytes cannot help, so the console offers no Retry,
 * the server refuses one, and the file's bytes are given back to the account's storage.
 */
export const VIDEO_FAIL_CODES = [
  'media_not_video',
  'media_no_video',
  'media_too_large',
  'media_too_long',
  'media_damaged',
  'upload_size_mismatch',
  'media_failed',
] as const satisfies readonly MessageKey[];
export type VideoFailCode = (typeof VIDEO_FAIL_CODES)[number];
const FINAL_FAIL_CODES: readonly VideoFailCode[] = VIDEO_FAIL_CODES.filter((code) => code !== 'media_failed');

export const isVideoFailCode = (value: string | null | undefined): value is VideoFailCode =>
  (VIDEO_FAIL_CODES as readonly string[]).includes(value ?? '');

/**
 * Whether a Retry can help a video: a failed upload reopens and takes the rest of the bytes; a failed
 * encode runs again, unless the file itself was refused (a final code).
 */
export function canRetryVideo(video: { status: string; failCode: string | null }): boolean {
  if (video.status === 'upload_failed') return true;
  if (video.status !== 'failed') return false;
  return !(FINAL_FAIL_CODES as readonly string[]).includes(video.failCode ?? '');
}

/** Longest file name kept for a video (its title starts as the name without the extension). */
export const VIDEO_NAME_MAX = 200;

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Why a file cannot be uploaded as `kind`, as a message key, or null when it can (the console contract Uploads). */
export type UploadRefusal = 'upload_empty' | 'upload_type' | 'upload_too_large';

export function checkUploadFile(
  kind: UploadKind,
  file: { name: string; size: number; type?: string },
): UploadRefusal | null {
  if (!UPLOAD_EXTENSIONS[kind].includes(fileExtension(file.name))) return 'upload_type';
  if (file.type && !UPLOAD_MEDIA_TYPES[kind].includes(file.type.toLowerCase())) return 'upload_type';
  if (!Number.isSafeInteger(file.size) || file.size <= 0) return 'upload_empty';
  if (file.size > UPLOAD_SIZE_LIMITS[kind]) return 'upload_too_large';
  return null;
}

/**
 * S3's multipart rules (https://docs.aws.amazon.com/AmazonS3/latest/userguide/qfacts.html): every part
 * but the last is at least 5 MiB, at most 10,000 parts. The console contract's 1 MB chunk is its storage vendor's.
 */
export const MIN_PART_SIZE = 5 * 1024 * 1024;
export const MAX_PART_SIZE = 64 * 1024 * 1024;
export const MAX_PARTS = 10_000;
/** The part size bench:upload measured fastest on 2 cores: 8 MiB 126, 16 MiB 115-144, 32 MiB 176, 64 MiB 173 MiB/s. */
export const PREFERRED_PART_SIZE = 32 * 1024 * 1024;

/** Part size for a file: the preferred size, grown (in MiB steps) only when the file would need more than MAX_PARTS. */
export function partSizeFor(fileSize: number): number {
  const needed = Math.ceil(fileSize / MAX_PARTS);
  const size = Math.max(PREFERRED_PART_SIZE, needed);
  return Math.ceil(size / (1024 * 1024)) * 1024 * 1024;
}

export function partCountFor(fileSize: number, partSize: number): number {
  return Math.max(1, Math.ceil(fileSize / partSize));
}

// parallelism 3 chunks and 3 files, chunk retries 2, cached upload ids 50 for 30 days, signature 900 s
export const UPLOAD_PARALLEL_FILES = 3;
export const UPLOAD_PARALLEL_PARTS = 3;
export const UPLOAD_PART_RETRIES = 2;
export const UPLOAD_RESUME_MAX = 50;
export const UPLOAD_RESUME_DAYS = 30;
export const PART_URL_SECONDS = 900;
// upload heartbeat every 2 s
export const UPLOAD_HEARTBEAT_MS = 2000;

/** The header carrying the storage credential's session token to our storage handshake (start, sign-parts). */
export const CREDENTIAL_HEADER = 'x-cos-security-token';

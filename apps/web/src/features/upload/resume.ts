import { UPLOAD_RESUME_DAYS, UPLOAD_RESUME_MAX, type UploadKind } from '@leadreel/shared';
import type { UploadTask } from './engine.ts';

/**
 * What the uploader remembers of unfinished uploads (at most 50, for 30 days), so that a reload or a browser
 * restart lists them again, paused, waiting for their file to be picked again.
 */
type Saved = Pick<UploadTask, 'taskId' | 'fileName' | 'fileSize' | 'lastModified' | 'createdAt'> & {
  videoId: string;
  /** Absent in what was saved before the library's uploads went through the engine: those were videos. */
  uploadType?: UploadKind;
};

const DAY = 86_400_000;

/** Remembers the tasks not yet finished nor canceled under `key`. */
export function saveTasks(storage: Storage | null, key: string, tasks: UploadTask[]) {
  if (!storage) return;
  const saved: Saved[] = tasks
    .filter((task) => task.uploadStatus !== 'success' && task.uploadStatus !== 'cancel')
    .slice(0, UPLOAD_RESUME_MAX)
    .map((task) => ({
      taskId: task.taskId,
      videoId: task.data.videoId,
      uploadType: task.uploadType,
      fileName: task.fileName,
      fileSize: task.fileSize,
      lastModified: task.lastModified,
      createdAt: task.createdAt,
    }));
  try {
    storage.setItem(key, JSON.stringify(saved));
  } catch {
    // Storage full or blocked: uploads still work, they just will not survive a reload.
  }
}

/** The tasks remembered under `key`, paused until their file is picked again; older than 30 days, forgotten. */
export function restoreTasks(storage: Storage | null, key: string, now: number): UploadTask[] {
  let saved: Saved[] = [];
  try {
    saved = JSON.parse(storage?.getItem(key) ?? '[]') as Saved[];
  } catch {
    saved = [];
  }
  if (!Array.isArray(saved)) return [];
  return saved
    .filter((item) => typeof item?.videoId === 'string' && now - Number(item.createdAt) < UPLOAD_RESUME_DAYS * DAY)
    .slice(0, UPLOAD_RESUME_MAX)
    .map((item) => ({
      taskId: item.taskId,
      uploadType: item.uploadType ?? 'video',
      uploadFile: null,
      uploadSize: 0,
      uploadPercent: 0,
      uploadStatus: 'paused' as const,
      fileName: item.fileName,
      fileSize: item.fileSize,
      lastModified: item.lastModified,
      data: { videoId: item.videoId },
      uploadFileUrl: null,
      errorMessage: null,
      speed: 0,
      queued: false,
      needsFile: true,
      createdAt: item.createdAt,
    }));
}

import {
  PART_URL_SECONDS,
  UPLOAD_HEARTBEAT_MS,
  UPLOAD_PARALLEL_FILES,
  UPLOAD_PARALLEL_PARTS,
  UPLOAD_PART_RETRIES,
  type UploadKind,
} from '@leadreel/shared';
import { CredentialCache } from './credentials.ts';
import { restoreTasks, saveTasks } from './resume.ts';

/** Upload task: uploading (initial), success, error, paused, cancel. */
export type UploadStatus = 'uploading' | 'success' | 'error' | 'paused' | 'cancel';

/** Upload task (client side), plus what the list shows: speed, and whether the file must be picked again. */
export type UploadTask = {
  taskId: string;
  /** What the file is uploaded as: a video into the video list, the other kinds into the materials library. */
  uploadType: UploadKind;
  uploadFile: File | null;
  uploadSize: number;
  uploadPercent: number;
  uploadStatus: UploadStatus;
  fileName: string;
  fileSize: number;
  lastModified: number;
  /**
   * lists a folderId here too; the engine keeps none: the video's folder is set at pre-add and is the
   * video's own (a move while it uploads stands), so no call of the engine names it.
   */
  data: { videoId: string; disabledUploadHeartBeat?: boolean };
  uploadFileUrl: string | null;
  errorMessage: string | null;
  /** Bytes a second, smoothed. */
  speed: number;
  /** Waiting for one of the three file slots. */
  queued: boolean;
  /** Restored after a reload: the browser needs the file again to continue. */
  needsFile: boolean;
  createdAt: number;
};

export type StartAnswer = {
  key: string;
  partSize: number;
  partCount: number;
  parts: { partNumber: number; size: number }[];
};

/** What the engine needs from the outside world; tests hand in a fake, the console the real API. */
export type UploadTransport = {
  /** Storage uploads use temporary credentials fetched by file kind (video kinds use the video credential). */
  credential: (uploadType: UploadKind) => Promise<{ sessionToken: string; expiredTime: number }>;
  start: (videoId: string, token: string) => Promise<StartAnswer>;
  signParts: (videoId: string, token: string, partNumbers: number[]) => Promise<{ partNumber: number; url: string }[]>;
  /** PUTs one part; answers its ETag. Rejects with a PartError (status 0 for a network failure). */
  putPart: (url: string, body: Blob, onProgress: (loaded: number) => void, signal: AbortSignal) => Promise<string>;
  success: (videoId: string, key: string) => Promise<void>;
  fail: (videoId: string, reason: string) => Promise<void>;
  reUpload: (videoId: string) => Promise<void>;
  /** The video's status on the server (the console contract Video), to settle a task the browser lost track of. */
  videoStatus: (videoId: string) => Promise<string>;
  heartbeat: (items: { sourceVideoId: string; uploadPercent: number; sourceVideoUrl?: string }[]) => Promise<void>;
  remove: (videoId: string) => Promise<void>;
  /** The translated text of an error. */
  describe: (error: unknown) => string;
};

export class PartError extends Error {
  readonly status: number;
  constructor(status: number, message = `part upload failed with HTTP ${status}`) {
    super(message);
    this.status = status;
  }
}

class Aborted extends Error {}

export const RESUME_KEY = 'leadreel.uploads';

/**
 * The uploader: three files at a time, three parts in parallel per file, two retries per part,
 * straight to storage through signed part URLs. Progress, pause, continue, retry, delete and clear follow
 * the console contract; unfinished uploads are remembered (at most 50, for 30 days) so a reload or a browser restart
 * continues from the parts storage already holds once the file is picked again.
 */
export class UploadEngine {
  private tasks: UploadTask[] = [];
  private readonly listeners = new Set<(tasks: UploadTask[]) => void>();
  private readonly controllers = new Map<string, AbortController>();
  private readonly credentials: CredentialCache;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private readonly transport: UploadTransport;
  private readonly storage: Storage | null;
  private readonly storageKey: string;
  private readonly now: () => number;

  constructor(
    transport: UploadTransport,
    options: { storage?: Storage | null; storageKey?: string; now?: () => number } = {},
  ) {
    this.transport = transport;
    this.storageKey = options.storageKey ?? RESUME_KEY;
    this.storage = options.storage === undefined ? (globalThis.localStorage ?? null) : options.storage;
    this.now = options.now ?? (() => Date.now());
    this.credentials = new CredentialCache((kind) => transport.credential(kind), this.now);
    this.tasks = restoreTasks(this.storage, this.storageKey, this.now());
  }

  subscribe(listener: (tasks: UploadTask[]) => void) {
    this.listeners.add(listener);
    listener(this.tasks);
    return () => {
      this.listeners.delete(listener);
    };
  }

  list() {
    return this.tasks;
  }

  /** uploading count = tasks whose status is not success. */
  uploadingCount() {
    return this.tasks.filter((task) => task.uploadStatus !== 'success').length;
  }

  /** A restored task this file continues (same name, size and modification time), if any. */
  findResumable(file: File) {
    return this.tasks.find(
      (task) =>
        task.needsFile &&
        task.fileName === file.name &&
        task.fileSize === file.size &&
        task.lastModified === file.lastModified,
    );
  }

  /** Adds a pre-added file (its video or material id from pre-add) and starts it when a slot is free. */
  add(file: File, videoId: string, uploadType: UploadKind = 'video') {
    const task: UploadTask = {
      taskId: videoId,
      uploadType,
      uploadFile: file,
      uploadSize: 0,
      uploadPercent: 0,
      uploadStatus: 'uploading',
      fileName: file.name,
      fileSize: file.size,
      lastModified: file.lastModified,
      data: { videoId },
      uploadFileUrl: null,
      errorMessage: null,
      speed: 0,
      queued: true,
      needsFile: false,
      createdAt: this.now(),
    };
    this.tasks = [task, ...this.tasks];
    this.save();
    this.emit();
    this.pump();
    return task;
  }

  /** Gives a restored task its file back and continues it. */
  attach(taskId: string, file: File) {
    this.patch(taskId, { uploadFile: file, needsFile: false });
    this.restart(taskId);
  }

  /** pause moves uploading to paused. */
  pause(taskId: string) {
    const task = this.get(taskId);
    if (task?.uploadStatus !== 'uploading') return;
    this.controllers.get(taskId)?.abort();
    this.patch(taskId, { uploadStatus: 'paused', speed: 0, queued: false });
    this.pump();
  }

  /** restart returns to uploading, and is allowed only from paused or error. */
  restart(taskId: string) {
    const task = this.get(taskId);
    if (!task || (task.uploadStatus !== 'paused' && task.uploadStatus !== 'error')) return;
    if (!task.uploadFile) {
      this.patch(taskId, { needsFile: true });
      return;
    }
    this.patch(taskId, { uploadStatus: 'uploading', errorMessage: null, queued: true });
    this.pump();
  }

  /** cancel sets cancel unless already successful. */
  cancel(taskId: string) {
    const task = this.get(taskId);
    if (!task || task.uploadStatus === 'success') return;
    this.controllers.get(taskId)?.abort();
    this.patch(taskId, { uploadStatus: 'cancel', speed: 0, queued: false });
  }

  /** delete cancels and removes the task; an unfinished upload is deleted on the server too. */
  delete(taskId: string) {
    const task = this.get(taskId);
    if (!task) return;
    const unfinished = task.uploadStatus !== 'success';
    this.cancel(taskId);
    this.tasks = this.tasks.filter((t) => t.taskId !== taskId);
    this.save();
    this.emit();
    if (unfinished) void this.transport.remove(task.data.videoId).catch(() => undefined);
    this.pump();
  }

  /** clear cancels all and empties the list. */
  clear() {
    for (const task of [...this.tasks]) this.delete(task.taskId);
  }

  dispose() {
    for (const controller of this.controllers.values()) controller.abort();
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private get(taskId: string) {
    return this.tasks.find((task) => task.taskId === taskId);
  }

  private patch(taskId: string, values: Partial<UploadTask>) {
    this.tasks = this.tasks.map((task) => (task.taskId === taskId ? { ...task, ...values } : task));
    if ('uploadStatus' in values) this.save();
    this.emit();
  }

  private emit() {
    for (const listener of this.listeners) listener(this.tasks);
    this.updateHeartbeat();
  }

  /** the heartbeat goes every 2 s while tasks are active. */
  private updateHeartbeat() {
    const active = this.tasks.some((task) => task.uploadStatus === 'uploading' && !task.queued);
    if (active && !this.heartbeat) {
      this.heartbeat = setInterval(() => {
        const items = this.tasks
          .filter((task) => task.uploadStatus === 'uploading' && !task.queued && !task.data.disabledUploadHeartBeat)
          .map((task) => ({
            sourceVideoId: task.data.videoId,
            uploadPercent: Math.floor(task.uploadPercent),
            ...(task.uploadFileUrl ? { sourceVideoUrl: task.uploadFileUrl } : {}),
          }));
        if (items.length > 0) void this.transport.heartbeat(items).catch(() => undefined);
      }, UPLOAD_HEARTBEAT_MS);
    } else if (!active && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = null;
    }
  }

  /** Starts waiting tasks while fewer than three files are in flight (parallelism 3 files). */
  private pump() {
    const running = this.tasks.filter((task) => task.uploadStatus === 'uploading' && !task.queued).length;
    const waiting = this.tasks.filter((task) => task.uploadStatus === 'uploading' && task.queued).reverse();
    for (const task of waiting.slice(0, Math.max(0, UPLOAD_PARALLEL_FILES - running))) {
      this.patch(task.taskId, { queued: false });
      void this.run(task.taskId);
    }
  }

  /**
   * Fetches the credential of a kind ahead of the upload's first call, while pre-add is still answering:
   * it is otherwise one more round trip before the first byte.
   */
  prepare(uploadType: UploadKind) {
    void this.credentials.token(uploadType).catch(() => undefined);
  }

  private async run(taskId: string) {
    const controller = new AbortController();
    this.controllers.set(taskId, controller);
    const { signal } = controller;
    const initial = this.get(taskId) as UploadTask;
    const file = initial.uploadFile as File;
    const videoId = initial.data.videoId;
    try {
      let started: StartAnswer;
      try {
        started = await this.transport.start(
          videoId,
          this.credentials.atHand(initial.uploadType) ?? (await this.credentials.token(initial.uploadType)),
        );
      } catch (error) {
        if ((error as { code?: string }).code !== 'upload_state') throw error;
        const status = await this.transport.videoStatus(videoId);
        // The upload finished after this page last heard of it (a reload as the last part landed): it succeeded.
        if (['uploaded', 'processing', 'ready', 'failed'].includes(status)) {
          this.patch(taskId, { uploadStatus: 'success', uploadPercent: 100, uploadSize: file.size, speed: 0 });
          return;
        }
        // A task that failed told the server so (the fail call): retrying reopens the upload first.
        await this.transport.reUpload(videoId);
        started = await this.transport.start(
          videoId,
          this.credentials.atHand(initial.uploadType) ?? (await this.credentials.token(initial.uploadType)),
        );
      }
      this.patch(taskId, { uploadFileUrl: started.key });
      const done = new Map(started.parts.map((part) => [part.partNumber, part.size]));
      const inFlight = new Map<number, number>();
      const sent = () =>
        [...done.values()].reduce((a, b) => a + b, 0) + [...inFlight.values()].reduce((a, b) => a + b, 0);
      let lastBytes = sent();
      let lastAt = this.now();
      let speed = 0;
      const report = (force = false) => {
        const now = this.now();
        if (!force && now - lastAt < 1000) return;
        const bytes = sent();
        const instant = ((bytes - lastBytes) * 1000) / Math.max(1, now - lastAt);
        speed = speed === 0 ? instant : speed * 0.6 + instant * 0.4;
        lastBytes = bytes;
        lastAt = now;
        this.patch(taskId, {
          uploadSize: bytes,
          uploadPercent: Math.min(100, (bytes / file.size) * 100),
          speed: Math.max(0, speed),
        });
      };
      report(true);

      const remaining = Array.from({ length: started.partCount }, (_, i) => i + 1).filter((n) => !done.has(n));
      const urls = new Map<number, { url: string; at: number }>();
      /** The signing call under way for a part, which the lanes starting together wait for instead of each signing. */
      const signing = new Map<number, Promise<void>>();
      const urlFor = async (partNumber: number, fresh = false) => {
        const cached = urls.get(partNumber);
        // Signed URLs live 900 s; one older than 800 s is signed again.
        if (!fresh && cached && this.now() - cached.at < (PART_URL_SECONDS - 100) * 1000) return cached.url;
        const pending = fresh ? undefined : signing.get(partNumber);
        if (pending) {
          await pending;
          const signed = urls.get(partNumber);
          if (signed) return signed.url;
        }
        const batch = [
          partNumber,
          ...remaining.filter((n) => n !== partNumber && !urls.has(n) && !signing.has(n)),
        ].slice(0, 100);
        const call = (async () => {
          const token =
            this.credentials.atHand(initial.uploadType) ?? (await this.credentials.token(initial.uploadType));
          const signed = await this.transport.signParts(videoId, token, batch);
          for (const item of signed) urls.set(item.partNumber, { url: item.url, at: this.now() });
        })();
        for (const n of batch) signing.set(n, call);
        try {
          await call;
        } finally {
          for (const n of batch) if (signing.get(n) === call) signing.delete(n);
        }
        return urls.get(partNumber)?.url as string;
      };
      const sendPart = async (partNumber: number) => {
        const start = (partNumber - 1) * started.partSize;
        const blob = file.slice(start, Math.min(file.size, start + started.partSize));
        let fresh = false;
        // two retries per part.
        for (let attempt = 0; ; attempt++) {
          if (signal.aborted) throw new Aborted();
          try {
            await this.transport.putPart(
              await urlFor(partNumber, fresh),
              blob,
              (loaded) => {
                inFlight.set(partNumber, loaded);
                report();
              },
              signal,
            );
            inFlight.delete(partNumber);
            done.set(partNumber, blob.size);
            report();
            return;
          } catch (error) {
            inFlight.delete(partNumber);
            if (signal.aborted) throw new Aborted();
            if (attempt >= UPLOAD_PART_RETRIES) throw error;
            // An expired or refused URL is signed again; anything else is simply tried again after a pause.
            fresh = error instanceof PartError && error.status === 403;
            await new Promise((resolve) => setTimeout(resolve, 500 * (attempt + 1)));
          }
        }
      };
      const queue = [...remaining];
      await Promise.all(
        Array.from({ length: Math.min(UPLOAD_PARALLEL_PARTS, queue.length) }, async () => {
          for (let next = queue.shift(); next !== undefined; next = queue.shift()) await sendPart(next);
        }),
      );
      if (signal.aborted) throw new Aborted();
      await this.transport.success(videoId, started.key);
      report(true);
      this.patch(taskId, { uploadStatus: 'success', uploadPercent: 100, speed: 0 });
    } catch (error) {
      if (!(error instanceof Aborted) && !signal.aborted) {
        const message = this.transport.describe(error);
        this.patch(taskId, { uploadStatus: 'error', errorMessage: message, speed: 0 });
        // on failure the error message is kept and a failure call is sent.
        await this.transport.fail(videoId, message).catch(() => undefined);
      }
    } finally {
      // A paused run can unwind after its continuation started: it must not drop the newer run's controller.
      if (this.controllers.get(taskId) === controller) this.controllers.delete(taskId);
      this.pump();
    }
  }

  private save() {
    saveTasks(this.storage, this.storageKey, this.tasks);
  }
}

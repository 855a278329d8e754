import {
  checkUploadFile,
  type Material,
  type MaterialKind,
  UPLOAD_EXTENSIONS,
  UPLOAD_SIZE_LIMITS,
  type UploadRefusal,
} from '@leadreel/shared';
import type { TFunction } from 'i18next';
import { create } from 'zustand';
import { ApiError } from '../../api/client.ts';
import { materialApi } from '../../api/endpoints.ts';
import { errorText, onClearSession } from '../../api/index.ts';
import { VIDEO_POLL_MS } from '../../api/queries.ts';
import { formatSize } from '../../format.ts';
import { i18n } from '../../i18n/index.ts';
import { useAccountStore } from '../../stores/account.ts';
import { UploadEngine, type UploadTask } from '../upload/engine.ts';
import { materialTransport } from './transport.ts';

/** Where unfinished library uploads are remembered, apart from the videos' so the two lists never mix. */
export const MATERIAL_RESUME_KEY = 'leadreel.materials';

/** The library uploads under way, for the grids that show their percent. */
export const useMaterialTasks = create<{ tasks: UploadTask[] }>(() => ({ tasks: [] }));

let engine: UploadEngine | null = null;
let engineUser: string | null = null;
let unsubscribe: () => void = () => undefined;

/** The library's own engine (three files at a time, resumable), kept while the user moves between tabs. */
export function materialEngine() {
  const userId = useAccountStore.getState().account?.userId ?? 'anonymous';
  if (!engine || engineUser !== userId) {
    resetMaterialUploads();
    engine = new UploadEngine(materialTransport, { storageKey: `${MATERIAL_RESUME_KEY}.${userId}` });
    engineUser = userId;
    unsubscribe = engine.subscribe((tasks) => useMaterialTasks.setState({ tasks }));
  }
  return engine;
}

/** Logout: the previous user's library uploads stop and are forgotten. */
export function resetMaterialUploads() {
  unsubscribe();
  engine?.dispose();
  engine = null;
  engineUser = null;
  useMaterialTasks.setState({ tasks: [] });
}
onClearSession(resetMaterialUploads);

/** A file the console refuses before any call (docs/product.md, Uploads), with the refusal's message key. */
export class MaterialRefused extends Error {
  readonly refusal: UploadRefusal;
  readonly kind: MaterialKind;
  constructor(kind: MaterialKind, refusal: UploadRefusal) {
    super(refusal);
    this.kind = kind;
    this.refusal = refusal;
  }
}

/** An upload that stopped before its bytes were all sent; its message is the task's, already translated. */
export class UploadStopped extends Error {}

/**
 * The user-facing text of a library upload's failure: a refusal names what the kind accepts (its types and size
 * limit, docs/product.md "Uploads"), else the task's message or the server's.
 */
export function materialErrorText(error: unknown, t: TFunction): string {
  if (error instanceof MaterialRefused) {
    if (error.refusal === 'upload_type') return t('materials.mimeMsg', { types: typesText([error.kind]) });
    if (error.refusal === 'upload_too_large')
      return t('common.uploader.limitMsg', { size: formatSize(UPLOAD_SIZE_LIMITS[error.kind]) });
    return t(`errors.${error.refusal}`);
  }
  if (error instanceof UploadStopped) return error.message;
  return errorText(error);
}

/** The extensions of these kinds as the hints write them: "MP3, WAV, M4A". */
export const typesText = (kinds: readonly MaterialKind[]) =>
  [...new Set(kinds.flatMap((kind) => UPLOAD_EXTENSIONS[kind]))].map((ext) => ext.toUpperCase()).join(', ');

/** The `accept` of a file input for these kinds: their extensions. */
export const acceptOf = (kinds: readonly MaterialKind[]) =>
  [...new Set(kinds.flatMap((kind) => UPLOAD_EXTENSIONS[kind]))].map((ext) => `.${ext}`).join(',');

/**
 * Checks `file` as `kind`, announces it (pre-add, where the server checks again and counts it against the
 * storage) and hands it to the engine. Answers the material as announced; throws MaterialRefused or the
 * server's refusal (storage_limit among them).
 */
export async function uploadMaterial(kind: MaterialKind, file: File): Promise<Material> {
  const refusal = checkUploadFile(kind, { name: file.name, size: file.size, type: file.type });
  if (refusal) throw new MaterialRefused(kind, refusal);
  const material = await materialApi.preAdd({ kind, name: file.name, size: file.size, type: file.type });
  materialEngine().add(file, material.materialId, kind);
  return material;
}

/** Resolves once the engine has sent the material's bytes; rejects with the task's message when it fails. */
export function uploadFinished(materialId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let stop: () => void = () => undefined;
    let settled = false;
    stop = materialEngine().subscribe((tasks) => {
      const task = tasks.find((candidate) => candidate.taskId === materialId);
      const status = task?.uploadStatus ?? 'cancel';
      if (status === 'uploading' || status === 'paused' || settled) return;
      settled = true;
      queueMicrotask(() => stop());
      if (status === 'success') resolve();
      else reject(new UploadStopped(task?.errorMessage ?? i18n.t('upload.status.cancel')));
    });
  });
}

/**
 * The material once the server has taken it in (probed, given a thumbnail): a scene or a setting can use
 * only a ready material. Asked for every 2 s, as a video's processing is.
 */
export async function materialWhenReady(materialId: string): Promise<Material> {
  for (;;) {
    const material = await materialApi.detail(materialId);
    if (material.status === 'ready') return material;
    if (material.status === 'failed') throw new ApiError(material.failReason ?? 'material_damaged', '', 422);
    await new Promise((resolve) => setTimeout(resolve, VIDEO_POLL_MS));
  }
}

import {
  type BgmTrack,
  type Material,
  type MaterialKind,
  type OnlineItem,
  type ProjectDetail,
  UPLOAD_SIZE_LIMITS,
} from '@leadreel/shared';
import { vi } from 'vitest';
import type { FakeAnswer, FakeRoute } from './fakeApi.ts';
import { type FakeBlog, fakeProject as fakeBlogProject, fakeBlogRoutes, fakeBlogState, fakeScene } from './fakeBlog.ts';

let nextId = 0;
/** A fresh uuid-shaped id, as the server makes them. */
export const fakeUuid = () => `00000000-0000-4000-b000-${String(++nextId).padStart(12, '0')}`;

const SOUND_KINDS: readonly MaterialKind[] = ['material-audio', 'tts-scene', 'tts-subtitle'];

/** A ready material of the account; each test changes what it needs. */
export const fakeMaterial = (
  materialId: string,
  kind: MaterialKind,
  name: string,
  overrides: Partial<Material> = {},
): Material => {
  const sound = SOUND_KINDS.includes(kind);
  return {
    materialId,
    kind,
    name,
    size: 1024,
    status: 'ready',
    url: `https://storage.test/materials/${materialId}/${name}`,
    cover: sound ? null : `https://storage.test/materials/${materialId}/cover.jpg`,
    duration: kind === 'image' ? null : 12,
    width: sound ? null : 1280,
    height: sound ? null : 720,
    failReason: null,
    createdAt: 1_780_000_000,
    ...overrides,
  };
};

const PROJECT_ID = '00000000-0000-4000-8000-0000000000c1';
const sceneId = (n: number) => `00000000-0000-4000-8000-0000000000d${n}`;

/**
 * The project the editor's media and audio tabs are tried on (fakeBlog's project): three scenes and two
 * article images, voice on in English, no music.
 */
export const fakeProject = (overrides: Partial<ProjectDetail> = {}): ProjectDetail =>
  fakeBlogProject(
    PROJECT_ID,
    'Ten tips for trade shows',
    [
      fakeScene(sceneId(1), 'Book your booth early.'),
      fakeScene(sceneId(2), 'Bring a demo that fits on a table.'),
      fakeScene(sceneId(3), 'Follow up within a day.'),
    ],
    {
      sourceUrl: 'https://blog.example.test/trade-shows',
      createdAt: 1_780_000_000,
      updatedAt: 1_780_000_000,
      articleImages: [
        { index: 0, url: 'https://blog.example.test/booth.jpg' },
        { index: 1, url: 'https://blog.example.test/demo.jpg' },
      ],
      ...overrides,
    },
  );

export const fakeTracks: BgmTrack[] = [
  { trackId: 'calm-piano', name: 'Calm piano', duration: 95, url: 'https://leadreel.test/bgm/calm-piano.mp3' },
  { trackId: 'upbeat', name: 'Upbeat corporate', duration: 120, url: 'https://leadreel.test/bgm/upbeat.mp3' },
];

/**
 * What the fake material and blog-to-video routes hold (the blog routes' state, its `materials` the library).
 * A processing material is ready the next time it is read (the server's probe is quick); `storageLeft` is
 * what pre-add still accepts; `provider` null answers a search as an installation with no online library does.
 */
export type FakeMaterials = FakeBlog & {
  storageLeft: number;
  provider: string | null;
  online: OnlineItem[];
  /** The project the editor is open on, one of `projects`: the blog routes' saves change it in place. */
  project: ProjectDetail;
  /** Bytes each part PUT delivered, by material id. */
  parts: Map<string, number[]>;
};

export const fakeMaterialsState = (overrides: Partial<FakeMaterials> = {}): FakeMaterials => {
  const project = overrides.project ?? fakeProject();
  return {
    ...fakeBlogState({ projects: [project], tracks: fakeTracks }),
    storageLeft: 1024 ** 3,
    provider: 'Pexels',
    online: [],
    project,
    parts: new Map(),
    ...overrides,
  };
};

const PART = 5 * 1024 * 1024;
const missing: FakeAnswer = { status: 404, error: 'material_not_found', field: 'materialId' };

/**
 * The material routes, the storage credential and fakeBlog's blog-to-video routes over `state`, answering as
 * the server does: pre-add checks the kind's limit and the storage left, start answers the parts, add-success
 * moves the material to processing, a list filters by the comma-separated kinds, newest first. Tests read
 * `state` and the calls after.
 */
export function fakeMaterialRoutes(state: FakeMaterials): Record<string, FakeRoute> {
  const find = (materialId: string) => state.materials.find((material) => material.materialId === materialId);
  /** A read of a processing material finds it ready, with its file and thumbnail. */
  const settle = (material: Material) => {
    if (material.status !== 'processing') return material;
    Object.assign(material, fakeMaterial(material.materialId, material.kind, material.name, { size: material.size }));
    return material;
  };
  const credential = () => ({
    data: {
      credentials: { tmpSecretId: 'id', tmpSecretKey: 'key', sessionToken: 'cos-token' },
      startTime: Math.floor(Date.now() / 1000),
      expiredTime: Math.floor(Date.now() / 1000) + 900,
    },
  });
  return {
    ...fakeBlogRoutes(state),
    'GET /cos/credential': credential,
    'GET /cos/vod/video/credential': credential,
    'POST /material/pre-add': (body) => {
      const { kind, name, size } = body as { kind: MaterialKind; name: string; size: number };
      if (size > UPLOAD_SIZE_LIMITS[kind]) return { status: 400, error: 'upload_too_large' };
      if (size > state.storageLeft) return { status: 403, error: 'storage_limit' };
      const material = fakeMaterial(fakeUuid(), kind, name, {
        size,
        status: 'uploading',
        url: null,
        cover: null,
        duration: null,
        width: null,
        height: null,
        createdAt: 1_780_000_000 + nextId,
      });
      state.storageLeft -= size;
      state.materials.unshift(material);
      return { data: material };
    },
    'POST /material/upload/start': (body) => {
      const material = find((body as { materialId: string }).materialId);
      if (!material) return missing;
      if (material.status !== 'uploading') return { status: 409, error: 'upload_state' };
      return {
        data: {
          key: `materials/${material.materialId}`,
          partSize: PART,
          partCount: Math.max(1, Math.ceil(material.size / PART)),
          parts: [],
        },
      };
    },
    'POST /material/upload/sign-parts': (body) => {
      const { materialId, partNumbers } = body as { materialId: string; partNumbers: number[] };
      if (!find(materialId)) return missing;
      return {
        data: {
          urls: partNumbers.map((partNumber) => ({
            partNumber,
            url: `https://storage.test/parts/${materialId}/${partNumber}`,
          })),
          expiredTime: Math.floor(Date.now() / 1000) + 900,
        },
      };
    },
    'POST /material/add-success': (body) => {
      const material = find((body as { materialId: string }).materialId);
      if (!material) return missing;
      material.status = 'processing';
      return { data: material };
    },
    'POST /material/add-fail': (body) => {
      const { materialId, failReason } = body as { materialId: string; failReason?: string };
      const material = find(materialId);
      if (!material) return missing;
      Object.assign(material, { status: 'failed', failReason: failReason ?? null });
      return { data: null };
    },
    'GET /material/list': (_, query) => {
      const kinds = (query.get('kind') ?? '').split(',').filter(Boolean);
      const list = state.materials.filter((material) => kinds.length === 0 || kinds.includes(material.kind));
      const answer = { list: list.map((material) => ({ ...material })), total: list.length };
      for (const material of list) settle(material);
      return { data: answer };
    },
    'GET /material/detail': (_, query) => {
      const material = find(query.get('materialId') ?? '');
      return material ? { data: { ...settle(material) } } : missing;
    },
    'POST /material/delete': (body) => {
      const ids = (body as { materialIds: string[] }).materialIds;
      state.materials = state.materials.filter((material) => !ids.includes(material.materialId));
      return { data: null };
    },
    'GET /material/search-online': (_, query) => {
      const kind = query.get('kind') ?? 'image';
      const list = state.provider === null ? [] : state.online.filter((item) => item.kind === kind);
      return { data: { provider: state.provider, list, total: list.length } };
    },
    'POST /material/add-online': (body) => {
      const { id, kind } = body as { id: string; kind: 'image' | 'video' };
      const item = state.online.find((candidate) => candidate.id === id && candidate.kind === kind);
      if (!item) return { status: 404, error: 'material_not_found' };
      const material = fakeMaterial(fakeUuid(), kind === 'video' ? 'material-video' : 'image', `${item.author}.jpg`, {
        status: 'processing',
        url: null,
        cover: null,
      });
      state.materials.unshift(material);
      return { data: material };
    },
  };
}

/**
 * Stands in for the storage service the browser PUTs parts to: each PUT to a signed part URL is kept (its
 * byte count) and answered 200 with an ETag, its progress reported as a browser does.
 */
export function fakeStorage(state: FakeMaterials) {
  class FakeXhr {
    status = 0;
    upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onloadend: (() => void) | null = null;
    private url = '';
    private aborted = false;
    open(_method: string, url: string) {
      this.url = url;
    }
    getResponseHeader(name: string) {
      return name.toLowerCase() === 'etag' ? `"etag-${this.url.split('/').pop()}"` : null;
    }
    abort() {
      this.aborted = true;
    }
    send(body: Blob) {
      setTimeout(() => {
        if (this.aborted) return;
        const [, , , , materialId = ''] = this.url.split('/');
        state.parts.set(materialId, [...(state.parts.get(materialId) ?? []), body.size]);
        this.upload.onprogress?.({ loaded: body.size });
        this.status = 200;
        this.onload?.();
        this.onloadend?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

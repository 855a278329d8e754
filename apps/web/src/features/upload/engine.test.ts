import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PartError,
  RESUME_KEY,
  type StartAnswer,
  UploadEngine,
  type UploadTask,
  type UploadTransport,
} from './engine.ts';

const MiB = 1024 * 1024;
const PART = 5 * MiB;

/** A storage that keeps parts in memory and answers like our server; `failures` makes PUTs fail. */
function fakeTransport(
  options: { failures?: (partNumber: number, attempt: number) => number | null; stored?: number[] } = {},
) {
  const stored = new Map<number, number>((options.stored ?? []).map((n) => [n, PART]));
  const attempts = new Map<number, number>();
  const calls: string[] = [];
  let hold: Promise<void> | null = null;
  let release: () => void = () => undefined;
  const transport: UploadTransport = {
    credential: async () => {
      calls.push('credential');
      return { sessionToken: 'cos', expiredTime: Date.now() / 1000 + 900 };
    },
    start: async (): Promise<StartAnswer> => {
      calls.push('start');
      return {
        key: 'sources/a/v/source',
        partSize: PART,
        partCount: 3,
        parts: [...stored].map(([partNumber, size]) => ({ partNumber, size })),
      };
    },
    signParts: async (_, __, partNumbers) => {
      calls.push(`sign ${partNumbers.join(',')}`);
      return partNumbers.map((partNumber) => ({ partNumber, url: `/part/${partNumber}` }));
    },
    putPart: async (url, body, onProgress, signal) => {
      const partNumber = Number(url.split('/').pop());
      const attempt = (attempts.get(partNumber) ?? 0) + 1;
      attempts.set(partNumber, attempt);
      calls.push(`put ${partNumber}`);
      if (hold) await hold;
      if (signal.aborted) throw new PartError(0, 'aborted');
      const status = options.failures?.(partNumber, attempt);
      if (status !== null && status !== undefined) throw new PartError(status);
      onProgress(body.size);
      stored.set(partNumber, body.size);
      return `"etag-${partNumber}"`;
    },
    success: async () => void calls.push('success'),
    fail: async (_, reason) => void calls.push(`fail ${reason}`),
    reUpload: async () => void calls.push('reUpload'),
    videoStatus: async () => 'uploading',
    heartbeat: async () => undefined,
    remove: async (videoId) => void calls.push(`remove ${videoId}`),
    describe: (error) => (error instanceof Error ? error.message : 'error'),
  };
  return {
    transport,
    calls,
    stored,
    /** Holds the PUTs that start from now on; answers the release of this hold alone. */
    holdPuts() {
      let own: () => void = () => undefined;
      hold = new Promise<void>((resolve) => {
        own = () => {
          hold = null;
          resolve();
        };
      });
      release = own;
      return own;
    },
    release: () => release(),
  };
}

const file = (name = 'demo.mp4', size = PART * 2 + 100) =>
  new File([new Uint8Array(size)], name, { type: 'video/mp4', lastModified: 1_700_000_000_000 });

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
}

async function until(engine: UploadEngine, check: (task: UploadTask) => boolean, taskId = 'v1') {
  await vi.waitFor(
    () => {
      const task = engine.list().find((t) => t.taskId === taskId);
      if (!task || !check(task)) throw new Error(`task is ${task?.uploadStatus}`);
    },
    { timeout: 60_000 },
  );
}

afterEach(() => vi.useRealTimers());

describe('the upload engine (the console contract Upload task)', () => {
  it('sends every part, then the success call, and ends at success with the file URL', async () => {
    const fake = fakeTransport();
    const engine = new UploadEngine(fake.transport, { storage: memoryStorage() });
    engine.add(file(), 'v1');
    await until(engine, (t) => t.uploadStatus === 'success');
    expect(fake.calls.filter((c) => c.startsWith('put')).sort()).toEqual(['put 1', 'put 2', 'put 3']);
    expect(fake.calls.at(-1)).toBe('success');
    expect(engine.list()[0]).toMatchObject({ uploadPercent: 100, uploadFileUrl: 'sources/a/v/source' });
    expect(engine.uploadingCount()).toBe(0);
    engine.dispose();
  });

  it('signs the parts of a file in one call, though three lanes ask for their first parts at once', async () => {
    const fake = fakeTransport();
    const engine = new UploadEngine(fake.transport, { storage: memoryStorage() });
    engine.add(file(), 'v1');
    await until(engine, (t) => t.uploadStatus === 'success');
    expect(fake.calls.filter((c) => c.startsWith('sign'))).toEqual(['sign 1,2,3']);
    engine.dispose();
  });

  it('uses the credential fetched ahead while pre-add answered, and fetches none again for the next file', async () => {
    const fake = fakeTransport();
    const engine = new UploadEngine(fake.transport, { storage: memoryStorage() });
    engine.prepare('video');
    engine.add(file(), 'v1');
    engine.add(file('second.mp4'), 'v2');
    await until(engine, (t) => t.uploadStatus === 'success', 'v1');
    await until(engine, (t) => t.uploadStatus === 'success', 'v2');
    expect(fake.calls.filter((c) => c === 'credential')).toEqual(['credential']);
    engine.dispose();
  });

  it('continues from the parts storage already holds', async () => {
    const fake = fakeTransport({ stored: [1, 2] });
    const engine = new UploadEngine(fake.transport, { storage: memoryStorage() });
    engine.add(file(), 'v1');
    await until(engine, (t) => t.uploadStatus === 'success');
    expect(fake.calls.filter((c) => c.startsWith('put'))).toEqual(['put 3']);
    engine.dispose();
  });

  it('retries a part twice, signs again after a 403, and fails on the third error with the fail call', async () => {
    const flaky = fakeTransport({
      failures: (n, attempt) => (n === 2 && attempt === 1 ? 403 : n === 3 && attempt <= 2 ? 500 : null),
    });
    const engine = new UploadEngine(flaky.transport, { storage: memoryStorage() });
    engine.add(file(), 'v1');
    await until(engine, (t) => t.uploadStatus === 'success');
    expect(flaky.calls.filter((c) => c === 'put 3')).toHaveLength(3);
    expect(flaky.calls.filter((c) => c.startsWith('sign')).length).toBeGreaterThanOrEqual(2);
    engine.dispose();

    const broken = fakeTransport({ failures: (n) => (n === 1 ? 500 : null) });
    const failing = new UploadEngine(broken.transport, { storage: memoryStorage() });
    failing.add(file(), 'v1');
    await until(failing, (t) => t.uploadStatus === 'error');
    expect(broken.calls.filter((c) => c === 'put 1')).toHaveLength(3);
    expect(failing.list()[0]?.errorMessage).toContain('500');
    expect(broken.calls.some((c) => c.startsWith('fail '))).toBe(true);
    failing.dispose();
  }, 15_000);

  it('pauses and continues; restart is allowed only from paused or error; cancel never undoes a success', async () => {
    const fake = fakeTransport();
    const engine = new UploadEngine(fake.transport, { storage: memoryStorage() });
    fake.holdPuts();
    engine.add(file(), 'v1');
    await vi.waitFor(() => expect(fake.calls).toContain('put 1'));
    engine.restart('v1');
    expect(engine.list()[0]?.uploadStatus).toBe('uploading');
    engine.pause('v1');
    expect(engine.list()[0]?.uploadStatus).toBe('paused');
    fake.release();
    engine.restart('v1');
    await until(engine, (t) => t.uploadStatus === 'success');
    engine.cancel('v1');
    expect(engine.list()[0]?.uploadStatus).toBe('success');
    engine.dispose();
  });

  it('a second pause stops the continued run even when the first run unwinds after it started', async () => {
    const fake = fakeTransport();
    const engine = new UploadEngine(fake.transport, { storage: memoryStorage() });
    const releaseFirst = fake.holdPuts();
    engine.add(file(), 'v1');
    await vi.waitFor(() => expect(fake.calls).toContain('put 1'));
    engine.pause('v1');
    const releaseSecond = fake.holdPuts();
    engine.restart('v1');
    await vi.waitFor(() => expect(fake.calls.filter((c) => c === 'start')).toHaveLength(2));
    await vi.waitFor(() => expect(fake.calls.filter((c) => c === 'put 1')).toHaveLength(2));
    releaseFirst();
    await new Promise((resolve) => setTimeout(resolve, 20));
    engine.pause('v1');
    releaseSecond();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(engine.list()[0]?.uploadStatus).toBe('paused');
    expect(fake.calls).not.toContain('success');
    engine.dispose();
  });

  it('runs three files at a time; delete removes a task and its unfinished upload, clear empties the list', async () => {
    const fake = fakeTransport();
    const engine = new UploadEngine(fake.transport, { storage: memoryStorage() });
    fake.holdPuts();
    for (const id of ['a', 'b', 'c', 'd']) engine.add(file(`${id}.mp4`), id);
    await vi.waitFor(() => expect(engine.list().filter((t) => !t.queued)).toHaveLength(3));
    expect(engine.list().find((t) => t.taskId === 'd')?.queued).toBe(true);
    expect(engine.uploadingCount()).toBe(4);
    engine.delete('a');
    expect(engine.list().map((t) => t.taskId)).not.toContain('a');
    expect(fake.calls).toContain('remove a');
    await vi.waitFor(() => expect(engine.list().find((t) => t.taskId === 'd')?.queued).toBe(false));
    engine.clear();
    expect(engine.list()).toEqual([]);
    fake.release();
    engine.dispose();
  });

  it('remembers unfinished uploads across a reload, at most 50 for 30 days, and resumes with the same file only', async () => {
    const storage = memoryStorage();
    const fake = fakeTransport({ stored: [1] });
    fake.holdPuts();
    const before = new UploadEngine(fake.transport, { storage });
    before.add(file(), 'v1');
    before.dispose();

    const after = new UploadEngine(fake.transport, { storage });
    expect(after.list()).toEqual([expect.objectContaining({ taskId: 'v1', uploadStatus: 'paused', needsFile: true })]);
    expect(after.findResumable(file('other.mp4'))).toBeUndefined();
    expect(after.findResumable(file('demo.mp4', 10))).toBeUndefined();
    const same = file();
    expect(after.findResumable(same)?.taskId).toBe('v1');
    fake.release();
    after.attach('v1', same);
    await until(after, (t) => t.uploadStatus === 'success');
    expect(JSON.parse(storage.getItem(RESUME_KEY) ?? '[]')).toEqual([]);
    after.dispose();

    const old = Date.now() - 31 * 86_400_000;
    const many = Array.from({ length: 60 }, (_, i) => ({
      taskId: `t${i}`,
      videoId: `t${i}`,
      folderId: 'f1',
      fileName: `${i}.mp4`,
      fileSize: 10,
      lastModified: 1,
      createdAt: i < 5 ? old : Date.now(),
    }));
    storage.setItem(RESUME_KEY, JSON.stringify(many));
    const restored = new UploadEngine(fake.transport, { storage }).list();
    expect(restored).toHaveLength(50);
    expect(restored.map((t) => t.taskId)).not.toContain('t0');
  });
});

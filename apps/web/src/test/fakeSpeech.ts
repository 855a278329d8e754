import {
  type Dub,
  type Estimate,
  SPEECH_TASK_TABS,
  type SpeechEngines,
  type SpeechTask,
  type SpeechTaskKind,
  tabOfStatus,
} from '@leadreel/shared';
import type { FakeAnswer, FakeRoute } from './fakeApi.ts';

/** What the fake engines can do: English speech; English to French, Spanish and German; voices in French and German. */
export const fakeEngines = (overrides: Partial<SpeechEngines> = {}): SpeechEngines => ({
  transcribe: { engine: 'pocketsphinx', languages: ['en'] },
  translate: {
    engine: 'apertium',
    pairs: [
      { from: 'en', to: 'fr' },
      { from: 'en', to: 'es' },
      { from: 'en', to: 'de' },
      { from: 'es', to: 'en' },
    ],
  },
  speak: { engine: 'espeak-ng', languages: ['en', 'fr', 'de'] },
  optimise: { engine: 'local rules' },
  prices: { transcribePerMinute: 3, translatePerMinute: 2, dubPerMinute: 5 },
  maxMinutes: 30,
  ...overrides,
});

/** A task of video `videoId` as the server answers it; each test changes what it needs. */
export const fakeTask = (taskId: string, videoId: string, overrides: Partial<SpeechTask> = {}): SpeechTask => ({
  taskId,
  videoId,
  videoName: 'tour.mp4',
  videoCover: null,
  kind: 'translate',
  sourceLang: 'en',
  targetLangs: ['fr'],
  status: 'running',
  progress: 40,
  engine: 'apertium',
  credits: 4,
  refunded: 0,
  error: null,
  createdAt: Math.floor(Date.now() / 1000) - 300,
  updatedAt: Math.floor(Date.now() / 1000) - 60,
  finishedAt: null,
  ...overrides,
});

/**
 * What the fake speech routes hold. Each `status` call of a waiting or running task moves it along
 * `steps` (then done), calling `onDone` when it gets there, as the worker would.
 */
export type FakeSpeech = {
  engines: SpeechEngines;
  tasks: SpeechTask[];
  dubs: Record<string, Dub[]>;
  /** Minutes and balance the estimate answers; `refusal` when a task would be refused. */
  estimate: Pick<Estimate, 'minutes' | 'balance' | 'refusal'>;
  /** The cues "AI optimise" answers. */
  optimised: { start: number; end: number; text: string }[];
  steps: number[];
  onDone?: (task: SpeechTask) => void;
};

export const fakeSpeechState = (overrides: Partial<FakeSpeech> = {}): FakeSpeech => ({
  engines: fakeEngines(),
  tasks: [],
  dubs: {},
  estimate: { minutes: 2, balance: 100, refusal: null },
  optimised: [],
  steps: [50],
  ...overrides,
});

/**
 * The speech routes over `state`, answering as the server does: prices per minute (per language for
 * translate and dub), a list filtered by tab and video with every tab's count, cancel only of a waiting or
 * running task (its credits given back), retry only of a failed or canceled one; an unknown task is 404.
 */
export function fakeSpeechRoutes(state: FakeSpeech): Record<string, FakeRoute> {
  let next = 0;
  const now = () => Math.floor(Date.now() / 1000);
  const missing: FakeAnswer = { status: 404, error: 'speech_task_not_found', field: 'taskId' };
  const find = (taskId: unknown) => state.tasks.find((task) => task.taskId === taskId);
  const price = (kind: SpeechTaskKind) => {
    const { prices } = state.engines;
    return kind === 'transcribe'
      ? prices.transcribePerMinute
      : kind === 'dub'
        ? prices.dubPerMinute
        : prices.translatePerMinute;
  };
  const start = (videoId: string, kind: SpeechTaskKind, sourceLang: string, targetLangs: string[]) => {
    const credits = state.estimate.minutes * price(kind) * Math.max(1, targetLangs.length);
    const task = fakeTask(`00000000-0000-4000-9000-${String(++next).padStart(12, '0')}`, videoId, {
      kind,
      sourceLang,
      targetLangs,
      status: 'queued',
      progress: 0,
      engine: kind === 'transcribe' ? state.engines.transcribe.engine : state.engines.translate.engine,
      credits,
      createdAt: now(),
      updatedAt: now(),
    });
    state.tasks.unshift(task);
    return { data: task };
  };
  return {
    'GET /speech-to-text/engines': () => ({ data: state.engines }),
    'POST /speech-to-text/credit-calculations': (body) => {
      const { kind, targetLangs } = body as { kind: SpeechTaskKind; targetLangs: string[] };
      const credits = state.estimate.minutes * price(kind) * Math.max(1, targetLangs.length);
      return { data: { ...state.estimate, credits, maxMinutes: state.engines.maxMinutes } };
    },
    'POST /speech-to-text/transcribe': (body) => {
      const { videoId, lang } = body as { videoId: string; lang: string };
      return start(videoId, 'transcribe', lang, []);
    },
    'POST /speech-to-text/translate': (body) => {
      const { videoId, sourceLang, targetLangs, dub } = body as {
        videoId: string;
        sourceLang: string;
        targetLangs: string[];
        dub: boolean;
      };
      return start(videoId, dub ? 'dub' : 'translate', sourceLang, targetLangs);
    },
    'POST /speech-to-text/ai-optimise': () => ({
      data: { engine: state.engines.optimise.engine, cues: state.optimised },
    }),
    'GET /speech-to-text/task/list': (_, query) => {
      const videoId = query.get('videoId');
      const mine = state.tasks.filter((task) => !videoId || task.videoId === videoId);
      const tab = query.get('tab');
      const inTab = mine.filter((task) => tabOfStatus(task.status) === tab);
      const page = Number(query.get('page') ?? 1);
      const pageSize = Number(query.get('pageSize') ?? 20);
      const counts = Object.fromEntries(
        SPEECH_TASK_TABS.map((key) => [key, mine.filter((task) => tabOfStatus(task.status) === key).length]),
      );
      return {
        data: { list: inTab.slice((page - 1) * pageSize, page * pageSize), total: inTab.length, counts },
      };
    },
    'GET /speech-to-text/task/status': (_, query) => {
      const task = find(query.get('taskId'));
      if (!task) return missing;
      if (task.status === 'queued' || task.status === 'running') {
        const step = state.steps.find((percent) => percent > task.progress);
        if (step === undefined) {
          Object.assign(task, { status: 'done', progress: 100, finishedAt: now() });
          state.onDone?.(task);
        } else Object.assign(task, { status: 'running', progress: step });
      }
      return { data: task };
    },
    'POST /speech-to-text/task/cancel': (body) => {
      const task = find((body as { taskId: string }).taskId);
      if (!task) return missing;
      if (task.status !== 'queued' && task.status !== 'running')
        return { status: 409, error: 'speech_task_not_cancelable' };
      Object.assign(task, {
        status: 'canceled',
        refunded: task.credits,
        error: { code: 'speech_canceled', detail: null },
        finishedAt: now(),
      });
      return { data: task };
    },
    'POST /speech-to-text/task/retry': (body) => {
      const task = find((body as { taskId: string }).taskId);
      if (!task) return missing;
      if (task.status !== 'failed' && task.status !== 'canceled')
        return { status: 409, error: 'speech_task_not_retryable' };
      Object.assign(task, { status: 'queued', progress: 0, refunded: 0, error: null, finishedAt: null });
      return { data: task };
    },
    'GET /speech-to-text/dub/list': (_, query) => ({ data: state.dubs[query.get('videoId') ?? ''] ?? [] }),
    'POST /speech-to-text/dub/delete': (body) => {
      const { videoId, lang } = body as { videoId: string; lang: string };
      const dubs = state.dubs[videoId] ?? [];
      if (!dubs.some((dub) => dub.lang === lang)) return { status: 404, error: 'dub_not_found', field: 'lang' };
      state.dubs[videoId] = dubs.filter((dub) => dub.lang !== lang);
      return { data: null };
    },
  };
}

import type {
  Dub,
  Estimate,
  EstimateBody,
  MessageKey,
  Optimised,
  SPEECH_REFUSALS,
  SpeechEngines,
  SpeechTask,
  SpeechTaskKind,
  SpeechTaskList,
  SpeechTaskTab,
  TranslateBody,
} from '@leadreel/shared';
import type { Logger } from 'pino';
import type { Db, Transact } from '../../db/database.ts';
import type { VideoMedia } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { CreditService } from '../billing/credits.service.ts';
import type { Catalogue } from '../entitlements/catalogue.ts';
import type { EntitlementsService } from '../entitlements/entitlements.ts';
import type { JobQueue } from '../jobs/jobs.ts';
import type { StorageDriver } from '../storage/storage.ts';
import type { SubtitleService } from '../video-settings/subtitles.service.ts';
import { generationPrefix, mediaUrl } from '../videos/keys.ts';
import type { VideoRow } from '../videos/videos.repo.ts';
import type { VideoService } from '../videos/videos.service.ts';
import { EngineError, type Engines, type LanguagePair } from './engines/engine.ts';
import { matchLanguage, requirePair } from './engines/languages.ts';
import { SPEECH_TASK } from './speech.jobs.ts';
import { type ListedTaskRow, OPEN_STATUSES, type SpeechRepo, type SpeechTaskRow } from './speech.repo.ts';
import type { Dubber } from './speech-dub.ts';

type Refusal = (typeof SPEECH_REFUSALS)[number];
type TaskInput = { videoId: string; kind: SpeechTaskKind; sourceLang: string; targetLangs: string[] };

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Whether an engine's pairs serve the requested one (a zh-CN track by a zh engine: engines/languages.ts). */
function supportsPair(requested: LanguagePair, pairs: LanguagePair[]) {
  try {
    requirePair(requested, pairs);
    return true;
  } catch {
    return false;
  }
}

/** What the credits ledger says a task's spend or refund was for: its video, by the name its owner gave it. */
const ledgerReference = (videoName: string) => videoName.slice(0, 200) || null;

/** The ledger key of a task's run: one spend per start, so a retry pays again and a repeated start never twice. */
export const spendKey = (task: Pick<SpeechTaskRow, 'id' | 'run'>) => `speech:${task.id}:${task.run}`;

function toTask(row: ListedTaskRow): SpeechTask {
  const media = row.video_media as VideoMedia | null;
  return {
    taskId: row.id,
    videoId: row.video_id,
    videoName: row.video_name,
    videoCover: media?.thumbnail ? mediaUrl(row.video_id, row.video_generation, media.thumbnail) : null,
    kind: row.kind,
    sourceLang: row.source_lang,
    targetLangs: row.target_langs,
    status: row.status,
    progress: row.progress,
    engine: row.engine,
    credits: row.credits,
    refunded: row.refunded,
    error: row.error_code ? { code: row.error_code, detail: row.error_detail } : null,
    createdAt: seconds(row.created_at),
    updatedAt: seconds(row.updated_at),
    finishedAt: row.finished_at ? seconds(row.finished_at) : null,
  };
}

/**
 * Speech tasks: subtitles from a video's speech, their translation, and dubbing, run by the workers with
 * the configured engines and paid in credits (docs/product.md "Speech tasks"). A task's price is taken from
 * the ledger in the transaction that creates it, so concurrent tasks can never spend more than the balance;
 * what a task did not do is given back when it fails or is canceled.
 */
export function createSpeechService(deps: {
  repo: SpeechRepo;
  transaction: Transact;
  engines: Engines;
  videos: Pick<VideoService, 'ownVideo'>;
  subtitles: Pick<SubtitleService, 'tracksOf' | 'ownOne'>;
  credits: CreditService;
  entitlements: EntitlementsService;
  catalogue: Pick<Catalogue, 'speech'>;
  storage: StorageDriver;
  dubber: Pick<Dubber, 'offer'>;
  queue: JobQueue | null;
  log: Logger;
}) {
  const { repo, transaction, engines, videos, subtitles, credits, entitlements, catalogue, storage, log } = deps;

  /** What the engines can do is asked of them once a minute at most (an HTTP engine's language list is a request). */
  let known: { at: number; value: Promise<Omit<SpeechEngines, 'prices' | 'maxMinutes'>> } | null = null;
  function capabilities() {
    if (!known || Date.now() - known.at > 60_000) {
      const value = Promise.all([
        engines.transcriber.languages(),
        engines.translator.pairs(),
        engines.speaker.languages(),
      ]).then(([hear, pairs, speak]) => ({
        transcribe: { engine: engines.transcriber.name, languages: hear },
        translate: { engine: engines.translator.name, pairs },
        speak: { engine: engines.speaker.name, languages: speak },
        optimise: { engine: engines.text.name },
      }));
      // A failed answer is not kept: the next call asks again.
      value.catch(() => {
        known = null;
      });
      known = { at: Date.now(), value };
    }
    return known.value;
  }

  async function maxMinutes(accountId: string) {
    return (await entitlements.of(accountId)).caps.aiTaskMaxMinutes;
  }

  /** Whether the video's renditions carry sound: its master playlist names an audio codec. */
  async function hasAudio(video: VideoRow) {
    if (!video.media) return false;
    const stored = await storage.get(
      `${generationPrefix(video.account_id, video.id, video.generation)}${video.media.master}`,
    );
    if (!stored) return false;
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8').includes('mp4a');
  }

  const engineOf = (kind: SpeechTaskKind) =>
    kind === 'transcribe'
      ? engines.transcriber.name
      : kind === 'translate'
        ? engines.translator.name
        : `${engines.translator.name} + ${engines.speaker.name}`;

  /** What a task would cost and the first reason it could not start, checked the same for an estimate and a start. */
  async function assess(accountId: string, input: TaskInput) {
    const video = await videos.ownVideo(accountId, input.videoId, 'translateVideo');
    const minutes = Math.max(1, Math.ceil((video.duration_sec ?? 0) / 60));
    const prices = catalogue.speech;
    const perMinute =
      input.kind === 'transcribe'
        ? prices.transcribePerMinute
        : (input.kind === 'translate' ? prices.translatePerMinute : prices.dubPerMinute) * input.targetLangs.length;
    const cost = minutes * perMinute;
    const [limit, balance] = await Promise.all([maxMinutes(accountId), credits.balance(accountId)]);

    const refusal = await (async (): Promise<Refusal | null> => {
      if (video.status !== 'ready' || !video.media) return 'speech_video_not_ready';
      if (minutes > limit) return 'speech_video_too_long';
      const can = await capabilities();
      const tracks = await subtitles.tracksOf(video.id);
      const track = (lang: string) => tracks.find((t) => t.lang.toLowerCase() === lang.toLowerCase());
      if (input.kind === 'transcribe') {
        if (!matchLanguage(input.sourceLang, can.transcribe.languages)) return 'speech_lang_unsupported';
        if (track(input.sourceLang)) return 'subtitle_lang_taken';
        if (!(await hasAudio(video))) return 'speech_no_audio';
      } else {
        if (!track(input.sourceLang)) return 'speech_source_missing';
        for (const target of input.targetLangs) {
          // A dub voices a track that already exists as it is (the owner may have corrected it).
          const translated = input.kind === 'dub' && track(target);
          if (input.kind === 'translate' && track(target)) return 'subtitle_lang_taken';
          if (!translated && !supportsPair({ from: input.sourceLang, to: target }, can.translate.pairs))
            return 'speech_pair_unsupported';
          if (input.kind === 'dub' && !matchLanguage(target, can.speak.languages)) return 'speech_lang_unsupported';
        }
      }
      if (balance < cost) return 'credits_insufficient';
      return null;
    })();
    return { video, minutes, cost, balance, limit, refusal };
  }

  /** The refusal as the API answers it: a state of the account or video is a conflict, the rest bad input. */
  function refuse(refusal: Refusal): never {
    const stateful: MessageKey[] = ['credits_insufficient', 'subtitle_lang_taken', 'speech_video_not_ready'];
    throw stateful.includes(refusal) ? conflict(refusal) : badRequest(refusal);
  }

  async function start(accountId: string, input: TaskInput): Promise<SpeechTask> {
    const { video, minutes, cost, refusal } = await assess(accountId, input);
    if (refusal) refuse(refusal);
    const created = await transaction(async (trx) => {
      let row: SpeechTaskRow;
      try {
        row = await repo.insert(trx, {
          account_id: accountId,
          video_id: video.id,
          kind: input.kind,
          source_lang: input.sourceLang,
          target_langs: input.targetLangs,
          engine: engineOf(input.kind),
          minutes,
          credits: cost,
        });
      } catch (error) {
        if ((error as { code?: string }).code === '23505') throw conflict('speech_task_running');
        throw error;
      }
      // Under the account's ledger lock: of two tasks that together cost more than the balance, one starts.
      await credits.spend(accountId, { amount: cost, key: spendKey(row), reference: ledgerReference(video.name), trx });
      await deps.queue?.send(SPEECH_TASK, { taskId: row.id }, { within: trx });
      return row;
    });
    return status(accountId, created.id);
  }

  async function owned(accountId: string, taskId: string, trx?: Db) {
    const row = await repo.findOwned(accountId, taskId, trx);
    if (!row) throw notFound('speech_task_not_found', 'taskId');
    return row;
  }

  async function status(accountId: string, taskId: string) {
    await entitlements.assertFeature(accountId, 'getData');
    return toTask(await owned(accountId, taskId));
  }

  /**
   * Ends an open task: failed with its reason, or canceled. What it did not do is given back: every credit
   * when nothing was published, else the share of the target languages left undone.
   */
  async function end(
    trx: Db,
    task: SpeechTaskRow,
    outcome: { status: 'failed' | 'canceled'; code: MessageKey; detail: string | null },
  ) {
    const total = Math.max(1, task.target_langs.length);
    const undone = task.kind === 'transcribe' ? 1 : (total - task.done_langs.length) / total;
    const refund = Math.floor(task.credits * undone);
    if (refund > 0) {
      const listed = await repo.findOwned(task.account_id, task.id, trx);
      await credits.add(task.account_id, 'refund', {
        amount: refund,
        key: `refund:${spendKey(task)}`,
        reference: ledgerReference(listed?.video_name ?? ''),
        trx,
      });
    }
    return repo.update(trx, task.id, {
      status: outcome.status,
      error_code: outcome.code,
      error_detail: outcome.detail?.slice(0, 1000) ?? null,
      refunded: refund,
      finished_at: new Date(),
    });
  }

  return {
    /** The console's view of the engines: languages, engine names, prices and the plan's limit. */
    async engines(accountId: string): Promise<SpeechEngines> {
      const [can, limit] = await Promise.all([capabilities(), maxMinutes(accountId)]);
      return { ...can, prices: catalogue.speech, maxMinutes: limit };
    },

    /** "credit calculations": the price and the reason a task could not start, before it does. */
    async estimate(accountId: string, body: EstimateBody): Promise<Estimate> {
      const { minutes, cost, balance, limit, refusal } = await assess(accountId, body);
      return { minutes, credits: cost, balance, maxMinutes: limit, refusal };
    },

    transcribe: (accountId: string, body: { videoId: string; lang: string }) =>
      start(accountId, { videoId: body.videoId, kind: 'transcribe', sourceLang: body.lang, targetLangs: [] }),

    translate: (accountId: string, body: TranslateBody) =>
      start(accountId, {
        videoId: body.videoId,
        kind: body.dub ? 'dub' : 'translate',
        sourceLang: body.sourceLang,
        targetLangs: body.targetLangs,
      }),

    status,

    async list(
      accountId: string,
      query: { tab: SpeechTaskTab; videoId?: string; page: number; pageSize: number },
    ): Promise<SpeechTaskList> {
      await entitlements.assertFeature(accountId, 'getData');
      if (query.videoId) await videos.ownVideo(accountId, query.videoId, 'getData');
      const { list, total, counts } = await repo.page(accountId, query);
      return { list: list.map(toTask), total, counts };
    },

    /** Stops a waiting or running task: nothing half-made is published, and its unused credits come back. */
    async cancel(accountId: string, taskId: string): Promise<SpeechTask> {
      await entitlements.assertFeature(accountId, 'translateVideo');
      await owned(accountId, taskId);
      await transaction(async (trx) => {
        const task = await repo.lock(trx, taskId);
        if (!task || !OPEN_STATUSES.includes(task.status)) throw conflict('speech_task_not_cancelable');
        await end(trx, task, { status: 'canceled', code: 'speech_canceled', detail: null });
      });
      return status(accountId, taskId);
    },

    /** Starts a failed or canceled task again from what it had published, paying for the rest again. */
    async retry(accountId: string, taskId: string): Promise<SpeechTask> {
      const task = await owned(accountId, taskId);
      if (task.status !== 'failed' && task.status !== 'canceled') throw conflict('speech_task_not_retryable');
      const left = task.target_langs.filter((lang) => !task.done_langs.includes(lang));
      const { cost, refusal } = await assess(accountId, {
        videoId: task.video_id,
        kind: task.kind,
        sourceLang: task.source_lang,
        targetLangs: task.kind === 'transcribe' ? [] : left,
      });
      // What it published itself is no reason to refuse its own rerun.
      if (refusal && refusal !== 'subtitle_lang_taken') refuse(refusal);
      await transaction(async (trx) => {
        const locked = await repo.lock(trx, taskId);
        if (!locked || (locked.status !== 'failed' && locked.status !== 'canceled'))
          throw conflict('speech_task_not_retryable');
        let again: SpeechTaskRow;
        try {
          again = await repo.update(trx, taskId, {
            status: 'queued',
            progress: 0,
            run: locked.run + 1,
            attempts: 0,
            credits: cost,
            refunded: 0,
            error_code: null,
            error_detail: null,
            finished_at: null,
            target_langs: locked.target_langs,
          });
        } catch (error) {
          if ((error as { code?: string }).code === '23505') throw conflict('speech_task_running');
          throw error;
        }
        await credits.spend(accountId, {
          amount: cost,
          key: spendKey(again),
          reference: ledgerReference(task.video_name),
          trx,
        });
        await deps.queue?.send(SPEECH_TASK, { taskId }, { within: trx });
      });
      return status(accountId, taskId);
    },

    /** "AI optimise": the track's cues improved for the editor to show; nothing is saved until the owner saves. */
    async optimise(accountId: string, subtitleId: string): Promise<Optimised> {
      const track = await subtitles.ownOne(accountId, subtitleId);
      try {
        const cues = await engines.text.optimise(track.cues, track.lang, { signal: AbortSignal.timeout(120_000) });
        return { engine: engines.text.name, cues };
      } catch (error) {
        if (error instanceof EngineError) {
          log.warn({ err: error }, 'the text engine could not optimise subtitles');
          throw badRequest(error.code);
        }
        throw error;
      }
    },

    /** The progress of each of these videos' running task, for the video list's "translating N%". */
    translatingPercent: (videoIds: string[]) => repo.running(videoIds),

    async dubs(accountId: string, videoId: string): Promise<Dub[]> {
      await videos.ownVideo(accountId, videoId, 'getData');
      return (await repo.dubs(videoId)).map((row) => ({
        lang: row.lang,
        label: row.label,
        bytes: Number(row.bytes),
        createdAt: seconds(row.created_at),
      }));
    },

    /** Removes a dubbed language: viewers no longer get it (the master offers the rest), and its files go. */
    async removeDub(accountId: string, videoId: string, lang: string) {
      const video = await videos.ownVideo(accountId, videoId, 'videoSettings');
      const removed = await transaction(async (trx) => {
        const row = await repo.removeDub(trx, videoId, lang);
        if (row) await deps.dubber.offer(video, await repo.dubs(videoId, trx), trx);
        return row;
      });
      if (!removed) throw notFound('dub_not_found', 'lang');
      await storage.deletePrefix(removed.prefix);
    },

    // Used by the worker (speech-runner.ts).
    end,
  };
}
export type SpeechService = ReturnType<typeof createSpeechService>;

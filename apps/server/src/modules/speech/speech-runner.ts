import { promises as fs } from 'node:fs';
import path from 'node:path';
import {
  type Cue,
  type MessageKey,
  nativeLanguageName,
  SUBTITLE_CUE_TEXT_MAX,
  SUBTITLE_CUES_MAX,
} from '@leadreel/shared';
import type { Logger } from 'pino';
import type { Transact } from '../../db/database.ts';
import type { StorageDriver } from '../storage/storage.ts';
import type { SubtitleService } from '../video-settings/subtitles.service.ts';
import { createJobFolder } from '../videos/job-folders.ts';
import type { VideoRow } from '../videos/videos.repo.ts';
import type { VideoService } from '../videos/videos.service.ts';
import { extractSpeech, NoAudioError } from './dub-media.ts';
import { EngineError, type Engines } from './engines/engine.ts';
import { layoutCues, punctuate } from './engines/rules-text-tasks.ts';
import type { SpeechRepo, SpeechTaskRow } from './speech.repo.ts';
import type { SpeechService } from './speech.service.ts';
import type { Dubber } from './speech-dub.ts';

/** Workers that took one run of a task and died before it ended: the next one to take it gives up. */
const MAX_ATTEMPTS = 3;
/** How often a running task looks whether its owner canceled it. */
const CANCEL_POLL_MS = 1000;
/** Texts sent to a translation engine in one call: progress moves between calls, and a call stays small. */
const TRANSLATE_BATCH = 40;

/** A task the owner canceled while it ran: its work stops and nothing more is published. */
class Canceled extends Error {}

/** A task that cannot go on for a reason of its own (not an engine's), said to the owner by its key. */
class TaskFailure extends Error {
  readonly code: MessageKey;
  constructor(code: MessageKey, detail?: string) {
    super(detail ?? code);
    this.code = code;
  }
}

/** Cues as the subtitle editor takes them: text trimmed and cut to length, empty ones dropped, times increasing. */
export function editorCues(cues: Cue[]): Cue[] {
  const kept: Cue[] = [];
  for (const cue of [...cues].sort((a, b) => a.start - b.start)) {
    // Engines leave runs of spaces where they drop a word (apertium a subject pronoun): one space each.
    const text = cue.text
      .replace(/[ \t]+/g, ' ')
      .replace(/ *\n */g, '\n')
      .trim()
      .slice(0, SUBTITLE_CUE_TEXT_MAX)
      .trim();
    if (!text || !(cue.end > cue.start) || cue.start < 0) continue;
    kept.push({ start: cue.start, end: cue.end, text });
  }
  return kept.slice(0, SUBTITLE_CUES_MAX);
}

/**
 * Runs one speech task on a worker: transcribe, translate or dub, publishing each result in a transaction
 * that first checks the task is still running, so a canceled task publishes nothing after its cancel and a
 * task taken over after its worker died does not publish a language twice (docs/product.md "Speech tasks").
 */
export function createSpeechRunner(deps: {
  repo: SpeechRepo;
  transaction: Transact;
  engines: Engines;
  speech: Pick<SpeechService, 'end'>;
  subtitles: Pick<SubtitleService, 'tracksOf' | 'publishGenerated'>;
  videos: Pick<VideoService, 'findById'>;
  storage: StorageDriver;
  dubber: Dubber;
  workRoot: string;
  log: Logger;
}) {
  const { repo, transaction, engines, speech, subtitles, storage, dubber, log } = deps;

  /** Publishes one result if the task still runs; answers false (and publishes nothing) once it was canceled. */
  async function publish(task: SpeechTaskRow, lang: string | null, work: Parameters<Transact>[0], last: boolean) {
    return transaction(async (trx) => {
      const locked = await repo.lock(trx, task.id);
      if (locked?.status !== 'running' || locked.run !== task.run) return false;
      await work(trx);
      const done = lang ? [...locked.done_langs, lang] : locked.done_langs;
      await repo.update(trx, task.id, {
        done_langs: done,
        ...(last ? { status: 'done', progress: 100, finished_at: new Date() } : {}),
      });
      return true;
    });
  }

  /** The original upload on this machine (ffmpeg reads files), once per run. */
  async function sourceFile(video: VideoRow, folder: string, signal: AbortSignal) {
    const file = path.join(folder, 'source');
    if (!signal.aborted) await storage.downloadToFile(video.source_key, file);
    signal.throwIfAborted();
    return file;
  }

  async function sourceAudio(task: SpeechTaskRow, folder: string, signal: AbortSignal) {
    const video = await deps.videos.findById(task.video_id);
    if (!video) throw new Canceled('the video was deleted');
    const source = await sourceFile(video, folder, signal);
    const wav = path.join(folder, 'speech.wav');
    await extractSpeech(source, wav, signal);
    await fs.rm(source, { force: true });
    return wav;
  }

  async function transcribe(task: SpeechTaskRow, folder: string, call: Call) {
    await call.progress(2);
    const wav = await sourceAudio(task, folder, call.signal);
    await call.progress(10);
    const heard = await engines.transcriber.transcribe(wav, task.source_lang, {
      signal: call.signal,
      onProgress: (fraction) => void call.progress(10 + Math.round(fraction * 85)),
    });
    // Sentences start with a capital and end with a stop, lines wrap, as AI optimise's rules would do: a
    // local engine hears words without punctuation, and a track should read as one from the start.
    const cues = editorCues(layoutCues(punctuate(heard, task.source_lang)));
    if (cues.length === 0) throw new TaskFailure('speech_nothing_heard');
    return publish(
      task,
      null,
      (trx) => subtitles.publishGenerated(trx, { videoId: task.video_id, lang: task.source_lang, cues }),
      true,
    );
  }

  /** The source track's cues in `to`, translated in batches; `share` maps this language's 0..1 onto the task's percent. */
  async function translated(task: SpeechTaskRow, source: Cue[], to: string, call: Call, share: (f: number) => number) {
    const texts = source.map((cue) => cue.text);
    const answers: string[] = [];
    for (let at = 0; at < texts.length; at += TRANSLATE_BATCH) {
      const batch = texts.slice(at, at + TRANSLATE_BATCH);
      const answer = await engines.translator.translate(batch, { from: task.source_lang, to }, { signal: call.signal });
      if (answer.length !== batch.length)
        throw new EngineError('speech_engine_garbage', 'a text was lost in translation');
      answers.push(...answer);
      await call.progress(share((at + batch.length) / texts.length));
    }
    // A text the engine answered empty keeps its source rather than leave a hole in the track.
    return editorCues(source.map((cue, i) => ({ ...cue, text: answers[i]?.trim() || cue.text })));
  }

  /**
   * Translate, or dub: each target language in turn, published whole when it is done. A dub voices the
   * target's own track when the video has one (the owner may have corrected it), else translates first and
   * publishes that track with the audio.
   */
  async function translateOrDub(task: SpeechTaskRow, folder: string, call: Call) {
    const tracks = await subtitles.tracksOf(task.video_id);
    const track = (lang: string) => tracks.find((t) => t.lang.toLowerCase() === lang.toLowerCase());
    const source = track(task.source_lang);
    if (!source) throw new TaskFailure('speech_source_missing');
    const left = task.target_langs.filter((lang) => !task.done_langs.includes(lang));
    const total = task.target_langs.length;
    if (left.length === 0) return publish(task, null, async () => undefined, true);
    const dubbing = task.kind === 'dub';
    const video = dubbing ? await deps.videos.findById(task.video_id) : undefined;
    if (dubbing && !video) throw new Canceled('the video was deleted');
    const original = video ? await sourceFile(video, folder, call.signal) : null;
    for (const [index, to] of left.entries()) {
      const before = total - left.length + index;
      const share = (from: number, to: number) => (f: number) =>
        Math.round(((before + from + (to - from) * f) / total) * 99);
      const existing = dubbing ? track(to) : undefined;
      const cues = existing?.cues ?? (await translated(task, source.cues, to, call, share(0, dubbing ? 0.2 : 1)));
      const dub =
        video && original
          ? await dubber.dub({
              video,
              source: original,
              sourceLang: task.source_lang,
              lang: to,
              cues,
              tag: `${task.id.slice(0, 8)}${task.run}`,
              folder,
              signal: call.signal,
              onProgress: (f) => call.progress(share(0.2, 1)(f)),
            })
          : null;
      let replaced: string | null = null;
      const published = await publish(
        task,
        to,
        async (trx) => {
          if (!existing) await subtitles.publishGenerated(trx, { videoId: task.video_id, lang: to, cues });
          if (!video || !dub) return;
          replaced = (await repo.dubs(video.id, trx)).find((row) => row.lang === to)?.prefix ?? null;
          await repo.upsertDub(trx, {
            video_id: video.id,
            lang: to,
            label: nativeLanguageName(to),
            generation: video.generation,
            prefix: dub.prefix,
            bytes: dub.bytes,
          });
          await dubber.offer(video, await repo.dubs(video.id, trx), trx);
        },
        index === left.length - 1,
      );
      if (!published) {
        // Canceled meanwhile: the audio made for nobody goes.
        if (dub) await storage.deletePrefix(dub.prefix);
        return false;
      }
      if (replaced && replaced !== dub?.prefix) await storage.deletePrefix(replaced);
      task = { ...task, done_langs: [...task.done_langs, to] };
    }
    return true;
  }

  type Call = { signal: AbortSignal; progress: (percent: number) => Promise<void> };

  return {
    /**
     * Runs the task. Answers normally when it ended (done, failed with its reason, canceled); throws only
     * when the worker itself is stopping (`jobSignal`), so that another worker takes the task over.
     */
    async run(taskId: string, jobSignal: AbortSignal) {
      const task = await repo.take(taskId);
      if (!task) return; // Ended meanwhile (canceled while it waited).
      if (task.attempts > MAX_ATTEMPTS) {
        await transaction(async (trx) => {
          const locked = await repo.lock(trx, taskId);
          if (locked?.status === 'running')
            await speech.end(trx, locked, { status: 'failed', code: 'speech_worker_lost', detail: null });
        });
        return;
      }
      const canceled = new AbortController();
      const signal = AbortSignal.any([jobSignal, canceled.signal]);
      const watch = setInterval(() => {
        repo
          .find(taskId)
          .then((row) => {
            if (row?.status !== 'running' || row.run !== task.run) canceled.abort(new Canceled());
          })
          .catch(() => undefined);
      }, CANCEL_POLL_MS);
      const call: Call = {
        signal,
        progress: async (percent) => {
          if (!(await repo.progress(taskId, Math.max(0, Math.min(99, percent))))) canceled.abort(new Canceled());
        },
      };
      const folder = await createJobFolder(deps.workRoot);
      try {
        if (task.kind === 'transcribe') await transcribe(task, folder, call);
        else await translateOrDub(task, folder, call);
      } catch (error) {
        if (jobSignal.aborted) throw error;
        if (canceled.signal.aborted || error instanceof Canceled) return;
        const known =
          error instanceof EngineError
            ? { code: error.code, detail: error.detail }
            : error instanceof NoAudioError
              ? { code: 'speech_no_audio' as const, detail: null }
              : error instanceof TaskFailure
                ? { code: error.code, detail: null }
                : null;
        if (!known) log.error({ err: error, taskId }, 'a speech task failed');
        await transaction(async (trx) => {
          const locked = await repo.lock(trx, taskId);
          if (locked?.status !== 'running' || locked.run !== task.run) return;
          await speech.end(trx, locked, {
            status: 'failed',
            code: known?.code ?? 'internal_error',
            detail: known ? known.detail : (error as Error).message,
          });
        });
      } finally {
        clearInterval(watch);
        await fs.rm(folder, { recursive: true, force: true });
      }
    },
  };
}
export type SpeechRunner = ReturnType<typeof createSpeechRunner>;

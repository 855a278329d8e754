import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { parseStreams, streamsProbeArgs } from '../speech/dub-media-args.ts';
import type { Speaker } from '../speech/engines/engine.ts';
import { requireLanguage } from '../speech/engines/languages.ts';
import type { StorageDriver } from '../storage/storage.ts';
import { createJobFolder } from '../videos/job-folders.ts';
import { runMedia } from '../videos/run-ffmpeg.ts';
import { projectPrefix } from './blog-keys.ts';

/**
 * A scene's generated voice: its file, the folder holding it (what a scene keeps, and deletes when its text
 * changes), what made it, how long it lasts.
 */
export type SceneVoice = { key: string; prefix: string; hash: string; duration: number };

/** Where a project's generated voices live: beside its article images, under the account's media. */
export const voicePrefix = (accountId: string, projectId: string) => `${projectPrefix(accountId, projectId)}voice/`;
/** A generated voice's file, in a folder of its own (storage deletes by prefix). */
export const voiceKey = (accountId: string, projectId: string, hash: string) =>
  `${voicePrefix(accountId, projectId)}${hash}/voice.m4a`;
/** The public address of a generated voice: its hash names it, so a new text is a new address. */
export const voiceUrl = (projectId: string, hash: string) => `/media/blog/${projectId}/voice/${hash}`;
export const VOICE_HASH = /^[0-9a-f]{32}$/;

/**
 * The voice of one scene is made once per text, language, speed and engine: the same four give the same
 * file, so the editor's "Listen", the preview and the export share it, and editing one scene's text makes
 * only that scene's voice again.
 */
export function voiceHash(text: string, lang: string, speed: number, engine: string): string {
  return createHash('sha256')
    .update(JSON.stringify([text, lang, speed, engine]))
    .digest('hex')
    .slice(0, 32);
}

/** `atempo` takes 0.5 to 2 in one filter, which is the speed range the editor offers. */
const tempoFilter = (speed: number) => (Math.abs(speed - 1) < 0.01 ? [] : [`atempo=${speed.toFixed(3)}`]);

/**
 * Text to speech for blog-to-video scenes with the configured speech engine, spoken at the project's speed
 * and stored as AAC (what the browser plays in the editor and the renderer mixes).
 */
export function createSceneVoices(deps: { speaker: Speaker; storage: StorageDriver; workRoot: string }) {
  const { speaker, storage } = deps;

  return {
    engine: speaker.name,

    /** The engine's own tag for `lang`, or a speech_lang_unsupported EngineError when it cannot speak it. */
    async voiceLang(lang: string) {
      return requireLanguage(lang, await speaker.languages());
    },

    /** Makes (or finds, by its hash) one scene's voice. */
    async make(
      input: { accountId: string; projectId: string; text: string; lang: string; speed: number },
      signal: AbortSignal,
    ): Promise<SceneVoice> {
      const lang = await this.voiceLang(input.lang);
      const hash = voiceHash(input.text, lang, input.speed, speaker.name);
      const key = voiceKey(input.accountId, input.projectId, hash);
      const folder = await createJobFolder(deps.workRoot);
      try {
        const out = path.join(folder, 'voice.m4a');
        if (!(await storage.head(key))) {
          const wav = path.join(folder, 'voice.wav');
          await speaker.speak(input.text, lang, wav, { signal });
          const filters = [...tempoFilter(input.speed), 'aresample=48000'];
          await runMedia(
            'ffmpeg',
            [
              '-hide_banner',
              '-nostdin',
              '-loglevel',
              'error',
              '-y',
              '-protocol_whitelist',
              'file',
              '-format_whitelist',
              'wav',
              '-i',
              wav,
              '-af',
              filters.join(','),
              '-c:a',
              'aac',
              '-b:a',
              '96k',
              '-ac',
              '1',
              '-movflags',
              '+faststart',
              out,
            ],
            { timeoutMs: 60_000, signal, priority: 'waited' },
          );
          await storage.putFile(key, out, 'audio/mp4', { final: true });
        } else {
          await storage.downloadToFile(key, out);
        }
        const probed = parseStreams(
          await runMedia('ffprobe', streamsProbeArgs(out, ['mov']), { timeoutMs: 20_000, signal, priority: 'waited' }),
        );
        const prefix = key.slice(0, key.lastIndexOf('/') + 1);
        return { key, prefix, hash, duration: Math.round(probed.durationSec * 100) / 100 };
      } finally {
        await fs.rm(folder, { recursive: true, force: true });
      }
    },
  };
}
export type SceneVoices = ReturnType<typeof createSceneVoices>;

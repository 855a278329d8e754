import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Cue } from '@leadreel/shared';
import type { Db } from '../../db/database.ts';
import type { StorageDriver } from '../storage/storage.ts';
import {
  type AudioRendition,
  masterWithAudio,
  parseMaster,
  playlistFiles,
  type Variant,
} from '../videos/hls-playlists.ts';
import { generationPrefix } from '../videos/keys.ts';
import { walk } from '../videos/video-processor.ts';
import type { VideoRow } from '../videos/videos.repo.ts';
import type { VideoService } from '../videos/videos.service.ts';
import {
  extractOriginalAudio,
  fitLine,
  mixDub,
  NoAudioError,
  packageAudioRendition,
  splitMuxedRung,
} from './dub-media.ts';
import type { Speaker } from './engines/engine.ts';

/**
 * Where a video's dubbing lives in its generation (the pipeline's own files stay as they were, so a video
 * whose last dub is removed plays its own master again):
 *   hls/dub/video/<rung>/   the rungs without their sound (hls.js cannot switch audio away from muxed segments)
 *   hls/dub/orig/           the original sound, as one more audio rendition
 *   hls/dub/split.json      what the two above hold, written last: its presence says they are complete
 *   hls/dub/<lang>-<tag>/   each dubbed language's audio rendition (a new tag each time, as segments are cached for a year)
 *   hls/dub/master.m3u8     the master listing them, which the video then serves
 */
const DUB_DIR = 'hls/dub/';
const PIPELINE_MASTER = 'hls/master.m3u8';
export const DUBBED_MASTER = `${DUB_DIR}master.m3u8`;

type Split = {
  variants: Variant[];
  /** The original sound's rendition and its language, or null for a video without sound. */
  original: { lang: string; bandwidth: number; averageBandwidth: number } | null;
  /** Where the source's time 0 is on the rungs' timeline (dub-media.ts splitMuxedRung). */
  startSec: number;
};

export type DubbedLanguage = { lang: string; label: string; prefix: string };

const contentType = (file: string) => (file.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp4');

async function readText(storage: StorageDriver, key: string) {
  const stored = await storage.get(key);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Copies every file under `dir` to storage below `prefix`; answers their bytes. */
async function upload(storage: StorageDriver, dir: string, prefix: string) {
  let bytes = 0;
  for (const file of await walk(dir)) {
    const local = path.join(dir, file);
    bytes += (await fs.stat(local)).size;
    await storage.putFile(`${prefix}${file}`, local, contentType(file), { final: true });
  }
  return bytes;
}

/**
 * Dubbing a video's generation: a voice line per cue from the speech engine, fitted to its cue and mixed
 * over the original (ducked under the voice), packaged as an HLS audio rendition beside the video-only rungs
 * (dub-media.ts), and the master that offers them. docs/product.md "Speech tasks".
 */
export function createDubber(deps: {
  storage: StorageDriver;
  speaker: Speaker;
  videos: Pick<VideoService, 'useMaster'>;
}) {
  const { storage, speaker } = deps;

  /** Makes the video-only rungs and the original's rendition once per generation; answers what they hold. */
  async function split(video: VideoRow, sourceLang: string, folder: string, signal: AbortSignal): Promise<Split> {
    const base = generationPrefix(video.account_id, video.id, video.generation);
    const done = await readText(storage, `${base}${DUB_DIR}split.json`);
    if (done) return JSON.parse(done) as Split;
    const master = await readText(storage, `${base}${PIPELINE_MASTER}`);
    if (!master) throw new Error('the video has no master playlist');
    const work = path.join(folder, 'split');
    let original: Split['original'] = null;
    let startSec = 0;
    const variants: Variant[] = [];
    for (const variant of parseMaster(master).variants) {
      const rung = path.posix.dirname(variant.uri);
      const rungDir = path.join(work, 'muxed', rung);
      await fs.mkdir(rungDir, { recursive: true });
      const playlist = await readText(storage, `${base}hls/${variant.uri}`);
      if (!playlist) throw new Error(`the rung ${rung} is missing`);
      await fs.writeFile(path.join(rungDir, 'index.m3u8'), playlist);
      for (const file of playlistFiles(playlist)) {
        await storage.downloadToFile(`${base}hls/${rung}/${file}`, path.join(rungDir, file));
      }
      const videoOnly = await splitMuxedRung(rungDir, path.join(work, 'video', rung), signal);
      startSec = videoOnly.startSec;
      const [width, height] = (variant.attributes.RESOLUTION ?? '0x0').split('x').map(Number);
      variants.push({
        uri: `video/${rung}/index.m3u8`,
        width: width ?? 0,
        height: height ?? 0,
        bandwidth: videoOnly.bandwidth,
        averageBandwidth: videoOnly.averageBandwidth,
        codecs: variant.attributes.CODECS,
      });
      if (variants.length === 1) {
        try {
          const sound = await extractOriginalAudio(rungDir, path.join(work, 'orig'), signal);
          original = { lang: sourceLang, bandwidth: sound.bandwidth, averageBandwidth: sound.averageBandwidth };
        } catch (error) {
          if (!(error instanceof NoAudioError)) throw error;
        }
      }
      await fs.rm(rungDir, { recursive: true, force: true });
    }
    await upload(storage, path.join(work, 'video'), `${base}${DUB_DIR}video/`);
    if (original) await upload(storage, path.join(work, 'orig'), `${base}${DUB_DIR}orig/`);
    const made: Split = { variants, original, startSec };
    await storage.put(`${base}${DUB_DIR}split.json`, Buffer.from(JSON.stringify(made)), 'application/json');
    await fs.rm(work, { recursive: true, force: true });
    return made;
  }

  return {
    /**
     * One language's dub, stored in the video's generation and not yet offered: its storage prefix and
     * bytes. `source` is the original upload (its sound is mixed under the voice).
     */
    async dub(options: {
      video: VideoRow;
      source: string;
      sourceLang: string;
      lang: string;
      cues: Cue[];
      tag: string;
      folder: string;
      signal: AbortSignal;
      onProgress: (fraction: number) => Promise<void>;
    }) {
      const { video, lang, cues, folder, signal, onProgress } = options;
      const work = path.join(folder, `dub-${lang}`);
      await fs.mkdir(work, { recursive: true });
      const made = await split(video, options.sourceLang, folder, signal);
      await onProgress(0.1);
      const lines: { wav: string; start: number }[] = [];
      for (const [index, cue] of cues.entries()) {
        const spoken = path.join(work, `line${index}.wav`);
        const fitted = path.join(work, `fit${index}.wav`);
        await speaker.speak(cue.text.replace(/\n/g, ' '), lang, spoken, { signal });
        await fitLine(spoken, cue.end - cue.start, fitted, signal);
        await fs.rm(spoken, { force: true });
        lines.push({ wav: fitted, start: cue.start });
        if (index % 10 === 9) await onProgress(0.1 + (0.7 * (index + 1)) / cues.length);
      }
      const mixed = path.join(work, 'dub.m4a');
      await mixDub({
        original: made.original ? options.source : null,
        lines,
        durationSec: video.duration_sec ?? 0,
        outFile: mixed,
        signal,
      });
      await onProgress(0.9);
      const rendition = path.join(work, 'hls');
      const packaged = await packageAudioRendition(mixed, rendition, signal, { startSec: made.startSec });
      const prefix = `${generationPrefix(video.account_id, video.id, video.generation)}${DUB_DIR}${lang.toLowerCase()}-${options.tag}/`;
      const bytes = await upload(storage, rendition, prefix);
      await fs.rm(work, { recursive: true, force: true });
      return { prefix, bytes, bandwidth: packaged.bandwidth, averageBandwidth: packaged.averageBandwidth };
    },

    /**
     * Writes the master offering the original and every dub of the generation, and has the video serve it;
     * with no dub left, the video serves the pipeline's own master again.
     */
    async offer(video: VideoRow, dubs: DubbedLanguage[], trx?: Db) {
      const base = generationPrefix(video.account_id, video.id, video.generation);
      const done = await readText(storage, `${base}${DUB_DIR}split.json`);
      if (dubs.length === 0 || !done) {
        await deps.videos.useMaster(video.id, video.generation, PIPELINE_MASTER, trx);
        return;
      }
      const made = JSON.parse(done) as Split;
      const renditions: AudioRendition[] = [];
      if (made.original) {
        renditions.push({
          lang: made.original.lang,
          uri: 'orig/index.m3u8',
          isDefault: true,
          bandwidth: made.original.bandwidth,
          averageBandwidth: made.original.averageBandwidth,
        });
      }
      for (const dub of dubs) {
        // Its files' peak rate is about the original's (AAC at the same rate), which counts once per variant.
        renditions.push({
          lang: dub.lang,
          uri: `${dub.prefix.slice(base.length + DUB_DIR.length)}index.m3u8`,
          isDefault: false,
        });
      }
      // A video without sound starts in its first dub.
      if (!made.original && renditions[0]) renditions[0].isDefault = true;
      const master = masterWithAudio(made.variants, { groupId: 'audio', renditions });
      await storage.put(`${base}${DUBBED_MASTER}`, Buffer.from(master), 'application/vnd.apple.mpegurl');
      await deps.videos.useMaster(video.id, video.generation, DUBBED_MASTER, trx);
    },
  };
}
export type Dubber = ReturnType<typeof createDubber>;

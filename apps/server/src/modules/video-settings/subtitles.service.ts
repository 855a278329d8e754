import {
  type Cue,
  cuesField,
  nativeLanguageName,
  parseSubtitles,
  SUBTITLE_LABEL_MAX,
  SUBTITLE_TRACKS_MAX,
  type Subtitle,
  SubtitleParseError,
} from '@leadreel/shared';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SubtitleTable } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { EntitlementsService } from '../entitlements/entitlements.ts';
import type { VideoService } from '../videos/videos.service.ts';
import type { SubtitleRepo } from './subtitles.repo.ts';

/** The public WebVTT of a track; the version in the query changes with every edit, so it caches for a year. */
export const subtitlePath = (videoId: string, subtitleId: string, version: number) =>
  `/media/${videoId}/subtitles/${subtitleId}.vtt?v=${version}`;

const version = (row: Selectable<SubtitleTable>) => row.updated_at.getTime();

function toSubtitle(row: Selectable<SubtitleTable>): Subtitle {
  return {
    subtitleId: row.id,
    videoId: row.video_id,
    lang: row.lang,
    label: row.label,
    isDefault: row.is_default,
    cues: row.cues,
    url: subtitlePath(row.video_id, row.id, version(row)),
  };
}

/**
 * subtitle: per-language tracks a viewer can switch on, uploaded as SRT or WebVTT and edited cue by
 * cue. Stored as cues (not files), so the editor, the WebVTT the player loads and the watch page's
 * transcript all come from one place. Owner only, writes before the Frozen period.
 */
export function createSubtitleService(deps: {
  subtitles: SubtitleRepo;
  videos: Pick<VideoService, 'ownVideo' | 'findById'>;
  entitlements: EntitlementsService;
}) {
  const { subtitles, videos, entitlements } = deps;

  const ownVideo: VideoService['ownVideo'] = (...args) => videos.ownVideo(...args);

  /** A track of the account's own video, else the same 404 as one that never was. */
  async function ownTrack(accountId: string, subtitleId: string) {
    await entitlements.assertFeature(accountId, 'videoSettings');
    const row = await subtitles.findOwned(accountId, subtitleId);
    if (!row) throw notFound('subtitle_not_found', 'subtitleId');
    return row;
  }

  /** The file's cues, held to the editor's own rules so an upload never stores what a save would refuse. */
  function cuesOf(content: string): Cue[] {
    let cues: Cue[];
    try {
      cues = parseSubtitles(content);
    } catch (error) {
      if (error instanceof SubtitleParseError) throw badRequest('subtitle_file_invalid', 'content');
      throw error;
    }
    const checked = cuesField.safeParse(cues);
    if (!checked.success) {
      const message = checked.error.issues[0]?.message;
      throw badRequest(message === 'subtitle_empty' ? 'subtitle_file_invalid' : (message as never), 'content');
    }
    // In time order, as the editor saves them: a file may list overlapping cues in any order.
    return [...checked.data].sort((a, b) => a.start - b.start);
  }

  return {
    async list(accountId: string, videoId: string): Promise<Subtitle[]> {
      await ownVideo(accountId, videoId, 'getData');
      return (await subtitles.listForVideo(videoId)).map(toSubtitle);
    },

    async upload(
      accountId: string,
      input: { videoId: string; lang: string; label: string; fileName: string; content: string },
    ): Promise<Subtitle> {
      const video = await ownVideo(accountId, input.videoId, 'videoSettings');
      if (!/\.(srt|vtt)$/i.test(input.fileName)) throw badRequest('subtitle_file_invalid', 'fileName');
      const cues = cuesOf(input.content);
      if ((await subtitles.countForVideo(video.id)) >= SUBTITLE_TRACKS_MAX) throw conflict('subtitle_tracks_too_many');
      try {
        return toSubtitle(await subtitles.insert({ videoId: video.id, lang: input.lang, label: input.label, cues }));
      } catch (error) {
        if ((error as { code?: string }).code === '23505') {
          throw conflict('subtitle_lang_taken', 'lang');
        }
        throw error;
      }
    },

    /** The editor's save: the whole track's label and cues, in time order. */
    async save(accountId: string, input: { subtitleId: string; label: string; cues: Cue[] }): Promise<Subtitle> {
      await ownTrack(accountId, input.subtitleId);
      const cues = [...input.cues].sort((a, b) => a.start - b.start);
      return toSubtitle(await subtitles.update(input.subtitleId, { label: input.label, cues }));
    },

    async remove(accountId: string, subtitleId: string) {
      await ownTrack(accountId, subtitleId);
      await subtitles.remove(subtitleId);
    },

    /** The track the player turns on by itself (null for none); one per video. */
    async setDefault(accountId: string, videoId: string, subtitleId: string | null): Promise<Subtitle[]> {
      await ownVideo(accountId, videoId, 'videoSettings');
      if (subtitleId) {
        const track = await ownTrack(accountId, subtitleId);
        if (track.video_id !== videoId) throw notFound('subtitle_not_found', 'subtitleId');
      }
      await subtitles.setDefault(videoId, subtitleId);
      return this.list(accountId, videoId);
    },

    /** One of the account's tracks (AI optimise reads it); anyone else's is the same 404 as none. */
    ownOne: async (accountId: string, subtitleId: string) => toSubtitle(await ownTrack(accountId, subtitleId)),

    /** A video's tracks whoever owns it: for a speech task, whose owner was checked when it started. */
    tracksOf: async (videoId: string): Promise<Subtitle[]> => (await subtitles.listForVideo(videoId)).map(toSubtitle),

    /**
     * A track a speech task made, labelled with its language's own name, written in the task's transaction
     * (a canceled task publishes nothing). Its cues must already hold to the editor's rules.
     */
    async publishGenerated(trx: Db, input: { videoId: string; lang: string; cues: Cue[] }) {
      const cues = cuesField.parse(input.cues);
      await subtitles.insert(
        { ...input, cues, label: nativeLanguageName(input.lang).slice(0, SUBTITLE_LABEL_MAX) },
        trx,
      );
    },

    /** A track as WebVTT for the player, when its video is one a viewer can see. */
    publicTrack(videoId: string, subtitleId: string) {
      return subtitles.findPublic(videoId, subtitleId);
    },
  };
}
export type SubtitleService = ReturnType<typeof createSubtitleService>;

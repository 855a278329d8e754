import type { Album, AlbumInput, Video } from '@leadreel/shared';
import { badRequest, notFound, planPeriod } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EntitlementsService } from '../entitlements/entitlements.ts';
import type { AlbumFields, AlbumRepo, AlbumRow } from './albums.repo.ts';

/** Where an album's public page is served, on the installation's address and on the account's custom domains. */
export const albumPath = (id: string) => `/a/${id}`;

type AlbumVideo = Pick<Video, 'videoId' | 'thumbnail'>;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const albumNotFound = () => notFound('album_not_found', 'id');

/**
 * Albums (the console contract's "Video slide", "Video flow" keyed by classifyId): ordered lists of the
 * account's own videos, capped by the plan's videoSlideCount. The rules are docs/product.md "Albums".
 */
export function createAlbumService(deps: {
  repo: AlbumRepo;
  entitlements: EntitlementsService;
  /** The videos module's answer to which of these ids are the account's videos, with their thumbnails. */
  ownVideos: (accountId: string, videoIds: string[]) => Promise<AlbumVideo[]>;
  clock: Clock;
  /** The installation's own address, without a trailing slash. */
  publicUrl: string;
}) {
  const { repo, entitlements, ownVideos, clock, publicUrl } = deps;

  /** The account's videos among `ids`, by id: what is not there was deleted (or never was the account's). */
  async function videosOf(accountId: string, ids: string[]) {
    const found = ids.length === 0 ? [] : await ownVideos(accountId, ids);
    return new Map(found.map((video) => [video.videoId, video]));
  }

  /** An album as its videos stand now: a deleted video drops out, and with it the cover it was. */
  function toAlbum(row: AlbumRow, videos: Map<string, AlbumVideo>): Album {
    const videoIds = row.video_ids.filter((id) => videos.has(id));
    const coverVideoId = row.cover_video_id && videoIds.includes(row.cover_video_id) ? row.cover_video_id : null;
    const thumbnails = [coverVideoId, ...videoIds].map((id) => (id ? videos.get(id)?.thumbnail : null));
    return {
      id: row.id,
      title: row.title,
      videoIds,
      videoCount: videoIds.length,
      coverVideoId,
      coverUrl: thumbnails.find((url) => url) ?? null,
      publicUrl: `${publicUrl}${albumPath(row.id)}`,
      createdAt: seconds(row.created_at),
      updatedAt: seconds(row.updated_at),
    };
  }

  const one = async (accountId: string, row: AlbumRow) => toAlbum(row, await videosOf(accountId, row.video_ids));

  /**
   * What an add or an edit stores: the cover is one of the album's videos, and every video is one of the
   * account's own (another's or a missing one is 404, as for a site's category).
   */
  async function fieldsOf(accountId: string, input: AlbumInput): Promise<AlbumFields> {
    if (input.coverVideoId !== null && !input.videoIds.includes(input.coverVideoId))
      throw badRequest('album_cover_invalid', 'coverVideoId');
    if ((await videosOf(accountId, input.videoIds)).size !== input.videoIds.length)
      throw notFound('video_invalid', 'videoIds');
    return { title: input.title, video_ids: input.videoIds, cover_video_id: input.coverVideoId };
  }

  return {
    /** Open until Clear, as every data call. */
    async list(accountId: string) {
      const rights = await entitlements.of(accountId);
      if (!rights.features.getData) throw planPeriod();
      const rows = await repo.list(accountId);
      const videos = await videosOf(accountId, [...new Set(rows.flatMap((row) => row.video_ids))]);
      return { list: rows.map((row) => toAlbum(row, videos)), cap: rights.caps.videoSlides };
    },

    async detail(accountId: string, id: string) {
      await entitlements.assertFeature(accountId, 'getData');
      const row = await repo.find(accountId, id);
      if (!row) throw albumNotFound();
      return one(accountId, row);
    },

    /** Adding stops from Buffer (docs/product.md "Albums"). */
    async add(accountId: string, input: AlbumInput) {
      const rights = await entitlements.of(accountId);
      if (!rights.features.addSlider) throw planPeriod();
      const fields = await fieldsOf(accountId, input);
      const row = await repo.insert(accountId, fields, rights.caps.videoSlides, clock.now());
      if (row === 'cap') throw badRequest('albums_too_many');
      return one(accountId, row);
    },

    /** Changing stops from Frozen (docs/product.md "Albums"). */
    async edit(accountId: string, id: string, input: AlbumInput) {
      await entitlements.assertFeature(accountId, 'sliderSettings');
      if (!(await repo.find(accountId, id))) throw albumNotFound();
      const row = await repo.update(accountId, id, await fieldsOf(accountId, input), clock.now());
      if (!row) throw albumNotFound();
      return one(accountId, row);
    },

    async remove(accountId: string, id: string) {
      await entitlements.assertFeature(accountId, 'sliderSettings');
      if (!(await repo.remove(accountId, id))) throw albumNotFound();
    },
  };
}
export type AlbumService = ReturnType<typeof createAlbumService>;

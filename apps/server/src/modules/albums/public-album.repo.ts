import { SHOWN_STATUSES } from '@leadreel/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * What an album's public pages read (docs/product.md "Albums"): the album, unless its account is being
 * deleted, and which of its videos can be shown. The videos are read with the album's account, so another
 * account's video id in an album is never shown.
 */
export function createPublicAlbumRepo(db: Db) {
  return {
    /** An album whose account is not scheduled for deletion (a locked account's pages answer 404). */
    album: (id: string) =>
      db
        .selectFrom('album')
        .leftJoin('account_deletion', 'account_deletion.account_id', 'album.account_id')
        .where('account_deletion.account_id', 'is', null)
        .select(['album.id', 'album.account_id', 'album.title', 'album.video_ids', 'album.cover_video_id'])
        .where('album.id', '=', id)
        .executeTakeFirst(),

    /**
     * The album's videos that can play and are shown, in no order: the album's own row joined to its
     * account's videos, so another account's id in it matches nothing.
     */
    async shownVideoIds(albumId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('album')
        .innerJoin('video', (join) => join.on(sql<boolean>`video.id = any(album.video_ids)`))
        .select('video.id')
        .where('album.id', '=', albumId)
        .whereRef('video.account_id', '=', 'album.account_id')
        .where('video.playable', '=', true)
        .where('video.status', 'in', SHOWN_STATUSES)
        .execute();
      return rows.map((row) => row.id);
    },
  };
}
export type PublicAlbumRepo = ReturnType<typeof createPublicAlbumRepo>;

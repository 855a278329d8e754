import { type Cue, SHOWN_STATUSES } from '@leadreel/shared';
import type { Db } from '../../db/database.ts';

/**
 * Kysely queries on `subtitle`: one row per language of a video, its cues as jsonb. Ownership and
 * visibility are read through a join with `video` (read only; the videos module owns it).
 */
export function createSubtitleRepo(db: Db) {
  return {
    /** The track when its video belongs to the account, else undefined. */
    findOwned(accountId: string, subtitleId: string) {
      return db
        .selectFrom('subtitle')
        .innerJoin('video', 'video.id', 'subtitle.video_id')
        .selectAll('subtitle')
        .where('subtitle.id', '=', subtitleId)
        .where('video.account_id', '=', accountId)
        .executeTakeFirst();
    },

    listForVideo(videoId: string) {
      return db.selectFrom('subtitle').selectAll().where('video_id', '=', videoId).orderBy('created_at').execute();
    },

    async countForVideo(videoId: string) {
      const { n } = await db
        .selectFrom('subtitle')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('video_id', '=', videoId)
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    /** Throws PostgreSQL's 23505 when the video already has a track in that language. */
    insert(row: { videoId: string; lang: string; label: string; cues: Cue[] }, trx: Db = db) {
      return trx
        .insertInto('subtitle')
        .values({ video_id: row.videoId, lang: row.lang, label: row.label, cues: JSON.stringify(row.cues) as never })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    update(subtitleId: string, change: { label: string; cues: Cue[] }) {
      return db
        .updateTable('subtitle')
        .set({ label: change.label, cues: JSON.stringify(change.cues) as never, updated_at: new Date() })
        .where('id', '=', subtitleId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async remove(subtitleId: string) {
      await db.deleteFrom('subtitle').where('id', '=', subtitleId).execute();
    },

    /** Makes the track the video's only default, or leaves it with none (null), in one transaction. */
    async setDefault(videoId: string, subtitleId: string | null) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('subtitle')
          .set({ is_default: false })
          .where('video_id', '=', videoId)
          .where('is_default', '=', true)
          .execute();
        if (subtitleId)
          await trx.updateTable('subtitle').set({ is_default: true }).where('id', '=', subtitleId).execute();
      });
    },

    /** A track's cues when its video is one a viewer can see. */
    findPublic(videoId: string, subtitleId: string) {
      return db
        .selectFrom('subtitle')
        .innerJoin('video', 'video.id', 'subtitle.video_id')
        .select(['subtitle.cues', 'subtitle.lang', 'video.account_id as accountId'])
        .where('subtitle.id', '=', subtitleId)
        .where('subtitle.video_id', '=', videoId)
        .where('video.playable', '=', true)
        .where('video.status', 'in', SHOWN_STATUSES)
        .leftJoin('account_deletion', 'account_deletion.account_id', 'video.account_id')
        .where('account_deletion.account_id', 'is', null)
        .executeTakeFirst();
    },
  };
}
export type SubtitleRepo = ReturnType<typeof createSubtitleRepo>;

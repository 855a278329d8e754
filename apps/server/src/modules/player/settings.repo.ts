import type { ContactKind, ContactSettings, SeoPageFields } from '@leadreel/shared';
import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ContactClickTable } from '../../db/schema.ts';

/** Kysely queries on `video_setting`: one row per configured video, a jsonb column per settings screen. */
export function createSettingsRepo(db: Db) {
  /** A video with its settings and its account's embed sites: what a public page is made from. */
  const publicRows = () =>
    db
      .selectFrom('video')
      .leftJoin('video_setting', 'video_setting.video_id', 'video.id')
      .leftJoin('embed_config', 'embed_config.account_id', 'video.account_id')
      .selectAll('video')
      .select([
        'video_setting.seo',
        'video_setting.slug',
        'video_setting.whatsapp',
        'video_setting.telephone',
        'video_setting.email',
        'embed_config.domains as embedDomains',
      ]);

  return {
    find(videoId: string) {
      return db.selectFrom('video_setting').selectAll().where('video_id', '=', videoId).executeTakeFirst();
    },

    /**
     * A video with its settings in one round trip, by id or by slug: what a watch page or embed needs on
     * every view.
     */
    findPublic(ref: { id: string } | { slug: string }) {
      const query = publicRows();
      return (
        'id' in ref ? query.where('video.id', '=', ref.id) : query.where('video_setting.slug', '=', ref.slug)
      ).executeTakeFirst();
    },

    async saveSeo(videoId: string, seo: SeoPageFields) {
      const slug = seo.slug === '' ? null : seo.slug;
      await db
        .insertInto('video_setting')
        .values({ video_id: videoId, seo: seo, slug })
        .onConflict((oc) =>
          oc.column('video_id').doUpdateSet({
            seo: seo,
            slug,
            updated_at: new Date(),
          }),
        )
        .execute();
    },

    /** One contact button's setting (its own jsonb column), creating the row on first save. */
    async saveContact<K extends ContactKind>(videoId: string, kind: K, setting: ContactSettings[K]) {
      await db
        .insertInto('video_setting')
        .values({ video_id: videoId, [kind]: setting })
        .onConflict((oc) => oc.column('video_id').doUpdateSet({ [kind]: setting, updated_at: new Date() }))
        .execute();
    },

    async embedDomains(accountId: string): Promise<string[]> {
      const row = await db
        .selectFrom('embed_config')
        .select('domains')
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return row?.domains ?? [];
    },

    async saveEmbedDomains(accountId: string, domains: string[]) {
      await db
        .insertInto('embed_config')
        .values({ account_id: accountId, domains })
        .onConflict((oc) => oc.column('account_id').doUpdateSet({ domains, updated_at: new Date() }))
        .execute();
    },

    async recordClick(click: Insertable<ContactClickTable>) {
      await db.insertInto('contact_click').values(click).execute();
    },

    /** Watch pages search engines may list: ready videos whose owner did not say noindex. */
    indexable(limit: number) {
      return publicRows()
        .where('video.status', '=', 'ready')
        .where(sql<boolean>`coalesce((video_setting.seo->>'indexable')::boolean, true)`)
        .orderBy('video.updated_at', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
export type SettingsRepo = ReturnType<typeof createSettingsRepo>;

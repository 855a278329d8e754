import type {
  ContactKind,
  ContactSettings,
  InquiryForm,
  OverlayKind,
  OverlaySettings,
  SeoPageFields,
} from '@leadreel/shared';
import type { Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { VideoSettingTable } from '../../db/schema.ts';

/** Each overlay screen's jsonb column on video_setting. */
export const OVERLAY_COLUMNS = {
  branding: 'branding',
  superAction: 'super_action',
  widget: 'widget',
  share: 'share',
} as const satisfies Record<OverlayKind, keyof VideoSettingTable>;

/** A subtitle track as a public page lists it. */
export type PublicTrack = { id: string; lang: string; label: string; isDefault: boolean; version: number };

/** Kysely queries on `video_setting`: one row per configured video, a jsonb column per settings screen. */
export function createSettingsRepo(db: Db) {
  /** A video with its settings and its account's embed sites: what a public page is made from. */
  const publicRows = () =>
    db
      .selectFrom('video')
      .leftJoin('video_setting', 'video_setting.video_id', 'video.id')
      .leftJoin('embed_config', 'embed_config.account_id', 'video.account_id')
      .innerJoin('account', 'account.id', 'video.account_id')
      // An account scheduled for deletion is locked: its pages and embeds answer 404.
      .leftJoin('account_deletion', 'account_deletion.account_id', 'video.account_id')
      .where('account_deletion.account_id', 'is', null)
      .selectAll('video')
      .select((eb) => [
        'video_setting.seo',
        'video_setting.slug',
        'video_setting.whatsapp',
        'video_setting.telephone',
        'video_setting.email',
        'video_setting.branding',
        'video_setting.super_action',
        'video_setting.widget',
        'video_setting.share',
        'video_setting.cover',
        'video_setting.form',
        'embed_config.domains as embedDomains',
        'account.privacy_mode',
        // The tracks for the player, and the default (else first) track's cues for the transcript.
        eb
          .selectFrom('subtitle')
          .whereRef('subtitle.video_id', '=', 'video.id')
          .select(
            sql<
              PublicTrack[]
            >`coalesce(json_agg(json_build_object('id', subtitle.id, 'lang', subtitle.lang, 'label', subtitle.label, 'isDefault', subtitle.is_default, 'version', floor(extract(epoch from subtitle.updated_at) * 1000)::bigint) order by subtitle.is_default desc, subtitle.created_at), '[]')`.as(
              'tracks',
            ),
          )
          .as('tracks'),
        eb
          .selectFrom('subtitle')
          .whereRef('subtitle.video_id', '=', 'video.id')
          .select('subtitle.cues')
          .orderBy('subtitle.is_default', 'desc')
          .orderBy('subtitle.created_at')
          .limit(1)
          .as('transcript'),
        // The dubbed languages of its current media: the player offers them as audio languages.
        eb
          .selectFrom('video_dub')
          .whereRef('video_dub.video_id', '=', 'video.id')
          .whereRef('video_dub.generation', '=', 'video.generation')
          .select(
            sql<
              { lang: string; label: string }[]
            >`coalesce(json_agg(json_build_object('lang', video_dub.lang, 'label', video_dub.label) order by video_dub.created_at), '[]')`.as(
              'dubs',
            ),
          )
          .as('dubs'),
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

    /** The video's inquiry form as saved (the leads module merges it over the default). */
    async form(videoId: string) {
      const row = await db
        .selectFrom('video_setting')
        .select('form')
        .where('video_id', '=', videoId)
        .executeTakeFirst();
      return row?.form;
    },

    async saveForm(videoId: string, form: InquiryForm) {
      const value = JSON.stringify(form) as never;
      await db
        .insertInto('video_setting')
        .values({ video_id: videoId, form: value })
        .onConflict((oc) => oc.column('video_id').doUpdateSet({ form: value, updated_at: new Date() }))
        .execute();
    },

    async saveCover(videoId: string, cover: string | null) {
      await db
        .insertInto('video_setting')
        .values({ video_id: videoId, cover })
        .onConflict((oc) => oc.column('video_id').doUpdateSet({ cover, updated_at: new Date() }))
        .execute();
    },

    /** One overlay screen's setting (its own jsonb column), creating the row on first save. */
    async saveOverlay<K extends OverlayKind>(videoId: string, kind: K, setting: OverlaySettings[K]) {
      const column = OVERLAY_COLUMNS[kind];
      await db
        .insertInto('video_setting')
        .values({ video_id: videoId, [column]: setting })
        .onConflict((oc) => oc.column('video_id').doUpdateSet({ [column]: setting, updated_at: new Date() }))
        .execute();
    },

    /** Copies settings onto many videos at once (kit-clone): all of them or, on any failure, none. */
    async saveMany(rows: { videoId: string; values: Updateable<VideoSettingTable> }[], subtitlesFrom?: string) {
      await db.transaction().execute(async (trx) => {
        for (const { videoId, values } of rows) {
          if (Object.keys(values).length > 0) {
            await trx
              .insertInto('video_setting')
              .values({ video_id: videoId, ...values })
              .onConflict((oc) => oc.column('video_id').doUpdateSet({ ...values, updated_at: new Date() }))
              .execute();
          }
          if (subtitlesFrom) {
            await trx.deleteFrom('subtitle').where('video_id', '=', videoId).execute();
            await trx
              .insertInto('subtitle')
              .columns(['video_id', 'lang', 'label', 'cues', 'is_default'])
              .expression((eb) =>
                eb
                  .selectFrom('subtitle')
                  .select([sql<string>`${videoId}::uuid`.as('video_id'), 'lang', 'label', 'cues', 'is_default'])
                  .where('video_id', '=', subtitlesFrom),
              )
              .execute();
          }
        }
      });
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

    /**
     * Watch pages search engines may list: ready videos whose owner did not say noindex; only the account's
     * when one is given (a custom domain's sitemap).
     */
    indexable(limit: number, accountId: string | null = null) {
      return publicRows()
        .where('video.status', '=', 'ready')
        .$if(accountId !== null, (query) => query.where('video.account_id', '=', accountId as string))
        .where(sql<boolean>`coalesce((video_setting.seo->>'indexable')::boolean, true)`)
        .orderBy('video.updated_at', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
export type SettingsRepo = ReturnType<typeof createSettingsRepo>;

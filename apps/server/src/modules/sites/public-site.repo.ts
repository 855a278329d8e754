import { SHOWN_STATUSES } from '@leadreel/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * What the public site pages read (docs/product.md "Sites"): a site of an account that is not being
 * deleted, its visible categories, and its videos as cards. Every read names the account, so another
 * account's video id in a category is never shown.
 */

/** The Chinese, Japanese and Korean ideographs a search splits into single characters and pairs. */
const IDEOGRAPH = '[\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff]';

export type SearchTerms = {
  /** The words of other scripts, for PostgreSQL's English text search (stemmed: "pumps" finds "pump"). */
  words: string;
  /** Each run of ideographs as its characters' pairs (a lone character as itself), all to be found. */
  grams: string[];
};

/** Splits what a viewer typed into searchable terms; nothing of it reaches SQL but as a bound value. */
export function searchTerms(query: string): SearchTerms {
  const grams = new Set<string>();
  for (const run of query.match(new RegExp(`${IDEOGRAPH}+`, 'gu')) ?? []) {
    const chars = [...run];
    if (chars.length === 1) grams.add(run);
    for (let at = 0; at + 1 < chars.length; at++) grams.add(`${chars[at]}${chars[at + 1]}`);
  }
  const words = query
    .replace(new RegExp(IDEOGRAPH, 'gu'), ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return { words, grams: [...grams].slice(0, 32) };
}

export function createPublicSiteRepo(db: Db) {
  /** A video's searchable text: its SEO title (else its file name) and description. */
  const documentText = sql<string>`coalesce(nullif(video_setting.seo->>'title', ''), video.name) || ' ' || coalesce(video_setting.seo->>'description', '')`;

  /**
   * The site's visible categories' videos that can be shown, a row per category and video: the site's
   * own rows, joined to the account's videos (another account's id in a category matches nothing).
   */
  const categoryVideos = (siteId: string, accountId: string) =>
    db
      .selectFrom('site_category')
      .innerJoin('video', (join) => join.on(sql<boolean>`video.id = any(site_category.video_ids)`))
      .leftJoin('video_setting', 'video_setting.video_id', 'video.id')
      .select([
        'site_category.id as category_id',
        'video.id',
        'video.name',
        'video.media',
        'video.generation',
        'video.duration_sec',
        'video.uploaded_at',
        'video.created_at',
        'video_setting.seo',
        'video_setting.cover',
      ])
      .where('site_category.site_id', '=', siteId)
      .where('site_category.visible', '=', true)
      .where('video.account_id', '=', accountId)
      .where('video.playable', '=', true)
      .where('video.status', 'in', SHOWN_STATUSES);

  return {
    /** A site whose account is not scheduled for deletion (a locked account's pages answer 404). */
    site: (id: string) =>
      db
        .selectFrom('site')
        .leftJoin('account_deletion', 'account_deletion.account_id', 'site.account_id')
        .where('account_deletion.account_id', 'is', null)
        .selectAll('site')
        .where('site.id', '=', id)
        .executeTakeFirst(),

    /** The site a custom domain serves at its root: its brand's first. */
    siteOfDomain: (domainId: string) =>
      db
        .selectFrom('site')
        .innerJoin('brand', 'brand.id', 'site.brand_id')
        .leftJoin('account_deletion', 'account_deletion.account_id', 'site.account_id')
        .where('account_deletion.account_id', 'is', null)
        .where('brand.domain_id', '=', domainId)
        .selectAll('site')
        .orderBy('site.created_at')
        .orderBy('site.id')
        .limit(1)
        .executeTakeFirst(),

    /** The categories viewers may see, in the site's order (a category still needs a video to show). */
    categories: (siteId: string) =>
      db
        .selectFrom('site_category')
        .select(['id', 'name', 'description', 'video_ids'])
        .where('site_id', '=', siteId)
        .where('visible', '=', true)
        .orderBy('position')
        .orderBy('created_at')
        .orderBy('id')
        .execute(),

    /** The videos of the site's visible categories that can be shown, a row per category and video. */
    cards: (siteId: string, accountId: string) => categoryVideos(siteId, accountId).execute(),

    /**
     * The site's videos whose title or description matches, best first (a row per category showing one):
     * English words by
     * PostgreSQL's English full-text search, Chinese by its characters' pairs (PostgreSQL's parsers do not
     * split Chinese into words; pairs are what CJK search engines index without a dictionary).
     */
    async search(siteId: string, accountId: string, terms: SearchTerms, limit: number) {
      if (!terms.words && terms.grams.length === 0) return [];
      const english = sql`to_tsvector('english', ${documentText})`;
      const wordQuery = sql`plainto_tsquery('english', ${terms.words})`;
      const gramDocument = sql`array_to_tsvector(array(
        select distinct substr(doc.text, i, n) from (select ${documentText} as text) doc,
          generate_series(1, char_length(doc.text)) i, (values (1), (2)) lengths(n)
        where substr(doc.text, i, n) ~ ${`^${IDEOGRAPH}{1,2}$`}
      ))`;
      const gramQuery = sql`${terms.grams.map((gram) => `'${gram}'`).join(' & ')}::tsquery`;
      let query = categoryVideos(siteId, accountId);
      if (terms.words) query = query.where(sql<boolean>`${english} @@ ${wordQuery}`);
      if (terms.grams.length > 0) query = query.where(sql<boolean>`${gramDocument} @@ ${gramQuery}`);
      if (terms.words) query = query.orderBy(sql`ts_rank(${english}, ${wordQuery})`, 'desc');
      return query.orderBy('video.created_at', 'desc').limit(limit).execute();
    },
  };
}
export type PublicSiteRepo = ReturnType<typeof createPublicSiteRepo>;
export type CardRow = Awaited<ReturnType<PublicSiteRepo['cards']>>[number];

import { type Selectable, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, SiteCategoryTable, SiteTable } from '../../db/schema.ts';

export type SiteRow = Selectable<SiteTable>;
export type CategoryRow = Selectable<SiteCategoryTable>;
/** What a site's screens save: each jsonb column as its JSON text. */
export type SiteChange = Partial<{
  name: string;
  description: string;
  banner: string | null;
  picture: string | null;
  contact: string;
  home: string;
  sitemap: string;
  navigation: string;
}>;
export type CategoryFields = { name: string; description: string; visible: boolean; video_ids: string[] };

/** Kysely queries on `site` and `site_category`; every read and write names the account. */
export function createSiteRepo(db: Db) {
  /** Holds the account's lock for the rest of the transaction, so two adds at once are counted in turn. */
  const lockAccount = (trx: Transaction<Database>, accountId: string) =>
    sql`select pg_advisory_xact_lock(hashtext(${`site:${accountId}`}))`.execute(trx);

  /** The account's site, locked until the transaction ends so its categories change one writer at a time. */
  const lockSite = (trx: Transaction<Database>, accountId: string, siteId: string) =>
    trx
      .selectFrom('site')
      .select('id')
      .where('account_id', '=', accountId)
      .where('id', '=', siteId)
      .forUpdate()
      .executeTakeFirst();

  const categoriesOf = (executor: Db | Transaction<Database>, accountId: string, siteId: string) =>
    executor
      .selectFrom('site_category')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('site_id', '=', siteId)
      .orderBy('position')
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  return {
    list: (accountId: string) =>
      db
        .selectFrom('site')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),

    find: (accountId: string, id: string) =>
      db.selectFrom('site').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst(),

    /**
     * Adds a site under a brand unless the account already has `max` ('cap'). The brand is the caller's to
     * check; one deleted meanwhile fails the foreign key (site_brand_id_fkey), the caller's to answer.
     */
    insert(accountId: string, brandId: string, fields: Required<SiteChange>, max: number) {
      return db.transaction().execute(async (trx) => {
        await lockAccount(trx, accountId);
        const { n } = await trx
          .selectFrom('site')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('account_id', '=', accountId)
          .executeTakeFirstOrThrow();
        if (Number(n) >= max) return 'cap' as const;
        return trx
          .insertInto('site')
          .values({ ...fields, account_id: accountId, brand_id: brandId })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },

    /** Changes one of the account's sites; undefined when it is not the account's. */
    update: (accountId: string, id: string, change: SiteChange, now: Date) =>
      db
        .updateTable('site')
        .set({ ...change, updated_at: now })
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),

    /**
     * Changes one of the account's sites as `update` does, answering the row as it was too, so the images
     * it no longer shows can go; undefined when it is not the account's.
     */
    replace(accountId: string, id: string, change: SiteChange, now: Date) {
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('site')
          .selectAll()
          .where('account_id', '=', accountId)
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!before) return undefined;
        const after = await trx
          .updateTable('site')
          .set({ ...change, updated_at: now })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return { before, after };
      });
    },

    /** Deletes one of the account's sites; the images it showed, or undefined when it is not the account's. */
    remove: (accountId: string, id: string) =>
      db
        .deleteFrom('site')
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .returning(['banner', 'picture'])
        .executeTakeFirst(),

    /** Whether any site of the account still shows `file` (as its banner or picture). */
    async uses(accountId: string, file: string) {
      const row = await db
        .selectFrom('site')
        .select('id')
        .where('account_id', '=', accountId)
        .where((eb) => eb.or([eb('banner', '=', file), eb('picture', '=', file)]))
        .executeTakeFirst();
      return row !== undefined;
    },

    categories: (accountId: string, siteId: string) => categoriesOf(db, accountId, siteId),

    findCategory: (accountId: string, id: string) =>
      db
        .selectFrom('site_category')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst(),

    /** Adds a category last in one of the account's sites; undefined when the site is not the account's. */
    insertCategory(accountId: string, siteId: string, fields: CategoryFields) {
      return db.transaction().execute(async (trx) => {
        const site = await lockSite(trx, accountId, siteId);
        if (!site) return undefined;
        const { last } = await trx
          .selectFrom('site_category')
          .select((eb) => eb.fn.max<number | null>('position').as('last'))
          .where('site_id', '=', siteId)
          .executeTakeFirstOrThrow();
        return trx
          .insertInto('site_category')
          .values({ ...fields, account_id: accountId, site_id: siteId, position: (last ?? -1) + 1 })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },

    updateCategory: (accountId: string, id: string, fields: CategoryFields) =>
      db
        .updateTable('site_category')
        .set(fields)
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),

    removeCategory: (accountId: string, id: string) =>
      db
        .deleteFrom('site_category')
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),

    /**
     * Puts a site's categories in the order of `ids`: 'missing' when the site is not the account's,
     * 'mismatch' unless `ids` names each of its categories exactly once; else the categories in order.
     */
    orderCategories(accountId: string, siteId: string, ids: string[]) {
      return db.transaction().execute(async (trx) => {
        const site = await lockSite(trx, accountId, siteId);
        if (!site) return 'missing' as const;
        const current = await categoriesOf(trx, accountId, siteId);
        const known = new Set(current.map((row) => row.id));
        if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id)))
          return 'mismatch' as const;
        for (const [position, id] of ids.entries()) {
          await trx.updateTable('site_category').set({ position }).where('id', '=', id).execute();
        }
        return categoriesOf(trx, accountId, siteId);
      });
    },
  };
}
export type SiteRepo = ReturnType<typeof createSiteRepo>;

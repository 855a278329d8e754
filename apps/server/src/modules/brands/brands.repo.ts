import { type Insertable, type Selectable, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { BrandTable, Database } from '../../db/schema.ts';

export type BrandRow = Selectable<BrandTable>;
/** A brand as the console lists it: with its domain's name, null once the domain is removed. */
export type ListedBrand = BrandRow & { domain: string | null };
export type BrandFields = Pick<
  Insertable<BrandTable>,
  'name' | 'logo' | 'favicon' | 'page_background_color' | 'button_color' | 'button_font_color' | 'domain_id'
>;

/**
 * Kysely queries on `brand`; every read and write of an account's brands names the account.
 * `custom_domain` (the domains module's) is only joined, to filter brands by their domain's owner or to
 * name it (docs/decisions/0020-one-owner-per-table.md).
 */
export function createBrandRepo(db: Db) {
  const listed = (executor: Db | Transaction<Database>) =>
    executor
      .selectFrom('brand')
      .leftJoin('custom_domain', 'custom_domain.id', 'brand.domain_id')
      .selectAll('brand')
      .select('custom_domain.domain');

  /** The brand's view of one of the account's domains: undefined when it is not the account's. */
  const domainSlot = (trx: Transaction<Database>, accountId: string, domainId: string) =>
    trx
      .selectFrom('brand')
      .rightJoin('custom_domain', 'custom_domain.id', 'brand.domain_id')
      .select(['custom_domain.id as domainId', 'brand.id as brandId'])
      .where('custom_domain.id', '=', domainId)
      .where('custom_domain.account_id', '=', accountId)
      .executeTakeFirst();

  /** Holds the account's lock for the rest of the transaction, so two saves at once are taken in turn. */
  const lockAccount = (trx: Transaction<Database>, accountId: string) =>
    sql`select pg_advisory_xact_lock(hashtext(${`brand:${accountId}`}))`.execute(trx);

  return {
    list: (accountId: string): Promise<ListedBrand[]> =>
      listed(db).where('brand.account_id', '=', accountId).orderBy('brand.created_at').orderBy('brand.id').execute(),

    find: (accountId: string, id: string) =>
      db.selectFrom('brand').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst(),

    /**
     * Adds a brand on one of the account's domains, unless the account already has `max`: 'cap', 'domain'
     * (not the account's domain, or no such domain) or 'taken' (the domain has a brand) when it cannot.
     * A unique violation from a save racing this one is the caller's to answer.
     */
    insert(accountId: string, fields: BrandFields, max: number) {
      return db.transaction().execute(async (trx) => {
        await lockAccount(trx, accountId);
        const { n } = await trx
          .selectFrom('brand')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('account_id', '=', accountId)
          .executeTakeFirstOrThrow();
        if (Number(n) >= max) return 'cap' as const;
        const slot = fields.domain_id ? await domainSlot(trx, accountId, fields.domain_id) : undefined;
        if (!slot) return 'domain' as const;
        if (slot.brandId) return 'taken' as const;
        const { id } = await trx
          .insertInto('brand')
          .values({ ...fields, account_id: accountId })
          .returning('id')
          .executeTakeFirstOrThrow();
        return (await listed(trx).where('brand.id', '=', id).executeTakeFirstOrThrow()) as ListedBrand;
      });
    },

    /** Changes one of the account's brands; 'missing', 'domain' or 'taken' as `insert` says, else both rows. */
    update(accountId: string, id: string, fields: BrandFields, now: Date) {
      return db.transaction().execute(async (trx) => {
        await lockAccount(trx, accountId);
        const before = await trx
          .selectFrom('brand')
          .selectAll()
          .where('account_id', '=', accountId)
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!before) return 'missing' as const;
        const slot = fields.domain_id ? await domainSlot(trx, accountId, fields.domain_id) : undefined;
        if (!slot) return 'domain' as const;
        if (slot.brandId && slot.brandId !== id) return 'taken' as const;
        await trx
          .updateTable('brand')
          .set({ ...fields, updated_at: now })
          .where('account_id', '=', accountId)
          .where('id', '=', id)
          .execute();
        const after = (await listed(trx).where('brand.id', '=', id).executeTakeFirstOrThrow()) as ListedBrand;
        return { before, after };
      });
    },

    /** Deletes one of the account's brands; the row it was, or undefined. */
    remove: (accountId: string, id: string) =>
      db.deleteFrom('brand').where('account_id', '=', accountId).where('id', '=', id).returningAll().executeTakeFirst(),

    /** Whether any brand of the account still shows `file` (as its logo or favicon). */
    async uses(accountId: string, file: string) {
      const row = await db
        .selectFrom('brand')
        .select('id')
        .where('account_id', '=', accountId)
        .where((eb) => eb.or([eb('logo', '=', file), eb('favicon', '=', file)]))
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The brand of a domain, for the pages served on it. */
    forDomain: (domainId: string) =>
      db.selectFrom('brand').selectAll().where('domain_id', '=', domainId).executeTakeFirst(),

    byId: (id: string) => db.selectFrom('brand').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Moves a domain's brand to the domain replacing it, inside the transaction that swaps the two. */
    followDomain: (trx: Transaction<Database>, fromId: string, toId: string) =>
      trx.updateTable('brand').set({ domain_id: toId }).where('domain_id', '=', fromId).execute(),
  };
}
export type BrandRepo = ReturnType<typeof createBrandRepo>;

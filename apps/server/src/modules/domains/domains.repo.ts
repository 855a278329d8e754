import { type Insertable, type Selectable, sql, type Transaction, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CustomDomainTable, Database } from '../../db/schema.ts';

export type DomainRow = Selectable<CustomDomainTable>;
type DomainChange = Updateable<CustomDomainTable>;

/** The unique index on `custom_domain.domain`: a domain belongs to one account, in any state. */
const DOMAIN_UNIQUE = 'custom_domain_domain_key';

const isTaken = (error: unknown) =>
  (error as { code?: string }).code === '23505' && (error as { constraint?: string }).constraint === DOMAIN_UNIQUE;

/** Kysely queries on `custom_domain`; every read or change for the console names the account. */
export function createDomainRepo(db: Db) {
  return {
    list: (accountId: string) =>
      db
        .selectFrom('custom_domain')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),

    find: (accountId: string, id: string) =>
      db
        .selectFrom('custom_domain')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst(),

    findById: (id: string) => db.selectFrom('custom_domain').selectAll().where('id', '=', id).executeTakeFirst(),

    /**
     * Adds a domain unless the account already holds `max` (every state counts); 'cap' when it does,
     * 'taken' when any account holds the name. The count and the insert hold the account's lock, so two
     * adds at once cannot both take the last place; the name's uniqueness is the index's, not a read's.
     */
    insertUnderCap(row: Insertable<CustomDomainTable>, max: number) {
      return db
        .transaction()
        .execute(async (trx) => {
          await sql`select pg_advisory_xact_lock(hashtext(${`custom_domain:${row.account_id}`}))`.execute(trx);
          const { n } = await trx
            .selectFrom('custom_domain')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('account_id', '=', row.account_id)
            .executeTakeFirstOrThrow();
          if (Number(n) >= max) return 'cap' as const;
          return trx.insertInto('custom_domain').values(row).returningAll().executeTakeFirstOrThrow();
        })
        .catch((error: unknown) => {
          if (isTaken(error)) return 'taken' as const;
          throw error;
        });
    },

    /** Changes one of the account's domains while it is in one of `states`; undefined otherwise. */
    changeIn: (accountId: string, id: string, states: DomainRow['status'][], change: DomainChange) =>
      db
        .updateTable('custom_domain')
        .set(change)
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .where('status', 'in', states)
        .returningAll()
        .executeTakeFirst(),

    change: (accountId: string, id: string, change: DomainChange) =>
      db
        .updateTable('custom_domain')
        .set(change)
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),

    remove: (accountId: string, id: string) =>
      db
        .deleteFrom('custom_domain')
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),

    /**
     * Takes up to `limit` domains whose check is due, pushing their next check `leaseMs` ahead so another
     * run leaves them alone; a worker that dies mid-check leaves them due again after the lease.
     */
    claimDue: (now: Date, leaseMs: number, limit: number) =>
      db
        .updateTable('custom_domain')
        .set({ next_check_at: new Date(now.getTime() + leaseMs) })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('custom_domain')
            .select('id')
            .where('next_check_at', '<=', now)
            .orderBy('next_check_at')
            .limit(limit)
            .forUpdate()
            .skipLocked(),
        )
        .returningAll()
        .execute(),

    /**
     * Records a check's result on a domain still as the check read it: its state, token and attempts (not
     * removed, canceled, retried or recorded by another check meanwhile).
     */
    recordCheck: (row: Pick<DomainRow, 'id' | 'status' | 'token' | 'attempts'>, change: DomainChange) =>
      db
        .updateTable('custom_domain')
        .set(change)
        .where('id', '=', row.id)
        .where('status', '=', row.status)
        .where('token', '=', row.token)
        .where('attempts', '=', row.attempts)
        .returningAll()
        .executeTakeFirst(),

    /**
     * A verifying domain proven: it serves from now on and, when it replaces another, that one is deleted
     * in the same transaction, so exactly one of the two serves at any moment. Answers the domain and the
     * one it replaced, or undefined when it was no longer verifying (canceled, removed, re-added).
     */
    verify: (
      row: Pick<DomainRow, 'id' | 'token'>,
      change: DomainChange,
      /** What else moves from the replaced domain to this one (its brand), in the same transaction. */
      followReplaced: (trx: Transaction<Database>, fromId: string, toId: string) => Promise<unknown>,
    ) =>
      db.transaction().execute(async (trx) => {
        const verified = await trx
          .updateTable('custom_domain')
          .set({ ...change, status: 'verified', active: true })
          .where('id', '=', row.id)
          .where('status', '=', 'verifying')
          .where('token', '=', row.token)
          .returningAll()
          .executeTakeFirst();
        if (!verified) return undefined;
        if (verified.replaces_id) await followReplaced(trx, verified.replaces_id, verified.id);
        const replaced = verified.replaces_id
          ? await trx
              .deleteFrom('custom_domain')
              .where('id', '=', verified.replaces_id)
              .where('account_id', '=', verified.account_id)
              .returningAll()
              .executeTakeFirst()
          : undefined;
        // The foreign key set replaces_id to null with the delete.
        return { domain: { ...verified, replaces_id: null }, replaced };
      }),

    /** The active domain `host`, for every request to a custom domain: the unique index, no more. */
    activeByHost: (host: string) =>
      db
        .selectFrom('custom_domain')
        .select(['id', 'account_id', 'domain', 'folder_id', 'favicon'])
        .where('domain', '=', host)
        .where('active', '=', true)
        .executeTakeFirst(),

    activeForAccount: (accountId: string) =>
      db
        .selectFrom('custom_domain')
        .select(['id', 'domain', 'folder_id'])
        .where('account_id', '=', accountId)
        .where('active', '=', true)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),

    /** Caddy's question: is `domain` verified and serving? */
    /** The account of the verified, serving domain `domain`, or null. */
    async verifiedAndActive(domain: string) {
      const row = await db
        .selectFrom('custom_domain')
        .select('account_id')
        .where('domain', '=', domain)
        .where('active', '=', true)
        .where('status', '=', 'verified')
        .executeTakeFirst();
      return row?.account_id ?? null;
    },
  };
}
export type DomainRepo = ReturnType<typeof createDomainRepo>;

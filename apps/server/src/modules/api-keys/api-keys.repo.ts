import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ApiKeyTable } from '../../db/schema.ts';

export type ApiKeyRow = Selectable<ApiKeyTable>;

/** What the console lists of a key: never its hash. */
const LISTED = ['id', 'name', 'prefix', 'created_at', 'last_used_at'] as const;

/** Kysely queries on `api_key`; every read of an account's keys names the account. Revoked keys are not live. */
export function createApiKeyRepo(db: Db) {
  return {
    list(accountId: string) {
      return db
        .selectFrom('api_key')
        .select(LISTED)
        .where('account_id', '=', accountId)
        .where('revoked_at', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /**
     * Adds a key unless the account already has `max` live ones; undefined when it has. The count and the
     * insert hold the account's lock, so two requests at once cannot both take the last place.
     */
    createUnderCap(row: { account_id: string; name: string; prefix: string; secret_hash: Buffer }, max: number) {
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${`api_key:${row.account_id}`}))`.execute(trx);
        const { n } = await trx
          .selectFrom('api_key')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('account_id', '=', row.account_id)
          .where('revoked_at', 'is', null)
          .executeTakeFirstOrThrow();
        if (Number(n) >= max) return undefined;
        return trx.insertInto('api_key').values(row).returning(LISTED).executeTakeFirstOrThrow();
      });
    },

    /** Puts a new secret in place of a live key's old one, which stops matching at once. */
    replaceSecret(accountId: string, id: string, secret: { prefix: string; secret_hash: Buffer }) {
      return db
        .updateTable('api_key')
        .set({ ...secret, last_used_at: null })
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .returning(LISTED)
        .executeTakeFirst();
    },

    async revoke(accountId: string, id: string, now: Date) {
      const result = await db
        .updateTable('api_key')
        .set({ revoked_at: now })
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async revokeAll(accountId: string, now: Date) {
      await db
        .updateTable('api_key')
        .set({ revoked_at: now })
        .where('account_id', '=', accountId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** The live key whose secret hashes to `hash`. */
    findLive(hash: Buffer) {
      return db
        .selectFrom('api_key')
        .select(['id', 'account_id', 'last_used_at'])
        .where('secret_hash', '=', hash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
    },

    async touch(id: string, now: Date) {
      await db.updateTable('api_key').set({ last_used_at: now }).where('id', '=', id).execute();
    },

    /** Forgets keys revoked before `before`. */
    async prune(before: Date) {
      await db.deleteFrom('api_key').where('revoked_at', '<', before).execute();
    },
  };
}
export type ApiKeyRepo = ReturnType<typeof createApiKeyRepo>;

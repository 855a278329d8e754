import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Sessions and verification codes: SQL only, rules live in the services. */
export function createAuthRepo(db: Db) {
  return {
    insertSession(accountId: string, tokenHash: string, now: Date, expiresAt: Date) {
      return db
        .insertInto('session')
        .values({ account_id: accountId, token_hash: tokenHash, last_used_at: now, expires_at: expiresAt })
        .returning('id')
        .executeTakeFirstOrThrow();
    },

    findSessionByHash(tokenHash: string) {
      return (
        db
          .selectFrom('session')
          // An account scheduled for deletion is locked (modules/account-deletion): read with the session.
          .leftJoin('account_deletion', 'account_deletion.account_id', 'session.account_id')
          .select(['session.id', 'session.account_id', 'last_used_at', 'expires_at', 'revoked_at'])
          .select((eb) => eb('account_deletion.account_id', 'is not', null).$castTo<boolean>().as('locked'))
          .where('token_hash', '=', tokenHash)
          .executeTakeFirst()
      );
    },

    touchSession(id: string, now: Date) {
      return db.updateTable('session').set({ last_used_at: now }).where('id', '=', id).execute();
    },

    revokeSession(id: string, now: Date) {
      return db
        .updateTable('session')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },

    revokeAccountSessions(accountId: string, now: Date, exceptSessionId?: string) {
      let query = db
        .updateTable('session')
        .set({ revoked_at: now })
        .where('account_id', '=', accountId)
        .where('revoked_at', 'is', null);
      if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
      return query.execute();
    },

    /** Serialises code requests for one address and scene, so the resend rule holds across processes. */
    async lockCodeSlot(trx: Db, email: string, scene: string, requester: string | null) {
      await sql`select pg_advisory_xact_lock(hashtext(${`code:${scene}:${email}:${requester ?? ''}`}))`.execute(trx);
    },

    /** The newest code of an address and scene; for reset codes, of the browser that asked for it. */
    latestCode(email: string, scene: string, requester: string | null, trx: Db = db) {
      return trx
        .selectFrom('verification_code')
        .select(['id', 'code_hash', 'attempts', 'created_at', 'expires_at', 'consumed_at'])
        .where('email', '=', email)
        .where('scene', '=', scene)
        .where(sql<boolean>`requester is not distinct from ${requester}`)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** A live code of the address and scene, asked for by any browser, with this hash. */
    liveCodeByHash(email: string, scene: string, codeHash: string, maxAttempts: number, now: Date) {
      return db
        .selectFrom('verification_code')
        .select('id')
        .where('email', '=', email)
        .where('scene', '=', scene)
        .where('code_hash', '=', codeHash)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', now)
        .where('attempts', '<', maxAttempts)
        .executeTakeFirst();
    },

    /** The newest code of an address and scene, whichever browser asked for it. */
    newestCodeOfAnyone(email: string, scene: string) {
      return db
        .selectFrom('verification_code')
        .select(['id', 'code_hash', 'attempts', 'created_at', 'expires_at', 'consumed_at'])
        .where('email', '=', email)
        .where('scene', '=', scene)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    async replaceCode(
      trx: Db,
      email: string,
      scene: string,
      requester: string | null,
      codeHash: string,
      now: Date,
      expiresAt: Date,
    ) {
      await trx
        .updateTable('verification_code')
        .set({ consumed_at: now })
        .where('email', '=', email)
        .where('scene', '=', scene)
        .where(sql<boolean>`requester is not distinct from ${requester}`)
        .where('consumed_at', 'is', null)
        .execute();
      return trx
        .insertInto('verification_code')
        .values({ email, scene, requester, code_hash: codeHash, created_at: now, expires_at: expiresAt })
        .returning('id')
        .executeTakeFirstOrThrow();
    },

    deleteCode(id: string) {
      return db.deleteFrom('verification_code').where('id', '=', id).execute();
    },

    /** Counts a wrong guess; answers the attempts made so far. */
    async countWrongAttempt(id: string) {
      const row = await db
        .updateTable('verification_code')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .returning('attempts')
        .executeTakeFirst();
      return row?.attempts ?? Number.POSITIVE_INFINITY;
    },

    /** Marks a code used; false when another request used or burned it first. */
    async consumeCode(trx: Db, id: string, maxAttempts: number, now: Date) {
      const row = await trx
        .updateTable('verification_code')
        .set({ consumed_at: now })
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .where('attempts', '<', maxAttempts)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** When the bucket is locked at `now`, until when; else null. */
    async throttleLockedUntil(key: string, now: Date): Promise<Date | null> {
      const row = await db
        .selectFrom('auth_throttle')
        .select('locked_until')
        .where('key', '=', key)
        .where('locked_until', '>', now)
        .executeTakeFirst();
      return row?.locked_until ?? null;
    },

    /**
     * Counts one hit in the bucket's fixed window (a new window starts when the last one is over); the hit
     * that reaches `lockAt` locks the bucket for one window from now. Answers the window's hits.
     */
    async countThrottleHit(key: string, now: Date, windowMs: number, lockAt: number): Promise<number> {
      const window = sql`${windowMs} * interval '1 millisecond'`;
      const expired = sql`auth_throttle.window_start + ${window} <= ${now}`;
      const hits = sql<number>`case when ${expired} then 1 else auth_throttle.hits + 1 end`;
      const row = await db
        .insertInto('auth_throttle')
        .values({
          key,
          window_start: now,
          hits: 1,
          locked_until: lockAt <= 1 ? sql<Date>`${now}::timestamptz + ${window}` : null,
        })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            hits,
            window_start: sql<Date>`case when ${expired} then ${now}::timestamptz else auth_throttle.window_start end`,
            locked_until: sql<Date | null>`case when ${hits} >= ${lockAt} then ${now}::timestamptz + ${window}
              else auth_throttle.locked_until end`,
          }),
        )
        .returning('hits')
        .executeTakeFirstOrThrow();
      return row.hits;
    },

    clearThrottle(key: string) {
      return db.deleteFrom('auth_throttle').where('key', '=', key).execute();
    },

    deleteExpired(now: Date, sessionIdleCutoff: Date) {
      return Promise.all([
        db
          .deleteFrom('session')
          .where((eb) =>
            eb.or([
              eb('expires_at', '<', now),
              eb('revoked_at', 'is not', null),
              eb('last_used_at', '<', sessionIdleCutoff),
            ]),
          )
          .execute(),
        db.deleteFrom('verification_code').where('expires_at', '<', now).execute(),
        db
          .deleteFrom('rate_limit')
          .where('window_start', '<', new Date(now.getTime() - 24 * 3600_000))
          .execute(),
        db
          .deleteFrom('auth_throttle')
          .where('window_start', '<', new Date(now.getTime() - 24 * 3600_000))
          .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
          .execute(),
      ]);
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;

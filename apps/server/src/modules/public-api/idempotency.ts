import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, unprocessable } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';

/** How long a key's first answer is kept for retries (Stripe keeps 24 hours too). */
export const IDEMPOTENCY_KEPT_MS = 24 * 3600_000;
/** A claim this old without an answer belongs to a process that died mid-request: a retry may take it. */
export const IDEMPOTENCY_STALE_MS = 5 * 60_000;

/** Visible ASCII, as Stripe and the IETF draft (draft-ietf-httpapi-idempotency-key-header) expect. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export type Answer = { status: number; body: unknown };

/** The key a request carries, or undefined; a malformed one is a 400, not silently ignored. */
export function idempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw badRequest('idempotency_key_invalid');
  return header;
}

/** What makes two requests the same: the route and the validated body (its keys in the schema's order). */
export const requestHash = (route: string, body: unknown) =>
  createHash('sha256')
    .update(`${route}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');

/**
 * Runs a create once per idempotency key of an account. The first request claims the key with a row; a
 * retry with the same request gets the stored answer, one with a different request is refused (422), and
 * one while the first is still running is told to wait (409). A failed create releases the key, so the
 * client's retry runs it again.
 */
export function createIdempotency(db: Db, clock: Clock) {
  const where = (accountId: string, key: string) =>
    db.selectFrom('api_idempotency').where('account_id', '=', accountId).where('idempotency_key', '=', key);

  async function claim(accountId: string, key: string, hash: string) {
    const now = clock.now();
    // A claim left by a crash, or an answer past its day, no longer holds the key.
    await db
      .deleteFrom('api_idempotency')
      .where('account_id', '=', accountId)
      .where('idempotency_key', '=', key)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', 'is', null), eb('created_at', '<', new Date(now.getTime() - IDEMPOTENCY_STALE_MS))]),
          eb('created_at', '<', new Date(now.getTime() - IDEMPOTENCY_KEPT_MS)),
        ]),
      )
      .execute();
    const claimed = await db
      .insertInto('api_idempotency')
      .values({ account_id: accountId, idempotency_key: key, request_hash: hash, created_at: now })
      .onConflict((oc) => oc.doNothing())
      .returning('account_id')
      .executeTakeFirst();
    return claimed !== undefined;
  }

  return {
    async run(
      accountId: string,
      key: string,
      hash: string,
      work: () => Promise<Answer>,
    ): Promise<Answer & { replayed: boolean }> {
      if (!(await claim(accountId, key, hash))) {
        const row = await where(accountId, key).select(['request_hash', 'status', 'response']).executeTakeFirst();
        if (!row) throw conflict('idempotency_key_in_progress');
        if (row.request_hash !== hash) throw unprocessable('idempotency_key_reused', 'Idempotency-Key');
        if (row.status === null) throw conflict('idempotency_key_in_progress');
        return { status: row.status, body: row.response === null ? null : JSON.parse(row.response), replayed: true };
      }
      let answer: Answer;
      try {
        answer = await work();
      } catch (error) {
        await db
          .deleteFrom('api_idempotency')
          .where('account_id', '=', accountId)
          .where('idempotency_key', '=', key)
          .execute();
        throw error;
      }
      await db
        .updateTable('api_idempotency')
        .set({ status: answer.status, response: JSON.stringify(answer.body ?? null) })
        .where('account_id', '=', accountId)
        .where('idempotency_key', '=', key)
        .execute();
      return { ...answer, replayed: false };
    },

    /** Forgets answers past their day (the maintenance sweep). */
    sweep: () =>
      db
        .deleteFrom('api_idempotency')
        .where('created_at', '<', new Date(clock.now().getTime() - IDEMPOTENCY_KEPT_MS))
        .execute(),
  };
}
export type Idempotency = ReturnType<typeof createIdempotency>;

import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_MAX_ATTEMPTS, CODE_RESEND_SECONDS, CODE_TTL_SECONDS, type CodeScene } from '@leadreel/shared';
import type { Db, Transact } from '../../db/database.ts';
import { badRequest, tooManyRequests } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuthRepo } from './auth.repo.ts';

function hashCode(email: string, scene: string, code: string): Buffer {
  return createHash('sha256').update(`${scene}\n${email}\n${code}`).digest();
}

/** Wrong tries at codes asked for by other browsers: CODE_MAX_ATTEMPTS per address within this window. */
export const CODE_FOREIGN_WINDOW_MS = 60 * 60_000;

type CodeRow = { consumed_at: Date | null; expires_at: Date; attempts: number };

/** Why a code can no longer be used, or null while it can. */
function refusal(row: CodeRow, now: Date): 'code_used' | 'code_expired' | 'code_attempts_exceeded' | null {
  if (row.attempts >= CODE_MAX_ATTEMPTS) return 'code_attempts_exceeded';
  if (row.consumed_at) return 'code_used';
  if (row.expires_at.getTime() <= now.getTime()) return 'code_expired';
  return null;
}

/**
 * Six-digit email codes: valid 10 minutes, one send per 60 seconds per address and scene, burned after
 * 5 wrong tries. Only a hash is stored. Reset and sign-in codes also belong to the browser that
 * asked for them (`requester`): the rules above then hold per browser, so nobody else can burn or replace
 * them. A reset code still works in any browser (see `check`).
 */
export function createVerificationService(deps: { transaction: Transact; repo: AuthRepo; clock: Clock }) {
  const { transaction, repo, clock } = deps;

  return {
    /**
     * Stores a new code and hands it to `deliver` inside the same transaction: when delivery fails the
     * code is rolled back, so the user may ask again at once. `deliver` receives null when no code is to
     * be sent (the address has no account, or already has one), so timing and answers do not differ.
     */
    async issue(
      email: string,
      scene: CodeScene,
      deliver: (code: string | null) => Promise<void>,
      shouldSendCode: boolean,
      requester: string | null = null,
    ): Promise<{ resendAfter: number }> {
      await transaction(async (trx) => {
        await repo.lockCodeSlot(trx, email, scene, requester);
        const now = clock.now();
        const latest = await repo.latestCode(email, scene, requester, trx);
        if (latest) {
          const waitMs = latest.created_at.getTime() + CODE_RESEND_SECONDS * 1000 - now.getTime();
          if (waitMs > 0) throw tooManyRequests('code_resend_too_soon', waitMs / 1000);
        }
        const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
        await repo.replaceCode(
          trx,
          email,
          scene,
          requester,
          // Without a code to send we still store a row, so the resend rule applies the same way.
          hashCode(email, scene, shouldSendCode ? code : `x${code}`).toString('hex'),
          now,
          new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
        );
        await deliver(shouldSendCode ? code : null);
      });
      return { resendAfter: CODE_RESEND_SECONDS };
    },

    /**
     * Checks a code and, when right, consumes it inside `trx` so that the action it guards and the
     * consumption commit together. A wrong try is counted outside any transaction, so it sticks.
     *
     * With `anyBrowser` (reset codes: the owner reads mail wherever they like) a code asked for by another
     * browser is taken too. Misses of such cross-browser tries share one allowance per address, so a guesser
     * cannot multiply their tries by asking for codes of their own; the asking browser's own code stays
     * usable when that allowance is spent. A refusal names its real reason.
     */
    async check(
      email: string,
      scene: CodeScene,
      code: string,
      requester: string | null = null,
      options: { anyBrowser?: boolean } = {},
    ): Promise<string> {
      const now = clock.now();
      const hash = hashCode(email, scene, code);
      const own = await repo.latestCode(email, scene, requester);
      const ownLive = own !== undefined && refusal(own, now) === null;
      if (own && ownLive && timingSafeEqual(Buffer.from(own.code_hash, 'hex'), hash)) return own.id;

      const foreignKey = `code-foreign:${scene}:${email}`;
      const foreignLockedUntil = options.anyBrowser ? await repo.throttleLockedUntil(foreignKey, now) : null;
      if (options.anyBrowser && !foreignLockedUntil) {
        const other = await repo.liveCodeByHash(email, scene, hash.toString('hex'), CODE_MAX_ATTEMPTS, now);
        if (other) return other.id;
        await repo.countThrottleHit(foreignKey, now, CODE_FOREIGN_WINDOW_MS, CODE_MAX_ATTEMPTS);
      }

      if (own && ownLive) {
        const attempts = await repo.countWrongAttempt(own.id);
        throw badRequest(attempts >= CODE_MAX_ATTEMPTS ? 'code_attempts_exceeded' : 'code_incorrect', 'code');
      }
      if (own) throw badRequest(refusal(own, now) ?? 'code_incorrect', 'code');
      if (foreignLockedUntil) {
        throw tooManyRequests('code_tries_locked', (foreignLockedUntil.getTime() - now.getTime()) / 1000);
      }
      const newest = options.anyBrowser ? await repo.newestCodeOfAnyone(email, scene) : undefined;
      if (!newest) throw badRequest('code_not_requested', 'code');
      throw badRequest(refusal(newest, now) ?? 'code_incorrect', 'code');
    },

    async consume(trx: Db, codeId: string): Promise<void> {
      if (!(await repo.consumeCode(trx, codeId, CODE_MAX_ATTEMPTS, clock.now()))) {
        throw badRequest('code_used', 'code');
      }
    },
  };
}
export type VerificationService = ReturnType<typeof createVerificationService>;

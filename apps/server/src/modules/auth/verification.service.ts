import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_MAX_ATTEMPTS, CODE_RESEND_SECONDS, CODE_TTL_SECONDS, type CodeScene } from '@leadreel/shared';
import type { Db, Transact } from '../../db/database.ts';
import { badRequest, tooManyRequests } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuthRepo } from './auth.repo.ts';

function hashCode(email: string, scene: string, code: string): Buffer {
  return createHash('sha256').update(`${scene}\n${email}\n${code}`).digest();
}

/**
 * Six-digit email codes: valid 10 minutes, one send per 60 seconds per address and scene, burned after
 * 5 wrong tries. Only a hash is stored. A reset code also belongs to the browser that asked
 * for it (`requester`): the rules above then hold per browser, so nobody else can burn or replace it.
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
     */
    async check(email: string, scene: CodeScene, code: string, requester: string | null = null): Promise<string> {
      const latest = await repo.latestCode(email, scene, requester);
      const now = clock.now();
      if (
        !latest ||
        latest.consumed_at ||
        latest.expires_at.getTime() <= now.getTime() ||
        latest.attempts >= CODE_MAX_ATTEMPTS
      ) {
        throw badRequest('code_expired', 'code');
      }
      const expected = Buffer.from(latest.code_hash, 'hex');
      if (!timingSafeEqual(expected, hashCode(email, scene, code))) {
        const attempts = await repo.countWrongAttempt(latest.id);
        throw badRequest(attempts >= CODE_MAX_ATTEMPTS ? 'code_expired' : 'code_incorrect', 'code');
      }
      return latest.id;
    },

    async consume(trx: Db, codeId: string): Promise<void> {
      if (!(await repo.consumeCode(trx, codeId, CODE_MAX_ATTEMPTS, clock.now()))) {
        throw badRequest('code_expired', 'code');
      }
    },
  };
}
export type VerificationService = ReturnType<typeof createVerificationService>;

import { createHash, randomBytes } from 'node:crypto';
import { unauthorized } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuthRepo } from './auth.repo.ts';

const DAY_MS = 24 * 3600_000;
// Writing last_used_at on every request would turn every read into a write; a minute's precision is plenty.
const TOUCH_INTERVAL_MS = 60_000;

/** `locked`: the account is scheduled for deletion; only the routes that lead to cancelling it answer. */
export type AuthContext = { accountId: string; sessionId: string; locked: boolean };

/** 256 random bits, base64url; only its SHA-256 is stored, so a database leak yields no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function createSessionService(deps: { repo: AuthRepo; clock: Clock; idleDays: number; maxDays: number }) {
  const { repo, clock } = deps;
  const idleMs = deps.idleDays * DAY_MS;
  const maxMs = deps.maxDays * DAY_MS;

  /** Milliseconds the session has left: the sooner of its idle and absolute ends. */
  function remainingMs(session: { last_used_at: Date; expires_at: Date; revoked_at: Date | null }, now: Date) {
    if (session.revoked_at) return 0;
    return Math.min(session.expires_at.getTime(), session.last_used_at.getTime() + idleMs) - now.getTime();
  }

  async function find(token: string) {
    // Tokens we issue are 43 characters; anything else cannot match and need not reach the database.
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
    return repo.findSessionByHash(hashToken(token));
  }

  return {
    async issue(accountId: string): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      await repo.insertSession(accountId, hashToken(token), now, new Date(now.getTime() + maxMs));
      return token;
    },

    /** Answers who holds the token, or throws the 403 that sends the console to login. */
    async authenticate(token: string): Promise<AuthContext> {
      const session = await find(token);
      const now = clock.now();
      if (!session || remainingMs(session, now) <= 0) throw unauthorized();
      if (now.getTime() - session.last_used_at.getTime() > TOUCH_INTERVAL_MS) await repo.touchSession(session.id, now);
      return { accountId: session.account_id, sessionId: session.id, locked: Boolean(session.locked) };
    },

    /** token login: seconds left, 0 when the token is unknown, revoked or expired. */
    async secondsLeft(token: string): Promise<number> {
      const session = await find(token);
      if (!session) return 0;
      return Math.max(0, Math.floor(remainingMs(session, clock.now()) / 1000));
    },

    revoke: (sessionId: string) => repo.revokeSession(sessionId, clock.now()),

    revokeOthers: (accountId: string, keepSessionId?: string) =>
      repo.revokeAccountSessions(accountId, clock.now(), keepSessionId),

    sweep: () => {
      const now = clock.now();
      return repo.deleteExpired(now, new Date(now.getTime() - idleMs));
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;

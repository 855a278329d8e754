import { tooManyRequests } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuthRepo } from './auth.repo.ts';

/**
 * OWASP's device-cookie lockout (docs/decisions/0010-sign-in-throttling.md): N failures within T lock
 * the bucket they were counted in for T. A browser with a valid device cookie of the account has a bucket
 * of its own; every other client shares the account's untrusted bucket, so guesses from anywhere lock only
 * that bucket, never the owner's browser; and a locked untrusted bucket asks for a mailed code besides the
 * password rather than refusing it (auth.service.ts). Ten failures an hour is ample for a
 * person who mistypes and gives an online guesser 240 tries a day per account at most.
 */
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_LOCK_MS = 60 * 60_000;

const NEVER = 2 ** 31 - 1;

export function createLoginThrottle(deps: { repo: AuthRepo; clock: Clock }) {
  const { repo, clock } = deps;
  return {
    /** The bucket of a sign-in: the device's, or the untrusted one of the address (known or not, alike). */
    bucket: (email: string, device: string | null) => (device ? `login-device:${device}` : `login-untrusted:${email}`),

    /** Whether the bucket is locked now. */
    lockedFor: async (bucket: string) => (await repo.throttleLockedUntil(bucket, clock.now())) !== null,

    /** Refuses a locked bucket before its password is even looked at. */
    async refuseIfLocked(bucket: string) {
      const now = clock.now();
      const until = await repo.throttleLockedUntil(bucket, now);
      if (until) throw tooManyRequests('login_locked', (until.getTime() - now.getTime()) / 1000);
    },

    /** Counts one use of an hourly allowance; false once the hour's `max` is used up. */
    async withinHourly(key: string, max: number) {
      return (await repo.countThrottleHit(key, clock.now(), 60 * 60_000, NEVER)) <= max;
    },

    failed: (bucket: string) => repo.countThrottleHit(bucket, clock.now(), LOGIN_LOCK_MS, LOGIN_MAX_FAILURES),

    /** A device that signs in starts afresh; the untrusted bucket is never cleared by a sign-in. */
    async succeeded(bucket: string) {
      if (bucket.startsWith('login-device:')) await repo.clearThrottle(bucket);
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

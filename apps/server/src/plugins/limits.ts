import { isIPv4, isIPv6 } from 'node:net';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { tooManyRequests } from '../errors.ts';
import { createPgRateLimitStore } from './rate-limit-store.ts';

/** A check that throws 429 rate_limited when its window is full. */
export type Limit = (request: FastifyRequest) => Promise<void>;

type LimitOptions = { max: number; timeWindow: number; keyGenerator: (request: FastifyRequest) => string };

/** Where a request leaves its window, for `RateLimit` headers. */
export type WindowCount = { allowed: boolean; limit: number; remaining: number; resetSeconds: number };

export type Limits = {
  /** A limit of a module's own: at most `max` requests per key per window. */
  limiter: (options: LimitOptions) => Limit;
  /** The same count, answered rather than thrown, for a caller that reports it (the public API's headers). */
  counter: (options: LimitOptions) => (request: FastifyRequest) => Promise<WindowCount>;
  /** Sign-in and code routes: AUTH_RATE_LIMIT_PER_MINUTE per IP. */
  perIp: Limit;
  /** Guessing one account's password or code from many addresses: 10 tries per address per 10 minutes. */
  perEmail: Limit;
};

/**
 * The network an address belongs to, as one party holds it: the /24 of an IPv4 address and the /48 of an
 * IPv6 one (a site's usual assignment, RFC 6177), so a script cycling through the addresses of its own
 * network counts as one sender. An IPv4-mapped IPv6 address is its IPv4 one; anything else is itself.
 */
export function networkOf(address: string): string {
  const ip = address.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip)?.[1];
  if (mapped) return networkOf(mapped);
  if (isIPv4(ip)) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.split('::');
  const front = head ? head.split(':') : [];
  // An embedded IPv4 tail (64:ff9b::1.2.3.4) counts as one group here, but it lies past the prefix.
  const back = tail ? tail.split(':') : [];
  const groups = tail === undefined ? front : [...front, ...Array(8 - front.length - back.length).fill('0'), ...back];
  return `${groups
    .slice(0, 3)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/48`;
}

/** Rate limits kept in PostgreSQL, so every process of an installation counts the same windows. */
export async function registerLimits(app: FastifyInstance, db: Db, config: Config): Promise<Limits> {
  await app.register(rateLimit, { global: false, store: createPgRateLimitStore(db) });
  // Two limits can apply to one request (per IP and per account), which the plugin's own hooks do not
  // allow, so each becomes a hook of ours around createRateLimit.
  const limiter: Limits['limiter'] = (options) => {
    const check = app.createRateLimit(options);
    return async (request) => {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) throw tooManyRequests('rate_limited', result.ttlInSeconds);
    };
  };
  const counter: Limits['counter'] = (options) => {
    const check = app.createRateLimit(options);
    return async (request) => {
      const result = await check(request);
      // `isAllowed` means an allow-listed key, which no limit of ours has.
      if (result.isAllowed) return { allowed: true, limit: options.max, remaining: options.max, resetSeconds: 0 };
      return {
        allowed: !result.isExceeded,
        limit: result.max,
        remaining: result.remaining,
        resetSeconds: result.ttlInSeconds,
      };
    };
  };
  return {
    limiter,
    counter,
    perIp: limiter({
      max: config.AUTH_RATE_LIMIT_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (request) => `auth-ip:${request.ip}`,
    }),
    perEmail: limiter({
      max: 10,
      timeWindow: 10 * 60_000,
      keyGenerator: (request) => {
        const email = (request.body as { email?: unknown } | undefined)?.email;
        const key = typeof email === 'string' ? email.trim().toLowerCase() : request.ip;
        return `auth-email:${request.routeOptions.url}:${key}`;
      },
    }),
  };
}

import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Clock } from '../lib/clock.ts';
import type { AuthHooks } from '../plugins/auth.ts';
import type { Limits } from '../plugins/limits.ts';
import type { Services } from '../services.ts';
import type { Reactions } from './events/events.ts';
import type { JobWorker, SomeJobKind } from './jobs/jobs.ts';

/** What a module's workers and sweeps are given. */
export type ModuleContext = { services: Services; config: Config; clock: Clock };
/** What a module's routes are given besides: the sign-in hooks and the rate limits. */
export type RouteContext = ModuleContext & {
  hooks: AuthHooks;
  limits: Limits;
  /** How long a rendered public page is reused (default 2 s); tests of settings use 0 to see each save. */
  pageCacheMs?: number;
};

/**
 * A module as the application sees it: its routes, its kinds of job and their workers, and what it sweeps.
 * The application lists modules once (modules/index.ts); adding one is a line there.
 */
export type AppModule = {
  readonly name: string;
  /** Routes under /api (the catalogue's). */
  readonly api?: (scope: FastifyInstance, context: RouteContext) => Promise<void>;
  /** Routes at the site's root: media, watch pages, embeds. */
  readonly site?: (app: FastifyInstance, context: RouteContext) => Promise<void>;
  /** The kinds of job it sends; their queues are created when any process opens the queue. */
  readonly jobs?: readonly SomeJobKind[];
  /** The kind of job that carries its reaction to each event it consumes (modules/events). */
  readonly reactions?: Reactions;
  /** What a worker process does with them. */
  readonly workers?: (context: ModuleContext) => JobWorker[];
  /** Deletes what expired (sessions, codes, abandoned uploads...), every 15 minutes, by one worker. */
  readonly sweep?: (context: ModuleContext) => Promise<void>;
};

export const defineModule = (module: AppModule) => module;

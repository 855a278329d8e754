import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import type { AuthHooks } from '../plugins/auth.ts';
import type { Limits } from '../plugins/limits.ts';
import type { PlayerAssets } from '../site/player-assets.ts';
import type { AnyPageKind } from '../site/renderer.ts';
import type { EventBus, Reactions } from './events/events.ts';
import type { JobQueue, JobWorker, SomeJobKind } from './jobs/jobs.ts';
import type { Mailer } from './mail/mailer.ts';
import type { StorageDriver } from './storage/storage.ts';
import type { Pipeline } from './videos/video-processor.ts';

/**
 * Every module's services by name. Each module adds its own beside its `create`, the way Fastify's
 * decorators are typed:
 *
 *     declare module '../module.ts' { interface Services { videos: VideoService } }
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each module's declaration (see above).
export interface Services {}

/** What every module's services are made from: the process's parts, and the services made before. */
export type ServiceContext = {
  config: Config;
  db: Db;
  /** Where the analytics tables are: the application's database, or ANALYTICS_DATABASE_URL's. */
  analyticsDb: Db;
  mailer: Mailer;
  clock: Clock;
  log: Logger;
  storage: StorageDriver;
  /** Where jobs are sent; `null` in tests of other modules, which run without one. */
  queue: JobQueue | null;
  events: EventBus;
  pipeline?: Pipeline;
  /**
   * Every module's services. One made later (a module listed after, or two modules that use each other)
   * is handed as a stand-in that forwards each call to it once it is made; calling it while services are
   * being made throws, naming it.
   */
  services: Services;
};

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
 * A module as the application sees it: its services, its routes, its kinds of job and their workers, and
 * what it sweeps. The application lists modules once (modules/index.ts); adding one is a line there.
 */
export type AppModule = {
  readonly name: string;
  /** Makes the module's services, added to `Services` under the names its declaration gives them. */
  readonly create?: (context: ServiceContext) => Partial<Services>;
  /** Routes under /api (the catalogue's). */
  readonly api?: (scope: FastifyInstance, context: RouteContext) => Promise<void>;
  /** Routes at the site's root: media, oEmbed, payment notifications... */
  readonly site?: (app: FastifyInstance, context: RouteContext) => Promise<void>;
  /**
   * Kinds of public page (watch pages, embeds...): the site layer serves them on the installation's own
   * address and on every custom domain, from its page cache (src/site, docs/decisions/0031-site-layer.md).
   */
  readonly pages?: (context: ModuleContext & { assets: PlayerAssets }) => readonly AnyPageKind[];
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

/**
 * The services of the modules, made in the order they are listed. A service read before it is made is a
 * stand-in that forwards to it, so modules may use each other's services whatever their order; a service
 * no module makes throws with its name when it is used, rather than leaving an `undefined` to fail far away.
 */
export function makeServices(modules: readonly AppModule[], context: Omit<ServiceContext, 'services'>): Services {
  const made: Record<string, unknown> = {};
  const madeOne = (name: string) => {
    if (!(name in made)) throw new Error(`services.${name} is used before it is made, or no module makes it`);
    return made[name] as Record<string | symbol, unknown> & ((...args: unknown[]) => unknown);
  };
  /** Forwards to the service once it is made; a function target, so a service that is a function works. */
  const standIn = (name: string) =>
    new Proxy(() => undefined, {
      get(_target, key) {
        const real = madeOne(name);
        const value = real[key];
        return typeof value === 'function' ? value.bind(real) : value;
      },
      apply: (_target, _this, args) => madeOne(name)(...args),
    });
  const services = new Proxy(made, {
    get(target, name) {
      if (typeof name !== 'string' || name in target) return Reflect.get(target, name);
      // What promise resolution and inspection probe for is not a service.
      if (name === 'then' || name === 'toJSON' || name === 'constructor') return undefined;
      return standIn(name);
    },
  }) as unknown as Services;
  for (const module of modules) {
    const own = module.create?.({ ...context, services }) ?? {};
    for (const name of Object.keys(own)) {
      if (name in made) throw new Error(`services.${name} is made by two modules (the second: ${module.name})`);
    }
    Object.assign(made, own);
  }
  return services;
}

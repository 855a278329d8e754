import type { CLICK_KINDS, Language } from '@leadreel/shared';
import type { Logger } from 'pino';
import type { Db } from '../../db/database.ts';
import type { JobKind, JobQueue, SomeJobKind } from '../jobs/jobs.ts';

/** Every event a module publishes, with what it carries. */
export type EventMap = {
  /** A notice of a plan's end was recorded (a reminder, or a period entered); `planEnd` is ISO 8601. */
  'plan.notice': { accountId: string; notice: string; planEnd: string };
  /**
   * A lapsed plan entered Clear or RealClear (`period`) for its end `planEnd` (ISO 8601): the account's
   * videos are cleared, or deleted.
   */
  'plan.lapsed': { accountId: string; period: 'clear-period' | 'real-clear-period'; planEnd: string };
  /** A plan was bought for the account (it is Normal again): what Clear took is rebuilt. */
  'plan.opened': { accountId: string };
  /** A paid order was refunded: what it gave is taken back. */
  'order.refunded': { orderId: string };
  /** An order was paid: what it bought is given and its invoice issued. */
  'order.paid': { orderId: string };
  /** An account asked to be deleted: its holder is mailed when its data goes (`deleteAfter`, ISO 8601). */
  'account.deletionRequested': { accountId: string; deleteAfter: string };
  /** An account's data was deleted: the mail that says so goes to the address it signed in with. */
  'account.deleted': { to: string; language: Language };
  /** A viewer's inquiry was stored, for the video, from the viewing (analytics session) the player named. */
  'lead.created': {
    leadId: string;
    videoId: string;
    sessionId: string | null;
    viewerId: string | null;
    pageUrl: string;
    referrer: string;
    /** Milliseconds since the epoch. */
    at: number;
  };
  /** A viewer clicked a contact or call-to-action button of the player (stored as `clickId`). */
  'contact.clicked': {
    clickId: string;
    videoId: string;
    kind: (typeof CLICK_KINDS)[number];
    second: number;
    pageUrl: string;
    referrer: string;
    viewerId: string | null;
    /** The viewing (analytics session) the player named, if any. */
    sessionId: string | null;
    /** Seconds since the epoch. */
    at: number;
  };
  /**
   * An upload's first rendition plays for the first time (`playable` turned true), and later its whole ladder
   * is out (`status` ready): each once per video, however often its encode is run (`at`: seconds since the epoch).
   */
  'video.playable': { videoId: string; at: number };
  'video.ready': { videoId: string; at: number };
};
export type EventName = keyof EventMap;

/** The kind of job that carries a module's reaction to each event it consumes. */
export type Reactions = { readonly [E in EventName]?: JobKind<EventMap[E]> };

/** Announces an event from inside a change: it is written with the change, or not at all. */
export type Publish = <E extends EventName>(event: E, payload: EventMap[E]) => void;

export type EventBus = {
  /**
   * Runs `change` in one transaction. Each event it publishes becomes one job per reaction, written in that
   * same transaction (pg-boss's job table is the outbox): committed with the change or not at all, then
   * delivered by workers with each reaction's retry policy. Without a queue (tests of other modules) the
   * reactions run right after the commit.
   */
  transaction: <T>(change: (trx: Db, publish: Publish) => Promise<T>) => Promise<T>;
};

export function createEventBus(deps: {
  db: Db;
  queue: JobQueue | null;
  /** Every module's reactions (modules/index.ts). */
  reactions: readonly Reactions[];
  /** Runs one job of a kind as a worker would, for the queue-less mode. */
  runNow: (kind: SomeJobKind, data: object) => Promise<void>;
  log: Logger;
}): EventBus {
  const { db, queue, log } = deps;
  const consumers = (event: EventName): SomeJobKind[] =>
    deps.reactions.flatMap((reactions) => (reactions[event] ? [reactions[event] as SomeJobKind] : []));
  return {
    async transaction(change) {
      const published: Array<{ kind: SomeJobKind; data: object }> = [];
      const publish: Publish = (event, payload) => {
        for (const kind of consumers(event)) published.push({ kind, data: payload });
      };
      const result = await db.transaction().execute(async (trx) => {
        const value = await change(trx, publish);
        if (queue) for (const { kind, data } of published) await queue.send(kind, data as never, { within: trx });
        return value;
      });
      if (!queue) {
        for (const { kind, data } of published) {
          await deps
            .runNow(kind, data)
            .catch((error: unknown) => log.warn({ err: error, job: kind.name }, 'reaction failed'));
        }
      }
      return result;
    },
  };
}

import type { Logger } from 'pino';
import type { Clock } from '../../lib/clock.ts';
import type { EventBus } from '../events/events.ts';
import type { VideoRepo, VideoRow } from './videos.repo.ts';

/** What the processor announces as a video encodes (docs/product.md "Public API and webhooks"). */
export type VideoMilestone = 'video.playable' | 'video.ready';

/**
 * Publishes a video's milestone the first time it is reached, with the column that records it in the same
 * transaction: a retried encode, which sets `playable` again in its new generation, or a video rebuilt after
 * Clear, publishes nothing more. Ready implies playable, so a `video.playable` that was never published (a
 * worker killed between the two writes) goes out first, in the same transaction, to keep their order.
 * Never fails the encode: an announcement that could not be written is logged.
 */
export function createVideoAnnouncer(deps: { events: EventBus; videos: VideoRepo; clock: Clock; log: Logger }) {
  const { events, videos, clock, log } = deps;
  return async (event: VideoMilestone, video: Pick<VideoRow, 'id'>) => {
    const facts = event === 'video.ready' ? (['playable', 'ready'] as const) : (['playable'] as const);
    try {
      await events.transaction(async (trx, publish) => {
        const now = clock.now();
        for (const fact of facts) {
          if (await videos.firstTime(trx, video.id, fact, now)) {
            publish(`video.${fact}`, { videoId: video.id, at: Math.floor(now.getTime() / 1000) });
          }
        }
      });
    } catch (error) {
      log.error({ err: error, videoId: video.id, event }, 'could not announce a video milestone');
    }
  };
}

import type { GatedFeature } from '@leadreel/shared';
import { AppError } from '../../errors.ts';
import type { EntitlementsService } from '../entitlements/entitlements.ts';
import type { VideoRepo, VideoRow } from './videos.repo.ts';

/**
 * The guard of every per-video setting: the feature must be open in the account's period (spec §4), and
 * the video must be the account's; another account's video, a deleted one and one that never was are the
 * same 404, so ids cannot be probed.
 */
export function ownVideoGuard(deps: { entitlements: EntitlementsService; videos: VideoRepo }) {
  return async (accountId: string, videoId: string, feature: GatedFeature): Promise<VideoRow> => {
    await deps.entitlements.assertFeature(accountId, feature);
    const video = await deps.videos.findById(videoId);
    if (!video || video.account_id !== accountId) throw new AppError(404, 'video_invalid', { field: 'videoId' });
    return video;
  };
}

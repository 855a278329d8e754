import { BRAND_FILE } from '@leadreel/shared';
import { ENCODING_LENGTH, ENCODING_MARK } from '@leadreel/shared/encoding-mark';
import { UUID_PATTERN } from '@leadreel/shared/text';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { notFoundUncached, playbackRefused } from '../../errors.ts';
import { asPublicSubresource } from '../../lib/subresource-headers.ts';
import { servesAccount } from '../../site/site.ts';
import type { StorageDriver } from '../storage/storage.ts';
import { logoFolder } from '../video-settings/settings.service.ts';
import { generationPrefix } from '../videos/keys.ts';
import type { VideoService } from '../videos/videos.service.ts';
import { contentTypeOf, isSafeMediaPath, rebaseMaster } from './media-files.ts';
import { sendObject } from './send-object.ts';

export type MediaDeps = {
  videos: Pick<VideoService, 'findById'>;
  storage: StorageDriver;
  /** Whether the account may still serve playback (bandwidth limit reached). */
  canServe: (accountId: string) => Promise<boolean>;
  /** Whether the account is scheduled for deletion (or gone): its media is then as gone as its pages. */
  isLocked: (accountId: string) => Promise<boolean>;
  /** Counts bytes served for an account (the account module's traffic tally). */
  countTraffic: (accountId: string, bytes: number) => void;
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * The master playlist is the way into a video's files: a delete must close it as soon as a shared cache
 * lets go, so browsers ask each time and a CDN keeps it 5 s, as the watch pages.
 */
const MASTER_READY = 'public, max-age=0, s-maxage=5';

/**
 * /media: playlists, segments, posters and storyboards of playable videos. A deleted, unknown or not yet
 * playable video is 404, the same answer as a file that never existed, so ids cannot be probed. Files under
 * a generation never change (a retry writes a new generation), so they are cached for a year; the master
 * playlist, which gains rungs while the ladder encodes, is revalidated, and so are the playlists of a
 * ladder still encoding (published segment by segment).
 */
export const mediaRoutes: FastifyPluginAsync<MediaDeps> = async (
  app,
  { videos, storage, canServe, isLocked, countTraffic },
) => {
  // Embeds on customers' sites fetch playlists and segments from here with XHR (hls.js).
  app.addHook('onSend', async (_request, reply) => {
    asPublicSubresource(reply);
  });

  /**
   * A video with published files: the stills come before it plays; the master only once it plays. On a
   * custom domain, only its account's videos have files.
   */
  async function publishedVideo(request: FastifyRequest, videoId: string, needPlayable: boolean) {
    if (!UUID_PATTERN.test(videoId)) return null;
    const video = await videos.findById(videoId);
    if (!video?.media || !['processing', 'ready'].includes(video.status)) return null;
    if (needPlayable && !video.playable) return null;
    if (!servesAccount(request.site, video.account_id)) return null;
    return video;
  }

  /**
   * A refused account's answer. `canServe` is false for a locked account too; its videos' pages are 404
   *, so its media is the same 404 rather than a plan's bandwidth message. Asked only on
   * refusal, so serving stays one cached check per segment.
   */
  const refused = async (accountId: string) => ((await isLocked(accountId)) ? notFoundUncached() : playbackRefused());

  app.get<{ Params: { videoId: string } }>('/media/:videoId/master.m3u8', async (request, reply) => {
    const video = await publishedVideo(request, request.params.videoId, true);
    if (!video?.media) throw notFoundUncached();
    if (!(await canServe(video.account_id))) throw await refused(video.account_id);
    const stored = await storage.get(
      `${generationPrefix(video.account_id, video.id, video.generation)}${video.media.master}`,
    );
    if (!stored) throw notFoundUncached();
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(chunk as Buffer);
    const folder = video.media.master.includes('/')
      ? `/${video.media.master.slice(0, video.media.master.lastIndexOf('/'))}`
      : '';
    const rebased = rebaseMaster(Buffer.concat(chunks).toString('utf8'), `${video.generation}${folder}`);
    // Still encoding: the master will gain renditions, and the player asks for it again while it says so;
    // the length from the probe lets its timeline show the whole video meanwhile.
    const length = video.duration_sec ? `${ENCODING_LENGTH} ${Number(video.duration_sec).toFixed(3)}\n` : '';
    const body = video.status === 'ready' ? rebased : `${rebased}${ENCODING_MARK}\n${length}`;
    countTraffic(video.account_id, Buffer.byteLength(body));
    return reply
      .header('content-type', contentTypeOf('master.m3u8'))
      .header('cache-control', video.status === 'ready' ? MASTER_READY : 'no-cache')
      .send(body);
  });

  // A video's logo (branding) and cover (SEO page): named by the server when uploaded, so a new logo is a new address.
  app.get<{ Params: { videoId: string; file: string } }>('/media/:videoId/brand/:file', async (request, reply) => {
    const { file } = request.params;
    const video = await publishedVideo(request, request.params.videoId, false);
    if (!video || !BRAND_FILE.test(file) || (await isLocked(video.account_id))) throw notFoundUncached();
    const stored = await storage.get(`${logoFolder(video.account_id, video.id, file)}image`);
    if (!stored) throw notFoundUncached();
    return reply
      .header('content-type', file.endsWith('.png') ? 'image/png' : 'image/jpeg')
      .header('cache-control', IMMUTABLE)
      .header('content-length', stored.size)
      .send(stored.body);
  });

  app.get<{ Params: { videoId: string; generation: string; '*': string } }>(
    '/media/:videoId/:generation/*',
    async (request, reply) => {
      const { videoId, generation } = request.params;
      const path = request.params['*'];
      if (!/^\d{1,9}$/.test(generation) || !isSafeMediaPath(path)) throw notFoundUncached();
      const video = await publishedVideo(request, videoId, false);
      if (!video || Number(generation) !== video.generation) throw notFoundUncached();
      // The poster and the thumbnail still show when playback is refused (over the bandwidth cap, or from
      // Frozen on), so a page shows its video's picture and the reason instead of a broken image.
      const still = path === video.media?.poster || path === video.media?.thumbnail;
      if (still ? await isLocked(video.account_id) : !(await canServe(video.account_id))) {
        throw still ? notFoundUncached() : await refused(video.account_id);
      }
      const key = `${generationPrefix(video.account_id, video.id, video.generation)}${path}`;
      const headers = {
        'content-type': contentTypeOf(path),
        // A rung's playlist grows while the ladder is published as it encodes; every other file is final.
        'cache-control': path.endsWith('.m3u8') && video.status !== 'ready' ? 'no-cache' : IMMUTABLE,
      };
      // Counted when the bytes have gone out, not when they were asked for.
      return sendObject(request, reply, storage, key, headers, (bytes) => countTraffic(video.account_id, bytes));
    },
  );
};

import { describe, expect, it } from 'vitest';
import { get, signUp, useTestApp } from '../../../test/helpers.ts';
import { periodStarts } from '../entitlements/period-dates.ts';
import type { JobQueue, SomeJobKind } from '../jobs/jobs.ts';
import { sourceKey, videoMediaPrefix } from './keys.ts';

// what a lapsed plan's periods do to its videos. At Clear they are hidden and their
// renditions deleted, the originals kept; renewing encodes them again; at RealClear everything goes and
// the quota is freed. Each step runs from a job written with the move, as a worker runs it.
const sent: Array<{ kind: string; data: Record<string, string> }> = [];
const queue: JobQueue = {
  send: async (kind: SomeJobKind, data: object) => {
    sent.push({ kind: kind.name, data: data as Record<string, string> });
  },
};
const t = useTestApp({ SESSION_IDLE_DAYS: '365', SESSION_MAX_DAYS: '3650' }, { queue });
const DAY_MS = 86_400_000;
const SOURCE = Buffer.alloc(4096, 7);

/** Runs the jobs the moves wrote, as the videos module's workers would; answers the encodes queued. */
async function work() {
  const encodes: string[] = [];
  for (const job of sent.splice(0)) {
    if (job.kind === 'video-lapse') await t.services.videoLapse.apply(job.data as never);
    if (job.kind === 'video-restore') await t.services.videoLapse.restore(job.data.accountId as string);
    if (job.kind === 'video-process') encodes.push(job.data.videoId as string);
  }
  for (const job of sent.splice(0)) if (job.kind === 'video-process') encodes.push(job.data.videoId as string);
  return encodes;
}
const moveTo = (at: Date) => t.clock.advance(at.getTime() - t.clock.now().getTime());

/** A Pro account ending in a day, with one encoded video whose original and renditions are stored. */
async function lapsingWithVideo() {
  const { token, email } = await signUp(t);
  const planEnd = new Date(t.clock.now().getTime() + DAY_MS);
  const account = await t.db
    .updateTable('account')
    .set({ plan_type: 'Pro', period_end_at: planEnd, used_storage: String(SOURCE.length) })
    .where('email', '=', email)
    .returning(['id', 'default_folder_id'])
    .executeTakeFirstOrThrow();
  const video = await t.db
    .insertInto('video')
    .values({
      account_id: account.id,
      folder_id: account.default_folder_id as string,
      name: 'tour.mp4',
      status: 'ready',
      playable: true,
      size: SOURCE.length,
      source_key: sourceKey(account.id, '00000000-0000-4000-8000-000000000000'),
      part_size: SOURCE.length,
      media: {
        master: 'master.m3u8',
        renditions: [],
        poster: null,
        thumbnail: null,
        storyboard: null,
        preview: null,
        bytes: 10,
      },
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const source = sourceKey(account.id, video.id);
  await t.db.updateTable('video').set({ source_key: source }).where('id', '=', video.id).execute();
  await t.services.storage.put(source, SOURCE, 'video/mp4');
  const rendition = `${videoMediaPrefix(account.id, video.id)}1/master.m3u8`;
  await t.services.storage.put(rendition, Buffer.from('#EXTM3U\n'), 'application/vnd.apple.mpegurl');
  return { token, accountId: account.id, videoId: video.id, source, rendition, planEnd };
}

const videoRow = (videoId: string) =>
  t.db.selectFrom('video').select(['status', 'playable', 'media']).where('id', '=', videoId).executeTakeFirst();

describe("a lapsed plan's videos", () => {
  it('are cleared at Clear (originals kept) and encoded again on renewal', async () => {
    const { token, accountId, videoId, source, rendition, planEnd } = await lapsingWithVideo();
    const starts = periodStarts(planEnd, t.config.catalogue.lifecycle);
    moveTo(new Date(starts['frozen-period'].getTime() + 60_000));
    await t.services.lifecycle.run();
    expect(await work()).toEqual([]);
    expect(await videoRow(videoId)).toMatchObject({ status: 'ready' });

    moveTo(new Date(starts['clear-period'].getTime() + 60_000));
    await t.services.lifecycle.run();
    await work();
    expect(await videoRow(videoId)).toMatchObject({ status: 'cleared', playable: false, media: null });
    expect(await t.services.storage.head(rendition)).toBeNull();
    expect(await t.services.storage.head(source)).toMatchObject({ size: SOURCE.length });
    expect(await t.services.videos.stillShown([videoId])).toEqual(new Set());
    // A second run changes nothing.
    await t.services.lifecycle.run();
    expect(await work()).toEqual([]);

    // Renewing: the account is Normal again and its video is encoded again from the original.
    await t.db
      .updateTable('account')
      .set({ vip_period: 'normal-period', period_end_at: new Date(t.clock.now().getTime() + 30 * DAY_MS) })
      .where('id', '=', accountId)
      .execute();
    await t.services.videoLapse.restore(accountId);
    expect(await work()).toEqual([videoId]);
    expect(await videoRow(videoId)).toMatchObject({ status: 'uploaded' });
    expect((await get(t.app, '/api/account/detail', token)).body.data.storageAndTraffic.usedStorage).toBe(
      SOURCE.length,
    );
  });

  it('are deleted with their originals at RealClear, and the quota freed', async () => {
    const { token, videoId, source, planEnd } = await lapsingWithVideo();
    const starts = periodStarts(planEnd, t.config.catalogue.lifecycle);
    moveTo(new Date(starts['real-clear-period'].getTime() + 60_000));
    await t.services.lifecycle.run();
    await work();
    expect(await videoRow(videoId)).toBeUndefined();
    expect(await t.services.storage.head(source)).toBeNull();
    const detail = (await get(t.app, '/api/account/detail', token)).body.data;
    expect(detail).toMatchObject({ vipPeriod: 'real-clear-period', videoTotal: 0 });
    expect(detail.storageAndTraffic.usedStorage).toBe(0);
  });

  it('are left alone when the plan was renewed before the job ran', async () => {
    const { accountId, videoId, rendition, planEnd } = await lapsingWithVideo();
    const starts = periodStarts(planEnd, t.config.catalogue.lifecycle);
    moveTo(new Date(starts['clear-period'].getTime() + 60_000));
    await t.services.lifecycle.run();
    await t.db
      .updateTable('account')
      .set({ vip_period: 'normal-period', period_end_at: new Date(t.clock.now().getTime() + 30 * DAY_MS) })
      .where('id', '=', accountId)
      .execute();
    await work();
    expect(await videoRow(videoId)).toMatchObject({ status: 'ready' });
    expect(await t.services.storage.head(rendition)).not.toBeNull();
  });
});

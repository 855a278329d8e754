import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { WebhookPayload, WebhookVideoData } from '@leadreel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOnPlan } from '../../../test/factories.ts';
import { type Receiver, receiver } from '../../../test/fakes/webhook-receiver.ts';
import { createTestApp, post, type TestApp } from '../../../test/helpers.ts';
import { makeVideo } from '../../../test/media/fixtures.ts';
import { uploadFlow } from '../../../test/media/upload-flow.ts';
import type { EventMap } from '../events/events.ts';
import type { JobQueue } from '../jobs/jobs.ts';
import type { VideoMilestone } from '../videos/video-events.ts';
import { VIDEO_PROCESS } from '../videos/videos.jobs.ts';
import { verifySignature } from './signature.ts';
import { WEBHOOK_DELIVERY, WEBHOOK_VIDEO_PLAYABLE, WEBHOOK_VIDEO_READY } from './webhooks.jobs.ts';

// video.playable and video.ready (docs/product.md "Public API and webhooks"): a real upload goes through the
// real pipeline, run as the video-process job's worker runs it, and a receiver on loopback gets the events.
// Jobs are recorded by a queue of ours and run in the order they were sent, as workers would once committed.
let t: TestApp;
let hooks: Receiver;
let other: Receiver;
let work: string;
const processing: string[] = [];
const reactions: Array<{ event: VideoMilestone; data: EventMap[VideoMilestone] }> = [];
const deliveries: string[] = [];
/** Called as each video.playable reaction is sent: the test's stand-in for a worker killed then. */
let onPlayableSent: () => void = () => undefined;
const queue: JobQueue = {
  send: async (kind, data) => {
    if (kind === VIDEO_PROCESS) processing.push((data as { videoId: string }).videoId);
    if (kind === WEBHOOK_DELIVERY) deliveries.push((data as { deliveryId: string }).deliveryId);
    if (kind === WEBHOOK_VIDEO_PLAYABLE || kind === WEBHOOK_VIDEO_READY) {
      const event = kind === WEBHOOK_VIDEO_PLAYABLE ? 'video.playable' : 'video.ready';
      reactions.push({ event, data: data as EventMap[VideoMilestone] });
      if (event === 'video.playable') onPlayableSent();
    }
  },
};

/** Runs the reactions, then the deliveries they made, as the workers would. */
async function runJobs() {
  for (const { event, data } of reactions.splice(0)) await t.services.webhooks.videoReached(event, data);
  for (const id of deliveries.splice(0)) await t.services.webhooks.deliver(id);
}

beforeAll(async () => {
  [t, hooks, other] = await Promise.all([
    createTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }, { queue }),
    receiver(),
    receiver(),
  ]);
  work = await mkdtemp(path.join(tmpdir(), 'leadreel-video-hooks-'));
});
afterAll(async () => {
  hooks?.close();
  other?.close();
  await t?.close();
  await rm(work, { recursive: true, force: true });
});

const { upload } = uploadFlow(() => t);

/** A Pro account with one endpoint for the video events and one for leads only, and a small uploaded video. */
async function ownerWithUpload(name: string, video: { seconds: number; size: string }) {
  const owner = await accountOnPlan(t, 'Pro');
  const endpoint = async (url: string, events: string[]) => {
    const answer = await post(t.app, '/api/webhook/create', { url, events }, owner.token);
    expect(answer.status).toBe(200);
    return answer.body.data as { id: string; secret: string };
  };
  const videos = await endpoint(hooks.url, ['video.playable', 'video.ready']);
  await endpoint(other.url, ['lead.created']);
  const file = await makeVideo(path.join(work, name), video);
  const { videoId } = await upload(owner.token, file);
  expect(processing.splice(0)).toEqual([videoId]);
  return { ...owner, secret: videos.secret, videoId };
}

/** What the video receiver got for `videoId`, each checked against the endpoint's secret. */
function receivedFor(videoId: string, secret: string) {
  return hooks.received
    .map(({ headers, body }) => {
      const signature = String(headers['leadreel-signature']);
      const nowSeconds = Math.floor(t.clock.now().getTime() / 1000);
      return {
        signed: verifySignature(secret, body, signature, { nowSeconds }),
        event: headers['leadreel-event'],
        payload: JSON.parse(body) as WebhookPayload & { data: WebhookVideoData },
      };
    })
    .filter(({ payload }) => payload.data.videoId === videoId);
}

describe('video webhooks', () => {
  it('sends video.playable then video.ready, each once, though a retried run of the encode sets playable again', async () => {
    // Long enough that the first run still encodes when the retried one starts.
    const { secret, videoId, folderId, accountId } = await ownerWithUpload('launch.mp4', {
      seconds: 10,
      size: '640x360',
    });
    // As its first rung plays, the job is given to a second worker (the queue took the first for dead): the
    // retried run takes a new generation, sets playable again and finishes; the first one's writes are refused.
    let retried: Promise<void> | undefined;
    onPlayableSent = () => {
      onPlayableSent = () => undefined;
      setImmediate(() => {
        retried = t.services.processor.process(videoId, new AbortController().signal);
      });
    };
    await t.services.processor.process(videoId, new AbortController().signal);
    await retried;
    const row = await t.db.selectFrom('video').selectAll().where('id', '=', videoId).executeTakeFirstOrThrow();
    expect([row.generation, row.status, row.playable]).toEqual([2, 'ready', true]);
    expect(reactions.map(({ event }) => event)).toEqual(['video.playable', 'video.ready']);
    await runJobs();

    const got = receivedFor(videoId, secret);
    expect(got.map(({ event, payload }) => [event, payload.type])).toEqual([
      ['video.playable', 'video.playable'],
      ['video.ready', 'video.ready'],
    ]);
    expect(got.every(({ signed }) => signed)).toBe(true);
    const { watchUrl } = await t.services.settings.getSeo(accountId, videoId);
    expect(watchUrl).toBe(`${t.config.publicUrl}/v/${videoId}`);
    const at = Math.floor(t.clock.now().getTime() / 1000);
    // Both sent once the ladder was out: the video as the public API answers it then.
    for (const { payload } of got) {
      expect(payload.data).toEqual({
        videoId,
        folderId,
        name: 'launch',
        status: 'ready',
        playable: true,
        duration: expect.closeTo(10, 0),
        width: 640,
        height: 360,
        hlsUrl: `${t.config.publicUrl}/media/${videoId}/master.m3u8`,
        watchUrl,
        at,
      });
    }
    // The endpoint that asked for leads only heard nothing of the video.
    expect(other.received).toEqual([]);

    // A reaction job run again (its worker died after delivering) sends nothing new either.
    await t.services.webhooks.videoReached('video.playable', { videoId, at });
    expect(deliveries).toEqual([]);
    expect(receivedFor(videoId, secret)).toHaveLength(2);
  });

  it('sends video.playable while the ladder still encodes', async () => {
    const { secret, videoId } = await ownerWithUpload('early.mp4', { seconds: 10, size: '640x360' });
    // The reaction's worker takes it before the encode ends, as it usually does.
    let reacted: Promise<void> | undefined;
    onPlayableSent = () => {
      onPlayableSent = () => undefined;
      setImmediate(() => {
        reacted = runJobs();
      });
    };
    await t.services.processor.process(videoId, new AbortController().signal);
    await reacted;
    const [playable] = receivedFor(videoId, secret);
    expect(playable?.payload).toMatchObject({ type: 'video.playable', data: { status: 'processing', playable: true } });
    // The picture's length and size are known once the probe's stills are out, which may come before or after
    // the first rendition: either not yet, or right.
    const { duration, width, height } = playable?.payload.data ?? {};
    if (duration === null) expect([width, height]).toEqual([null, null]);
    else {
      expect(duration).toBeCloseTo(10, 0);
      expect([width, height]).toEqual([640, 360]);
    }
    expect(playable?.payload.data.hlsUrl).toBe(`${t.config.publicUrl}/media/${videoId}/master.m3u8`);
    await runJobs();
    expect(receivedFor(videoId, secret).map(({ event }) => event)).toEqual(['video.playable', 'video.ready']);
  });

  it('sends at the maintenance sweep what a worker that died before announcing left unsent, once', async () => {
    const announced = await ownerWithUpload('said.mp4', { seconds: 2, size: '320x240' });
    await t.services.processor.process(announced.videoId, new AbortController().signal);
    await runJobs();
    const { secret, videoId } = await ownerWithUpload('unsaid.mp4', { seconds: 2, size: '320x240' });
    await t.services.processor.process(videoId, new AbortController().signal);
    // Its worker died after writing the video ready, before the transaction that announces it: neither its
    // reactions nor the milestones' record were committed.
    reactions.splice(0);
    await t.db
      .updateTable('video')
      .set({ first_playable_at: null, first_ready_at: null })
      .where('id', '=', videoId)
      .execute();

    await t.services.processor.announceMissed();
    expect(reactions.map(({ data }) => data.videoId)).toEqual([videoId, videoId]);
    await runJobs();
    expect(receivedFor(videoId, secret).map(({ event }) => event)).toEqual(['video.playable', 'video.ready']);
    // The next sweep finds nothing left to say, and the video announced in its time heard nothing more.
    await t.services.processor.announceMissed();
    expect(reactions).toEqual([]);
    expect(receivedFor(announced.videoId, announced.secret).map(({ event }) => event)).toEqual([
      'video.playable',
      'video.ready',
    ]);
  });

  it('sends nothing for a video deleted before its events went out', async () => {
    const { token, secret, videoId } = await ownerWithUpload('gone.mp4', { seconds: 2, size: '320x240' });
    await t.services.processor.process(videoId, new AbortController().signal);
    expect(reactions.map(({ event }) => event)).toEqual(['video.playable', 'video.ready']);
    expect((await post(t.app, '/api/vod/video/delete', { videoIds: [videoId] }, token)).status).toBe(200);
    await runJobs();
    expect(receivedFor(videoId, secret)).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import type { Album, Period, PlanType } from '@leadreel/shared';
import { describe, expect, it } from 'vitest';
import { accountOnPlan, videoWithForm } from '../../../test/factories.ts';
import { get, post, useTestApp } from '../../../test/helpers.ts';

// Albums on the real PostgreSQL; videos are made in the database, as the sites tests make them.
const t = useTestApp();
const MINUTE_MS = 60_000;

type Owner = Awaited<ReturnType<typeof accountOnPlan>>;
type Answer = { status: number; body: { error?: string; field?: string; data?: unknown } };
const refusal = (answer: Answer) => [answer.status, answer.body.error];
const refusalOn = (answer: Answer) => [answer.status, answer.body.error, answer.body.field];

const add = (owner: Owner, body: Record<string, unknown>) =>
  post(
    t.app,
    '/api/vod/video/classify/add',
    { title: 'Product tours', videoIds: [], coverVideoId: null, ...body },
    owner.token,
  );
const edit = (owner: Owner, id: string, body: Record<string, unknown> = {}) =>
  post(
    t.app,
    '/api/vod/video/classify/edit',
    { id, title: 'Product tours', videoIds: [], coverVideoId: null, ...body },
    owner.token,
  );
const detail = (owner: Owner, id: string) => get(t.app, `/api/vod/video/classify/detail?id=${id}`, owner.token);
const list = (owner: Owner) => get(t.app, '/api/vod/video/classify/list', owner.token);
const remove = (owner: Owner, id: string) => post(t.app, '/api/vod/video/classify/del', { id }, owner.token);

const albumRows = (accountId: string) =>
  t.db.selectFrom('album').selectAll().where('account_id', '=', accountId).orderBy('created_at').execute();
const setPeriod = (owner: Owner, period: Period) =>
  t.db.updateTable('account').set({ vip_period: period }).where('id', '=', owner.accountId).execute();

/** A video as the pipeline leaves it once its stills exist: answers its thumbnail's address. */
async function withThumbnail(videoId: string) {
  const media = { master: 'master.m3u8', renditions: [], poster: 'poster.jpg', thumbnail: 'thumbnail.jpg' };
  await t.db
    .updateTable('video')
    .set({ generation: 1, media: { ...media, storyboard: null, preview: null, bytes: 7 } })
    .where('id', '=', videoId)
    .execute();
  return `/media/${videoId}/1/thumbnail.jpg`;
}

async function ownerWithVideos(count: number, plan: PlanType = 'Pro') {
  const owner = await accountOnPlan(t, plan);
  const videos: string[] = [];
  for (let i = 0; i < count; i += 1) videos.push(await videoWithForm(t, owner));
  return { owner, videos };
}

async function added(owner: Owner, body: Record<string, unknown> = {}) {
  const answer = await add(owner, body);
  expect(answer.status).toBe(200);
  return answer.body.data as Album;
}

describe('albums: the screens', () => {
  it('adds, lists newest-updated first, shows, edits and deletes an album', async () => {
    const { owner, videos } = await ownerWithVideos(3);
    const [v1, v2, v3] = videos as [string, string, string];
    const thumb2 = await withThumbnail(v2);
    const thumb3 = await withThumbnail(v3);

    const first = await add(owner, { title: '  Product tours  ', videoIds: [v1, v2] });
    expect(first.status).toBe(200);
    const album = first.body.data as Album;
    expect(album).toEqual({
      id: album.id,
      title: 'Product tours',
      videoIds: [v1, v2],
      videoCount: 2,
      coverVideoId: null,
      // No cover chosen, and the first video has no thumbnail yet: the first one that has.
      coverUrl: thumb2,
      publicUrl: `${t.config.publicUrl}/a/${album.id}`,
      createdAt: album.createdAt,
      updatedAt: album.createdAt,
    });
    expect((await detail(owner, album.id)).body.data).toEqual(album);

    t.clock.advance(MINUTE_MS);
    const second = await added(owner, { title: 'Onboarding', videoIds: [v3], coverVideoId: v3 });
    expect(second).toMatchObject({ videoIds: [v3], coverVideoId: v3, coverUrl: thumb3, videoCount: 1 });
    expect((await list(owner)).body.data).toEqual({ list: [second, album], cap: 20 });

    t.clock.advance(MINUTE_MS);
    const edited = await edit(owner, album.id, { title: 'Renamed', videoIds: [v3, v1, v2], coverVideoId: v2 });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      id: album.id,
      title: 'Renamed',
      videoIds: [v3, v1, v2],
      videoCount: 3,
      coverVideoId: v2,
      coverUrl: thumb2,
      createdAt: album.createdAt,
      updatedAt: album.updatedAt + 120,
    });
    expect((await list(owner)).body.data.list.map((a: { title: string }) => a.title)).toEqual([
      'Renamed',
      'Onboarding',
    ]);

    // An album may be emptied; its cover then has nothing to show.
    const empty = await edit(owner, second.id, { title: 'Onboarding', videoIds: [] });
    expect(empty.body.data).toMatchObject({ videoIds: [], videoCount: 0, coverVideoId: null, coverUrl: null });

    expect((await remove(owner, album.id)).status).toBe(200);
    expect(refusal(await detail(owner, album.id))).toEqual([404, 'album_not_found']);
    expect(refusal(await remove(owner, album.id))).toEqual([404, 'album_not_found']);
    expect((await albumRows(owner.accountId)).map((row) => row.id)).toEqual([second.id]);
  });

  it('drops a deleted video from the album, and its cover with it', async () => {
    const { owner, videos } = await ownerWithVideos(3);
    const [v1, v2, v3] = videos as [string, string, string];
    const thumb1 = await withThumbnail(v1);
    await withThumbnail(v2);
    const album = await added(owner, { videoIds: [v2, v1, v3], coverVideoId: v2 });

    expect((await post(t.app, '/api/vod/video/delete', { videoIds: [v2] }, owner.token)).status).toBe(200);
    const expected = { videoIds: [v1, v3], videoCount: 2, coverVideoId: null, coverUrl: thumb1 };
    expect((await detail(owner, album.id)).body.data).toMatchObject(expected);
    expect((await list(owner)).body.data.list).toEqual([expect.objectContaining(expected)]);
    // The list does not move for it: nobody edited the album.
    expect((await detail(owner, album.id)).body.data.updatedAt).toBe(album.updatedAt);
  });
});

describe('albums: bad input', () => {
  it('refuses empty, blank, too long, NUL, lone-surrogate and non-text titles, adding and changing nothing', async () => {
    const { owner } = await ownerWithVideos(0);
    const album = await added(owner, { title: 'Kept' });
    const titles: [unknown, string][] = [
      ['', 'album_title_required'],
      ['   ', 'album_title_required'],
      ['x'.repeat(10_000), 'album_title_too_long'],
      ['x'.repeat(101), 'album_title_too_long'],
      ['a\u0000b', 'illegal_input'],
      ['a\ud800b', 'illegal_input'],
      [42, 'album_title_required'],
      [null, 'album_title_required'],
    ];
    for (const [title, error] of titles) {
      const label = JSON.stringify(title).slice(0, 12);
      expect(refusalOn(await add(owner, { title })), label).toEqual([400, error, 'title']);
      expect(refusalOn(await edit(owner, album.id, { title })), label).toEqual([400, error, 'title']);
    }
    expect((await added(owner, { title: 'x'.repeat(100) })).id).toBeTruthy();
    expect((await albumRows(owner.accountId)).map((row) => row.title)).toEqual(['Kept', 'x'.repeat(100)]);
  });

  it("refuses another account's, unknown, repeated, malformed and too many videos, and a cover not in the album", async () => {
    const { owner, videos } = await ownerWithVideos(2);
    const [v1, v2] = videos as [string, string];
    const other = await ownerWithVideos(1);
    const foreign = other.videos[0] as string;
    const album = await added(owner, { title: 'Kept', videoIds: [v1], coverVideoId: v1 });
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ videoIds: [v1, foreign] }, 404, 'video_invalid', 'videoIds'],
      [{ videoIds: [randomUUID()] }, 404, 'video_invalid', 'videoIds'],
      [{ videoIds: [v1, v2, v1] }, 400, 'album_videos_repeated', 'videoIds'],
      [{ videoIds: ['not-a-uuid'] }, 400, 'video_invalid', 'videoIds.0'],
      [{ videoIds: [v1, 'a\u0000b'] }, 400, 'video_invalid', 'videoIds.1'],
      [{ videoIds: Array.from({ length: 101 }, () => randomUUID()) }, 400, 'album_videos_too_many', 'videoIds'],
      [{ videoIds: [v1], coverVideoId: v2 }, 400, 'album_cover_invalid', 'coverVideoId'],
      [{ videoIds: [v1], coverVideoId: foreign }, 400, 'album_cover_invalid', 'coverVideoId'],
      [{ videoIds: [], coverVideoId: v1 }, 400, 'album_cover_invalid', 'coverVideoId'],
      [{ videoIds: [v1], coverVideoId: 'a\ud800b' }, 400, 'album_cover_invalid', 'coverVideoId'],
    ];
    for (const [body, status, error, field] of cases) {
      const label = JSON.stringify(body).slice(0, 60);
      expect(refusalOn(await add(owner, body)), label).toEqual([status, error, field]);
      expect(refusalOn(await edit(owner, album.id, body)), label).toEqual([status, error, field]);
    }
    for (const videoIds of ['x', 3, null, { 0: v1 }]) {
      expect(refusal(await add(owner, { videoIds })), JSON.stringify(videoIds)).toEqual([400, expect.any(String)]);
      expect((await edit(owner, album.id, { videoIds })).body.field).toBe('videoIds');
    }
    expect(refusalOn(await add(owner, { extra: 1 }))).toEqual([400, 'unknown_field', 'extra']);

    const rows = await albumRows(owner.accountId);
    expect(rows.map((row) => [row.title, row.video_ids, row.cover_video_id])).toEqual([['Kept', [v1], v1]]);
    // A hundred videos is the most an album holds.
    const many = await ownerWithVideos(100);
    expect((await added(many.owner, { videoIds: many.videos })).videoCount).toBe(100);
  });

  it("answers 404 for another account's album on every route, changing nothing", async () => {
    const { owner, videos } = await ownerWithVideos(1);
    const other = await ownerWithVideos(1);
    const theirs = await added(other.owner, { title: 'Theirs', videoIds: other.videos });
    const before = await albumRows(other.owner.accountId);

    expect(refusalOn(await detail(owner, theirs.id))).toEqual([404, 'album_not_found', 'id']);
    expect(refusalOn(await edit(owner, theirs.id, { videoIds: videos }))).toEqual([404, 'album_not_found', 'id']);
    // The album is looked up first: its own videos do not make it the account's.
    expect(refusalOn(await edit(owner, theirs.id, { videoIds: other.videos }))).toEqual([404, 'album_not_found', 'id']);
    expect(refusalOn(await remove(owner, theirs.id))).toEqual([404, 'album_not_found', 'id']);
    expect(refusal(await detail(owner, randomUUID()))).toEqual([404, 'album_not_found']);
    expect(refusal(await remove(owner, 'not-a-uuid'))).toEqual([400, 'album_not_found']);

    expect(await albumRows(other.owner.accountId)).toEqual(before);
    expect((await list(owner)).body.data.list).toEqual([]);
  });
});

describe('albums: plans and periods', () => {
  it("stops at the plan's cap, also when several adds arrive at once", async () => {
    const { owner } = await ownerWithVideos(0, 'Free');
    expect((await list(owner)).body.data).toEqual({ list: [], cap: 1 });
    const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => add(owner, { title: `Tab ${i}` })));
    expect(answers.map(refusal).sort()).toEqual([
      [200, undefined],
      [400, 'albums_too_many'],
      [400, 'albums_too_many'],
      [400, 'albums_too_many'],
    ]);
    expect(await albumRows(owner.accountId)).toHaveLength(1);
    const [row] = await albumRows(owner.accountId);
    // Deleting one makes room for another.
    expect((await remove(owner, row?.id as string)).status).toBe(200);
    expect((await add(owner, { title: 'Again' })).status).toBe(200);
  });

  it('refuses adding from Buffer on and changing from Frozen on, and still lists and shows', async () => {
    const { owner, videos } = await ownerWithVideos(1);
    const album = await added(owner, { title: 'Kept', videoIds: videos });

    await setPeriod(owner, 'buffer-period');
    expect(refusal(await add(owner, { title: 'New' }))).toEqual([403, 'plan_period']);
    // Slide settings stay open in Buffer.
    expect((await edit(owner, album.id, { title: 'Edited in Buffer', videoIds: videos })).status).toBe(200);

    await setPeriod(owner, 'frozen-period');
    expect(refusal(await add(owner, { title: 'New' }))).toEqual([403, 'plan_period']);
    expect(refusal(await edit(owner, album.id, { title: 'Frozen' }))).toEqual([403, 'plan_period']);
    expect(refusal(await remove(owner, album.id))).toEqual([403, 'plan_period']);
    expect((await list(owner)).body.data.list).toHaveLength(1);
    expect((await detail(owner, album.id)).body.data).toMatchObject({ title: 'Edited in Buffer', videoIds: videos });

    await setPeriod(owner, 'clear-period');
    expect(refusal(await list(owner))).toEqual([403, 'plan_period']);
    expect(refusal(await detail(owner, album.id))).toEqual([403, 'plan_period']);
    expect((await albumRows(owner.accountId)).map((row) => row.title)).toEqual(['Edited in Buffer']);
  });
});

describe('albums: deleting the account', () => {
  it('leaves none of its albums', async () => {
    const { owner, videos } = await ownerWithVideos(1);
    const bystander = await ownerWithVideos(0);
    await added(owner, { videoIds: videos, coverVideoId: videos[0] });
    await added(bystander.owner, { title: 'Stays' });
    const asked = await post(
      t.app,
      '/api/account/delete',
      { reason: 'switching', note: '', agreed: true, phrase: owner.email },
      owner.token,
    );
    expect(asked.status).toBe(200);
    t.clock.advance(t.config.ACCOUNT_DELETION_GRACE_DAYS * 86_400_000 + 1000);
    expect(await t.services.accountDeletion.run()).toBeGreaterThanOrEqual(1);
    expect(await albumRows(owner.accountId)).toEqual([]);
    expect((await albumRows(bystander.owner.accountId)).map((row) => row.title)).toEqual(['Stays']);
  });
});

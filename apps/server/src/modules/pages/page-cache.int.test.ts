import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestDatabase,
  post,
  signUp,
  type TestApp,
  type TestDatabase,
} from '../../../test/helpers.ts';
import { PAGE_CACHE_CONTROL } from '../../site/renderer.ts';

// a delete takes effect at once in every server process, whatever each keeps in memory.
let database: TestDatabase;
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  database = await createTestDatabase();
  // A long time to live, so that only the check on each view can make a kept page go.
  first = await createTestApp({}, { database, pageCacheMs: 60_000 });
  second = await createTestApp({}, { database, pageCacheMs: 60_000 });
});
afterAll(async () => {
  await first?.close();
  await second?.close();
  await database?.drop();
});

/** A ready video with a title and a slug, as the pipeline and the SEO page would leave it. */
async function publishedVideo(t: TestApp, title: string, slug: string) {
  const owner = await signUp(t);
  const account = await t.db
    .selectFrom('account')
    .select(['id', 'default_folder_id'])
    .where('email', '=', owner.email)
    .executeTakeFirstOrThrow();
  const video = await t.db
    .insertInto('video')
    .values({
      account_id: account.id,
      folder_id: account.default_folder_id as string,
      name: 'launch.mp4',
      status: 'ready',
      playable: true,
      size: 1000,
      source_key: `test/${slug}`,
      part_size: 1000,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('video_setting')
    .values({ video_id: video.id, slug, seo: { title, description: '', keywords: [], slug, indexable: true } })
    .execute();
  return { ...owner, videoId: video.id };
}

describe('a deleted video on two server processes', () => {
  it('is gone from the watch page, the slug page and the embed of both at once', async () => {
    const { token, videoId } = await publishedVideo(first, 'Spring launch', 'spring-launch-cache');
    const addresses = [`/v/${videoId}`, '/v/spring-launch-cache', `/embed/${videoId}`];
    for (const app of [first, second]) {
      for (const url of addresses) {
        // Twice: the second view is the one each process answers from memory.
        for (let view = 0; view < 2; view++) {
          const response = await app.app.inject({ url });
          expect(response.statusCode, url).toBe(200);
          expect(response.body).toContain('Spring launch');
          expect(response.headers['cache-control']).toBe(PAGE_CACHE_CONTROL);
        }
      }
    }

    expect((await post(first.app, '/api/vod/video/delete', { videoIds: [videoId] }, token)).status).toBe(200);
    for (const app of [second, first]) {
      for (const url of addresses) {
        const response = await app.app.inject({ url });
        expect(response.statusCode, url).toBe(404);
        expect(response.body).not.toContain('Spring launch');
        expect(response.headers['cache-control']).toBe('no-store');
      }
    }
  });

  it('keeps answering a video that is still there from memory', async () => {
    const { videoId } = await publishedVideo(first, 'Still here', 'still-here-cache');
    expect((await second.app.inject({ url: `/v/${videoId}` })).statusCode).toBe(200);
    // Renamed behind the cache's back: the kept page is still the one served (a title is not a delete).
    await second.db
      .updateTable('video_setting')
      .set({ seo: { title: 'Renamed', description: '', keywords: [], slug: 'still-here-cache', indexable: true } })
      .where('video_id', '=', videoId)
      .execute();
    const again = await second.app.inject({ url: `/v/${videoId}` });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('Still here');
  });
});

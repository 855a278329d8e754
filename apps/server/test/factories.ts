import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_FORM, type PlanType } from '@leadreel/shared';
import { expect } from 'vitest';
import { generationPrefix, sourceKey } from '../src/modules/videos/keys.ts';
import { signUp, type TestApp } from './helpers.ts';
import { makeVideo } from './media/fixtures.ts';
import { uploadFlow } from './media/upload-flow.ts';

/**
 * Data factories for the integration tests: an account on a plan and a ready video, instead of
 * each file building its own.
 */

/** A new account, signed up through the API as the console does, on `plan`, with its id and default folder. */
export async function accountOnPlan(t: TestApp, plan: PlanType = 'Free') {
  const account = await signUp(t);
  const row = await t.db
    .updateTable('account')
    .set({ plan_type: plan })
    .where('email', '=', account.email)
    .returning(['id', 'default_folder_id'])
    .executeTakeFirstOrThrow();
  return { ...account, accountId: row.id, folderId: row.default_folder_id as string };
}

/** A ready video with its inquiry form on, made in the database (the upload pipeline is tested elsewhere). */
export async function videoWithForm(t: TestApp, owner: { accountId: string; folderId: string }) {
  const video = await t.db
    .insertInto('video')
    .values({
      account_id: owner.accountId,
      folder_id: owner.folderId,
      name: 'pricing-tour.mp4',
      status: 'ready',
      playable: true,
      size: 1,
      source_key: 'sources/x',
      part_size: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('video_setting')
    .values({ video_id: video.id, form: JSON.stringify({ ...DEFAULT_FORM, enabled: true }) as never })
    .execute();
  return video.id;
}

/** A viewer's inquiry as the player sends it; `answers` replaces the default ones. */
export function leadFrom(videoId: string, answers: Record<string, string> = {}) {
  return {
    videoId,
    answers: { name: 'Ada Lovelace', email: 'ada@example.test', message: 'Call me.', ...answers },
    second: 12.5,
    page: 'https://customer.example/pricing',
    referrer: 'https://search.example.test/',
    language: 'en-GB',
    elapsedMs: 8000,
    website: '',
  };
}

/**
 * Ready videos for tests about what is done with one (pages, settings, leads), not how it became ready.
 * The first is uploaded through the browser's contract and encoded by the real worker and ffmpeg; every later
 * one is that video copied under new ids: its row, the source object and the pipeline's files, with the
 * account's used storage counted as an upload counts it. So a file of such tests encodes once, not once per
 * test. `current` gives the app once beforeAll has made it (a media app: `createTestApp(env, { media: true })`).
 */
export function readyVideos(current: () => TestApp) {
  const { upload, settled } = uploadFlow(current);
  let template: Promise<{ id: string; accountId: string }> | undefined;

  async function encodeFirst(token: string, email: string, name: string) {
    const work = await mkdtemp(path.join(tmpdir(), 'leadreel-factory-'));
    try {
      const source = await makeVideo(path.join(work, 'source.mp4'), { seconds: 2 });
      const { videoId } = await upload(token, source, { name });
      const video = await settled(token, videoId);
      expect(video.status, video.failReason ?? '').toBe('ready');
      const { id: accountId } = await current()
        .db.selectFrom('account')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return { id: videoId, accountId };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  /** A ready video uploaded as the file `fileName`, in the account's default folder; its id. */
  return async function readyVideo(account: { email: string; token: string }, fileName = 'launch.mp4') {
    if (!template) {
      template = encodeFirst(account.token, account.email, fileName);
      return (await template).id;
    }
    const from = await template;
    const t = current();
    const storage = t.services.storage;
    const local = (key: string) => {
      const file = storage.localPath?.(key);
      if (!file) throw new Error('readyVideo copies files of the local storage driver only');
      return file;
    };
    return t.db.transaction().execute(async (trx) => {
      const owner = await trx
        .selectFrom('account')
        .select(['id', 'default_folder_id'])
        .where('email', '=', account.email)
        .executeTakeFirstOrThrow();
      const {
        id: _id,
        created_at: _c,
        updated_at: _u,
        ...row
      } = await trx.selectFrom('video').selectAll().where('id', '=', from.id).executeTakeFirstOrThrow();
      const { id } = await trx
        .insertInto('video')
        .values({
          ...row,
          media: row.media ? (JSON.stringify(row.media) as never) : null,
          account_id: owner.id,
          folder_id: owner.default_folder_id as string,
          // Named as pre-add names an upload: the file's name without its extension.
          name: fileName.lastIndexOf('.') > 0 ? fileName.slice(0, fileName.lastIndexOf('.')) : fileName,
          source_key: 'pending',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const key = sourceKey(owner.id, id);
      await trx.updateTable('video').set({ source_key: key }).where('id', '=', id).execute();
      await trx
        .updateTable('account')
        .set({ used_storage: (eb) => eb('used_storage', '+', String(row.size)) })
        .where('id', '=', owner.id)
        .execute();
      await mkdir(path.dirname(local(key)), { recursive: true });
      await cp(local(row.source_key), local(key));
      const media = (videoId: string, accountId: string) =>
        path.dirname(local(`${generationPrefix(accountId, videoId, row.generation)}master`));
      await cp(media(from.id, from.accountId), media(id, owner.id), { recursive: true });
      return id;
    });
  };
}

/**
 * Chooses an outcome on the sandbox's checkout page (an order's absolute checkoutUrl, or its QR code's
 * page), as the tester's browser or phone does.
 */
export function chooseInSandbox(
  t: TestApp,
  checkoutUrl: string,
  outcome: 'paid' | 'failed' | 'canceled' | string = 'paid',
  headers: Record<string, string> = {},
) {
  const page = new URL(checkoutUrl);
  return t.app.inject({
    method: 'POST',
    url: `${page.pathname}${page.search}`,
    payload: `outcome=${outcome}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
}

import { MESSAGES } from '@leadreel/shared';
import { describe, expect, it } from 'vitest';
import { populated, rowsLeft, storedKeys } from '../../../test/account-deletion.ts';
import { accountOnPlan, leadFrom } from '../../../test/factories.ts';
import { get, mailsTo, post, useTestApp } from '../../../test/helpers.ts';
import { logoFolder } from '../video-settings/settings.service.ts';

// account deletion on the real PostgreSQL and the local storage driver.
const t = useTestApp({}, { pageCacheMs: 60_000 });
const DAY_MS = 86_400_000;

const request = (token: string, body: unknown) => post(t.app, '/api/account/delete', body, token);
const valid = (email: string) => ({
  reason: 'switching',
  note: 'Moving to another tool.',
  agreed: true,
  phrase: email,
});
/** The deletion mails an address received (not its sign-up code). */
const deletionMails = async (email: string) =>
  (await mailsTo(t.outbox, email)).filter((mail) => /deleted|删除/.test(mail.subject ?? ''));
const status = (token: string) => get(t.app, '/api/account/deletion', token);
const signIn = async (email: string, password: string) =>
  (await post(t.app, '/api/auth/login', { email, password })).body.data.accessToken as string;

describe('account deletion: the request', () => {
  it('refuses bad input with the field and its message key', async () => {
    const owner = await accountOnPlan(t);
    const cases: [unknown, string, string][] = [
      [{ ...valid(owner.email), phrase: 'someone@else.test' }, 'deletion_phrase_mismatch', 'phrase'],
      [{ ...valid(owner.email), phrase: 'DELETE' }, 'deletion_phrase_mismatch', 'phrase'],
      [{ ...valid(owner.email), agreed: false }, 'deletion_agreement_required', 'agreed'],
      [{ reason: 'switching', phrase: owner.email }, 'deletion_agreement_required', 'agreed'],
      [{ ...valid(owner.email), agreed: 'true' }, 'deletion_agreement_required', 'agreed'],
      [{ ...valid(owner.email), reason: 'bored' }, 'deletion_reason_invalid', 'reason'],
      [{ ...valid(owner.email), reason: 3 }, 'deletion_reason_invalid', 'reason'],
      [{ ...valid(owner.email), note: 'x'.repeat(501) }, 'deletion_note_too_long', 'note'],
      [{ ...valid(owner.email), note: 'a\u0000b' }, 'illegal_input', 'note'],
      [{ ...valid(owner.email), note: 'a\ud800b' }, 'illegal_input', 'note'],
      [{ ...valid(owner.email), phrase: 42 }, 'deletion_phrase_mismatch', 'phrase'],
      [{ ...valid(owner.email), extra: 1 }, 'illegal_input', ''],
    ];
    for (const [body, code, field] of cases) {
      const answer = await request(owner.token, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body.error).toBe(code === 'illegal_input' && field === '' ? answer.body.error : code);
      if (field) expect(answer.body.field).toBe(field);
    }
    expect((await status(owner.token)).body.data).toMatchObject({ pending: false, phrase: owner.email, graceDays: 14 });
    expect(
      await t.db.selectFrom('account_deletion').selectAll().where('account_id', '=', owner.accountId).execute(),
    ).toEqual([]);
  });

  it('locks the account at once, mails the date, and lets its holder sign in only to cancel', async () => {
    const owner = await populated(t);
    const other = await accountOnPlan(t);
    const page = await t.app.inject({ method: 'GET', url: `/v/${owner.videoId}` });
    expect(page.statusCode).toBe(200);

    const asked = await request(owner.token, { ...valid(` ${owner.email.toUpperCase()} `) });
    expect(asked.status).toBe(200);
    const deleteAfter = asked.body.data.deleteAfter;
    expect(asked.body.data).toMatchObject({ pending: true, graceDays: 14 });
    expect(deleteAfter - asked.body.data.requestedAt).toBe(14 * 86_400);

    // Sessions and keys revoked: the old token is a 403 (the console contract sends the console to login).
    expect((await get(t.app, '/api/account/detail', owner.token)).status).toBe(403);
    expect(await t.services.apiKeys.authenticate(owner.apiKey)).toBeUndefined();
    // Another account is untouched.
    expect((await get(t.app, '/api/account/detail', other.token)).status).toBe(200);
    // Public pages and embeds 404 at once, even one cached before; media and webhooks stop.
    expect((await t.app.inject({ method: 'GET', url: `/v/${owner.videoId}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/embed/${owner.videoId}` })).statusCode).toBe(404);
    expect(await t.services.entitlements.ofAccount(owner.accountId)).toBeNull();
    expect(await t.services.canServe(owner.accountId)).toBe(false);

    const [mail] = await deletionMails(owner.email);
    expect(mail?.subject).toMatch(/will be deleted on \d{4}\/\d{2}\/\d{2}/);
    expect(mail?.text).toContain('Cancel deletion');

    // Signing in works, into a restricted state: only the deletion's routes, the detail and logout answer.
    const again = await signIn(owner.email, owner.password);
    expect((await get(t.app, '/api/vod/video/list', again)).status).toBe(423);
    expect((await get(t.app, '/api/vod/video/list', again)).body.error).toBe('account_deletion_pending');
    expect((await post(t.app, '/api/api-key/create', { name: 'x' }, again)).status).toBe(423);
    expect((await get(t.app, '/api/account/detail', again)).status).toBe(200);
    expect((await status(again)).body.data).toMatchObject({ pending: true, deleteAfter });

    // Requesting twice changes nothing.
    const twice = await request(again, valid(owner.email));
    expect(twice.status).toBe(423);
    const row = await t.db
      .selectFrom('account_deletion')
      .selectAll()
      .where('account_id', '=', owner.accountId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reason: 'switching', note: 'Moving to another tool.', email: owner.email });

    const cancelled = await post(t.app, '/api/account/deletion/cancel', undefined, again);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ pending: false, deleteAfter: 0 });
    expect((await get(t.app, '/api/vod/video/list', again)).status).toBe(200);
    // (A 404 page is reused for pageCacheMs, 2 s by default: the page comes back within it.)
    // Cancelling again: none is pending.
    const none = await post(t.app, '/api/account/deletion/cancel', undefined, again);
    expect(none.status).toBe(404);
    expect(none.body).toEqual({
      statusCode: 404,
      error: 'deletion_not_pending',
      message: MESSAGES.deletion_not_pending,
    });
  });

  it('refuses a second request from a signed-in session with 409', async () => {
    const owner = await accountOnPlan(t);
    const first = await t.services.accountDeletion.request(owner.accountId, {
      ...valid(owner.email),
      agreed: true,
      reason: 'other',
      note: '',
    });
    expect(first.pending).toBe(true);
    await expect(
      t.services.accountDeletion.request(owner.accountId, {
        ...valid(owner.email),
        agreed: true,
        reason: 'other',
        note: '',
      }),
    ).rejects.toMatchObject({ statusCode: 409, code: 'deletion_already_requested' });
  });
});

describe('account deletion: what viewers reach in the grace period', () => {
  const UNKNOWN = '00000000-0000-4000-8000-000000000000';
  const LOGO = 'logo-0123456789abcdef.png';
  /** A button click as the player's beacon sends it: 204 when stored. */
  const click = (videoId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/click',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ videoId, kind: 'action', second: 3, page: 'https://customer.example/', referrer: '' }),
    });
  /** Every public post and media file of a video, answered: status and body. */
  async function answers(videoId: string) {
    const replies = {
      // From an address of its own: the other tests' leads come from the default one, limited to 10 a minute.
      lead: await t.app.inject({
        method: 'POST',
        url: '/api/public/lead',
        payload: leadFrom(videoId),
        remoteAddress: '10.17.0.1',
      }),
      click: await click(videoId),
      master: await t.app.inject({ url: `/media/${videoId}/master.m3u8` }),
      file: await t.app.inject({ url: `/media/${videoId}/1/master.m3u8` }),
      logo: await t.app.inject({ url: `/media/${videoId}/brand/${LOGO}` }),
    };
    return Object.fromEntries(
      Object.entries(replies).map(([name, reply]) => [name, { status: reply.statusCode, body: reply.body }]),
    );
  }
  /** `populated`'s video, published as the pipeline leaves one: its generation's master and a logo. */
  async function published() {
    const owner = await populated(t);
    const media = { master: 'master.m3u8', renditions: [], poster: null, thumbnail: null, storyboard: null };
    await t.db
      .updateTable('video')
      .set({ generation: 1, media: { ...media, preview: null, bytes: 7 } })
      .where('id', '=', owner.videoId)
      .execute();
    await t.services.storage.put(
      `${logoFolder(owner.accountId, owner.videoId, LOGO)}image`,
      Buffer.from('png'),
      'image/png',
    );
    return owner;
  }

  it('answers its lead and click posts and its media as for a video that does not exist, and stores nothing', async () => {
    const owner = await published();
    const bystander = await published();
    const served = await answers(owner.videoId);
    expect(Object.values(served).map((answer) => answer.status)).toEqual([200, 204, 200, 200, 200]);

    expect((await request(owner.token, valid(owner.email))).status).toBe(200);
    // Media requests reuse what they read of the account until the next save of served bytes; the lead and
    // the click above reach the analytics tables through the writer's buffer.
    await t.services.traffic.flush();
    await t.services.analytics.flush();
    const kept = await rowsLeft(t, owner.accountId);
    const unknown = await answers(UNKNOWN);
    expect(Object.values(unknown).map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404]);
    expect(await answers(owner.videoId)).toEqual(unknown);
    await t.services.analytics.flush();
    expect(await rowsLeft(t, owner.accountId)).toEqual(kept);
    expect(kept).toMatchObject({ lead: 2, contact_click: 1 });
    // Another account's video is served and takes posts as before.
    const other = await answers(bystander.videoId);
    expect(Object.values(other).map((answer) => answer.status)).toEqual([200, 204, 200, 200, 200]);
  });

  it("keeps the bandwidth limit's answer for an account that is not locked", async () => {
    const owner = await published();
    await t.db
      .updateTable('account')
      .set({ used_traffic: '9000000000000000' })
      .where('id', '=', owner.accountId)
      .execute();
    await t.services.traffic.flush();
    const master = await t.app.inject({ url: `/media/${owner.videoId}/master.m3u8` });
    expect({ status: master.statusCode, error: master.json().error }).toEqual({
      status: 403,
      error: 'bandwidth_limit',
    });
  });
});

describe('account deletion: the job', () => {
  it('deletes nothing before the grace period, then every row, object and analytics row, and mails', async () => {
    const owner = await populated(t);
    const bystander = await populated(t);
    expect((await request(owner.token, valid(owner.email))).status).toBe(200);
    expect(await t.services.accountDeletion.run()).toBe(0);
    expect(await storedKeys(t, owner.accountId)).toHaveLength(3);

    const restricted = await signIn(owner.email, owner.password);
    t.clock.advance(14 * DAY_MS + 1000);
    expect(await t.services.accountDeletion.run()).toBeGreaterThanOrEqual(1);
    expect(await rowsLeft(t, owner.accountId)).toEqual({});
    expect(await storedKeys(t, owner.accountId)).toEqual([]);
    const mails = await deletionMails(owner.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/will be deleted on/),
      expect.stringMatching(/has been deleted/),
    ]);
    // A signed-in session of the deleted account is a 403; the other account keeps everything.
    expect((await get(t.app, '/api/account/detail', restricted)).status).toBe(403);
    expect(await storedKeys(t, bystander.accountId)).toHaveLength(3);
    expect(Object.keys(await rowsLeft(t, bystander.accountId)).sort()).toEqual(
      expect.arrayContaining(['account', 'api_key', 'lead', 'video', 'analytics_account_day']),
    );
    // A second run finds nothing and mails nothing more.
    await t.services.accountDeletion.run();
    expect(await deletionMails(owner.email)).toHaveLength(2);
  });

  it('finishes once after failing part way, and cannot be cancelled once rows are deleted', async () => {
    const owner = await populated(t);
    expect((await request(owner.token, valid(owner.email))).status).toBe(200);
    t.clock.advance(14 * DAY_MS + 1000);
    // The first pass deleted the account's rows, then the storage failed on the sweep after it.
    const storage = t.services.storage;
    const original = storage.deletePrefix.bind(storage);
    let calls = 0;
    storage.deletePrefix = async (prefix: string) => {
      calls += 1;
      if (calls === 3) throw new Error('storage down');
      return original(prefix);
    };
    try {
      await expect(t.services.accountDeletion.run()).rejects.toThrow('storage down');
    } finally {
      storage.deletePrefix = original;
    }
    const row = await t.db
      .selectFrom('account_deletion')
      .selectAll()
      .where('account_id', '=', owner.accountId)
      .executeTakeFirstOrThrow();
    expect(row.erased_at).not.toBeNull();
    await expect(t.services.accountDeletion.cancel(owner.accountId)).rejects.toMatchObject({
      code: 'deletion_in_progress',
    });
    await t.services.accountDeletion.run();
    expect(await rowsLeft(t, owner.accountId)).toEqual({});
    expect(await storedKeys(t, owner.accountId)).toEqual([]);
    expect(
      (await mailsTo(t.outbox, owner.email)).filter((mail) => /has been deleted/.test(mail.subject ?? '')),
    ).toHaveLength(1);
  });

  it('mails in the account language', async () => {
    const owner = await accountOnPlan(t);
    expect((await post(t.app, '/api/account/language', { language: 'zh_CN' }, owner.token)).status).toBe(200);
    expect((await request(owner.token, valid(owner.email))).status).toBe(200);
    t.clock.advance(14 * DAY_MS + 1000);
    await t.services.accountDeletion.run();
    const subjects = (await deletionMails(owner.email)).map((mail) => mail.subject);
    expect(subjects).toEqual([expect.stringContaining('将于'), expect.stringContaining('已删除')]);
  });
});

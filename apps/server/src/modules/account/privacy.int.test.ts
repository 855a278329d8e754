import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { accountOnPlan, videoWithForm } from '../../../test/factories.ts';
import { get, post, type TestApp, useTestApp } from '../../../test/helpers.ts';

// the account's privacy mode (global settings "privacy") on the real PostgreSQL: the setting,
// the pages that tell the player to keep nothing in the browser, and the events stored with no viewer id
// whatever a player sends.
const t: TestApp = useTestApp();
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function owner() {
  const account = await accountOnPlan(t, 'Pro');
  return { ...account, videoId: await videoWithForm(t, account) };
}

const savePrivacy = (token: string, body: unknown) => post(t.app, '/api/account/privacy', body, token);

async function sendEvents(videoId: string, viewerId: string) {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/public/events',
    headers: { 'content-type': 'text/plain', 'user-agent': CHROME },
    payload: JSON.stringify({
      videoId,
      sessionId: `session-${randomUUID().slice(0, 12)}`,
      viewerId,
      page: 'https://customer.example.test/pricing',
      referrer: '',
      events: [{ id: randomUUID(), kind: 'play', at: Date.now(), position: 0 }],
    }),
  });
  expect(answer.statusCode).toBe(204);
  await t.services.analytics.flush();
  const { rows } = await sql<{ viewer_id: string | null }>`select viewer_id from analytics_event
    where video_id = ${videoId}`.execute(t.db);
  return rows.map((row) => row.viewer_id);
}

describe('privacy mode', () => {
  it('is off for a new account, and saved on and off again', async () => {
    const { token } = await owner();
    expect((await get(t.app, '/api/account/privacy', token)).body.data).toEqual({ privacyMode: false });
    expect((await savePrivacy(token, { privacyMode: true })).body.data).toEqual({ privacyMode: true });
    expect((await get(t.app, '/api/account/privacy', token)).body.data).toEqual({ privacyMode: true });
    expect((await savePrivacy(token, { privacyMode: false })).status).toBe(200);
    expect((await get(t.app, '/api/account/privacy', token)).body.data).toEqual({ privacyMode: false });
  });

  it('refuses a bad setting, and keeps the one saved', async () => {
    const { token } = await owner();
    await savePrivacy(token, { privacyMode: true });
    const cases: Array<[unknown, string]> = [
      [{}, 'illegal_input'],
      [{ privacyMode: 'false' }, 'illegal_input'],
      [{ privacyMode: 0 }, 'illegal_input'],
      [{ privacyMode: null }, 'illegal_input'],
      [[false], 'illegal_input'],
      [{ privacyMode: false, extra: 1 }, 'unknown_field'],
      [{ privacyMode: false, 'privacyMode\u0000': false }, 'unknown_field'],
      [{ privacyMode: false, '\ud800': false }, 'unknown_field'],
    ];
    for (const [body, error] of cases) {
      const answer = await savePrivacy(token, body);
      expect([answer.status, answer.body.error], JSON.stringify(body)).toEqual([400, error]);
    }
    expect((await get(t.app, '/api/account/privacy', token)).body.data).toEqual({ privacyMode: true });
  });

  it('is only for the signed-in account', async () => {
    // a 403 sends the console to sign in.
    expect((await get(t.app, '/api/account/privacy')).status).toBe(403);
    expect((await savePrivacy('not-a-token', { privacyMode: true })).status).toBe(403);
    const one = await owner();
    const other = await owner();
    await savePrivacy(one.token, { privacyMode: true });
    expect((await get(t.app, '/api/account/privacy', other.token)).body.data).toEqual({ privacyMode: false });
  });

  it("tells the watch page's and the embed's player to keep nothing in the browser", async () => {
    const player = async (url: string) => {
      const html = (await t.app.inject({ method: 'GET', url })).body;
      return /<div class="lr-player" data-lr-player[^>]*>/.exec(html)?.[0] ?? '';
    };
    const open = await owner();
    expect(await player(`/v/${open.videoId}`)).toContain('data-lr-player');
    expect(await player(`/v/${open.videoId}`)).not.toContain('data-privacy');
    const { token, videoId } = await owner();
    await savePrivacy(token, { privacyMode: true });
    for (const url of [`/v/${videoId}`, `/embed/${videoId}`]) {
      const tag = await player(url);
      expect(tag, url).toContain('data-lr-player');
      expect(tag, url).toContain(' data-privacy ');
    }
  });

  it('stores the events with no viewer id, whatever the player sends', async () => {
    const kept = await owner();
    expect(await sendEvents(kept.videoId, 'viewer-known-0001')).toEqual(['viewer-known-0001']);
    const hidden = await owner();
    await savePrivacy(hidden.token, { privacyMode: true });
    expect(await sendEvents(hidden.videoId, 'viewer-known-0002')).toEqual([null]);
  });
});

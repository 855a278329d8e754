import { formatDay } from '@leadreel/shared/dates';
import { describe, expect, it } from 'vitest';
import { accountOnPlan, leadFrom, videoWithForm } from '../../../test/factories.ts';
import { mailsTo, post, useTestApp } from '../../../test/helpers.ts';
import { periodStarts } from '../entitlements/period-dates.ts';

// before Clear the holder is mailed a link to download their videos' originals and their
// leads, valid until RealClear.
const t = useTestApp({ BRAND_NAME: 'Acme', SESSION_IDLE_DAYS: '365', SESSION_MAX_DAYS: '3650' });
const DAY_MS = 86_400_000;
const ORIGINAL = Buffer.from('an original, byte for byte');

async function frozenWithVideoAndLead() {
  const owner = await accountOnPlan(t, 'Pro');
  const planEnd = new Date(t.clock.now().getTime() + DAY_MS);
  await t.db.updateTable('account').set({ period_end_at: planEnd }).where('id', '=', owner.accountId).execute();
  const videoId = await videoWithForm(t, owner);
  const source = `sources/${owner.accountId}/${videoId}/source`;
  await t.db
    .updateTable('video')
    .set({ source_key: source, size: ORIGINAL.length, name: 'Quarterly review.mp4' })
    .where('id', '=', videoId)
    .execute();
  await t.services.storage.put(source, ORIGINAL, 'video/mp4');
  const lead = await post(t.app, '/api/public/lead', leadFrom(videoId, { name: 'Grace Hopper' }));
  expect(lead.status, JSON.stringify(lead.body)).toBe(200);
  const starts = periodStarts(planEnd, t.config.catalogue.lifecycle);
  t.clock.advance(starts['frozen-period'].getTime() + 60_000 - t.clock.now().getTime());
  await t.services.lifecycle.run();
  const mail = (await mailsTo(t.outbox, owner.email)).find(
    (m) => m.subject === 'Your Acme videos have stopped playing',
  );
  const link = /(https?:\/\/\S+\/export\/[\w-]{43})/.exec(mail?.text ?? '')?.[1];
  if (!link) throw new Error(`no export link in: ${mail?.text}`);
  return { ...owner, videoId, path: new URL(link).pathname, starts };
}

const open = (url: string) => t.app.inject({ method: 'GET', url });

describe('the export before Clear', () => {
  it('is mailed with the Frozen notice, lists the originals, and downloads them and the leads', async () => {
    const { videoId, path, starts } = await frozenWithVideoAndLead();
    const page = await open(path);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Quarterly review.mp4');
    // Until RealClear, when the originals are deleted for good.
    expect(page.body).toContain(`This link works until ${formatDay(starts['real-clear-period'])} (UTC)`);

    const video = await open(`${path}/videos/${videoId}`);
    expect(video.statusCode).toBe(200);
    expect(video.rawPayload.equals(ORIGINAL)).toBe(true);
    expect(video.headers['content-disposition']).toContain('filename="Quarterly review.mp4"');

    const leads = await open(`${path}/leads.csv`);
    expect(leads.statusCode).toBe(200);
    expect(leads.body).toContain('Grace Hopper');

    // Still there during Clear (the originals are kept), gone at RealClear.
    t.clock.advance(starts['clear-period'].getTime() + 60_000 - t.clock.now().getTime());
    expect((await open(path)).statusCode).toBe(200);
    t.clock.advance(starts['real-clear-period'].getTime() + 60_000 - t.clock.now().getTime());
    expect((await open(path)).statusCode).toBe(404);
    expect((await open(`${path}/leads.csv`)).statusCode).toBe(404);
  });

  it("refuses a made-up link, a malformed one, and another account's video under a real one", async () => {
    const first = await frozenWithVideoAndLead();
    const second = await frozenWithVideoAndLead();
    expect((await open(`/export/${'x'.repeat(43)}`)).statusCode).toBe(404);
    expect((await open('/export/short')).statusCode).toBe(404);
    expect((await open(`${first.path}/videos/${second.videoId}`)).statusCode).toBe(404);
    expect((await open(`${first.path}/videos/not-a-uuid`)).statusCode).toBe(404);
    expect((await open(`${first.path}/videos/${first.videoId}`)).statusCode).toBe(200);
  });
});

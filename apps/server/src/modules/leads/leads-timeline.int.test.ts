import { DEFAULT_FORM } from '@leadreel/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { get, post, signUp, useTestApp } from '../../../test/helpers.ts';
import { sheetRows } from '../../../test/xlsx-reader.ts';

// the export as Excel, one lead by its id (the mail's link), and the viewer's contact clicks in the
// lead's timeline and in their own list. Videos are rows here, not uploads: nothing below plays them.
const t = useTestApp();
const FORM = {
  ...DEFAULT_FORM,
  enabled: true,
  fields: [
    { id: 'name', kind: 'name', label: 'Your name', placeholder: '', required: true, options: [] },
    { id: 'email', kind: 'email', label: 'Work email', placeholder: '', required: true, options: [] },
    { id: 'message', kind: 'message', label: '留言', placeholder: '', required: false, options: [] },
  ],
};

/** A signed-up account with a ready video whose form is on. */
async function accountWithVideo(name = 'pricing-tour') {
  const account = await signUp(t);
  const row = await t.db
    .selectFrom('account')
    .select(['id', 'default_folder_id'])
    .where('email', '=', account.email)
    .executeTakeFirstOrThrow();
  const videoId = await addVideo(row.id, row.default_folder_id as string, name);
  return { ...account, accountId: row.id, folderId: row.default_folder_id as string, videoId };
}

async function addVideo(accountId: string, folderId: string, name: string) {
  const video = await t.db
    .insertInto('video')
    .values({
      account_id: accountId,
      folder_id: folderId,
      name,
      size: 1000,
      source_key: `sources/${name}`,
      part_size: 1000,
      status: 'ready',
      playable: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('video_setting')
    .values({ video_id: video.id, form: JSON.stringify(FORM) as never })
    .execute();
  return video.id;
}

let ip = 1;
const nextIp = () => `10.9.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;
const submit = (videoId: string, change: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/public/lead',
    remoteAddress: nextIp(),
    payload: {
      videoId,
      answers: { name: 'Ada Lovelace', email: 'ada@example.test', message: '' },
      second: 12,
      page: 'https://customer.example/pricing',
      referrer: 'https://search.example.test/',
      language: 'en-GB',
      elapsedMs: 8000,
      website: '',
      ...change,
    },
  });
/** As the player sends it: a beacon with a text/plain JSON body. */
const click = (videoId: string, kind: string, change: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/public/click',
    remoteAddress: nextIp(),
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    payload: JSON.stringify({
      videoId,
      kind,
      second: 7.5,
      page: 'https://customer.example/pricing',
      referrer: '',
      ...change,
    }),
  });
const download = (url: string, token: string) => t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
const plan = (email: string, plan_type: 'Free' | 'Pro') =>
  t.db.updateTable('account').set({ plan_type }).where('email', '=', email).execute();
const lastLead = (videoId: string) =>
  t.db
    .selectFrom('lead')
    .selectAll()
    .where('video_id', '=', videoId)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();

const VIEWER = 'v1ewer-Abc_0123456789';

describe('exporting leads as Excel', () => {
  it('is the CSV table, text as inline strings with hostile text kept as text, dates and seconds as such; a paid plan’s, not a frozen one’s', async () => {
    const { token, email, videoId } = await accountWithVideo();
    const people = [
      { name: "=cmd|' /C calc'!A0", email: 'grace@example.test', message: '<script>alert(1)</script>' },
      { name: '王小明', email: 'wang@example.test', message: '你好，请联系我。\n第二行' },
    ];
    for (const answers of people) expect((await submit(videoId, { answers })).statusCode).toBe(200);

    const free = await download('/api/user-form-list/export?format=xlsx', token);
    expect([free.statusCode, free.json().error]).toEqual([403, 'lead_details_paid']);

    await plan(email, 'Pro');
    const xlsx = await download('/api/user-form-list/export?format=xlsx', token);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.headers['content-disposition']).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const rows = sheetRows(xlsx.rawPayload);
    expect(rows[0]).toEqual([
      'Date',
      'Video',
      'Second',
      'Page',
      'Referrer',
      'Language',
      'Your name',
      'Work email',
      '留言',
    ]);
    expect(rows.slice(1).map((row) => row.slice(6))).toEqual([
      ['王小明', 'wang@example.test', '你好，请联系我。\n第二行'],
      ["=cmd|' /C calc'!A0", 'grace@example.test', '<script>alert(1)</script>'],
    ]);
    // The date a date cell and the second a number, so the sheet sorts and sums them.
    const sentAt = rows[1]?.[0];
    expect(sentAt).toBeInstanceOf(Date);
    expect(Math.abs((sentAt as Date).getTime() - Date.now())).toBeLessThan(3_600_000);
    expect(rows[1]?.slice(1, 6)).toEqual([
      'pricing-tour',
      12,
      'https://customer.example/pricing',
      'https://search.example.test/',
      'en-GB',
    ]);

    // The same filter as the list and the CSV, and the CSV still quotes formulas.
    const filtered = await download(`/api/user-form-list/export?format=xlsx&q=${encodeURIComponent('王')}`, token);
    expect(sheetRows(filtered.rawPayload)).toHaveLength(2);
    const csv = await download('/api/user-form-list/export?format=csv', token);
    expect(csv.body).toContain(`"'=cmd|' /C calc'!A0"`);
    expect((await download('/api/user-form-list/export?format=pdf', token)).statusCode).toBe(400);
    // A Chinese account's file speaks Chinese; the fields keep the labels the owner gave them.
    await post(t.app, '/api/account/language', { language: 'zh_CN' }, token);
    const zh = sheetRows((await download('/api/user-form-list/export?format=xlsx', token)).rawPayload);
    expect(zh[0]?.slice(0, 6)).toEqual(['日期', '视频', '视频秒数', '页面', '来源', '语言']);
    expect(zh[0]?.slice(6)).toEqual(rows[0]?.slice(6));

    await t.db.updateTable('account').set({ vip_period: 'frozen-period' }).where('email', '=', email).execute();
    const frozen = await download('/api/user-form-list/export?format=xlsx', token);
    expect([frozen.statusCode, frozen.json().error]).toEqual([403, 'plan_period']);
  });
});

describe('one lead with its viewer’s contact clicks', () => {
  it('links the viewer’s clicks to their lead, never another account’s, and masks on Free', async () => {
    const owner = await accountWithVideo();
    const second = await addVideo(owner.accountId, owner.folderId, 'demo');
    const other = await accountWithVideo('other-video');

    expect((await click(owner.videoId, 'whatsapp', { viewerId: VIEWER, second: 3 })).statusCode).toBe(204);
    expect((await click(second, 'telephone', { viewerId: VIEWER })).statusCode).toBe(204);
    // The same id on another account's video, someone else's click and one without an id: none of them hers.
    expect((await click(other.videoId, 'email', { viewerId: VIEWER })).statusCode).toBe(204);
    expect((await click(owner.videoId, 'email', { viewerId: 'someone-else-0123456789' })).statusCode).toBe(204);
    expect((await click(owner.videoId, 'action')).statusCode).toBe(204);
    // A malformed id is dropped, and the click still counts.
    expect((await click(owner.videoId, 'widget', { viewerId: 'bad id <script>' })).statusCode).toBe(204);
    expect((await submit(owner.videoId, { viewerId: VIEWER })).statusCode).toBe(200);
    const lead = await lastLead(owner.videoId);
    expect(lead.viewer_id).toBe(VIEWER);
    // Rows are ordered by time; the click after the lead is a moment later.
    const earlier = (kind: 'whatsapp' | 'telephone', ms: number) =>
      sql`update contact_click set created_at = ${new Date(lead.created_at.getTime() - ms)}
          where viewer_id = ${VIEWER} and kind = ${kind}`.execute(t.db);
    await earlier('whatsapp', 120_000);
    await earlier('telephone', 60_000);
    expect((await click(owner.videoId, 'action', { viewerId: VIEWER, second: 40 })).statusCode).toBe(204);

    const detail = (leadId: string, token = owner.token) =>
      get(t.app, `/api/user-form-list/detail?leadId=${leadId}`, token);
    const free = (await detail(lead.id)).body.data;
    expect(free.masked).toBe(true);
    expect(free.lead).toMatchObject({ leadId: lead.id, pageUrl: '•••', answers: { name: '•••' } });
    expect(free.clicks.map((c: { kind: string }) => c.kind)).toEqual(['whatsapp', 'telephone', 'action']);
    expect(free.clicks[0]).toMatchObject({
      videoId: owner.videoId,
      videoName: 'pricing-tour',
      second: 3,
      pageUrl: '•••',
    });
    expect(free.clicks[1]).toMatchObject({ videoName: 'demo', leadId: lead.id });
    expect(JSON.stringify(free)).not.toContain('customer.example');

    await plan(owner.email, 'Pro');
    const paid = (await detail(lead.id)).body.data;
    expect(paid.lead.answers.name).toBe('Ada Lovelace');
    expect(paid.clicks[2]).toMatchObject({ kind: 'action', second: 40, pageUrl: 'https://customer.example/pricing' });

    // Someone else's lead is not found; a lead id that is no id is a bad request.
    const foreign = await detail(lead.id, other.token);
    expect([foreign.status, foreign.body.error]).toEqual([404, 'lead_not_found']);
    const gone = await detail('00000000-0000-4000-8000-000000000000');
    expect([gone.status, gone.body.error]).toEqual([404, 'lead_not_found']);
    const bad = await detail('not-a-uuid');
    expect([bad.status, bad.body.field]).toEqual([400, 'leadId']);

    // A lead without a viewer id has no clicks; a malformed id is dropped, the lead kept.
    expect((await submit(owner.videoId, { viewerId: 'x' })).statusCode).toBe(200);
    const unlinked = await lastLead(owner.videoId);
    expect(unlinked.viewer_id).toBeNull();
    expect((await detail(unlinked.id)).body.data.clicks).toEqual([]);

    // The account's clicks: its own only, newest first, filtered by video, kind and days, in pages.
    const clicks = (query = '', token = owner.token) => get(t.app, `/api/user-form-list/clicks?${query}`, token);
    const all = (await clicks()).body.data;
    expect(all).toMatchObject({ total: 6, masked: false });
    expect(all.list[0]).toMatchObject({ kind: 'action', second: 40, leadId: lead.id });
    expect(all.list.filter((c: { leadId: string | null }) => c.leadId === lead.id)).toHaveLength(3);
    expect((await clicks(`videoId=${second}`)).body.data.total).toBe(1);
    expect((await clicks('kind=email')).body.data.list[0].leadId).toBeNull();
    expect((await clicks('pageSize=2&page=3')).body.data.list).toHaveLength(2);
    const today = new Date().toISOString().slice(0, 10);
    expect((await clicks(`from=${today}&to=${today}`)).body.data.total).toBe(6);
    expect((await clicks('to=2020-01-01')).body.data.total).toBe(0);
    for (const query of ['kind=fax', 'pageSize=500', 'from=today', 'videoId=x']) {
      expect((await clicks(query)).status, query).toBe(400);
    }
    const theirs = (await clicks('', other.token)).body.data;
    expect(theirs).toMatchObject({ total: 1, masked: true });
    expect(theirs.list[0]).toMatchObject({ kind: 'email', pageUrl: '•••', referrer: '•••', leadId: null });
  });
});

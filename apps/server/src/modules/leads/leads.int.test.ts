import { createHash } from 'node:crypto';
import { DEFAULT_FORM } from '@leadreel/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { accountOnPlan, readyVideos } from '../../../test/factories.ts';
import { get, mailsTo, post, signUp, useTestApp } from '../../../test/helpers.ts';

// the inquiry form a video carries, and what happens when a viewer sends it: checked against the
// form, stored as text, mailed once to the account through the job queue.
const t = useTestApp({ PUBLIC_URL: 'https://videos.example.test', BRAND_NAME: 'Acme Video' }, { media: true });
const readyVideo = readyVideos(() => t);
/** An account with a ready video; on a paid plan unless asked (Free masks what a lead says). */
async function accountWithVideo(plan: 'Free' | 'Pro' = 'Pro') {
  const account = await accountOnPlan(t, plan);
  return { ...account, videoId: await readyVideo(account, 'pricing-tour.mp4') };
}

const FORM = {
  ...DEFAULT_FORM,
  enabled: true,
  title: 'Get a quote',
  fields: [
    { id: 'name', kind: 'name', label: 'Your name', placeholder: '', required: true, options: [] },
    { id: 'email', kind: 'email', label: 'Work email', placeholder: '', required: true, options: [] },
    { id: 'phone', kind: 'phone', label: 'Phone', placeholder: '', required: false, options: [] },
    { id: 'f1', kind: 'choice', label: 'Team size', placeholder: '', required: true, options: ['1-10', '11-50'] },
    {
      id: 'f2',
      kind: 'multi',
      label: 'Interests',
      placeholder: '',
      required: false,
      options: ['API', 'SSO', 'Reports'],
    },
    { id: 'f3', kind: 'checkbox', label: 'I agree to be contacted', placeholder: '', required: true, options: [] },
    { id: 'message', kind: 'message', label: 'Message', placeholder: '', required: false, options: [] },
  ],
};
const ANSWERS = {
  name: 'Ada Lovelace',
  email: 'ada@example.test',
  phone: '+44 20 7946 0958',
  f1: '11-50',
  f2: ['SSO', 'API'],
  f3: true,
  message: 'Line one.\nLine two.',
};
const submission = (videoId: string, change: Record<string, unknown> = {}) => ({
  videoId,
  answers: ANSWERS,
  second: 42.5,
  page: 'https://customer.example/pricing',
  referrer: 'https://search.example.test/',
  language: 'en-GB',
  elapsedMs: 8000,
  website: '',
  ...change,
});
let ip = 1;
/** Each call from its own network, unless an address is given: the limits are tested on their own. */
const submit = (body: unknown, from = `10.${Math.floor(ip / 250)}.${ip++ % 250}.1`) =>
  t.app.inject({ method: 'POST', url: '/api/public/lead', payload: body as object, remoteAddress: from });
const leadsOf = (videoId: string) => t.db.selectFrom('lead').selectAll().where('video_id', '=', videoId).execute();

/** The lead mails sent to `email` (the sign-up code went there too). */
const leadMails = async (email: string) =>
  (await mailsTo(t.outbox, email)).filter((mail) => mail.subject?.startsWith('New inquiry'));

async function waitForMail(email: string, count: number, timeoutMs = 60_000) {
  for (const start = Date.now(); Date.now() - start < timeoutMs; ) {
    const mails = await leadMails(email);
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, count > 10 ? 1000 : 100));
  }
  throw new Error(`no mail to ${email}`);
}

describe('the inquiry form setting (the console contract vod form)', () => {
  it('starts from a name, email and message form, saves, and adds fields', async () => {
    const { token, videoId } = await accountWithVideo();
    expect((await get(t.app, `/api/vod/form/config?videoId=${videoId}`, token)).body.data).toEqual(DEFAULT_FORM);
    const saved = await post(t.app, '/api/vod/form/save', { videoId, form: { ...FORM, submitColor: '#ABC' } }, token);
    expect(saved.status).toBe(200);
    expect(saved.body.data.submitColor).toBe('#aabbcc');
    const company = {
      id: 'company',
      kind: 'company',
      label: 'Company',
      placeholder: 'Acme Ltd',
      required: false,
      options: [],
    };
    const added = await post(t.app, '/api/vod/form/add-field', { videoId, field: company }, token);
    expect(added.body.data.fields.map((field: { id: string }) => field.id)).toEqual([
      ...FORM.fields.map((field) => field.id),
      'company',
    ]);
    const again = await post(t.app, '/api/vod/form/add-field', { videoId, field: company }, token);
    expect([again.status, again.body.error]).toEqual([409, 'form_field_duplicate']);
  });

  it('refuses bad forms with the field and message, and keeps each account to its own videos', async () => {
    const { token, videoId, email } = await accountWithVideo();
    const field = FORM.fields[0] as (typeof FORM.fields)[number];
    const cases: [Record<string, unknown>, string][] = [
      [{ fields: [] }, 'form_fields_required'],
      [
        { fields: Array.from({ length: 21 }, (_, i) => ({ ...field, id: `f${i + 1}`, kind: 'text' })) },
        'form_fields_too_many',
      ],
      [{ fields: [{ ...field, label: ' ' }] }, 'form_field_label_required'],
      [{ fields: [{ ...field, label: 'x'.repeat(61) }] }, 'form_field_label_too_long'],
      [{ fields: [{ ...field, id: 'f1', kind: 'choice', options: ['only one'] }] }, 'form_options_required'],
      [{ fields: [{ ...field, id: 'email' }] }, 'illegal_input'],
      [{ fields: [{ ...field, id: '__proto__', kind: 'text' }] }, 'illegal_input'],
      [{ fields: [FORM.fields[1], FORM.fields[1]] }, 'form_field_duplicate'],
      [{ fields: [field] }, 'form_contact_required'],
      [{ redirectUrl: 'javascript:alert(1)' }, 'url_invalid'],
      [{ submitColor: 'blue' }, 'color_invalid'],
      [{ moment: 'sometimes' }, 'illegal_input'],
      [{ title: 'x'.repeat(101) }, 'form_title_too_long'],
      [{ thanksMessage: 'x'.repeat(501) }, 'form_thanks_too_long'],
    ];
    for (const [change, error] of cases) {
      const answer = await post(t.app, '/api/vod/form/save', { videoId, form: { ...FORM, ...change } }, token);
      expect([answer.status, answer.body.error], JSON.stringify(change).slice(0, 80)).toEqual([400, error]);
    }
    expect((await get(t.app, `/api/vod/form/config?videoId=${videoId}`, token)).body.data).toEqual(DEFAULT_FORM);
    const other = await signUp(t);
    expect((await get(t.app, `/api/vod/form/config?videoId=${videoId}`, other.token)).status).toBe(404);
    expect((await post(t.app, '/api/vod/form/save', { videoId, form: FORM }, other.token)).status).toBe(404);
    await t.db.updateTable('account').set({ vip_period: 'frozen-period' }).where('email', '=', email).execute();
    const frozen = await post(t.app, '/api/vod/form/save', { videoId, form: FORM }, token);
    expect([frozen.status, frozen.body.error]).toEqual([403, 'plan_period']);
  });
});

describe('a viewer submits the form', () => {
  it('stores the answers as text with where and when, and mails the account once, in its language', async () => {
    const { token, videoId, email } = await accountWithVideo();
    await post(t.app, '/api/vod/form/save', { videoId, form: FORM }, token);
    const sent = await submit(submission(videoId));
    expect(sent.statusCode, sent.body).toBe(200);
    const [lead] = await leadsOf(videoId);
    expect(lead).toMatchObject({
      video_name: 'pricing-tour',
      second: 42.5,
      page_url: 'https://customer.example/pricing',
      referrer: 'https://search.example.test/',
      language: 'en-GB',
      answers: {
        name: 'Ada Lovelace',
        email: 'ada@example.test',
        phone: '+442079460958',
        f1: '11-50',
        f2: 'SSO; API',
        f3: 'yes',
        message: 'Line one.\nLine two.',
      },
    });
    const [mail] = await waitForMail(email, 1);
    expect(mail?.subject).toBe('New inquiry on “pricing-tour”');
    expect(mail?.replyTo?.text).toBe('ada@example.test');
    expect(mail?.text).toContain('Ada Lovelace left an inquiry on “pricing-tour” at 0:42.');
    expect(mail?.text).toContain('Team size: 11-50\nInterests: SSO; API\nI agree to be contacted: yes');
    expect(mail?.text).toContain(`https://videos.example.test/form-submit-data?lead=${lead?.id}`);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await leadMails(email)).toHaveLength(1);
  });

  it('refuses bad answers with the field, and stores nothing', async () => {
    const { token, videoId } = await accountWithVideo();
    await post(t.app, '/api/vod/form/save', { videoId, form: FORM }, token);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'form_required', 'answers.name'],
      [{ name: '   ' }, 'form_required', 'answers.name'],
      [{ name: 'x'.repeat(201) }, 'form_answer_too_long', 'answers.name'],
      [{ email: 'not an email' }, 'email_invalid', 'answers.email'],
      [{ email: 'ada@example.test\r\nBcc: everyone@example.test' }, 'email_invalid', 'answers.email'],
      [{ phone: '0207 946 0958' }, 'phone_invalid', 'answers.phone'],
      [{ f1: '1000+' }, 'form_choice_invalid', 'answers.f1'],
      [{ f1: ['11-50'] }, 'form_choice_invalid', 'answers.f1'],
      [{ f2: ['SSO', 'Payroll'] }, 'form_choice_invalid', 'answers.f2'],
      [{ f3: false }, 'form_required', 'answers.f3'],
      [{ message: 'x'.repeat(5001) }, 'form_answer_too_long', 'answers.message'],
    ];
    for (const [change, error, field] of cases) {
      const answer = await submit(submission(videoId, { answers: { ...ANSWERS, ...change } }));
      expect(
        [answer.statusCode, answer.json().error, answer.json().field],
        JSON.stringify(change).slice(0, 60),
      ).toEqual([400, error, field]);
    }
    for (const body of [{ ...submission(videoId), second: -1 }, { ...submission(videoId), answers: 'x' }, {}]) {
      expect((await submit(body)).statusCode).toBe(400);
    }
    expect(await leadsOf(videoId)).toEqual([]);
  });

  it('keeps header tricks out of the mail, and answers a script as if it worked while keeping nothing', async () => {
    const { token, videoId, email } = await accountWithVideo();
    await post(t.app, '/api/vod/form/save', { videoId, form: FORM }, token);
    const tricky = { ...ANSWERS, name: 'Eve\r\nBcc: victim@example.test\r\nSubject: hi' };
    expect((await submit(submission(videoId, { answers: tricky }))).statusCode).toBe(200);
    const [lead] = await leadsOf(videoId);
    expect(lead?.answers.name).toBe('Eve Bcc: victim@example.test Subject: hi');
    const [mail] = await waitForMail(email, 1);
    expect(mail?.bcc).toBeUndefined();
    expect(mail?.text).toContain('Eve Bcc: victim@example.test Subject: hi left an inquiry');

    for (const change of [{ website: 'https://spam.example' }, { elapsedMs: 300 }]) {
      const answer = await submit(submission(videoId, change));
      expect([answer.statusCode, answer.json().data]).toEqual([200, { received: true }]);
    }
    expect(await leadsOf(videoId)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await leadMails(email)).toHaveLength(1);
  });

  it('is 404 for a form that is off, a video that does not exist or is gone, and limits one address', async () => {
    const { token, videoId, email } = await accountWithVideo();
    const off = await submit(submission(videoId));
    expect([off.statusCode, off.json().error]).toEqual([404, 'form_not_found']);
    await post(t.app, '/api/vod/form/save', { videoId, form: FORM }, token);
    const unknown = await submit(submission('00000000-0000-4000-8000-000000000000'));
    expect(unknown.statusCode).toBe(404);

    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) statuses.push((await submit(submission(videoId), '192.0.2.77')).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
    expect(await leadsOf(videoId)).toHaveLength(10);

    await post(t.app, '/api/vod/video/delete', { videoIds: [videoId] }, token);
    expect((await submit(submission(videoId))).statusCode).toBe(404);
    // The leads outlive their video.
    const account = await t.db.selectFrom('account').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const kept = await t.db.selectFrom('lead').select('video_id').where('account_id', '=', account.id).execute();
    expect(kept).toHaveLength(10);
    expect(kept.every((lead) => lead.video_id === null)).toBe(true);
  });
});

describe('a flood of submissions', () => {
  const statusesOf = (answers: { statusCode: number }[]) => answers.map((answer) => answer.statusCode);
  const fromEach = (videoId: string, addresses: string[], times: number) =>
    Promise.all(addresses.flatMap((from) => Array.from({ length: times }, () => submit(submission(videoId), from))));

  it('from many addresses of one network fills that network’s window only', async () => {
    const { token, videoId } = await accountWithVideo();
    await post(t.app, '/api/vod/form/save', { videoId, form: FORM }, token);
    const addresses = Array.from({ length: 31 }, (_, i) => `203.0.113.${i + 1}`);
    const flood = statusesOf(await fromEach(videoId, addresses, 10));
    expect(flood.filter((status) => status === 200)).toHaveLength(30);
    expect(flood.filter((status) => status === 429)).toHaveLength(280);
    const v6 = Array.from({ length: 40 }, (_, i) => `2001:db8:aa:${i.toString(16)}::1`);
    const v6Flood = statusesOf(await fromEach(videoId, v6, 1));
    expect(v6Flood.filter((status) => status === 200)).toHaveLength(30);

    // Viewers on other networks, next door included, are not held by it.
    for (const viewer of ['203.0.114.1', '198.51.100.7', '2001:db8:ab::1', '2001:db8:a9::1:1']) {
      expect((await submit(submission(videoId), viewer)).statusCode, viewer).toBe(200);
    }
    expect((await submit(submission(videoId), '203.0.113.200')).statusCode).toBe(429);
    expect(await leadsOf(videoId)).toHaveLength(64);
  });

  it('from 31 networks at once leaves the form open to everyone else', async () => {
    const { token, videoId } = await accountWithVideo();
    await post(t.app, '/api/vod/form/save', { videoId, form: FORM }, token);
    const addresses = Array.from({ length: 31 }, (_, i) => `192.0.${i + 100}.9`);
    const flood = statusesOf(await fromEach(videoId, addresses, 11));
    // Each address gets its own ten; nothing is shared, so nothing of the flood spills onto the video.
    expect(flood.filter((status) => status === 200)).toHaveLength(310);
    expect(flood.filter((status) => status === 429)).toHaveLength(31);
    for (let i = 0; i < 5; i++) expect((await submit(submission(videoId))).statusCode).toBe(200);
    expect(await leadsOf(videoId)).toHaveLength(315);
  });
});

describe('a deleted account', () => {
  it('takes no more leads: its videos answer 404, and its leads go with it', async () => {
    const { token, videoId, email } = await accountWithVideo();
    await post(t.app, '/api/vod/form/save', { videoId, form: FORM }, token);
    expect((await submit(submission(videoId))).statusCode).toBe(200);
    await t.db.deleteFrom('account').where('email', '=', email).execute();
    const refused = await submit(submission(videoId));
    expect(refused.statusCode).toBe(404);
    expect(await leadsOf(videoId)).toHaveLength(0);
  });
});

describe('the form on the viewer’s pages', () => {
  it('is rendered hidden inside the player with its moment, fields and colours, all text escaped', async () => {
    const { token, videoId } = await accountWithVideo();
    const hostile = `"><img src=x onerror=alert(1)>`;
    const form = {
      ...FORM,
      title: hostile,
      moment: 'at',
      second: 3,
      skippable: false,
      submitColor: '#7a1fa2',
      fields: [...FORM.fields.slice(0, 3), { ...FORM.fields[3], options: [hostile, 'b'] }],
    };
    expect((await post(t.app, '/api/vod/form/save', { videoId, form }, token)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2100)); // pages are reused for 2 s
    for (const url of [`/v/${videoId}`, `/embed/${videoId}`]) {
      const page = await t.app.inject({ url });
      const html = page.body;
      expect(html).toMatch(
        /<form class="lr-form" hidden novalidate data-video-id="[^"]+" data-moment="at" data-second="3" data-scope="[0-9a-f]{16}" data-once data-rules="[^"]+" aria-labelledby="lr-form-title">/,
      );
      // The rules the player checks answers by before sending: the shared check's, escaped like any text.
      const rules = /data-rules="([^"]+)"/.exec(html)?.[1] ?? '';
      expect(rules).toContain(
        '&quot;options&quot;:[&quot;\\&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&quot;,&quot;b&quot;]',
      );
      expect(html).not.toContain('data-skippable');
      expect(html).toContain(
        '<input type="email" data-field="email" name="email" maxlength="254" autocomplete="email" required>',
      );
      expect(html).toContain(
        '<input type="radio" data-field="f1" name="f1" value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;">',
      );
      expect(html).toContain('<h2 id="lr-form-title">&quot;&gt;&lt;img src=x onerror=alert(1)&gt;</h2>');
      expect(html).not.toContain('<img src=x');
      const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
      expect(style).toContain(':root{--lr-submit:#7a1fa2}');
      const hash = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
      expect(String(page.headers['content-security-policy'])).toContain(`style-src ${hash}`);
    }
  });
});

describe('seeing leads (form-submit-data, user-form-list)', () => {
  it('lists, filters, marks read, exports safe CSV and deletes; Free sees counts and dates, masked', async () => {
    const { token, videoId, email } = await accountWithVideo('Free');
    await post(t.app, '/api/vod/form/save', { videoId, form: FORM }, token);
    const people = [
      { name: 'Ada Lovelace', email: 'ada@example.test' },
      { name: '=HYPERLINK("http://evil.example","click")', email: 'grace@example.test' },
      { name: 'Alan "the" Turing', email: 'alan@example.test' },
    ];
    for (const person of people) {
      expect((await submit(submission(videoId, { answers: { ...ANSWERS, ...person } }))).statusCode).toBe(200);
    }
    const list = (query = '') => get(t.app, `/api/user-form-list/list?${query}`, token);

    // Free: the count, the dates and the video, and nothing a viewer wrote.
    const free = (await list()).body.data;
    expect(free).toMatchObject({ total: 3, unread: 3, masked: true });
    expect(free.list[0]).toMatchObject({ videoName: 'pricing-tour', pageUrl: '•••', read: false });
    expect(Object.values(free.list[0].answers)).not.toContain('alan@example.test');
    expect(JSON.stringify(free)).not.toContain('@example.test');
    const refused = await t.app.inject({
      url: '/api/user-form-list/export',
      headers: { authorization: `Bearer ${token}` },
    });
    expect([refused.statusCode, refused.json().error]).toEqual([403, 'lead_details_paid']);

    await t.db.updateTable('account').set({ plan_type: 'Pro' }).where('email', '=', email).execute();
    const full = (await list()).body.data;
    expect(full.masked).toBe(false);
    expect(full.list.map((lead: { answers: { name: string } }) => lead.answers.name)).toEqual([
      'Alan "the" Turing',
      '=HYPERLINK("http://evil.example","click")',
      'Ada Lovelace',
    ]);
    expect((await list('q=GRACE@')).body.data.list).toHaveLength(1);
    expect((await list('q=%25')).body.data.total).toBe(0);
    expect((await list(`videoId=${videoId}&pageSize=2&page=2`)).body.data.list).toHaveLength(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`from=${today}&to=${today}`)).body.data.total).toBe(3);
    expect((await list('to=2020-01-01')).body.data.total).toBe(0);
    for (const bad of ['from=yesterday', 'pageSize=1000', 'unread=maybe', `videoId=${'x'.repeat(10)}`]) {
      expect((await list(bad)).status, bad).toBe(400);
    }

    const first = full.list[0].leadId;
    expect((await post(t.app, '/api/user-form-list/read', { leadIds: [first], read: true }, token)).status).toBe(200);
    expect((await list()).body.data.unread).toBe(2);
    expect((await list('unread=1')).body.data.list.map((lead: { leadId: string }) => lead.leadId)).not.toContain(first);

    const csv = await t.app.inject({
      url: '/api/user-form-list/export?format=csv',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Date","Video","Second","Page","Referrer","Language","Your name","Work email","Phone","Team size","Interests","I agree to be contacted","Message"',
    );
    expect(lines).toHaveLength(4);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(csv.body).toContain('"Alan ""the"" Turing"');

    // Another account sees none of them and can change none of them.
    const other = await signUp(t);
    expect((await get(t.app, '/api/user-form-list/list', other.token)).body.data.total).toBe(0);
    await post(t.app, '/api/user-form-list/delete', { leadIds: [first] }, other.token);
    expect((await list()).body.data.total).toBe(3);
    expect((await post(t.app, '/api/user-form-list/delete', { leadIds: [first] }, token)).status).toBe(200);
    expect((await list()).body.data.total).toBe(2);

    await t.db.updateTable('account').set({ vip_period: 'frozen-period' }).where('email', '=', email).execute();
    expect((await list()).body).toMatchObject({ statusCode: 403, error: 'plan_period' });
  });
});

/** Waits until the queue has worked every lead's mail job: mailed it, or left it for its burst's mail. */
async function waitForLeadJobs() {
  for (const start = Date.now(); Date.now() - start < 60_000; ) {
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from pgboss.job where name = 'lead-mail' and state < 'completed'`.execute(t.db);
    if (Number(rows[0]?.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('lead mail jobs still waiting');
}

describe('under load', () => {
  it('stores 200 concurrent viewers and tells the owner in two mails, and holds one address to its limit over 1,000 tries', {
    timeout: 180_000,
  }, async () => {
    const { token, videoId, email } = await accountWithVideo();
    await post(t.app, '/api/vod/form/save', { videoId, form: FORM }, token);
    const viewers = Array.from({ length: 200 }, (_, i) =>
      submit(
        submission(videoId, { answers: { ...ANSWERS, name: `Viewer ${i}`, email: `viewer${i}@example.test` } }),
        `198.${18 + Math.floor(i / 200)}.${i % 200}.1`,
      ),
    );
    const answers = await Promise.all(viewers);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(200);
    expect(await leadsOf(videoId)).toHaveLength(200);
    await waitForLeadJobs();
    expect(await waitForMail(email, 1)).toHaveLength(1);
    // The rest go in one mail when the window closes: its queued job, made due now.
    await sql`update pgboss.job set start_after = now() where name = 'lead-burst' and state = 'created'`.execute(t.db);
    for (const start = Date.now(); Date.now() - start < 60_000; ) {
      if ((await mailsTo(t.outbox, email)).some((mail) => mail.subject === '199 new inquiries')) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const told = (await mailsTo(t.outbox, email)).filter((mail) => /inquir/.test(mail.subject ?? ''));
    expect(told.map((mail) => mail.subject)).toEqual(['New inquiry on “pricing-tour”', '199 new inquiries']);

    // One address, 1,000 times in a minute: ten get through, the rest are told to wait; no mail storm.
    const flood = await Promise.all(
      Array.from({ length: 1000 }, () => submit(submission(videoId), '100.64.7.9').then((answer) => answer.statusCode)),
    );
    expect(flood.filter((status) => status === 200)).toHaveLength(10);
    expect(flood.filter((status) => status === 429)).toHaveLength(990);
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect(await leadsOf(videoId)).toHaveLength(210);
    await waitForLeadJobs();
    expect((await mailsTo(t.outbox, email)).filter((mail) => /inquir/.test(mail.subject ?? ''))).toHaveLength(2);
  });
});

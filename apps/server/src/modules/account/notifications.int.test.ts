import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReceivedMail, startSmtpServer } from '../../../test/fakes/smtp.ts';
import { createTestApp, get, post, type TestApp, uniqueEmail } from '../../../test/helpers.ts';

// where and when an account hears of its leads — the notice email proved by a code to the new
// address, the events it asked for, the lead mail and the daily digest — received by a real SMTP server.
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let received: ReceivedMail[];
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  received = smtp.received;
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Acme Video <hello@acme.test>',
    PUBLIC_URL: 'https://videos.example.test',
    BRAND_NAME: 'Acme Video',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function mailTo(email: string, subject: RegExp): Promise<ParsedMail> {
  for (let i = 0; i < 3000; i++) {
    // up to 60 s: a limit for a loaded machine
    const found = received.find((r) => r.to.includes(email) && subject.test(r.mail.subject ?? ''));
    if (found) return found.mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail "${subject}" to ${email}`);
}
const mailsTo = (email: string) => received.filter((r) => r.to.includes(email)).map((r) => r.mail);
const codeIn = (mail: ParsedMail) => /^(\d{6})$/m.exec(mail.text ?? '')?.[1] ?? '';

async function signUp(plan: 'Free' | 'Pro' = 'Pro') {
  const email = uniqueEmail('notice');
  await post(t.app, '/api/auth/verify-code', { email, scene: 'signup' });
  const code = codeIn(await mailTo(email, /sign-up code/));
  const signup = await post(t.app, '/api/auth/signup', { email, password: 'correct horse battery', code });
  const token = signup.body.data.accessToken as string;
  await t.db.updateTable('account').set({ plan_type: plan }).where('email', '=', email).execute();
  const { id } = await t.db.selectFrom('account').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { email, token, accountId: id };
}

/** A stored lead, as the public endpoint stores one (its own tests cover the submission). */
async function lead(accountId: string, name: string, createdAt = new Date()) {
  const row = await t.db
    .insertInto('lead')
    .values({
      account_id: accountId,
      video_id: null,
      video_name: 'Pricing tour',
      fields: JSON.stringify([
        { id: 'name', kind: 'name', label: 'Your name' },
        { id: 'email', kind: 'email', label: 'Work email' },
        { id: 'message', kind: 'message', label: 'Message' },
      ]) as never,
      answers: JSON.stringify({ name, email: 'ada@example.test', message: '<b>Call me</b>\nTomorrow' }) as never,
      second: 75,
      page_url: 'https://customer.example/pricing',
      referrer: '',
      language: 'en',
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('the notice email (account get-notice-email, change-notice-email)', () => {
  it('is the sign-in email until a new address is proved with the code mailed to it', async () => {
    const { email, token, accountId } = await signUp();
    expect((await get(t.app, '/api/account/get-notice-email', token)).body.data).toEqual({
      noticeEmail: email,
      signInEmail: email,
      isSignInEmail: true,
    });
    const sales = uniqueEmail('sales');

    // Bad addresses, the address already in use, and no session.
    for (const [body, code] of [
      [{ email: '' }, 'email_required'],
      [{ email: 'not-an-email' }, 'email_invalid'],
      [{ email: `${'a'.repeat(250)}@x.com` }, 'email_too_long'],
      [{ email: 'sales@example.test\r\nBcc: all@example.test' }, 'email_invalid'],
      [{ email }, 'notice_email_same'],
      [{ email: 42 }, 'email_required'],
    ] as const) {
      const refused = await post(t.app, '/api/account/notice-email/code', body, token);
      expect([refused.status, refused.body.error], JSON.stringify(refused.body)).toEqual([400, code]);
    }
    expect((await post(t.app, '/api/account/notice-email/code', { email: sales })).status).toBe(403);

    expect((await post(t.app, '/api/account/notice-email/code', { email: sales }, token)).status).toBe(200);
    const codeMail = await mailTo(sales, /Confirm where Acme Video sends your inquiries/);
    const code = codeIn(codeMail);
    expect(code).toMatch(/^\d{6}$/);
    // A second code within the minute is refused; the first still works.
    expect((await post(t.app, '/api/account/notice-email/code', { email: sales }, token)).status).toBe(429);

    const wrong = code === '000000' ? '111111' : '000000';
    for (const [body, error] of [
      [{ email: sales }, 'code_incomplete'],
      [{ email: sales, code: '12' }, 'code_incomplete'],
      [{ email: sales, code: wrong }, 'code_incorrect'],
      // The code proves one address: it does not prove another.
      [{ email: uniqueEmail('other'), code }, 'code_not_requested'],
    ] as const) {
      const refused = await post(t.app, '/api/account/change-notice-email', body, token);
      expect([refused.status, refused.body.error, refused.body.field]).toEqual([400, error, 'code']);
    }
    expect((await get(t.app, '/api/account/get-notice-email', token)).body.data.noticeEmail).toBe(email);

    const changed = await post(t.app, '/api/account/change-notice-email', { email: sales, code }, token);
    expect(changed.body.data).toEqual({ noticeEmail: sales, signInEmail: email, isSignInEmail: false });
    // A used code is spent.
    const again = await post(t.app, '/api/account/change-notice-email', { email: sales, code }, token);
    expect(again.body.error).toBe('code_used');

    // New leads now go to the new address, over SMTP, with the viewer as Reply-To and the answers as text.
    await t.services.leadNotifier.send(await lead(accountId, 'Ada Lovelace'));
    const leadMail = await mailTo(sales, /New inquiry on “Pricing tour”/);
    expect(leadMail.from?.value[0]?.address).toBe('hello@acme.test');
    expect(leadMail.replyTo?.value[0]?.address).toBe('ada@example.test');
    expect(leadMail.text).toContain('Ada Lovelace left an inquiry on “Pricing tour” at 1:15.');
    expect(leadMail.text).toContain('Message: <b>Call me</b>\nTomorrow');
    // The viewer's markup is escaped text in the HTML part, never markup.
    expect(leadMail.html).toContain('&lt;b&gt;Call me&lt;/b&gt;');
    expect(leadMail.html).not.toContain('<b>');
    expect(leadMail.text).toMatch(/https:\/\/videos\.example\.test\/form-submit-data\?lead=[0-9a-f-]{36}/);
    expect(mailsTo(email).filter((mail) => mail.subject?.startsWith('New inquiry'))).toHaveLength(0);

    // Back to the sign-in email needs no code.
    const back = await post(t.app, '/api/account/change-notice-email', { email }, token);
    expect(back.body.data.isSignInEmail).toBe(true);
  });

  it('mails a Free account that a lead came, without its contents', async () => {
    const { email, accountId } = await signUp('Free');
    await t.services.leadNotifier.send(await lead(accountId, 'Grace Hopper'));
    const mail = await mailTo(email, /New inquiry/);
    expect(mail.text).toContain('A viewer left an inquiry');
    expect(mail.text).not.toContain('Grace Hopper');
    expect(mail.text).not.toContain('ada@example.test');
    expect(mail.text).not.toContain('customer.example');
    expect(mail.text).toContain('Your name: •••');
    expect(mail.text).toContain('https://videos.example.test/buy-vip');
    expect(mail.replyTo).toBeUndefined();
  });
});

describe('email-notification settings', () => {
  it('mail each lead by default; turned off, leads wait for the console or the digest', async () => {
    const { email, token, accountId } = await signUp();
    expect((await get(t.app, '/api/account/notification', token)).body.data).toEqual({
      newLead: true,
      dailyDigest: false,
    });
    for (const bad of [{}, { newLead: 'yes', dailyDigest: false }, { newLead: true, dailyDigest: false, x: 1 }]) {
      expect((await post(t.app, '/api/account/notification', bad, token)).status).toBe(400);
    }
    const saved = await post(t.app, '/api/account/notification', { newLead: false, dailyDigest: true }, token);
    expect(saved.body.data).toEqual({ newLead: false, dailyDigest: true });
    const quiet = await lead(accountId, 'Quiet Lead');
    await t.services.leadNotifier.send(quiet);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo(email).filter((mail) => mail.subject?.startsWith('New inquiry'))).toHaveLength(0);
    expect((await get(t.app, '/api/account/notification')).status).toBe(403);
  });

  it('mails no lead and no digest from Frozen on, and keeps the settings read-only then', async () => {
    const { email, token, accountId } = await signUp();
    await post(t.app, '/api/account/notification', { newLead: true, dailyDigest: true }, token);
    await t.db.updateTable('account').set({ vip_period: 'frozen-period' }).where('id', '=', accountId).execute();
    // A send that mails has the SMTP server's answer, and so the mail in `received`, before it returns.
    await t.services.leadNotifier.send(await lead(accountId, 'Frozen Lead'));
    await t.services.leadNotifier.sendDigests(new Date());
    expect(mailsTo(email).filter((mail) => /inquir/i.test(mail.subject ?? ''))).toHaveLength(0);
    expect((await get(t.app, '/api/account/notification', token)).body.data).toEqual({
      newLead: true,
      dailyDigest: true,
    });
    for (const [path, body] of [
      ['/api/account/notification', { newLead: false, dailyDigest: false }],
      ['/api/account/notice-email/code', { email: uniqueEmail('elsewhere') }],
      ['/api/account/change-notice-email', { email: uniqueEmail('elsewhere'), code: '123456' }],
    ] as const) {
      const refused = await post(t.app, path, body, token);
      expect([refused.status, refused.body.error], path).toEqual([403, 'plan_period']);
    }
    // Renewed: the next lead is mailed again, so the silence above was the period's.
    await t.db.updateTable('account').set({ vip_period: 'normal-period' }).where('id', '=', accountId).execute();
    await t.services.leadNotifier.send(await lead(accountId, 'Renewed Lead'));
    const mail = await mailTo(email, /New inquiry/);
    expect(mail.text).toContain('Renewed Lead');
    expect(mailsTo(email).some((received) => received.text?.includes('Frozen Lead'))).toBe(false);
  });

  it('sends the daily digest once a day to accounts that asked and had leads', async () => {
    const zh = await signUp();
    const none = await signUp();
    const off = await signUp();
    await post(t.app, '/api/account/language', { language: 'zh_CN' }, zh.token);
    for (const account of [zh, none]) {
      await post(t.app, '/api/account/notification', { newLead: true, dailyDigest: true }, account.token);
    }
    const now = new Date();
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3600_000);
    for (let i = 0; i < 22; i++) await lead(zh.accountId, `Viewer ${i}`, hoursAgo(1 + i / 2));
    await lead(zh.accountId, 'Old Lead', hoursAgo(30));
    await lead(off.accountId, 'Nobody asked', hoursAgo(2));

    await t.services.leadNotifier.sendDigests(now);
    const digest = await mailTo(zh.email, /新询盘/);
    expect(digest.subject).toBe('过去一天收到 22 条新询盘');
    expect(digest.text).toContain('Viewer 0');
    expect(digest.text).not.toContain('Old Lead');
    expect(digest.text).toContain('……还有 2 条。');
    expect(digest.text).toContain('https://videos.example.test/form-submit-data');
    expect(mailsTo(none.email).filter((mail) => /inquir/.test(mail.subject ?? ''))).toHaveLength(0);
    expect(mailsTo(off.email).filter((mail) => /inquir/.test(mail.subject ?? ''))).toHaveLength(0);

    // Another run the same day (a second worker, a retried job) sends nothing more.
    await t.services.leadNotifier.sendDigests(new Date(now.getTime() + 3600_000));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo(zh.email).filter((mail) => /新询盘/.test(mail.subject ?? ''))).toHaveLength(1);
    // The next day it does.
    await lead(zh.accountId, 'Next Day', new Date(now.getTime() + 23 * 3600_000));
    await t.services.leadNotifier.sendDigests(new Date(now.getTime() + 24 * 3600_000));
    await mailTo(zh.email, /过去一天收到 1 条新询盘/);
  });
});
